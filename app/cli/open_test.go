package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ls, info, cat and extract take a folder or a loose file as well as an
// archive.
func TestFoldersAndLooseFiles(t *testing.T) {
	mod := "../../testdata/demo/sample_mod"
	out, errs, code := run(t, "ls", mod, "--json")
	if code != 0 {
		t.Fatalf("ls DIR: %d %s", code, errs)
	}
	var ls struct {
		Family  string
		Entries []struct{ Path string }
	}
	json.Unmarshal([]byte(out), &ls)
	if ls.Family != "folder" || len(ls.Entries) != 9 || ls.Entries[len(ls.Entries)-1].Path != "MOD.DAT" {
		t.Fatalf("ls DIR: %s", out)
	}
	out, _, code = run(t, "info", mod)
	if code != 0 || !strings.Contains(out, "files: 9") {
		t.Fatalf("info DIR: %d %q", code, out)
	}
	want, _ := os.ReadFile(filepath.Join(mod, "MOD.DAT"))
	out, _, code = run(t, "cat", mod, `mod.dat`)
	if code != 0 || out != string(want) {
		t.Fatalf("cat DIR ENTRY: %d %q", code, out)
	}
	if _, errs, code = run(t, "cat", mod, "../sample_mod/MOD.DAT"); code != 1 || !strings.Contains(errs, "no such entry") {
		t.Fatalf("cat outside the folder: %d %q", code, errs)
	}

	sch := "../../testdata/demo/tl2-user/modlauncher.sch"
	out, _, code = run(t, "ls", sch)
	if code != 0 || !strings.Contains(out, "text modlauncher.sch") {
		t.Fatalf("ls FILE: %d %q", code, out)
	}
	out, _, code = run(t, "info", sch)
	if code != 0 || !strings.Contains(out, "encoding: UTF-16LE") || !strings.Contains(out, "views: text, hex") {
		t.Fatalf("info FILE: %d %q", code, out)
	}
	dst := t.TempDir()
	if _, errs, code = run(t, "extract", filepath.Join(mod, "MEDIA/LAYOUTS/SAMPLE_LEVEL/SAMPLE_ROOM.MPP"), "-o", dst); code != 0 {
		t.Fatalf("extract FILE: %s", errs)
	}
	got, _ := os.ReadFile(filepath.Join(dst, "MEDIA/LAYOUTS/SAMPLE_LEVEL/SAMPLE_ROOM.MPP"))
	orig, _ := os.ReadFile(filepath.Join(mod, "MEDIA/LAYOUTS/SAMPLE_LEVEL/SAMPLE_ROOM.MPP"))
	if len(got) != 1224 || string(got) != string(orig) {
		t.Fatalf("extracted %d bytes", len(got))
	}
	// A binary file is still not something Packsmith opens.
	bin := filepath.Join(t.TempDir(), "x.bin")
	os.WriteFile(bin, []byte{0, 1, 2, 3}, 0o644)
	if _, errs, code = run(t, "ls", bin); code != 1 || !strings.Contains(errs, "not an archive Packsmith knows") {
		t.Fatalf("ls BINARY: %d %q", code, errs)
	}
}
