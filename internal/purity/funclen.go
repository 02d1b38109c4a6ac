package purity

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
)

// MaxFuncLines is the longest a function may be, counted from the line of
// its `func` keyword to the line of its closing brace. A function longer
// than a screenful and a half mixes steps a reader should be able to open
// one by one under their names.
const MaxFuncLines = 100

// FuncLen is one function's length in lines.
type FuncLen struct {
	Where string // file:line of the func keyword, relative to the root given
	Name  string // Recv.Name for a method, Name for a function
	Lines int
}

// FuncLengths measures every function and method declared in the non-test
// Go files under each root (testdata and hidden folders left out), longest
// first. A function literal counts toward the function it is written in.
func FuncLengths(base string, roots ...string) ([]FuncLen, error) {
	fset := token.NewFileSet()
	var out []FuncLen
	for _, r := range roots {
		err := filepath.WalkDir(filepath.Join(base, r), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if n := d.Name(); n == "testdata" || n == "node_modules" || (strings.HasPrefix(n, ".") && len(n) > 1) {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
				return nil
			}
			f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(base, p)
			for _, decl := range f.Decls {
				fd, ok := decl.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				start := fset.Position(fd.Type.Func).Line
				end := fset.Position(fd.Body.Rbrace).Line
				out = append(out, FuncLen{
					Where: fmt.Sprintf("%s:%d", filepath.ToSlash(rel), start),
					Name:  funcName(fd),
					Lines: end - start + 1,
				})
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Lines != out[j].Lines {
			return out[i].Lines > out[j].Lines
		}
		return out[i].Where < out[j].Where
	})
	return out, nil
}

func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
			continue
		case *ast.IndexExpr:
			t = x.X
			continue
		case *ast.IndexListExpr:
			t = x.X
			continue
		case *ast.Ident:
			return x.Name + "." + fd.Name.Name
		}
		return fd.Name.Name
	}
}

// CheckFuncLengths reports every function under the roots (relative to
// base) longer than max lines.
func CheckFuncLengths(base string, max int, roots ...string) ([]Violation, error) {
	fls, err := FuncLengths(base, roots...)
	if err != nil {
		return nil, err
	}
	var out []Violation
	for _, fl := range fls {
		if fl.Lines > max {
			out = append(out, Violation{Rule: "function length", Where: fl.Where,
				What: fmt.Sprintf("%s is %d lines (at most %d): split it into named steps", fl.Name, fl.Lines, max)})
		}
	}
	return out, nil
}
