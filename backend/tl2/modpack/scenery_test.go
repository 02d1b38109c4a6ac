package modpack

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"packsmith/formats/tl2/dattext"
)

// sceneryMod: a scenery layout that places no room piece (as
// ENVIRONMENT_URBAN.LAYOUT) beside a level whose only piece has its
// collision turned off, neither with a walk grid.
func sceneryMod(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "m")
	files := map[string]string{
		"MEDIA/LAYOUTS/URBAN/ENVIRONMENT_URBAN.LAYOUT": "[Layout]\r\n<INTEGER>VERSION:4\r\n[OBJECTS]\r\n" +
			"[BASEOBJECT]\r\n[PROPERTIES]\r\n<STRING>DESCRIPTOR:Group\r\n<INTEGER64>ID:1\r\n[/PROPERTIES]\r\n[CHILDREN]\r\n" +
			"[BASEOBJECT]\r\n[PROPERTIES]\r\n<STRING>DESCRIPTOR:Sound\r\n<INTEGER64>ID:2\r\n[/PROPERTIES]\r\n[/BASEOBJECT]\r\n" +
			"[/CHILDREN]\r\n[/BASEOBJECT]\r\n[/OBJECTS]\r\n[/Layout]\r\n",
		"MEDIA/LAYOUTS/NOFLOOR/NOFLOOR.LAYOUT": "[Layout]\r\n<INTEGER>VERSION:4\r\n[OBJECTS]\r\n" +
			"[BASEOBJECT]\r\n[PROPERTIES]\r\n<STRING>DESCRIPTOR:Room Piece\r\n<INTEGER64>ID:1\r\n<STRING>GUID:7\r\n<BOOL>COLLISION ENABLED:false\r\n[/PROPERTIES]\r\n[/BASEOBJECT]\r\n" +
			"[/OBJECTS]\r\n[/Layout]\r\n",
	}
	for rel, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	writeModDat(t, dir, "[MOD]\r\n\t<STRING>NAME:SCENERY\r\n\t<INTEGER64>MOD_ID:5\r\n[/MOD]\r\n", dattext.UTF16LEBOM)
	return dir
}

// pkgPrefix finds a Go package prefix in user-facing text.
var pkgPrefix = regexp.MustCompile(`(^|[:"] ?)(mppbake|mpp|levelbake|binlayout|layout|dattext|bindat|raw|mod|modpack): `)

// A layout that places no room piece is not a level: not baked, not
// pre-checked, not flagged by the pack's or the written .MOD's checks.
// The level without collision is still reported (players cannot move
// there), in words without "mppbake:".
func TestSceneryLayoutIsNoLevel(t *testing.T) {
	dir := sceneryMod(t)
	out := filepath.Join(t.TempDir(), "S.MOD")
	res, err := Pack(context.Background(), dir, Options{Output: out, FullVerify: true})
	if err != nil {
		t.Fatalf("%v %v", err, res.Findings)
	}
	var reps []string
	for _, g := range res.Grids {
		reps = append(reps, g.Layout+" "+g.Action+" "+g.Error)
	}
	if want := "MEDIA/LAYOUTS/NOFLOOR/NOFLOOR.LAYOUT failed NOFLOOR.LAYOUT: no room piece with collision geometry"; strings.Join(reps, "|") != want {
		t.Errorf("grid reports:\n got %q\nwant %q", reps, want)
	}
	var about []string
	for _, f := range res.Findings {
		if strings.Contains(f.File+f.Message, "URBAN") {
			t.Errorf("scenery finding: %s", f)
		}
		if strings.Contains(f.File+f.Message, "NOFLOOR") {
			about = append(about, f.String())
		}
	}
	if want := "MEDIA/LAYOUTS/NOFLOOR/NOFLOOR.LAYOUT: NO WALK GRID: this level layout has no .MPP beside it and none was baked, so players will not be able to move in this level"; strings.Join(about, "\n") != want {
		t.Errorf("level findings:\n%s", strings.Join(about, "\n"))
	}
	// The written .MOD's own checks (packsmith verify) flag the level only.
	var flagged []string
	for _, f := range openMod(t, out).Check() {
		if f.Check == "layout-without-mpp" {
			flagged = append(flagged, f.Entry)
		}
	}
	if strings.Join(flagged, " ") != "MEDIA/LAYOUTS/NOFLOOR/NOFLOOR.LAYOUT" {
		t.Errorf("verify flags %v", flagged)
	}
	ents := entries(t, openMod(t, out))
	for p := range ents {
		if strings.HasSuffix(p, ".MPP") {
			t.Errorf("a grid was packed: %s", p)
		}
	}
	b, _ := json.Marshal(res)
	if m := pkgPrefix.FindString(string(b)); m != "" {
		t.Errorf("package prefix %q in the result:\n%s", m, b)
	}

	in, err := Inspect(context.Background(), dir, "")
	if err != nil {
		t.Fatal(err)
	}
	var pre []string
	for _, f := range in.Findings {
		if f.Stage == StageGrids {
			pre = append(pre, f.String())
		}
	}
	if want := "MEDIA/LAYOUTS/NOFLOOR/NOFLOOR.LAYOUT: WALK GRID CANNOT BE BAKED: no room piece with collision geometry\n" +
		"MEDIA/LAYOUTS/NOFLOOR/NOFLOOR.LAYOUT: NO WALK GRID: this level layout has no .MPP beside it and none was baked, so players will not be able to move in this level"; strings.Join(pre, "\n") != want {
		t.Errorf("pre-check grid findings:\n%s", strings.Join(pre, "\n"))
	}
	b, _ = json.Marshal(in)
	if m := pkgPrefix.FindString(string(b)); m != "" {
		t.Errorf("package prefix %q in the pre-check:\n%s", m, b)
	}
}
