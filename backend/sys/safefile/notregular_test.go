package safefile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A folder (and, on Unix, a pipe or /dev/null) at the target is refused:
// the rename would have replaced it with a regular file.
func TestCreateRefusesWhatIsNotAFile(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "OUT.MOD")
	if err := os.Mkdir(target, 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := Create(target)
	if err == nil {
		f.Abort()
		t.Fatal("Create over a folder: no error")
	}
	if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), target) {
		t.Fatalf("error %q: want ErrNotRegular naming %s", err, target)
	}
	if err := WriteFile(target, []byte("x")); !errors.Is(err, ErrNotRegular) {
		t.Fatalf("WriteFile over a folder: %v", err)
	}
	if st, err := os.Stat(target); err != nil || !st.IsDir() {
		t.Fatalf("the folder is gone: %v", err)
	}
	left, _ := os.ReadDir(dir)
	if len(left) != 1 {
		t.Fatalf("left %d entries beside it, want only the folder", len(left))
	}
	// A regular file is still replaced.
	file := filepath.Join(dir, "A.MOD")
	if err := os.WriteFile(file, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(file, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(file); string(b) != "new" {
		t.Fatalf("A.MOD = %q", b)
	}
}
