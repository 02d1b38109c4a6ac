package safefile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Errors name the file the user asked for, never the hidden temporary one
// (issue 22).
func TestErrorsNameTheTarget(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "X.MOD")
	check := func(what string, err error) {
		t.Helper()
		if err == nil || !strings.Contains(err.Error(), target) || strings.Contains(err.Error(), TempMark) {
			t.Errorf("%s: %v", what, err)
		}
	}
	f, err := Create(target)
	if err != nil {
		t.Fatal(err)
	}
	f.File.Close() // every call on it fails now, as on a full disk
	_, err = f.Write([]byte("x"))
	check("write", err)
	_, err = f.WriteAt([]byte("x"), 3)
	check("write at", err)
	_, err = f.Seek(0, 0)
	check("seek", err)
	check("sync", f.Sync())
	check("commit", f.Commit())

	// A rename that fails: the target became a folder that is not empty
	// while the file was written (Create refuses one that already is).
	g, err := Create(target)
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(target, "sub"), 0o755)
	g.Write([]byte("data"))
	check("rename", g.Commit())
	if left, _ := filepath.Glob(filepath.Join(dir, ".*"+TempSuffix)); len(left) != 0 {
		t.Errorf("left: %v", left)
	}

	// A folder that takes no file.
	_, err = Create(filepath.Join(dir, "missing", "Y.MOD"))
	if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, "missing", "Y.MOD")) || strings.Contains(err.Error(), TempMark) {
		t.Errorf("create: %v", err)
	}
}

// CreateIn writes inside the folder it holds open: a name through a
// symlink to elsewhere is refused, and errors name the user's path.
func TestCreateInStaysInside(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	if err := WriteFileIn(root, filepath.Join("sub", "a.txt"), []byte("in")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "sub", "a.txt")); string(b) != "in" {
		t.Fatalf("got %q", b)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "link")); err != nil {
		t.Skipf("no symbolic links: %v", err)
	}
	err = WriteFileIn(root, filepath.Join("link", "b.txt"), []byte("out"))
	if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, "link", "b.txt")) || strings.Contains(err.Error(), TempMark) {
		t.Errorf("through the link: %v", err)
	}
	if ents, _ := os.ReadDir(outside); len(ents) != 0 {
		t.Errorf("written outside: %v", ents)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "sub", ".*"+TempSuffix)); len(left) != 0 {
		t.Errorf("left: %v", left)
	}
}
