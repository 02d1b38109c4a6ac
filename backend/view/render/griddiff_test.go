package render

import (
	"encoding/json"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/view/preview"
	"packsmith/formats/tl2/mpp"
)

// The edit: the thin wall at x=7 opened at rows 3–4 (2 cells become
// walkable), room cells (2,2) (3,2) (4,2) filled with void (3 no longer
// walkable), void (0,0) turned to wall (1 wall <-> void).
func editedGrid(t *testing.T) *mpp.Grid {
	g := testGrid(t).Clone()
	g.Set(7, 3, mpp.Walkable)
	g.Set(7, 4, mpp.Walkable)
	for x := 2; x <= 4; x++ {
		g.Set(x, 2, mpp.Void)
	}
	g.Set(0, 0, mpp.Wall)
	return g
}

func encodeGrid(t *testing.T, g *mpp.Grid) []byte {
	t.Helper()
	b, err := mpp.Encode(g)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestGridDiff(t *testing.T) {
	a := newArchive()
	before := a.add("MEDIA/LAYOUTS/ROOM.MPP", KindWalkGrid, encodeGrid(t, testGrid(t)))
	a.add("MEDIA/LAYOUTS/ROOM_EDIT.MPP", KindWalkGrid, encodeGrid(t, editedGrid(t)))
	img, meta, err := RenderGridDiff(a, before, preview.Options{View: map[string]string{"diff": "MEDIA/LAYOUTS/ROOM_EDIT.MPP", "legend": "0"}})
	if err != nil {
		t.Fatal(err)
	}
	rep := meta.(*GridDiffMeta).Diff
	// Direct count: 96 cells; 6 changed.
	if rep.Changed != 6 || rep.Unchanged != 90 || rep.BecameWalkable != 2 || rep.LostWalkable != 3 || rep.WallVoid != 1 {
		t.Fatalf("counts %+v", rep)
	}
	if rep.Changes[1][0] != 2 || rep.Changes[0][2] != 3 || rep.Changes[2][1] != 1 || rep.Changes[0][0] != 28-3 {
		t.Fatalf("matrix %v", rep.Changes)
	}
	if rep.SizeChanged || rep.Width != 12 || rep.Height != 8 || rep.ChangedPercent != 6.25 ||
		rep.Before != "test.zip: MEDIA/LAYOUTS/ROOM.MPP" || rep.After != "test.zip: MEDIA/LAYOUTS/ROOM_EDIT.MPP" {
		t.Fatalf("report %+v", rep)
	}
	if b := img.Bounds(); b.Dx() != 12 || b.Dy() != 8 || meta.(*GridDiffMeta).Width != 12 {
		t.Fatalf("picture %v", b)
	}
	at := func(x, y int) color.RGBA { return img.(*image.RGBA).RGBAAt(x, y) }
	for _, c := range []struct {
		x, y int
		want color.RGBA
	}{
		{7, 3, ColorGained}, {7, 4, ColorGained},
		{2, 2, ColorLost}, {4, 2, ColorLost},
		{0, 0, ColorOtherDiff},
		{3, 3, wantFade(ColorWalkable)}, {1, 1, wantFade(ColorWall)}, {11, 7, wantFade(ColorVoid)},
		{7, 2, wantFade(ColorWall)},
	} {
		if got := at(c.x, c.y); got != c.want {
			t.Errorf("pixel (%d,%d) = %v, want %v", c.x, c.y, got, c.want)
		}
	}
	legend := meta.(*GridDiffMeta).Legend
	if len(legend) != 6 || legend[3].Count != 2 || legend[3].Color != "#2EC44F" || legend[0].Color != hexColor(at(3, 3)) {
		t.Fatalf("legend %v", legend)
	}
	// The counts reach the window as JSON (a bound call's result): flat, named fields.
	j, _ := json.Marshal(rep)
	for _, k := range []string{`"changed":6`, `"becameWalkable":2`, `"lostWalkable":3`, `"wallVoid":1`, `"changes":[[25,0,3],[2,`} {
		if !strings.Contains(string(j), k) {
			t.Errorf("JSON %s lacks %s", j, k)
		}
	}

	// The same comparison with a file on disk, scaled.
	p := filepath.Join(t.TempDir(), "ROOM_EDIT.MPP")
	os.WriteFile(p, encodeGrid(t, editedGrid(t)), 0o644)
	img, meta, err = RenderGridDiff(a, before, preview.Options{View: map[string]string{"diffFile": p, "scale": "4", "legend": "0"}})
	if err != nil {
		t.Fatal(err)
	}
	if rep := meta.(*GridDiffMeta).Diff; rep.Changed != 6 || rep.After != p || img.Bounds().Dx() != 48 {
		t.Fatalf("file diff %+v %v", rep, img.Bounds())
	}
	if got := img.(*image.RGBA).RGBAAt(7*4+1, 3*4+1); got != ColorGained {
		t.Errorf("scaled gained cell %v", got)
	}

	// A size change: the stub is 50×50, compared over the larger area.
	stub := make([]byte, mpp.StubSize)
	copy(stub, encodeGrid(t, mustNew(t, 50, 50)))
	a.add("STUB.MPP", KindWalkGrid, stub)
	_, meta, err = RenderGridDiff(a, before, preview.Options{View: map[string]string{"diff": "STUB.MPP"}})
	if err != nil {
		t.Fatal(err)
	}
	if rep := meta.(*GridDiffMeta).Diff; !rep.SizeChanged || rep.Width != 50 || rep.LostWalkable != 28 || rep.AfterWidth != 50 || rep.BeforeWidth != 12 {
		t.Fatalf("size change %+v", rep)
	}
}

func mustNew(t *testing.T, w, h int) *mpp.Grid {
	g, err := mpp.New(w, h, mpp.Void)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestGridDiffFailuresSayWhich(t *testing.T) {
	a := newArchive()
	before := a.add("ROOM.MPP", KindWalkGrid, encodeGrid(t, testGrid(t)))
	a.add("BAD.MPP", KindWalkGrid, []byte{1, 2, 3})
	tex := a.add("t.dds", "", []byte("DDS "))
	cases := []struct {
		opts map[string]string
		e    string
		want string
	}{
		{map[string]string{"diff": "BAD.MPP"}, "", "test.zip: BAD.MPP: walk grid: "},
		{map[string]string{"diff": "NOPE.MPP"}, "", "test.zip: NOPE.MPP: "},
		{map[string]string{"diffFile": "/no/such/ROOM.MPP"}, "", "compare with /no/such/ROOM.MPP: "},
		{map[string]string{"diff": "ROOM.MPP"}, tex.Path, "test.zip: t.dds: only walk grids (.MPP) can be compared"},
		{map[string]string{"diff": "ROOM.MPP", "scale": "40"}, "", "option scale=40"},
	}
	for _, c := range cases {
		e := before
		if c.e != "" {
			e = tex
		}
		_, _, err := RenderGridDiff(a, e, preview.Options{View: c.opts})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.opts, err, c.want)
		}
	}
	if !IsDiff(map[string]string{"diffFile": "x"}) || IsDiff(map[string]string{"scale": "2"}) {
		t.Error("IsDiff")
	}
}

// wantFade is the faded colour of unchanged cells, computed here
// independently of the renderer: halfway to grey 0x60.
func wantFade(c color.RGBA) color.RGBA {
	m := func(v uint8) uint8 { return uint8((int(v) + 0x60) / 2) }
	return color.RGBA{m(c.R), m(c.G), m(c.B), 0xFF}
}
