package tl2drv

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/archive"
	"packsmith/formats/tl2/mod"
)

// writeDupMod writes a .MOD listing MEDIA/A.DAT twice, as GUTS sometimes
// does, plus MEDIA/B.DAT.
func writeDupMod(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "DUP.MOD")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	w, err := mod.NewWriter(f, &mod.Header{Version: 4, Title: "dup", ModID: 7}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range []struct{ name, body string }{{"MEDIA/A.DAT", "first"}, {"MEDIA/B.DAT", "b"}, {"MEDIA/A.DAT", "second copy"}} {
		if err := w.Add(mod.FileHeader{Name: e.name, Order: i, Duplicate: i == 2}, strings.NewReader(e.body)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	return p
}

func TestRepackKeepsDuplicates(t *testing.T) {
	src := writeDupMod(t)
	a, err := archive.Open(src, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	sh := a.(*Archive).Shadowed()
	if len(sh) != 1 || sh[0].Path != "MEDIA/A.DAT" || sh[0].Identical {
		t.Fatalf("shadowed %+v", sh)
	}
	// An unchanged repack keeps both copies, byte for byte.
	out := filepath.Join(t.TempDir(), "OUT.MOD")
	rewrite(t, a, out, nil)
	want, _ := os.ReadFile(src)
	got, _ := os.ReadFile(out)
	if !bytes.Equal(want, got) {
		t.Error("repack of a .MOD with a duplicate path is not byte-identical")
	}
	// --drop-shadowed keeps the copy a lookup finds (the first).
	out2 := filepath.Join(t.TempDir(), "OUT2.MOD")
	rewrite(t, a, out2, []archive.Edit{{Op: archive.EditDropShadowed}})
	b, err := archive.Open(out2, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if n := len(b.Entries()); n != 2 {
		t.Fatalf("%d entries after dropping", n)
	}
	rc, _ := b.Open("MEDIA/A.DAT")
	body, _ := io.ReadAll(rc)
	rc.Close()
	if string(body) != "first" {
		t.Errorf("kept %q", body)
	}
	// Replacing the path replaces it once: the shadowed copy goes too.
	repl := filepath.Join(t.TempDir(), "new.dat")
	os.WriteFile(repl, []byte("new"), 0o644)
	out3 := filepath.Join(t.TempDir(), "OUT3.MOD")
	rewrite(t, a, out3, []archive.Edit{{Op: archive.EditReplace, Path: "MEDIA/A.DAT", Source: repl}})
	c, err := archive.Open(out3, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if n := len(c.Entries()); n != 2 || len(c.(*Archive).Shadowed()) != 0 {
		t.Fatalf("%d entries after replace", n)
	}
}
