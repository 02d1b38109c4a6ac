package safefile

import (
	"os"
	"path/filepath"
	"sort"
	"sync"
	"testing"
	"time"
)

// Backups made at the same second by several writers get different names
// and each holds the file; no staging copy is left.
func TestBackupNamesUnique(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.mod")
	os.WriteFile(p, []byte("data"), 0o644)
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	names := make([]string, 8)
	var wg sync.WaitGroup
	for i := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n, err := backupAt(p, now)
			if err != nil {
				t.Error(err)
			}
			names[i] = n
		}()
	}
	wg.Wait()
	sort.Strings(names)
	for i, n := range names {
		if i > 0 && n == names[i-1] {
			t.Fatalf("two backups named %s", n)
		}
		if b, _ := os.ReadFile(n); string(b) != "data" {
			t.Fatalf("%s holds %q", n, b)
		}
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 9 {
		t.Fatalf("%d files, want the file and 8 backups", len(ents))
	}
}
