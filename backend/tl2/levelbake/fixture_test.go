package levelbake

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/formats/tl2/mpp"
	"packsmith/internal/testfixtures"
)

const city04b = "MEDIA/LAYOUTS/CITY04/1X1SINGLE_ROOM/CITY_04B"

func bakeFixture(t testing.TB, workers int) (*Report, *mpp.Grid, []byte) {
	dir := testfixtures.Dir(t, "tl2/cyber_mod")
	b, err := New(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(city04b+".LAYOUT")))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := b.BakeLayout(context.Background(), "CITY_04B.LAYOUT", src, Options{Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	gb, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(city04b+".MPP")))
	if err != nil {
		t.Fatal(err)
	}
	guts, err := mpp.Decode(gb)
	if err != nil {
		t.Fatal(err)
	}
	return rep, guts, gb
}

// GridFigures compares a baked grid with GUTS's.
type GridFigures struct {
	Equal, Cells           int
	WalkToWall, WalkToVoid int
	VoidToWalk, Other      int
	InteriorLost           int // GUTS-walkable cells with four walkable neighbours we lost
}

func compareGUTS(guts, ours *mpp.Grid) GridFigures {
	var f GridFigures
	f.Cells = len(guts.Cells)
	w, h := guts.Width, guts.Height
	for i, g := range guts.Cells {
		o := ours.Cells[i]
		switch {
		case g == o:
			f.Equal++
		case g == mpp.Walkable && o == mpp.Wall:
			f.WalkToWall++
		case g == mpp.Walkable && o == mpp.Void:
			f.WalkToVoid++
		case g == mpp.Void && o == mpp.Walkable:
			f.VoidToWalk++
		default:
			f.Other++
		}
		if g == mpp.Walkable && o != mpp.Walkable {
			x, y := i%w, i/w
			in := x > 0 && y > 0 && x < w-1 && y < h-1 &&
				guts.Cells[i-1] == mpp.Walkable && guts.Cells[i+1] == mpp.Walkable &&
				guts.Cells[i-w] == mpp.Walkable && guts.Cells[i+w] == mpp.Walkable
			if in {
				f.InteriorLost++
			}
		}
	}
	return f
}

func TestFixtureCity04B(t *testing.T) {
	rep, guts, gb := bakeFixture(t, 0)
	ob, err := mpp.Encode(rep.Grid)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(ob[:mpp.HeaderSize], gb[:mpp.HeaderSize]) {
		t.Fatalf("header % x, GUTS % x", ob[:24], gb[:24])
	}
	f := compareGUTS(guts, rep.Grid)
	t.Logf("placed %d, baked %d, triangles %d, tests %d, %d×%d; %+v (%.4f %%)", rep.Placed, rep.Baked, rep.Triangles, rep.Result.Tests, rep.Width, rep.Height, f, 100*float64(f.Equal)/float64(f.Cells))
	// Measured: 243,739 of 243,750 cells as GUTS baked them (99.9955 %);
	// the 11 others are floor edges: 2 GUTS-walkable cells void here, 9
	// GUTS-void cells walkable here, none walled, none inside the floor.
	want := GridFigures{Equal: 243739, Cells: 243750, WalkToVoid: 2, VoidToWalk: 9}
	if f != want {
		t.Errorf("figures %+v, want %+v", f, want)
	}
	if float64(f.Equal) < 0.999*float64(f.Cells) {
		t.Errorf("%.4f %% equal, under 99.9 %%", 100*float64(f.Equal)/float64(f.Cells))
	}
	if rep.Placed != 99 || rep.Baked != 99 || rep.Gated != 0 || rep.Triangles != 14932 {
		t.Errorf("placed %d, baked %d, gated %d, triangles %d", rep.Placed, rep.Baked, rep.Gated, rep.Triangles)
	}
	if rep.Stats.Wall.Count != 0 || rep.Pockets != 0 {
		t.Errorf("walls %d, pockets %d: the level has no NOPATH geometry", rep.Stats.Wall.Count, rep.Pockets)
	}
}

// TestFixtureWorkersAgree: the grid does not depend on the worker count.
func TestFixtureWorkersAgree(t *testing.T) {
	one, _, _ := bakeFixture(t, 1)
	for _, n := range []int{2, 3, 7} {
		r, _, _ := bakeFixture(t, n)
		a, _ := mpp.Encode(one.Grid)
		b, _ := mpp.Encode(r.Grid)
		if !bytes.Equal(a, b) {
			t.Fatalf("%d workers bake another grid than 1", n)
		}
	}
}

// TestFixtureMissingMeshes: CITY05's pieces are in CITY05.DAT but their
// collision meshes are not in the fixture, so it is refused with each of
// them named.
func TestFixtureMissingMeshes(t *testing.T) {
	dir := testfixtures.Dir(t, "tl2/cyber_mod")
	b, err := New(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(dir, "MEDIA/LAYOUTS/CITY05/CITY05.LAYOUT"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = b.BakeLayout(context.Background(), "CITY05.LAYOUT", src, Options{})
	var me *MissingError
	if !errors.As(err, &me) {
		t.Fatalf("got %v, want a MissingError", err)
	}
	t.Log(err)
	if len(me.Pieces) != 0 || len(me.Meshes) != 5 {
		t.Fatalf("pieces %v, meshes %v", me.Pieces, me.Meshes)
	}
	for _, m := range me.Meshes {
		if !strings.HasPrefix(m, "MEDIA/LEVELSETS/CITY04/BLDG") || !strings.HasSuffix(m, ".MESH") {
			t.Errorf("missing mesh %q", m)
		}
	}
}

// BenchmarkBakeFixture: CITY_04B (99 pieces, 14,932 triangles, 375×650
// cells) from layout text to grid, meshes cached after the first bake.
func BenchmarkBakeFixture(b *testing.B) {
	dir := testfixtures.Dir(b, "tl2/cyber_mod")
	bk, err := New(dir, "")
	if err != nil {
		b.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(city04b+".LAYOUT")))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := bk.BakeLayout(context.Background(), "CITY_04B.LAYOUT", src, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
