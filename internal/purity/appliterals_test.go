package purity

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"packsmith/backend/archive"
	_ "packsmith/backend/drivers/all" // every family registers itself
)

// familyWords are what names a game family in code: the registered
// families' names, archive, sidecar and loose-file extensions, their
// text tables' entry kinds and job kinds, and the game files' extensions
// the drivers and formats/ own.
func familyWords() (exts, words []string) {
	exts = append(exts, archive.ArchiveExts()...)
	exts = append(exts, archive.FileExts()...)
	exts = append(exts, ".binlayout", ".bindat", ".mesh", ".skeleton", ".material", ".btx")
	for _, f := range archive.Families() {
		exts = append(exts, f.Sidecars...)
		words = append(words, f.Name)
		if f.Tables != nil {
			words = append(words, f.Tables.Kind, f.Tables.Job+"-read", f.Tables.Job+"-edit")
		}
	}
	return exts, words
}

// familyLiterals lists the string literals of the non-test Go files of
// dir (one package, not its subfolders) that hold family knowledge: a
// literal equal to a family word, or one written without a space (code,
// not a sentence to the user) holding a family extension ("*.dds;*.DDS",
// ".LAYOUT"). Sentences that name files to the user ("choose the .MOD")
// are words, not rules, and pass.
func familyLiterals(base, dir string) ([]string, error) {
	exts, words := familyWords()
	var alts []string
	for _, e := range exts {
		alts = append(alts, regexp.QuoteMeta(e))
	}
	extRE := regexp.MustCompile(`(?i)(` + strings.Join(alts, "|") + `)([^a-z0-9]|$)`)
	files, err := filepath.Glob(filepath.Join(base, dir, "*.go"))
	if err != nil {
		return nil, err
	}
	var bad []string
	fset := token.NewFileSet()
	for _, p := range files {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		rel, _ := filepath.Rel(base, p)
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				return true
			}
			hit := false
			for _, w := range words {
				hit = hit || s == w
			}
			hit = hit || (!strings.ContainsAny(s, " \t\n") && extRE.MatchString(s))
			if hit {
				bad = append(bad, filepath.ToSlash(rel)+": "+lit.Value)
			}
			return true
		})
	}
	sort.Strings(bad)
	return bad, nil
}

// allowedAppLiterals are the family literals app/ may write, once each,
// with the reason. All are the command line's: a loose file the user
// names is dispatched on its type, a format no driver owns (the drivers
// own archives).
var allowedAppLiterals = map[string]string{
	`app/cli/convert.go: ".tga"`:      "a picture given to convert: TGA has no magic, so its name tells it (as intake does for a drop)",
	`app/cli/decompile.go: ".layout"`: "compile FILE: a .LAYOUT compiles with the layout compiler, the other text sources with bindat",
	`app/cli/infofile.go: ".mpp"`:     "info of a loose walk grid (not an archive)",
	`app/cli/infofile.go: ".dds"`:     "info of a loose texture (not an archive)",
	`app/cli/infofile.go: ".tga"`:     "info of a loose texture (not an archive)",
	`app/cli/pack.go: ".RAW"`:         "the pack summary names each RAW index without its extension",
	`app/cli/unit.go: ".skeleton"`:    "info of a .SKELETON, loose or in an archive (an Ogre file, not an archive)",
}

// No family knowledge in app/ (issue 45): the window's shell asks the
// drivers (archive.Family: extensions, loose files, text tables and their
// jobs) and backend's use cases instead of writing a family's extension,
// entry kind or job kind. A sentence to the user may name a file.
func TestAppWritesNoFamilyLiteral(t *testing.T) {
	var bad []string
	for _, dir := range []string{"app", "app/cli"} {
		b, err := familyLiterals(root(t), dir)
		if err != nil {
			t.Fatal(err)
		}
		bad = append(bad, b...)
	}
	seen := map[string]bool{}
	for _, b := range bad {
		if _, ok := allowedAppLiterals[b]; !ok || seen[b] {
			t.Error(b + ": ask the drivers (backend/archive/family.go) or a backend use case instead")
		}
		seen[b] = true
	}
	for k := range allowedAppLiterals {
		if !seen[k] {
			t.Errorf("allowed %s is no longer written: take it off the list", k)
		}
	}
	// The rule catches planted literals and lets sentences pass.
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "app"), 0o755)
	src := "package app\n\nvar (\n\tk = \"reborn-read\"\n\tp = \"*.dds;*.DDS\"\n\te = \".LAYOUT\"\n\tm = \"choose the .MOD to unpack\"\n\tn = \"models\"\n)\n"
	os.WriteFile(filepath.Join(dir, "app", "x.go"), []byte(src), 0o644)
	got, err := familyLiterals(dir, "app")
	want := []string{`app/x.go: "*.dds;*.DDS"`, `app/x.go: ".LAYOUT"`, `app/x.go: "reborn-read"`}
	if err != nil || strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("planted literals found: %q (%v), want %q", got, err, want)
	}
}
