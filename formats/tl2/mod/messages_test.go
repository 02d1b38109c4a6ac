package mod

import (
	"context"
	"strings"
	"testing"
)

// Verify's findings reach modders as they are (window, CLI): they say what
// the game does, never which research note says so (users don't have it).
func TestFindingsCiteNoNotes(t *testing.T) {
	r := readTestdata(t, "levels.MOD")
	// A wrong rollingHash too: its message is the longest of the lot.
	r.RollingHashStored ^= 1
	fs, err := r.Verify(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	checks := map[string]bool{}
	for _, f := range fs {
		checks[f.Check] = true
		for _, bad := range []string{"tl2-notes", "§", "notes.md", "fact:", "inference:"} {
			if strings.Contains(f.Message, bad) {
				t.Errorf("%s: message cites %q: %s", f.Check, bad, f.Message)
			}
		}
	}
	for _, c := range []string{"rolling-hash", "layout-without-mpp", "lowercase-name", "mhash", "file-count"} {
		if !checks[c] {
			t.Errorf("no %s finding to look at (got %v)", c, checks)
		}
	}
}
