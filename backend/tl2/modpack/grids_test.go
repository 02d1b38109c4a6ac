package modpack

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/mpp"
	"packsmith/internal/testfixtures"
)

const city04bGrid = "MEDIA/LAYOUTS/CITY04/1X1SINGLE_ROOM/CITY_04B.MPP"

// cyberCopy copies the fixture's MEDIA without the compiled siblings and,
// when noGrids, without the .MPP files.
func cyberCopy(t *testing.T, noGrids bool) (src, dir string) {
	src = filepath.Join(testfixtures.Dir(t, "tl2"), "cyber_mod")
	dir = filepath.Join(t.TempDir(), "cyber")
	copyTree(t, filepath.Join(src, "MEDIA"), filepath.Join(dir, "MEDIA"), func(rel string) bool {
		return noGrids && strings.HasSuffix(rel, ".MPP")
	})
	writeModDat(t, dir, "[MOD]\r\n\t<STRING>NAME:CYBER\r\n\t<INTEGER64>MOD_ID:1\r\n[/MOD]\r\n", dattext.UTF16LEBOM)
	return src, dir
}

// TestCyberModBake packs the fixture with its .MPP files removed: the
// .MOD's CITY_04B.MPP is baked with GUTS's header and 243,739 of its
// 243,750 cells (2 GUTS-walkable floor-edge cells void, 9 GUTS-void cells
// walkable, none walled); CITY05, whose meshes are absent, gets no grid
// and a warning naming every missing mesh.
func TestCyberModBake(t *testing.T) {
	src, dir := cyberCopy(t, true)
	res, err := Pack(context.Background(), dir, Options{Output: filepath.Join(t.TempDir(), "C.MOD")})
	if err != nil {
		t.Fatalf("%v %v", err, res.Findings)
	}
	ours := entries(t, openMod(t, res.Output))
	if _, ok := ours["MEDIA/LAYOUTS/CITY05/CITY05.MPP"]; ok {
		t.Error("CITY05 got a grid")
	}
	if len(ours) != 15 || res.Entries != 15 {
		t.Errorf("%d entries (result %d), want 15", len(ours), res.Entries)
	}
	baked, err := mpp.Decode(ours[city04bGrid])
	if err != nil {
		t.Fatal(err)
	}
	gb, err := os.ReadFile(filepath.Join(src, filepath.FromSlash(city04bGrid)))
	if err != nil {
		t.Fatal(err)
	}
	guts, _ := mpp.Decode(gb)
	if string(ours[city04bGrid][:mpp.HeaderSize]) != string(gb[:mpp.HeaderSize]) {
		t.Fatalf("header % x, GUTS % x", ours[city04bGrid][:24], gb[:24])
	}
	d, err := mpp.Compare(guts, baked)
	if err != nil {
		t.Fatal(err)
	}
	if d.Unchanged != 243739 || d.Changes[0][1] != 0 || d.Changes[0][2] != 2 || d.Changes[2][0] != 9 || d.Changed != 11 {
		t.Errorf("against GUTS: %+v", d)
	}
	if len(res.Grids) != 2 {
		t.Fatalf("grids %+v", res.Grids)
	}
	g4, g5 := res.Grids[0], res.Grids[1]
	if g4.Action != "baked" || g4.Reason != "no .MPP" || g4.Width != 375 || g4.Height != 650 || g4.Walkable != 105083 ||
		g4.Wall != 0 || g4.Pockets != 0 || g4.Pieces != 99 {
		t.Errorf("CITY_04B: %+v", g4)
	}
	if g5.Action != "failed" || len(g5.Missing) != 5 || !strings.Contains(g5.Error, "5 collision mesh(es) missing") {
		t.Errorf("CITY05: %+v", g5)
	}
	var warn []string
	for _, f := range res.Findings {
		if f.Stage == StageGrids && f.Severity == SevWarning {
			warn = append(warn, f.String())
		}
	}
	s := strings.Join(warn, "\n")
	for _, w := range []string{"BLDG1_CORNER_COLLISION.MESH", "BLDG1_DBLWALL_ENTRANCE_COLLISION.MESH", "BLDG1_PLAINWALL_COLLISION.MESH",
		"BLDGTOP_CORNER_COLLISION.MESH", "BLDGTOP_EDGE_COLLISION.MESH", "no walk grid is packed for it",
		"MEDIA/LAYOUTS/CITY05/CITY05.LAYOUT: NO WALK GRID"} {
		if !strings.Contains(s, w) {
			t.Errorf("no %q in the grid warnings:\n%s", w, s)
		}
	}
	if strings.Contains(s, "CITY_04B") {
		t.Errorf("a warning for the baked level:\n%s", s)
	}
}

