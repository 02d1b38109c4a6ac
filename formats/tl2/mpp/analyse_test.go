package mpp

import (
	"reflect"
	"testing"
)

func TestAnalyseThinWallPocket(t *testing.T) {
	// The main room (left, 16 cells) and a pocket (right, 4 cells) behind a
	// one-cell wall; a diagonal touch does not connect (bottom right).
	g := gridFromArt(t, `
~~~~~~~~~~~
~....#..~~~
~....#..~~~
~....~~~~~~
~....~~~.~~
~~~~~~~~~~~`)
	a, err := Analyse(g, AnalyseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Regions) != 3 {
		t.Fatalf("%d regions, want 3", len(a.Regions))
	}
	main := a.Regions[a.Main]
	if main.Cells != 16 || main.Seed != (Point{1, 1}) {
		t.Fatalf("main region %+v", main)
	}
	if len(a.Pockets) != 2 || a.PocketCells != 5 || a.ThinWalls != 1 {
		t.Fatalf("pockets %+v", a.Pockets)
	}
	p := a.Pockets[0] // largest first
	if p.Cells != 4 || p.Sealed || !p.Thin || p.Cost != 1 || p.OpensTo != a.Main {
		t.Fatalf("pocket %+v", p)
	}
	// Either wall cell is a cheapest barrier; the search is deterministic.
	if len(p.Barrier) != 1 || p.Barrier[0].X != 5 {
		t.Fatalf("barrier %v", p.Barrier)
	}
	if p.Bounds.Min.X != 6 || p.Bounds.Max.X != 8 || p.Bounds.Min.Y != 1 || p.Bounds.Max.Y != 3 {
		t.Fatalf("bounds %v", p.Bounds)
	}
	lone := a.Pockets[1]
	if lone.Cells != 1 || !lone.Sealed || lone.Thin || lone.Barrier != nil || lone.Cost != -1 || lone.OpensTo != -1 {
		t.Fatalf("void-sealed pocket %+v", lone)
	}
	if a.RegionAt(8, 4) != lone.ID || a.RegionAt(5, 1) != -1 || a.RegionAt(-1, 0) != -1 {
		t.Fatal("RegionAt")
	}
}

func TestAnalyseThickWallAndChain(t *testing.T) {
	// Pocket C is two walls from main. Pocket B is four walls from main
	// but only one from C, so its barrier is the single wall to C. The low
	// pocket is four walls thick on its only side (void under B): not thin
	// with the default limit of 3.
	g := gridFromArt(t, `
......##.#.
......##.#.
......####.
......####~
......####.`)
	a, err := Analyse(g, AnalyseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Pockets) != 3 {
		t.Fatalf("pockets %+v", a.Pockets)
	}
	byID := map[int]Pocket{}
	for _, p := range a.Pockets {
		byID[p.ID] = p
	}
	c := byID[a.RegionAt(8, 0)] // 2 cells, two walls from main
	b := byID[a.RegionAt(10, 0)]
	low := byID[a.RegionAt(10, 4)]
	if c.Cost != 2 || len(c.Barrier) != 2 || c.OpensTo != a.Main || !c.Thin {
		t.Fatalf("pocket C %+v", c)
	}
	if b.Cost != 3 || len(b.Barrier) != 1 || b.OpensTo != c.ID || !b.Thin {
		t.Fatalf("pocket B %+v", b)
	}
	if low.Cost != 4 || len(low.Barrier) != 4 || low.Thin || low.Sealed || low.OpensTo != a.Main {
		t.Fatalf("pocket low %+v", low)
	}
	// Narrower threshold: a 2-cell barrier is no longer thin.
	a1, _ := Analyse(g, AnalyseOptions{MaxThinWall: 1})
	if a1.ThinWalls != 1 {
		t.Fatalf("MaxThinWall 1: %d thin walls", a1.ThinWalls)
	}
	a2, _ := Analyse(g, AnalyseOptions{MinPocketCells: 2})
	if len(a2.Pockets) != 2 {
		t.Fatalf("MinPocketCells 2: %d pockets", len(a2.Pockets))
	}
}

func TestAnalyseNoPockets(t *testing.T) {
	for name, g := range map[string]*Grid{
		"one room": gridFromArt(t, "~~~\n~.~\n~..\n"),
		"nothing":  gridFromArt(t, "##~\n~~#\n"),
	} {
		a, err := Analyse(g, AnalyseOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if len(a.Pockets) != 0 || a.ThinWalls != 0 {
			t.Errorf("%s: pockets %+v", name, a.Pockets)
		}
	}
	a, _ := Analyse(gridFromArt(t, "##"), AnalyseOptions{})
	if a.Main != -1 || len(a.Regions) != 0 {
		t.Fatalf("no walkable: %+v", a)
	}
}

func TestAnalyseFixture(t *testing.T) {
	g, err := Decode(readFixture(t, fixtureReal))
	if err != nil {
		t.Fatal(err)
	}
	a, err := Analyse(g, AnalyseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// CITY_04B is one connected floor surrounded by void (checked by hand
	// with a separate flood fill): no pockets.
	if len(a.Regions) != 1 || len(a.Pockets) != 0 || a.Regions[0].Cells != g.Stats().Walkable.Count {
		t.Fatalf("regions %d, pockets %d", len(a.Regions), len(a.Pockets))
	}
	stub, _ := Decode(readFixture(t, fixtureStub))
	as, _ := Analyse(stub, AnalyseOptions{})
	if as.Main != -1 {
		t.Fatal("stub has a main region")
	}
}

func TestAnalyseLargeOpenGridNoRecursion(t *testing.T) {
	g, _ := New(1000, 1000, Walkable)
	g.Set(500, 500, Wall)
	a, err := Analyse(g, AnalyseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Regions) != 1 || a.Regions[0].Cells != 999999 {
		t.Fatalf("%+v", a.Regions)
	}
	if !reflect.DeepEqual(a.Pockets, []Pocket(nil)) {
		t.Fatal("pockets in an open grid")
	}
}
