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

	// A rename that fails: the target is a folder that is not empty.
	os.MkdirAll(filepath.Join(target, "sub"), 0o755)
	g, err := Create(target)
	if err != nil {
		t.Fatal(err)
	}
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
