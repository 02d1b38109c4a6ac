package app

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// Each bound service owns its state: no service embeds a struct it shares
// with the others, and each holds exactly what its concern needs. The
// table is the design (service.go); a field added to a service shows up
// here to be argued for.
func TestServicesOwnTheirState(t *testing.T) {
	want := map[string]string{
		"BrowseService":    "archives *app.openArchives, jobs *jobs.Manager, settings *settings.Store, budget *limits.Budget, rendered *app.renderedStore, window *app.windowLink",
		"EditService":      "archives *app.openArchives, jobs *jobs.Manager, window *app.windowLink",
		"ExportService":    "archives *app.openArchives, jobs *jobs.Manager, settings *settings.Store, budget *limits.Budget, window *app.windowLink",
		"ToolsService":     "archives *app.openArchives, jobs *jobs.Manager, settings *settings.Store, budget *limits.Budget, rendered *app.renderedStore",
		"PackService":      "jobs *jobs.Manager, settings *settings.Store, budget *limits.Budget, window *app.windowLink, watches app.packWatches",
		"LoadOrderService": "jobs *jobs.Manager, settings *settings.Store, window *app.windowLink, loadOrder app.loadOrderState, budget *limits.Budget",
		"SettingsService":  "jobs *jobs.Manager, settings *settings.Store, window *app.windowLink",
		"CombineService":   "jobs *jobs.Manager, budget *limits.Budget",
	}
	got := bound()
	if len(got) != len(want) {
		t.Errorf("%d bound services, want %d", len(got), len(want))
	}
	for name, typ := range got {
		st := typ.Elem()
		var fields []string
		for i := 0; i < st.NumField(); i++ {
			f := st.Field(i)
			if f.Anonymous {
				t.Errorf("%s embeds %s: a service holds its state in named fields, not in a shared struct", name, f.Type)
			}
			if f.IsExported() {
				t.Errorf("%s.%s is exported: a service's state is its own", name, f.Name)
			}
			fields = append(fields, f.Name+" "+f.Type.String())
		}
		if g := strings.Join(fields, ", "); g != want[name] {
			t.Errorf("%s holds\n  %s\nwant\n  %s", name, g, want[name])
		}
	}
}

// The open archives and their pending changes have one owner: only
// openArchives declares a session.Manager or an edits.Store, and every
// service working on archives is given the same one, so a change staged
// through Edit is what Browse previews and Export extracts.
func TestOpenArchivesHaveOneOwner(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var holders []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			ts, ok := n.(*ast.TypeSpec)
			if !ok {
				return true
			}
			st, ok := ts.Type.(*ast.StructType)
			if !ok {
				return true
			}
			for _, fl := range st.Fields.List {
				typ := strings.TrimPrefix(exprString(fl.Type), "*")
				if typ == "session.Manager" || typ == "edits.Store" {
					holders = append(holders, ts.Name.Name+" "+typ)
				}
			}
			return true
		})
	}
	sort.Strings(holders)
	if g := strings.Join(holders, ", "); g != "openArchives edits.Store, openArchives session.Manager" {
		t.Errorf("holders of the open archives: %s; want only openArchives", g)
	}

	a := NewApp(nil, nil, nil)
	defer a.Shutdown(t.Context())
	for name, got := range map[string]*openArchives{
		"BrowseService": a.BrowseService.archives, "EditService": a.EditService.archives,
		"ExportService": a.ExportService.archives, "ToolsService": a.ToolsService.archives,
		"assetServer": a.assets.archives,
	} {
		if got == nil || got != a.archives {
			t.Errorf("%s has its own open archives (%p), not the App's (%p)", name, got, a.archives)
		}
	}
	for name, typ := range bound() {
		for i := 0; i < typ.Elem().NumField(); i++ {
			if f := typ.Elem().Field(i); f.Type == reflect.TypeOf(a.archives) && f.Name != "archives" {
				t.Errorf("%s.%s holds the open archives under another name", name, f.Name)
			}
		}
	}
}

// exprString is a field's type as written: *session.Manager, edits.Store.
func exprString(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return "*" + exprString(e.X)
	case *ast.SelectorExpr:
		return exprString(e.X) + "." + e.Sel.Name
	case *ast.Ident:
		return e.Name
	}
	return ""
}
