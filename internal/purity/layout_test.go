package purity

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// The layout shows the architecture (DESIGN.md, issue 24): backend/ is a
// handful of folders by concern, and internal/ holds test kits and tools,
// which nothing the program runs may import.

const maxBackendFolders = 12

func TestBackendGroupedByConcern(t *testing.T) {
	ents, err := os.ReadDir(filepath.Join(root(t), "backend"))
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, e := range ents {
		if e.IsDir() {
			dirs = append(dirs, e.Name())
		}
	}
	if len(dirs) > maxBackendFolders {
		t.Errorf("backend/ has %d top-level folders (at most %d): %s", len(dirs), maxBackendFolders, strings.Join(dirs, " "))
	}
	if len(dirs) < 4 {
		t.Fatalf("backend/ has only %d folders: %v (is this the module root?)", len(dirs), dirs)
	}
}

func TestProgramImportsNoInternal(t *testing.T) {
	// Without -test, go list gives what the program itself is built from.
	deps := goList(t, root(t), "./...")
	var bad []string
	for pkg, list := range deps {
		if strings.HasPrefix(pkg, "packsmith/internal/") {
			continue // a kit may use another kit
		}
		for _, d := range list {
			if strings.HasPrefix(d, "packsmith/internal/") {
				bad = append(bad, pkg+" → "+d)
			}
		}
	}
	sort.Strings(bad)
	if len(deps) < 50 {
		t.Fatalf("go list found only %d packages", len(deps))
	}
	for _, b := range bad {
		t.Errorf("program code imports a test kit or tool: %s", b)
	}
}
