package iopdrv

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/archive"
	"packsmith/backend/sys/safefile"
	"packsmith/formats/iop"
)

const samplePath = "../../../formats/iop/testdata/sample.iop"

// copySample puts the committed sample pack (made by formats/iop's
// generator) in a temp folder under the given name.
func copySample(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(samplePath)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func readEntry(t *testing.T, a archive.Archive, p string) string {
	t.Helper()
	rc, err := a.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	b, err := io.ReadAll(rc)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestDetect(t *testing.T) {
	b, _ := os.ReadFile(samplePath)
	d := Driver{}
	if !d.Detect("rs.iop", b[:archive.HeadSize]) || !d.Detect("X.IOP", b[:40]) {
		t.Fatal("sample not detected")
	}
	if d.Detect("sample.zip", b) {
		t.Fatal("detected without the .iop extension")
	}
	std, _ := os.ReadFile("../../../formats/iop/testdata/infozip-zipcrypto.zip")
	if d.Detect("std.iop", std) {
		t.Fatal("a standard ZIP named .iop was taken for a pack")
	}
	if got, err := archive.Detect(copySample(t, "rs.iop")); err != nil || got.Name() != "iop" {
		t.Fatalf("registry picks %v, %v", got, err)
	}
}

func TestOpenListAndDuplicates(t *testing.T) {
	a, err := archive.Open(copySample(t, "sample.iop"), archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	var paths []string
	for _, e := range a.Entries() {
		paths = append(paths, e.Path)
	}
	if got := strings.Join(paths, "|"); got != "config/client.ini|xml/items.xml|resource/readme.txt|Xml/Items.XML|info/version.txt" {
		t.Fatalf("paths %s", got)
	}
	es := a.Entries()
	if !x(es[1]).IsShadowed || x(es[1]).Winner != 3 || x(es[3]).IsShadowed {
		t.Fatalf("duplicate marks %v / %v", es[1].Extra, es[3].Extra)
	}
	if x(es[0]).Comment != "1" || !x(es[0]).INIScrambled || !x(es[0]).Encrypted || x(es[2]).Method != "stored" {
		t.Fatalf("extra %v %v", es[0].Extra, es[2].Extra)
	}
	if got := readEntry(t, a, "config/client.ini"); got != "[Setting]\r\nLanguage=en\r\nWindowed=1\r\n" {
		t.Fatalf("ini %q", got)
	}
	// The shadowed path opens the copy the game uses.
	if got := readEntry(t, a, "xml/items.xml"); !strings.Contains(got, `id="2"`) {
		t.Fatalf("duplicate opened %q", got)
	}
	in := a.Capabilities().Info().(Info)
	if in.PasswordSource != "US pack password" || in.Password != "eE39DkE!%E0" || in.Entries != 5 || in.Encrypted != 4 || in.INIScrambled != 1 {
		t.Fatalf("info %+v", in)
	}
	if len(in.Duplicates) != 1 || in.Duplicates[0].Winner != 3 || in.Duplicates[0].WinnerPath != "Xml/Items.XML" {
		t.Fatalf("duplicates %+v", in.Duplicates)
	}
	if _, err := json.Marshal(in); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Open("nope.txt"); !errors.Is(err, archive.ErrNotFound) {
		t.Fatalf("missing entry: %v", err)
	}
}

func TestWrongPassword(t *testing.T) {
	p := copySample(t, "sample.iop")
	_, err := archive.Open(p, archive.OpenOptions{Password: "letmein"})
	if !errors.Is(err, iop.ErrWrongPassword) {
		t.Fatalf("%v", err)
	}
	if msg := err.Error(); !strings.Contains(msg, p) || !strings.Contains(msg, "wrong password") || !strings.Contains(msg, "check byte") {
		t.Fatalf("error text %q", msg)
	}
}

func TestVerify(t *testing.T) {
	p := copySample(t, "sample.iop")
	a, err := archive.Open(p, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	fs, err := a.Capabilities().Verify(context.Background(), archive.NoProgress{})
	a.Close()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fs {
		if f.Severity == archive.SevError {
			t.Fatalf("clean pack: %+v", f)
		}
	}
	if len(fs) != 1 || fs[0].Check != "duplicate" {
		t.Fatalf("findings %+v", fs)
	}
	// Damage the stored entry's data.
	b, _ := os.ReadFile(p)
	i := bytes.Index(b, []byte(`resource\readme.txt`)) + len(`resource\readme.txt`) + iop.EncHeaderLen + 2
	b[i] ^= 0xFF
	os.WriteFile(p, b, 0o644)
	a, err = archive.Open(p, archive.OpenOptions{Password: "eE39DkE!%E0"})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	fs, _ = a.Capabilities().Verify(context.Background(), archive.NoProgress{})
	if len(fs) == 0 || fs[0].Check != "crc" || fs[0].Entry != "resource/readme.txt" {
		t.Fatalf("damaged: %+v", fs)
	}
}

func rewrite(t *testing.T, src, dst string, edits []archive.Edit) {
	t.Helper()
	a, err := archive.Open(src, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	st, err := a.Capabilities().Rewrite(context.Background(), dst, edits, archive.NoProgress{})
	a.Close()
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Commit(); err != nil {
		t.Fatal(err)
	}
}

func TestRepackIdentical(t *testing.T) {
	src := copySample(t, "sample.iop")
	dst := filepath.Join(t.TempDir(), "out.iop")
	rewrite(t, src, dst, nil)
	a, _ := os.ReadFile(src)
	b, _ := os.ReadFile(dst)
	if !bytes.Equal(a, b) {
		t.Fatalf("repack differs (%d vs %d bytes)", len(a), len(b))
	}
}

func TestReplaceAddRemove(t *testing.T) {
	src := copySample(t, "sample.iop")
	dir := t.TempDir()
	ini := filepath.Join(dir, "client.ini")
	os.WriteFile(ini, []byte("[Setting]\r\nLanguage=pt\r\n"), 0o644)
	add := filepath.Join(dir, "new.txt")
	os.WriteFile(add, []byte("added"), 0o644)
	dst := filepath.Join(dir, "out.iop")
	rewrite(t, src, dst, []archive.Edit{
		{Op: archive.EditReplace, Path: "CONFIG/Client.ini", Source: ini},
		{Op: archive.EditAdd, Path: "text/new.txt", Source: add},
		{Op: archive.EditRemove, Path: "xml/items.xml"},
	})
	a, err := archive.Open(dst, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	var paths []string
	for _, e := range a.Entries() {
		paths = append(paths, e.Path)
	}
	if got := strings.Join(paths, "|"); got != "config/client.ini|resource/readme.txt|info/version.txt|text/new.txt" {
		t.Fatalf("paths %s", got)
	}
	if got := readEntry(t, a, "config/client.ini"); got != "[Setting]\r\nLanguage=pt\r\n" {
		t.Fatalf("replaced ini %q", got)
	}
	es := a.Entries()
	if x(es[0]).Comment != "1" || !x(es[0]).Encrypted || !x(es[3]).Encrypted {
		t.Fatalf("kept fields %v %v", es[0].Extra, es[3].Extra)
	}
	in := a.Capabilities().Info().(Info)
	if in.PasswordSource != "US pack password" || len(in.Duplicates) != 0 {
		t.Fatalf("info %+v", in)
	}
	if got := readEntry(t, a, "text/new.txt"); got != "added" {
		t.Fatalf("added %q", got)
	}
	// The new .ini is stored scrambled for its own length.
	z := a.(*Archive).z
	rc, _ := z.File[0].OpenZip()
	raw, _ := io.ReadAll(rc)
	want := []byte("[Setting]\r\nLanguage=pt\r\n")
	iop.ScrambleINI(want)
	if !bytes.Equal(raw, want) || z.File[3].Name != `text\new.txt` {
		t.Fatalf("zip layer % X, name %q", raw, z.File[3].Name)
	}
}

func TestDeleteList(t *testing.T) {
	p := copySample(t, "rs.iop")
	os.Mkdir(filepath.Join(filepath.Dir(p), "info"), 0o755)
	var buf bytes.Buffer
	w := iop.NewWriter(&buf, "")
	w.WriteFile(iop.FileHeader{Name: iop.DeleteListEntry, Method: iop.MethodDeflate}, []byte("[resource/README.txt]\r\n_map\\maps\\a.map\r\n"), false)
	w.Close()
	if err := safefile.WriteFile(filepath.Join(filepath.Dir(p), "info", "delete_file_list.cfg.iop"), buf.Bytes()); err != nil {
		t.Fatal(err)
	}
	a, err := archive.Open(p, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if !x(a.Entries()[2]).Deleted || x(a.Entries()[0]).Deleted {
		t.Fatalf("deleted marks %v", a.Entries()[2].Extra)
	}
	in := a.Capabilities().Info().(Info)
	if in.DeleteList == nil || strings.Join(in.DeleteList.Hidden, "|") != "resource/readme.txt" {
		t.Fatalf("delete list %+v", in.DeleteList)
	}
}

func TestCorruptFiles(t *testing.T) {
	b, _ := os.ReadFile(samplePath)
	dir := t.TempDir()
	for _, n := range []int{0, 10, 30, len(b) / 2, len(b) - 30, len(b) - 1} {
		p := filepath.Join(dir, "cut.iop")
		os.WriteFile(p, b[:n], 0o644)
		a, err := Driver{}.Open(p, archive.OpenOptions{})
		if err != nil {
			if !strings.Contains(err.Error(), p) {
				t.Errorf("error without the path: %v", err)
			}
			continue
		}
		a.Capabilities().Verify(context.Background(), archive.NoProgress{})
		a.Close()
	}
}

// x is an entry's typed extra.
func x(e archive.Entry) *EntryExtra { return e.Extra.(*EntryExtra) }
