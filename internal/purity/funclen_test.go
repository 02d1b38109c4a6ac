package purity

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestFunctionsAreShort holds app/, backend/ and formats/ to MaxFuncLines.
// PURITY_FUNCLEN_TOP=n lists the n longest functions (to measure).
func TestFunctionsAreShort(t *testing.T) {
	r := root(t)
	if n := os.Getenv("PURITY_FUNCLEN_TOP"); n != "" {
		var top int
		fmt.Sscan(n, &top)
		fls, err := FuncLengths(r, "app", "backend", "formats")
		if err != nil {
			t.Fatal(err)
		}
		for i, fl := range fls {
			if i >= top {
				break
			}
			t.Logf("%4d %s %s", fl.Lines, fl.Name, fl.Where)
		}
	}
	vs, err := CheckFuncLengths(r, MaxFuncLines, "app", "backend", "formats")
	if err != nil {
		t.Fatal(err)
	}
	fls, err := FuncLengths(r, "app", "backend", "formats")
	if err != nil {
		t.Fatal(err)
	}
	var kept []Violation
	for _, v := range vs {
		if !isWaived(v, fls) {
			kept = append(kept, v)
		}
	}
	report(t, kept)
}

// waived are functions over MaxFuncLines that other work of issue 45 and
// 44 splits (the merge and pack use cases move into backend): held to
// the old limit, 120, until it lands. Remove an entry when its function
// is short.
var waived = map[string]string{
	"runMerge": "app/cli/merge.go",
	"runPack":  "app/cli/pack.go",
	"Build":    "backend/tl2/mergepatch/mergepatch.go",
}

func isWaived(v Violation, fls []FuncLen) bool {
	for _, fl := range fls {
		file, _, _ := strings.Cut(fl.Where, ":")
		if fl.Where == v.Where && waived[fl.Name] == filepath.ToSlash(file) {
			return fl.Lines <= 120
		}
	}
	return false
}

// TestFuncLengthRuleCatches plants a function of MaxFuncLines+1 lines and
// one of MaxFuncLines lines: the first is reported, by name and line, the
// second is not.
func TestFuncLengthRuleCatches(t *testing.T) {
	dir := t.TempDir()
	body := func(name string, lines int) string {
		// func line + (lines-2) statements + closing brace = lines
		return "func " + name + "() {\n" + strings.Repeat("\t_ = 0\n", lines-2) + "}\n"
	}
	src := "package p\n\n" + body("long", MaxFuncLines+1) + "\n" + body("fits", MaxFuncLines) +
		"\ntype T struct{}\n\n" + body("(T) method", MaxFuncLines+1)
	if err := os.MkdirAll(filepath.Join(dir, "pkg", "testdata"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "pkg", "p.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	// Test files and testdata are not measured.
	if err := os.WriteFile(filepath.Join(dir, "pkg", "p_test.go"), []byte("package p\n\n"+body("longTest", 300)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "pkg", "testdata", "x.go"), []byte("package x\n\n"+body("longData", 300)), 0o644); err != nil {
		t.Fatal(err)
	}
	vs, err := CheckFuncLengths(dir, MaxFuncLines, "pkg")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, v := range vs {
		got = append(got, v.String())
	}
	sort.Strings(got)
	// package, blank, long, blank, fits, blank, type, blank, method
	methodLine := 2 + (MaxFuncLines + 1) + 1 + MaxFuncLines + 3 + 1
	want := []string{
		fmt.Sprintf("pkg/p.go:%d: function length: T.method is %d lines (at most %d): split it into named steps", methodLine, MaxFuncLines+1, MaxFuncLines),
		fmt.Sprintf("pkg/p.go:3: function length: long is %d lines (at most %d): split it into named steps", MaxFuncLines+1, MaxFuncLines),
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("violations:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
