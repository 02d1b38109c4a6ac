package raw

import (
	"fmt"
	"strings"
	"testing"

	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/layout"
)

// menuDef is a layout holding one Menu Definition.
func menuDef(t *testing.T, id int64, name string) *layout.Layout {
	return layoutOf(t, fmt.Sprintf("[UI]\n<INTEGER>VERSION:4\n[OBJECTS]\n[BASEOBJECT]\n[PROPERTIES]\n"+
		"<STRING>DESCRIPTOR:Menu Definition\n<INTEGER64>ID:%d\n<STRING>MENU NAME:%s\n[/PROPERTIES]\n[/BASEOBJECT]\n[/OBJECTS]\n[/UI]\n", id, name))
}

func menuRows(t *testing.T, ms *MapSource) (string, []Warning) {
	t.Helper()
	res, err := Generate(ms, Options{})
	if err != nil {
		t.Fatal(err)
	}
	out := output(res, UI)
	if out == nil {
		t.Fatal("no UI.RAW")
	}
	var rows []string
	for _, m := range out.File.Menus {
		rows = append(rows, m.Name+"@"+m.File[strings.LastIndexByte(m.File, '/')+1:])
	}
	return strings.Join(rows, " "), res.Warnings
}

// A Menu Definition in a layout outside MEDIA/UI/MENUS/ is listed (GUTS
// lists MEDIA/UI/INGAMEMENUS/'s); one outside MEDIA/UI/ is not.
func TestMenusOutsideMenusFolder(t *testing.T) {
	ms := &MapSource{Dats: map[string]*dattext.Node{}, Layouts: map[string]*layout.Layout{
		"MEDIA/UI/INGAMEMENUS/HUDX.LAYOUT": menuDef(t, 1, "HUDX"),
		"MEDIA/UI/MENUS/MAIN.LAYOUT":       menuDef(t, 2, "MAIN"),
		"MEDIA/LAYOUTS/LEVEL.LAYOUT":       menuDef(t, 3, "NOTAMENU"),
	}}
	got, _ := menuRows(t, ms)
	if want := "HUDX@HUDX.LAYOUT MAIN@MAIN.LAYOUT"; got != want {
		t.Errorf("UI.RAW lists %q, want %q", got, want)
	}
}

// MenusLeftOut finds the records a GUTS list lacks, only when leaving them
// out explains it whole; LeaveOutMenus leaves them out (with a warning).
func TestMenusLeftOut(t *testing.T) {
	a, b, c := Menu{Name: "A", File: "F1"}, Menu{Name: "B", File: "F2"}, Menu{Name: "C", File: "F3"}
	if got := MenusLeftOut([]Menu{a, b, c}, []Menu{a, c}); len(got) != 1 || got[0] != (MenuRef{File: "F2", Name: "B"}) {
		t.Errorf("left out %+v", got)
	}
	if got := MenusLeftOut([]Menu{a, b}, []Menu{b, a}); got != nil {
		t.Errorf("reordered: %+v", got)
	}
	if got := MenusLeftOut([]Menu{a}, []Menu{a, c}); got != nil {
		t.Errorf("one more in GUTS's: %+v", got)
	}
	ms := &MapSource{Dats: map[string]*dattext.Node{}, Layouts: map[string]*layout.Layout{
		"MEDIA/UI/MENUS/A.LAYOUT": menuDef(t, 1, "KEEP"),
		"MEDIA/UI/MENUS/B.LAYOUT": menuDef(t, 1, "DROP"),
	}}
	res, err := Generate(ms, Options{LeaveOutMenus: []MenuRef{{File: "MEDIA/UI/MENUS/B.LAYOUT", Name: "DROP"}}})
	if err != nil {
		t.Fatal(err)
	}
	if out := output(res, UI); out == nil || len(out.File.Menus) != 1 || out.File.Menus[0].Name != "KEEP" || len(res.Warnings) != 1 {
		t.Errorf("generated %+v, warnings %v", out, res.Warnings)
	}
}
