package mppbake

import (
	"bytes"
	"context"
	"math"
	"strings"
	"testing"

	"packsmith/formats/tl2/mpp"
)

// quad is a horizontal rectangle at height y as two triangles.
func quad(x0, z0, x1, z1, y float32, nopath bool) []Triangle {
	a, b, c, d := [3]float32{x0, y, z0}, [3]float32{x1, y, z0}, [3]float32{x1, y, z1}, [3]float32{x0, y, z1}
	return []Triangle{{A: a, B: b, C: c, NoPath: nopath}, {A: a, B: c, C: d, NoPath: nopath}}
}

// wallX is a vertical rectangle in the plane x, from z0 to z1, y0 to y1.
func wallX(x, z0, z1, y0, y1 float32, nopath bool) []Triangle {
	a, b, c, d := [3]float32{x, y0, z0}, [3]float32{x, y0, z1}, [3]float32{x, y1, z1}, [3]float32{x, y1, z0}
	return []Triangle{{A: a, B: b, C: c, NoPath: nopath}, {A: a, B: c, C: d, NoPath: nopath}}
}

func shape(tris ...[]Triangle) *Shape {
	s := &Shape{Min: [3]float32{inf, inf, inf}, Max: [3]float32{-inf, -inf, -inf}}
	for _, ts := range tris {
		for _, t := range ts {
			s.Triangles = append(s.Triangles, t)
			for _, v := range [][3]float32{t.A, t.B, t.C} {
				for k := range 3 {
					s.Min[k], s.Max[k] = min(s.Min[k], v[k]), max(s.Max[k], v[k])
				}
			}
		}
	}
	return s
}

var inf = float32(math.Inf(1))

func piece(s *Shape, m Matrix) Piece { return Piece{Shape: s, World: m, Box: true, Solid: true} }

func translate(x, y, z float64) Matrix {
	m := Identity
	m[0][3], m[1][3], m[2][3] = x, y, z
	return m
}

