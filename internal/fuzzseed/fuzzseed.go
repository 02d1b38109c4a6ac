// Package fuzzseed keeps a fuzz target's committed seed corpus
// (testdata/fuzz/<Target>/<name>) equal to the generator a test file
// holds, so the seeds are made by code, never by hand.
package fuzzseed

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// Sync checks that testdata/fuzz/<target> holds exactly one file per seed
// in Go's corpus encoding; with update it writes them instead.
func Sync(t *testing.T, target string, seeds map[string][]byte, update bool) {
	t.Helper()
	dir := filepath.Join("testdata", "fuzz", target)
	if update {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, data := range seeds {
		p := filepath.Join(dir, name)
		want := []byte(fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", string(data)))
		if update {
			if err := os.WriteFile(p, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(p)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s is missing or stale; run go test -run TestFuzzSeeds -update-seeds", p)
		}
	}
}
