//go:build unix

package modpack

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A stat by name in the folder (statAt) gives what os.Stat gives: size,
// time and kind of a file, of a link's target (a file, a folder), and
// os.Stat's error for a dangling link.
func TestStatAtIsStat(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "A.DAT")
	os.WriteFile(f, []byte("12345"), 0o644)
	old := time.Date(2020, 1, 2, 3, 4, 5, 600, time.UTC)
	os.Chtimes(f, old, old)
	os.Symlink("A.DAT", filepath.Join(dir, "toFile"))
	os.Mkdir(filepath.Join(dir, "SUB"), 0o755)
	os.Symlink("SUB", filepath.Join(dir, "toDir"))
	os.Symlink("missing", filepath.Join(dir, "dangling"))
	for _, n := range []string{"zz", "B.DAT", "a.dat", "_x"} { // out of name order on disk
		os.WriteFile(filepath.Join(dir, n), nil, 0o644)
	}
	ents, dh, err := listFolder(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer dh.close()
	want, _ := os.ReadDir(dir)
	if len(ents) != len(want) {
		t.Fatalf("listFolder: %d entries, os.ReadDir %d", len(ents), len(want))
	}
	for i := range want {
		if ents[i].name != want[i].Name() || ents[i].typ != want[i].Type() {
			t.Errorf("entry %d: %s %v, os.ReadDir's %s %v", i, ents[i].name, ents[i].typ, want[i].Name(), want[i].Type())
		}
	}
	for _, name := range []string{"A.DAT", "toFile", "toDir", "SUB", "dangling", "absent"} {
		abs := filepath.Join(dir, name)
		want, werr := os.Stat(abs)
		got, gerr := dh.statAt(abs, name)
		if (werr == nil) != (gerr == nil) || (werr != nil && werr.Error() != gerr.Error()) {
			t.Errorf("%s: error %v, os.Stat's %v", name, gerr, werr)
			continue
		}
		if werr != nil {
			continue
		}
		if got.size != want.Size() || !got.mtime.Equal(want.ModTime()) || got.mode.IsRegular() != want.Mode().IsRegular() || got.mode.IsDir() != want.IsDir() {
			t.Errorf("%s: size %d time %v regular %v dir %v; os.Stat: %d %v %v %v", name, got.size, got.mtime, got.mode.IsRegular(), got.mode.IsDir(),
				want.Size(), want.ModTime(), want.Mode().IsRegular(), want.IsDir())
		}
	}
}
