// Package purity checks the layering rules the design states and the
// compiler cannot: formats/ packages are pure codecs (everything comes in
// as arguments: no environment reads, no opening of files by name, no
// drawing, window or network libraries among their dependencies), and the
// app/ shell keeps no package-level mutable state (each bound service owns
// its state). The test in this package runs the checks on the project.
package purity

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Violation is one broken rule, naming the file and line (or the package).
type Violation struct {
	Rule  string
	Where string
	What  string
}

func (v Violation) String() string { return v.Where + ": " + v.Rule + ": " + v.What }

// lookupFuncs are the functions by which a codec would find things for
// itself: the environment, the working directory, the user's folders, or
// a file opened by its name.
var lookupFuncs = map[string]map[string]bool{
	"os": {
		"Getenv": true, "LookupEnv": true, "Environ": true, "ExpandEnv": true,
		"Getwd": true, "Executable": true, "UserHomeDir": true, "UserConfigDir": true, "UserCacheDir": true,
		"Open": true, "OpenFile": true, "ReadFile": true, "ReadDir": true, "Stat": true, "Lstat": true,
		"DirFS": true, "OpenRoot": true, "OpenInRoot": true,
	},
	"syscall":       {"Getenv": true, "Environ": true},
	"io/ioutil":     {"ReadFile": true, "ReadDir": true},
	"path/filepath": {"Walk": true, "WalkDir": true, "Glob": true, "EvalSymlinks": true, "Abs": true},
}

// ForbiddenDeps are import path prefixes no formats/ package may reach.
var ForbiddenDeps = []string{
	"github.com/fogleman/gg",
	"github.com/golang/freetype",
	"golang.org/x/image/font",
	"github.com/wailsapp/",
	"github.com/sqweek/dialog",
	"net",
}

// goFiles parses the non-test Go files under root that are part of a
// library package: package main tools and `//go:build ignore` generators
// are left out (they run by hand, not inside the program).
func goFiles(root string) (*token.FileSet, map[string]*ast.File, error) {
	fset := token.NewFileSet()
	files := map[string]*ast.File{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); p != root && (n == "testdata" || strings.HasPrefix(n, ".") || n == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		if f.Name.Name == "main" || ignored(f) {
			return nil
		}
		files[p] = f
		return nil
	})
	return fset, files, err
}

func ignored(f *ast.File) bool {
	for _, cg := range f.Comments {
		if cg.Pos() > f.Package {
			break
		}
		for _, c := range cg.List {
			if strings.HasPrefix(c.Text, "//go:build") && strings.Contains(c.Text, "ignore") {
				return true
			}
		}
	}
	return false
}

func sortedNames(files map[string]*ast.File) []string {
	var out []string
	for p := range files {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// CheckCodecSource reports calls under root (the formats/ tree) to the
// functions in lookupFuncs.
func CheckCodecSource(root string) ([]Violation, error) {
	fset, files, err := goFiles(root)
	if err != nil {
		return nil, err
	}
	var out []Violation
	for _, p := range sortedNames(files) {
		f := files[p]
		local := map[string]string{} // name in this file → import path
		for _, im := range f.Imports {
			path, _ := strconv.Unquote(im.Path.Value)
			if lookupFuncs[path] == nil {
				continue
			}
			name := filepath.Base(path)
			if im.Name != nil {
				name = im.Name.Name
			}
			local[name] = path
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			id, ok := sel.X.(*ast.Ident)
			if !ok {
				return true
			}
			if path, ok := local[id.Name]; ok && lookupFuncs[path][sel.Sel.Name] {
				out = append(out, Violation{
					Rule:  "a codec takes what it needs as arguments",
					Where: fset.Position(sel.Pos()).String(),
					What:  fmt.Sprintf("%s.%s (environment or file-system lookup; it belongs in backend/)", path, sel.Sel.Name),
				})
			}
			return true
		})
	}
	return out, nil
}

// CheckDeps reports, for `go list -deps` output lines "pkg: dep dep …",
// each forbidden dependency a codec package reaches.
func CheckDeps(deps map[string][]string) []Violation {
	var out []Violation
	var pkgs []string
	for p := range deps {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	for _, p := range pkgs {
		for _, d := range deps[p] {
			for _, bad := range ForbiddenDeps {
				if d == bad || strings.HasPrefix(d, strings.TrimSuffix(bad, "/")+"/") {
					out = append(out, Violation{
						Rule:  "no drawing, window, dialog or network library under formats/",
						Where: p,
						What:  "depends on " + d,
					})
				}
			}
		}
	}
	return out
}

// CheckPackageState reports package-level variables in the Go files under
// root (the app/ tree), except the blank identifier, sentinel errors
// (Err…/err… set from errors.New or fmt.Errorf) and the names in allow
// ("dir.name" → why it is not state).
func CheckPackageState(root string, allow map[string]string) ([]Violation, error) {
	fset, files, err := goFiles(root)
	if err != nil {
		return nil, err
	}
	var out []Violation
	for _, p := range sortedNames(files) {
		rel, _ := filepath.Rel(filepath.Dir(root), filepath.Dir(p))
		for _, decl := range files[p].Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if name.Name == "_" || allow[filepath.ToSlash(rel)+"."+name.Name] != "" {
						continue
					}
					if isSentinel(name.Name, vs, i) {
						continue
					}
					out = append(out, Violation{
						Rule:  "no package-level state in app/ (a service owns its state)",
						Where: fset.Position(name.Pos()).String(),
						What:  "var " + name.Name,
					})
				}
			}
		}
	}
	return out, nil
}

func isSentinel(name string, vs *ast.ValueSpec, i int) bool {
	if !strings.HasPrefix(name, "err") && !strings.HasPrefix(name, "Err") {
		return false
	}
	if i >= len(vs.Values) {
		return false
	}
	call, ok := vs.Values[i].(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && ((pkg.Name == "errors" && sel.Sel.Name == "New") || (pkg.Name == "fmt" && sel.Sel.Name == "Errorf"))
}

// ModuleRoot walks up from dir to the folder holding go.mod.
func ModuleRoot(dir string) (string, error) {
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above %s", dir)
		}
		dir = parent
	}
}