func bake(t *testing.T, ps ...Piece) *Result {
	t.Helper()
	r, err := Bake(context.Background(), ps, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// at is the class of the cell whose centre is nearest to world (x, z).
func at(r *Result, x, z float64) mpp.Class {
	i := int(math.Floor((x - float64(r.MinX)) / mpp.CellSize))
	j := int(math.Floor((z - float64(r.MinZ)) / mpp.CellSize))
	return r.Grid.At(i, j)
}

func TestFloor(t *testing.T) {
	r := bake(t, piece(shape(quad(0, 0, 20, 20, 0, false)), Identity))
	// Region: 0..20 padded by 0.2 and snapped to 10 → −10..30.
	if r.MinX != -10 || r.MinZ != -10 || r.MaxX != 30 || r.MaxZ != 30 {
		t.Fatalf("box %v %v %v %v", r.MinX, r.MinZ, r.MaxX, r.MaxZ)
	}
	g := r.Grid
	if g.OriginX != 10 || g.OriginZ != 10 || g.ExtentX != 40 || g.ExtentZ != 40 {
		t.Fatalf("header floats %v %v %v %v", g.OriginX, g.OriginZ, g.ExtentX, g.ExtentZ)
	}
	if g.Width < 100 || g.Width > 101 || g.Height != g.Width {
		t.Fatalf("grid %d×%d", g.Width, g.Height)
	}
	st := g.Stats()
	// Cell centres −9.8 + 0.4k; 50 of them per axis fall on 0..20.
	if st.Walkable.Count != 2500 || st.Wall.Count != 0 || st.Void.Count != g.Width*g.Height-2500 {
		t.Fatalf("stats %+v", st)
	}
	if at(r, 10, 10) != mpp.Walkable || at(r, 25, 25) != mpp.Void || at(r, -5, 5) != mpp.Void {
		t.Fatal("cells")
	}
}

func TestNoPathWallProbes(t *testing.T) {
	floor := shape(quad(0, 0, 20, 20, 0, false))
	wall := shape(wallX(10, 0, 20, -1, 5, true))
	r := bake(t, piece(floor, Identity), piece(wall, Identity))
	st := r.Grid.Stats()
	// Centres 9.8 and 10.2 are 0.2 from the wall plane (inside the 0.3
	// probe); 9.4 and 10.6 are 0.6 away.
	if st.Wall.Count != 100 || st.Walkable.Count != 2400 {
		t.Fatalf("stats %+v", st)
	}
	for _, x := range []float64{9.8, 10.2} {
		if at(r, x, 5) != mpp.Wall {
			t.Fatalf("x %v not wall", x)
		}
	}
	if at(r, 9.4, 5) != mpp.Walkable || at(r, 10.6, 5) != mpp.Walkable {
		t.Fatal("cells beside the wall")
	}
	// The same wall without NOPATH blocks nothing: walls are NOPATH-driven.
	r = bake(t, piece(floor, Identity), piece(shape(wallX(10, 0, 20, -1, 5, false)), Identity))
	if st := r.Grid.Stats(); st.Wall.Count != 0 || st.Walkable.Count != 2500 {
		t.Fatalf("plain wall: %+v", st)
	}
	// Above head height (the probes run at y = 1.5) it blocks nothing either.
	r = bake(t, piece(floor, Identity), piece(shape(wallX(10, 0, 20, 2, 5, true)), Identity))
	if st := r.Grid.Stats(); st.Wall.Count != 0 {
		t.Fatalf("high wall: %+v", st)
	}
}

func TestEnclosure(t *testing.T) {
	floor := shape(quad(0, 0, 20, 20, 0, false))
	// Walls at 9.6 (cells 9.4, 9.8) and 10.8 (cells 10.6, 11.0): the cell
	// at 10.2 is pinched between two walls and walled by the second pass.
	r := bake(t, piece(floor, Identity), piece(shape(wallX(9.6, 0, 20, -1, 5, true), wallX(10.8, 0, 20, -1, 5, true)), Identity))
	for _, x := range []float64{9.4, 9.8, 10.2, 10.6, 11.0} {
		if at(r, x, 5) != mpp.Wall {
			t.Fatalf("x %v is %v", x, at(r, x, 5))
		}
	}
	if st := r.Grid.Stats(); st.Wall.Count != 250 {
		t.Fatalf("walls %d, want 5 columns of 50", st.Wall.Count)
	}
	// Void beside a walkable cell counts as open: a one-cell strip of
	// floor stays walkable.
	r = bake(t, piece(shape(quad(0, 0, 20, 0.4, 0, false)), Identity))
	if st := r.Grid.Stats(); st.Walkable.Count != 50 || st.Wall.Count != 0 {
		t.Fatalf("strip %+v", st)
	}
}

func TestHighestHitWins(t *testing.T) {
	floor := quad(0, 0, 20, 20, 0, false)
	// A platform at y 3 over 4..8: walkable on top; a NOPATH one at 12..16:
	// wall (the nearest hit is NOPATH), though the floor below is fine.
	r := bake(t, piece(shape(floor, quad(4, 4, 8, 8, 3, false), quad(12, 12, 16, 16, 3, true)), Identity))
	if at(r, 6, 6) != mpp.Walkable || at(r, 14, 14) != mpp.Wall || at(r, 2, 2) != mpp.Walkable {
		t.Fatal("platforms")
	}
	// A NOPATH ceiling under the floor changes nothing.
	r = bake(t, piece(shape(floor, quad(4, 4, 8, 8, -3, true)), Identity))
	if at(r, 6, 6) != mpp.Walkable {
		t.Fatal("lower NOPATH")
	}
	// |y| > 80 is wall; geometry above the ray's start (200) is not seen.
	r = bake(t, piece(shape(quad(0, 0, 4, 4, 90, false), quad(8, 8, 12, 12, 250, false)), Identity))
	if at(r, 2, 2) != mpp.Wall || at(r, 10, 10) != mpp.Void {
		t.Fatalf("height gate: %v %v", at(r, 2, 2), at(r, 10, 10))
	}
}

func TestRamp(t *testing.T) {
	// A ramp rising from y 0 at x 0 to y 5 at x 10: every cell on it is
	// walkable (no slope test), and a NOPATH bar at head height over the
	// top walls only the cells whose probe reaches it (hit y + 1.5 within
	// the bar's 6..7 y range: x ≥ 9, where the ramp is at 4.5..5).
	ramp := []Triangle{
		{A: [3]float32{0, 0, 0}, B: [3]float32{10, 5, 0}, C: [3]float32{10, 5, 10}},
		{A: [3]float32{0, 0, 0}, B: [3]float32{10, 5, 10}, C: [3]float32{0, 0, 10}},
	}
	r := bake(t, piece(shape(ramp), Identity))
	if st := r.Grid.Stats(); st.Walkable.Count != 625 {
		t.Fatalf("ramp %+v", st)
	}
	bar := wallX(9.5, 0, 10, 6, 7, true)
	r = bake(t, piece(shape(ramp, bar), Identity))
	if at(r, 9.4, 5) != mpp.Wall || at(r, 9.8, 5) != mpp.Wall || at(r, 5, 5) != mpp.Walkable {
		t.Fatalf("bar: %v %v %v", at(r, 9.4, 5), at(r, 9.8, 5), at(r, 5, 5))
	}
}

func TestNoPathPieceAndGates(t *testing.T) {
	floor := shape(quad(0, 0, 20, 20, 0, false))
	slab := shape(quad(0, 0, 4, 4, 1, false))
	p := piece(slab, translate(8, 0, 8))
	p.NoPath = true
	r := bake(t, piece(floor, Identity), p)
	if at(r, 10, 10) != mpp.Wall || at(r, 2, 2) != mpp.Walkable {
		t.Fatal("NOPATH piece")
	}
	// A gated piece (not Solid) adds no triangles but keeps its box.
	g := piece(shape(quad(0, 0, 4, 4, 1, true)), translate(40, 0, 40))
	g.Solid = false
	r = bake(t, piece(floor, Identity), g)
	if r.MaxX != 50 || r.Pieces != 1 || r.BoxPieces != 2 || at(r, 42, 42) != mpp.Void {
		t.Fatalf("gated: box to %v, pieces %d/%d, cell %v", r.MaxX, r.Pieces, r.BoxPieces, at(r, 42, 42))
	}
	if _, err := Bake(context.Background(), nil, Options{}); err != ErrNoGeometry {
		t.Fatalf("no pieces: %v", err)
	}
}

func TestRotatedAndScaled(t *testing.T) {
	// A 4×2 slab (x 0..4, z 0..2) turned 90° about Y (FORWARD = +X,
	// RIGHT = −Z) covers x 0..2, z −4..0 around its position.
	slab := shape(quad(0, 0, 4, 2, 0, false))
	var rot Matrix
	rot[0] = [4]float64{0, 0, 1, 10}
	rot[1] = [4]float64{0, 1, 0, 0}
	rot[2] = [4]float64{-1, 0, 0, 10}
	r := bake(t, piece(slab, rot))
	if st := r.Grid.Stats(); st.Walkable.Count != 5*10 {
		t.Fatalf("rotated: %+v", st)
	}
	if at(r, 11, 8) != mpp.Walkable || at(r, 13, 8) != mpp.Void || at(r, 11, 11) != mpp.Void {
		t.Fatal("rotated footprint")
	}
	// Scale 2 along X and 3 along Z: 8 × 6 units.
	sc := translate(1, 0, 1)
	sc[0][0], sc[2][2] = 2, 3
	r = bake(t, piece(slab, sc))
	if st := r.Grid.Stats(); st.Walkable.Count != 20*15 {
		t.Fatalf("scaled: %+v", st)
	}
}

func TestWorkersAgree(t *testing.T) {
	ps := genLevel(24, 7)
	var first []byte
	for _, n := range []int{1, 2, 5} {
		r, err := Bake(context.Background(), ps, Options{Workers: n})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := mpp.Encode(r.Grid)
		if first == nil {
			first = b
			if st := r.Grid.Stats(); st.Walkable.Count == 0 || st.Wall.Count == 0 {
				t.Fatalf("generated level has no variety: %+v", st)
			}
		} else if !bytes.Equal(first, b) {
			t.Fatalf("%d workers differ from 1", n)
		}
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Bake(ctx, genLevel(10, 1), Options{}); err != context.Canceled {
		t.Fatalf("got %v", err)
	}
}

func TestTooLarge(t *testing.T) {
	_, err := Bake(context.Background(), []Piece{piece(shape(quad(0, 0, 1000, 1000, 0, false)), Identity)}, Options{MaxCells: 1000})
	if err == nil || !strings.Contains(err.Error(), "more than 1000 cells") {
		t.Fatalf("cells: %v", err)
	}
	_, err = Bake(context.Background(), genLevel(4, 1), Options{MaxTriangles: 10})
	if err == nil || !strings.Contains(err.Error(), "more than 10 triangles") {
		t.Fatalf("triangles: %v", err)
	}
}

// genLevel builds n×n tiles of 16-unit floor pieces with rotated
// stairs-like slabs and NOPATH posts, deterministically from seed.
func genLevel(n int, seed uint32) []Piece { return genTiles(n, 16, seed) }

// genTiles: n×n floor tiles of size units.
func genTiles(n int, size float32, seed uint32) []Piece {
	floor := shape(quad(-size/2, -size/2, size/2, size/2, 0, false))
	step := float64(size)
	post := shape(wallX(0, -1, 1, -1, 4, true), wallX(0.5, -1, 1, -1, 4, true))
	slab := shape(quad(-2, -1, 2, 1, 1, false))
	x := seed*2654435761 + 1
	rnd := func() uint32 { x ^= x << 13; x ^= x >> 17; x ^= x << 5; return x }
	var ps []Piece
	for i := range n {
		for j := range n {
			if rnd()%10 == 0 {
				continue // a hole
			}
			ps = append(ps, piece(floor, translate(step*float64(i), 0, step*float64(j))))
			if rnd()%3 == 0 {
				a := float64(rnd()%360) * math.Pi / 180
				m := translate(step*float64(i)+float64(rnd()%uint32(size/2)), 0, step*float64(j)+float64(rnd()%uint32(size/2)))
				m[0][0], m[0][2], m[2][0], m[2][2] = math.Cos(a), math.Sin(a), -math.Sin(a), math.Cos(a)
				ps = append(ps, piece(post, m))
			}
			if rnd()%4 == 0 {
				ps = append(ps, piece(slab, translate(step*float64(i)-4, 0, step*float64(j)+3)))
			}
		}
	}
	return ps
}
