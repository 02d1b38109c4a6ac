package purity

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// appAllow are app/ package-level variables that hold no state.
var appAllow = map[string]string{
	"app/cli.commands": "the command table: filled by each command file's init, read-only afterwards",
	"app/cli.sawFlags": "a test's hook to see every flag set a command parses; nil in the program",
	"app.saveMu":       "serialises this process's saves of window.json (Windows refuses two renames onto one file); holds no data",
}

func root(t *testing.T) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	r, err := ModuleRoot(wd)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func report(t *testing.T, vs []Violation) {
	t.Helper()
	for _, v := range vs {
		t.Error(v)
	}
}

func TestCodecsTakeArguments(t *testing.T) {
	vs, err := CheckCodecSource(filepath.Join(root(t), "formats"))
	if err != nil {
		t.Fatal(err)
	}
	report(t, vs)
}

// goList returns each package's dependencies (`go list -deps` per package).
func goList(t *testing.T, dir string, pattern string) map[string][]string {
	t.Helper()
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(gobin); err != nil {
		gobin = "go"
	}
	if _, err := exec.LookPath(gobin); err != nil {
		// The Windows test build runs under wine, where there is no Go
		// toolchain; the Linux run checks the dependencies.
		t.Skipf("no go command to list the dependencies with: %v", err)
	}
	cmd := exec.Command(gobin, "list", "-f", `{{.ImportPath}}:{{range .Deps}} {{.}}{{end}}`, pattern)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list %s: %v\n%s", pattern, err, stderr.String())
	}
	deps := map[string][]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<22)
	for sc.Scan() {
		pkg, list, ok := strings.Cut(sc.Text(), ":")
		if ok {
			deps[pkg] = strings.Fields(list)
		}
	}
	return deps
}

func TestCodecDependencies(t *testing.T) {
	deps := goList(t, root(t), "./formats/...")
	if len(deps) < 20 {
		t.Fatalf("go list found only %d formats packages", len(deps))
	}
	report(t, CheckDeps(deps))
}

func TestAppHoldsNoPackageState(t *testing.T) {
	vs, err := CheckPackageState(filepath.Join(root(t), "app"), appAllow)
	if err != nil {
		t.Fatal(err)
	}
	report(t, vs)
}

// TestRulesCatch feeds each check a case that breaks its rule, so none of
// them can pass by finding nothing.
func TestRulesCatch(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, src string) {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("formats/codec/env.go", "package codec\n\nimport \"os\"\n\nfunc Dict() string { return os.Getenv(\"X\") }\n")
	write("formats/codec/open.go", "package codec\n\nimport sys \"os\"\n\nfunc Load() { f, _ := sys.Open(\"dictionary.txt\"); f.Close() }\n")
	write("formats/codec/walk.go", "package codec\n\nimport \"path/filepath\"\n\nfunc Climb() { filepath.Walk(\".\", nil) }\n")
	write("formats/codec/fine.go", "package codec\n\nimport \"os\"\n\nfunc Size(f *os.File) { f.Stat() }\n")
	write("formats/codec/fine_test.go", "package codec\n\nimport \"os\"\n\nvar _ = os.Getenv(\"X\")\n")
	write("formats/codec/tool/main.go", "package main\n\nimport \"os\"\n\nfunc main() { os.ReadFile(os.Args[1]) }\n")
	write("formats/codec/gen.go", "//go:build ignore\n\npackage codec\n\nimport \"os\"\n\nvar _ = os.Getenv(\"X\")\n")
	vs, err := CheckCodecSource(filepath.Join(dir, "formats"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, v := range vs {
		// Where is FILE:LINE:COL, and FILE may hold a drive letter's colon.
		file := v.Where
		for range 2 {
			if i := strings.LastIndex(file, ":"); i > 0 {
				file = file[:i]
			}
		}
		got = append(got, filepath.Base(file)+" "+v.What)
	}
	want := []string{
		"env.go os.Getenv (environment or file-system lookup; it belongs in backend/)",
		"open.go os.Open (environment or file-system lookup; it belongs in backend/)",
		"walk.go path/filepath.Walk (environment or file-system lookup; it belongs in backend/)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("codec source check found\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	dv := CheckDeps(map[string][]string{
		"packsmith/formats/a": {"bytes", "github.com/fogleman/gg", "golang.org/x/image/font/basicfont"},
		"packsmith/formats/b": {"net/http", "netip", "github.com/wailsapp/wails/v2/pkg/runtime", "golang.org/x/image/draw"},
		"packsmith/formats/c": {"github.com/sqweek/dialog", "github.com/golang/freetype/truetype"},
	})
	if len(dv) != 6 {
		t.Errorf("dependency check found %d, want 6: %v", len(dv), dv)
	}

	write("app/state.go", "package app\n\nimport (\n\t\"errors\"\n\t\"sync\"\n)\n\nvar cache = map[string]int{}\n\nvar (\n\tmu sync.Mutex\n\tErrGone = errors.New(\"gone\")\n\t_ = 1\n)\n\nvar errMixed, count = errors.New(\"x\"), 0\n")
	write("app/cli/reg.go", "package cli\n\nvar commands []string\n")
	sv, err := CheckPackageState(filepath.Join(dir, "app"), map[string]string{"app/cli.commands": "registry"})
	if err != nil {
		t.Fatal(err)
	}
	got = nil
	for _, v := range sv {
		got = append(got, v.What)
	}
	if strings.Join(got, ",") != "var cache,var mu,var count" {
		t.Errorf("app state check found %q", got)
	}
}
