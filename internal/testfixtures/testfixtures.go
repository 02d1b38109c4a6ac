// Package testfixtures finds the real files in ../shared/fixtures (beside
// the project's checkout) for tests. They are never copied into the
// project: a test that needs them skips with a message when they are absent.
package testfixtures

import (
	"os"
	"path/filepath"
	"testing"
)

// RepoRoot walks up from the working directory to the folder holding go.mod.
func RepoRoot() (string, bool) {
	dir, err := os.Getwd()
	if err != nil {
		return "", false
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

// Dir returns ../shared/fixtures/<sub> (e.g. "tl2"), or skips the test with
// a message when that folder is absent. PACKSMITH_FIXTURES overrides the
// location of the fixtures folder.
func Dir(t testing.TB, sub string) string {
	t.Helper()
	base := os.Getenv("PACKSMITH_FIXTURES")
	if base == "" {
		root, ok := RepoRoot()
		if !ok {
			t.Skip("fixtures: no go.mod above the working directory")
		}
		base = filepath.Join(root, "..", "shared", "fixtures")
	}
	dir := filepath.Join(base, sub)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		t.Skipf("fixtures: %s is absent; these tests read the real files in place", dir)
	}
	return dir
}

// File returns the path of one fixture file, skipping when it is absent.
func File(t testing.TB, sub, rel string) string {
	t.Helper()
	p := filepath.Join(Dir(t, sub), filepath.FromSlash(rel))
	if _, err := os.Stat(p); err != nil {
		t.Skipf("fixtures: %s is absent", p)
	}
	return p
}
