package safefile

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTempNamesAndStaleCleanup(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "a.mod")
	dead := filepath.Join(dir, ".a.mod.packsmith-999999999-1.tmp")
	live := filepath.Join(dir, fmt.Sprintf(".a.mod.packsmith-%d-2.tmp", os.Getppid()))
	mine := filepath.Join(dir, ".notours.tmp")
	for _, p := range []string{dead, live, mine} {
		os.WriteFile(p, nil, 0o644)
	}
	f, err := Create(target)
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf(".a.mod.packsmith-%d-", os.Getpid()); !strings.HasPrefix(filepath.Base(f.Name()), want) {
		t.Fatalf("temp name %s, want %s…", f.Name(), want)
	}
	f.Abort()
	for p, want := range map[string]bool{dead: false, live: true, mine: true} {
		if _, err := os.Stat(p); (err == nil) != want {
			t.Errorf("%s: exists=%v, want %v", filepath.Base(p), err == nil, want)
		}
	}
}
