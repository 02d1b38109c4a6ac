package scratch

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"packsmith/internal/hermetic"
)

func TestMain(m *testing.M) { hermetic.Main(m) }

// What dead processes left goes; what live ones hold, and names of other
// kinds, stay.
func TestCleanStale(t *testing.T) {
	dir := t.TempDir()
	dead := exec.Command(os.Args[0], "-test.run=^$")
	dead.Run()
	d, me, parent := strconv.Itoa(dead.Process.Pid), strconv.Itoa(os.Getpid()), strconv.Itoa(os.Getppid())
	names := map[string]bool{ // name: removed
		"packsmith-reborn-" + d + "-123.payload":    true,
		"packsmith-reborn-987654321.payload":        true, // before the pid was in the name
		"packsmith-txte-" + d + "-55":               true,
		"packsmith-save-" + d + "-9/":               true, // a folder, with a file in it
		"packsmith-reborn-" + me + "-5.payload":     false,
		"packsmith-reborn-" + parent + "-5.payload": false,
		"packsmith-hermetic-" + d + "/":             false, // not a scratch kind
		"other-" + d + ".payload":                   false,
	}
	for n := range names {
		p := filepath.Join(dir, n)
		if n[len(n)-1] == '/' {
			os.MkdirAll(p, 0o755)
			os.WriteFile(filepath.Join(p, "inside"), []byte("x"), 0o644)
		} else {
			os.WriteFile(p, []byte("x"), 0o644)
		}
	}
	cleanIn(dir)
	for n, gone := range names {
		if _, err := os.Stat(filepath.Join(dir, n)); (err != nil) != gone {
			t.Errorf("%s: removed %v, want %v", n, err != nil, gone)
		}
	}
	f, err := CreateTemp("reborn", ".payload")
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if owner(filepath.Base(f.Name())) != os.Getpid() {
		t.Errorf("CreateTemp named %s", f.Name())
	}
	os.Remove(f.Name())
}
