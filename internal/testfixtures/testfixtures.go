// Package testfixtures finds the real files in ../shared/fixtures (beside
// the project's checkout) for tests. They are never copied into the
// project: a test that needs them skips with a message when they are absent,
// or fails when PACKSMITH_REQUIRE_FIXTURES=1 (CI sets it, so that a moved
// fixture folder cannot turn the fixture tests into silent skips).
package testfixtures

import (
	"fmt"
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
			Skipf(t, "fixtures: no go.mod above the working directory")
		}
		base = filepath.Join(root, "..", "shared", "fixtures")
	}
	dir := filepath.Join(base, sub)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		Skipf(t, "fixtures: %s is absent; these tests read the real files in place", dir)
	}
	return dir
}

// File returns the path of one fixture file, skipping when it is absent.
func File(t testing.TB, sub, rel string) string {
	t.Helper()
	p := filepath.Join(Dir(t, sub), filepath.FromSlash(rel))
	if _, err := os.Stat(p); err != nil {
		Skipf(t, "fixtures: %s is absent", p)
	}
	return p
}

// Required says whether missing fixtures fail the tests
// (PACKSMITH_REQUIRE_FIXTURES=1) instead of skipping them.
func Required() bool { return os.Getenv("PACKSMITH_REQUIRE_FIXTURES") == "1" }

// Skipf skips the test, or fails it when fixtures are Required.
func Skipf(t testing.TB, format string, args ...any) {
	t.Helper()
	if Required() {
		t.Fatalf("%s (PACKSMITH_REQUIRE_FIXTURES=1)", fmt.Sprintf(format, args...))
	}
	t.Skipf(format, args...)
}

// AtLeast checks a walk of the fixtures: it found n files of a kind (what),
// and the fixtures hold at least min. Fewer fails the test (a walk that
// quietly finds nothing would pass every check on its files); none at all
// skips it like an absent folder when fixtures are not Required.
func AtLeast(t testing.TB, n, min int, what string) {
	t.Helper()
	switch {
	case n == 0:
		Skipf(t, "fixtures: no %s found", what)
	case n < min:
		t.Fatalf("fixtures: found %d %s, the fixtures hold at least %d", n, what, min)
	}
}
