package purity

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// One home per rule (issue 45): TL2's text-source extensions were listed
// in eight places; formats/tl2/mod/source.go is now the only list, and
// every other place calls mod.SourceKind. A non-test file that quotes
// three or more of the five extensions is keeping a list of its own.

const sourcesHome = "formats/tl2/mod/source.go"

var sourceExt = regexp.MustCompile(`(?i)"\.(dat|template|animation|hie|layout)"`)

// sourceLists names each non-test Go file under roots (other than the
// home) that quotes three or more distinct text-source extensions.
func sourceLists(base string, roots ...string) ([]string, error) {
	var bad []string
	for _, r := range roots {
		err := filepath.WalkDir(filepath.Join(base, r), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "testdata" || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
				return nil
			}
			rel, _ := filepath.Rel(base, p)
			if filepath.ToSlash(rel) == sourcesHome {
				return nil
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			seen := map[string]bool{}
			for _, m := range sourceExt.FindAllStringSubmatch(string(b), -1) {
				seen[strings.ToLower(m[1])] = true
			}
			if len(seen) >= 3 {
				bad = append(bad, filepath.ToSlash(rel))
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return bad, nil
}

func TestOneListOfTextSources(t *testing.T) {
	r := root(t)
	if _, err := os.Stat(filepath.Join(r, sourcesHome)); err != nil {
		t.Fatalf("the home of the text-source list moved: %v", err)
	}
	bad, err := sourceLists(r, "app", "backend", "formats", "internal")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range bad {
		t.Errorf("%s lists TL2's text-source extensions itself: call mod.SourceKind (%s)", f, sourcesHome)
	}
}

// The rule catches a planted list and lets single names pass.
func TestOneListOfTextSourcesCatches(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		p := filepath.Join(dir, "pkg", name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("list.go", "package p\n\nvar x = map[string]bool{\".dat\": true, \".TEMPLATE\": true, \".Hie\": true}\n")
	write("one.go", "package p\n\nvar y = []string{\".LAYOUT\", \".MPP\", \".DAT\"}\n")
	write("list_test.go", "package p\n\nvar z = []string{\".DAT\", \".TEMPLATE\", \".HIE\", \".LAYOUT\"}\n")
	bad, err := sourceLists(dir, "pkg")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(bad, ",") != "pkg/list.go" {
		t.Errorf("found %q, want only pkg/list.go", bad)
	}
}

// familyDriverImports lists each non-test Go file under root importing a
// family's own driver (backend/drivers/<family>, other than drivers/all,
// which registers them all, and drivertest).
func familyDriverImports(base, root string) ([]string, error) {
	var bad []string
	fset := token.NewFileSet()
	err := filepath.WalkDir(filepath.Join(base, root), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, is := range f.Imports {
			imp, _ := strconv.Unquote(is.Path.Value)
			rest, ok := strings.CutPrefix(imp, "packsmith/backend/drivers/")
			if ok && rest != "all" && !strings.HasPrefix(rest, "drivertest") {
				rel, _ := filepath.Rel(base, p)
				bad = append(bad, filepath.ToSlash(rel)+" imports "+imp)
			}
		}
		return nil
	})
	return bad, err
}

// No family knowledge in app/ (issue 45): the shells reach a family
// through the archive registry (archive.Family: extensions, Create, and
// Counts for an optimize's figures), never by importing its driver.
func TestAppImportsNoFamilyDriver(t *testing.T) {
	bad, err := familyDriverImports(root(t), "app")
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bad {
		t.Error(b + ": ask the archive registry instead (backend/archive/family.go)")
	}
	// The rule catches a planted import.
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "app"), 0o755)
	os.WriteFile(filepath.Join(dir, "app", "x.go"), []byte("package app\n\nimport _ \"packsmith/backend/drivers/iopdrv\"\nimport _ \"packsmith/backend/drivers/all\"\n"), 0o644)
	if got, _ := familyDriverImports(dir, "app"); len(got) != 1 {
		t.Errorf("planted imports found: %q, want the iopdrv one", got)
	}
}