// TestGridModes: a stale .MPP (older than its layout) is baked again by
// default, packed as it is with --mpp keep, and no level grid is packed
// with --mpp none.
func TestGridModes(t *testing.T) {
	src, dir := cyberCopy(t, false)
	gp := filepath.Join(dir, filepath.FromSlash(city04bGrid))
	// An hour older than its layout (the copy keeps the fixture's times).
	lst, err := os.Stat(strings.TrimSuffix(gp, ".MPP") + ".LAYOUT")
	if err != nil {
		t.Fatal(err)
	}
	old := lst.ModTime().Add(-time.Hour)
	if err := os.Chtimes(gp, old, old); err != nil {
		t.Fatal(err)
	}
	gb, _ := os.ReadFile(filepath.Join(src, filepath.FromSlash(city04bGrid)))
	for _, c := range []struct {
		mode, action  string
		same, present bool
	}{
		{"", "baked", false, true},
		{MPPKeep, "kept", true, true},
		{MPPNone, "none", false, false},
	} {
		res, err := Pack(context.Background(), dir, Options{Output: filepath.Join(t.TempDir(), "C.MOD"), MPP: c.mode})
		if err != nil {
			t.Fatalf("%s: %v %v", c.mode, err, res.Findings)
		}
		ours := entries(t, openMod(t, res.Output))
		b, ok := ours[city04bGrid]
		if ok != c.present || (ok && (string(b) == string(gb)) != c.same) {
			t.Errorf("--mpp %q: present %v, same as GUTS %v", c.mode, ok, string(b) == string(gb))
		}
		if res.Grids[0].Action != c.action {
			t.Errorf("--mpp %q: %+v", c.mode, res.Grids[0])
		}
		if c.mode == "" && res.Grids[0].Reason != "older than its layout" {
			t.Errorf("reason %q", res.Grids[0].Reason)
		}
	}
	if _, err := Pack(context.Background(), dir, Options{Output: filepath.Join(t.TempDir(), "C.MOD"), MPP: "maybe"}); err == nil ||
		!strings.Contains(err.Error(), `"maybe" is none of bake, keep, none`) {
		t.Errorf("bad mode: %v", err)
	}
}

// TestInspectGrids: before packing, the levels the pack would bake are
// checked: CITY_04B can be baked, CITY05 cannot, naming its meshes.
func TestInspectGrids(t *testing.T) {
	_, dir := cyberCopy(t, true)
	in, err := Inspect(context.Background(), dir, "")
	if err != nil {
		t.Fatal(err)
	}
	var all []string
	for _, f := range in.Findings {
		if f.Stage == StageGrids {
			all = append(all, string(f.Severity)+" "+f.String())
		}
	}
	s := strings.Join(all, "\n")
	for _, w := range []string{
		"info MEDIA/LAYOUTS/CITY04/1X1SINGLE_ROOM/CITY_04B.LAYOUT: walk grid: no .MPP, so the pack bakes one",
		"warning MEDIA/LAYOUTS/CITY05/CITY05.LAYOUT: WALK GRID CANNOT BE BAKED: 5 collision mesh(es) missing: MEDIA/LEVELSETS/CITY04/BLDG1_CORNER_COLLISION.MESH",
		"warning MEDIA/LAYOUTS/CITY05/CITY05.LAYOUT: NO WALK GRID",
	} {
		if !strings.Contains(s, w) {
			t.Errorf("no %q in\n%s", w, s)
		}
	}
	if len(all) != 3 {
		t.Errorf("%d grid findings:\n%s", len(all), s)
	}
}
