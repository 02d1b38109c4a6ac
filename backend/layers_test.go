package backend

import (
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// order is backend/'s folders from the bottom up (doc.go writes it down).
var order = []string{"sys", "archive", "workspace", "tl2", "view", "export", "edit", "drivers"}

// tl2Order is backend/tl2/'s packages from the bottom up (doc.go writes
// it down): the toolchain's own floors, so a merge or a check never
// becomes something modpack needs. A package's subpackages
// (loadorder/loadordertest) stand with it. modfiles is the mod-file
// store levelbake and meshview read (issue 46); profiles and saves
// (issues 43, 48) read the load order; combine uses mergepatch, profiles
// and saves.
var tl2Order = []string{
	"tl2paths", "tl2names", "merge", "unitanim", "tl2game", "loadorder", "deploy",
	"modfiles", "levelbake", "modpack", "modunpack", "check", "mergepatch",
	"profiles", "saves", "combine",
}

const module = "packsmith/"

// rule says what is wrong with file (a path under the repository root,
// '/'-separated) importing imp, or "" when the import obeys the order.
func rule(file, imp string) string {
	if !strings.HasPrefix(imp, module) {
		return "" // the standard library and the allowed modules
	}
	rank := map[string]int{}
	for i, f := range order {
		rank[f] = i
	}
	test := strings.HasSuffix(file, "_test.go")
	to := strings.TrimPrefix(imp, module)
	top, rest, _ := strings.Cut(to, "/")
	from := strings.Split(file, "/")
	if from[0] == "formats" {
		if test || top == "formats" {
			return ""
		}
		return "formats/ is below backend/ and imports only formats/"
	}
	// from[0] == "backend"
	if len(from) < 3 {
		return "backend/'s own files import nothing of the module"
	}
	fr, ok := rank[from[1]]
	if !ok {
		return fmt.Sprintf("backend/%s is not in the order (add it to order and doc.go)", from[1])
	}
	switch top {
	case "formats":
		return ""
	case "internal":
		if test {
			return ""
		}
		return "internal/ holds test kits and tools; only tests import it"
	case "backend":
		folder, _, _ := strings.Cut(rest, "/")
		if !test && from[1] == "drivers" && len(from) > 3 && from[2] == "all" && folder != "drivers" {
			return "drivers/all registers families only (the preview renderers are wired in app/)"
		}
		tr, ok := rank[folder]
		switch {
		case !ok:
			return fmt.Sprintf("backend/%s is not in the order", folder)
		case tr == fr && folder == "tl2":
			return tl2Rule(from, rest)
		case tr <= fr:
			return ""
		case test && folder == "drivers":
			return "" // a test runs above the whole backend: real families, drivertest
		}
		return fmt.Sprintf("%s is below %s", from[1], folder)
	}
	return top + "/ is above backend/"
}

// tl2Rule: inside backend/tl2/, the file (from, split at '/') importing
// tl2/... (rest) obeys tl2Order, or says why not.
func tl2Rule(from []string, rest string) string {
	if len(from) < 4 {
		return "backend/tl2/'s own files import nothing of the module"
	}
	_, to, _ := strings.Cut(rest, "/")
	to, _, _ = strings.Cut(to, "/")
	fr, tr := slices.Index(tl2Order, from[2]), slices.Index(tl2Order, to)
	switch {
	case fr < 0:
		return fmt.Sprintf("backend/tl2/%s is not in the tl2 order (add it to tl2Order and doc.go)", from[2])
	case tr < 0:
		return fmt.Sprintf("backend/tl2/%s is not in the tl2 order", to)
	case tr <= fr:
		return ""
	}
	return fmt.Sprintf("inside tl2/, %s is below %s", from[2], to)
}

// TestOneDirection parses the imports of every Go file in backend/ and
// formats/ (every build tag: go/parser reads them all) and fails on any
// import against the order.
func TestOneDirection(t *testing.T) {
	var bad []string
	files := 0
	for _, root := range []string{".", "../formats"} {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && p != root {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(p, ".go") {
				return nil
			}
			rel := filepath.ToSlash(filepath.Join("backend", p)) // ../formats/x → formats/x
			f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ImportsOnly)
			if err != nil {
				return err
			}
			files++
			for _, is := range f.Imports {
				imp, _ := strconv.Unquote(is.Path.Value)
				if why := rule(rel, imp); why != "" {
					bad = append(bad, fmt.Sprintf("%s imports %s: %s", rel, imp, why))
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if files < 500 {
		t.Fatalf("read %d Go files; the walk missed backend/ or formats/", files)
	}
	sort.Strings(bad)
	for _, b := range bad {
		t.Error(b)
	}
}

// The rule itself, on imports that are and are not allowed.
func TestRule(t *testing.T) {
	for _, c := range []struct {
		file, imp string
		ok        bool
	}{
		{"backend/view/meshview/mesh.go", "packsmith/backend/tl2/levelbake", true},
		{"backend/tl2/levelbake/scene.go", "packsmith/backend/view/preview", false},
		{"backend/view/diff/entry.go", "packsmith/backend/export/convert", false},
		{"backend/export/convert/convert.go", "packsmith/backend/view/render", true},
		{"backend/archive/x.go", "packsmith/backend/edit/writeback", false},
		{"backend/view/search/search_test.go", "packsmith/backend/drivers/all", true},
		{"backend/view/search/search.go", "packsmith/backend/drivers/all", false},
		{"backend/workspace/backups/x_test.go", "packsmith/backend/tl2/loadorder/loadordertest", false},
		{"backend/sys/x.go", "packsmith/app", false},
		{"backend/sys/x.go", "packsmith/internal/hermetic", false},
		{"backend/sys/x_test.go", "packsmith/internal/hermetic", true},
		{"backend/newfolder/x.go", "packsmith/formats/dds", false},
		{"formats/dds/x.go", "packsmith/backend/archive", false},
		{"formats/dds/x.go", "packsmith/formats/tga", true},
		{"backend/drivers/all/all.go", "packsmith/backend/view/render", false},
		{"backend/drivers/all/all.go", "packsmith/backend/drivers/tl2drv", true},
		{"backend/drivers/tl2drv/driver.go", "packsmith/backend/view/kind", true},
		// Inside tl2/: its own order.
		{"backend/tl2/mergepatch/mergepatch.go", "packsmith/backend/tl2/modpack", true},
		{"backend/tl2/modpack/pack.go", "packsmith/backend/tl2/mergepatch", false},
		{"backend/tl2/modpack/pack.go", "packsmith/backend/tl2/check", false},
		{"backend/tl2/loadorder/patch.go", "packsmith/backend/tl2/merge", true},
		{"backend/tl2/merge/merge.go", "packsmith/backend/tl2/loadorder", false},
		{"backend/tl2/deploy/deploy_test.go", "packsmith/backend/tl2/loadorder/loadordertest", true},
		{"backend/tl2/loadorder/x_test.go", "packsmith/backend/tl2/deploy", false},
		{"backend/tl2/loadorder/loadorder.go", "packsmith/backend/tl2/loadorder/loadordertest", true},
		{"backend/tl2/newpkg/x.go", "packsmith/backend/tl2/tl2paths", false},
		{"backend/tl2/check/x.go", "packsmith/backend/tl2/newpkg", false},
		{"backend/tl2/x.go", "packsmith/backend/tl2/tl2paths", false},
	} {
		if got := rule(c.file, c.imp) == ""; got != c.ok {
			t.Errorf("%s importing %s: allowed %v, want %v", c.file, c.imp, got, c.ok)
		}
	}
}

// doc.go writes the order down as the test holds it.
func TestDocSaysTheOrder(t *testing.T) {
	b, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Join(order, " → ")
	if !strings.Contains(string(b), want) {
		t.Errorf("doc.go does not name the order %q", want)
	}
	// The tl2 order may wrap: compare with runs of spaces and "//" folded.
	flat := strings.Join(strings.Fields(strings.ReplaceAll(string(b), "//", " ")), " ")
	if tl2 := strings.Join(tl2Order, " → "); !strings.Contains(flat, tl2) {
		t.Errorf("doc.go does not name the tl2 order %q", tl2)
	}
	readme, err := os.ReadFile("../docs/REFERENCE.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), want) {
		t.Errorf("docs/REFERENCE.md does not name the order %q", want)
	}
}
