package meshview

import (
	"context"
	"encoding/binary"
	"errors"
	"image/color"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"packsmith/backend/tl2/levelbake"
	"packsmith/formats/ogre/mesh"
	"packsmith/formats/tl2/mppbake"
)

// bboxTriangle is the rasteriser before span: every pixel of the bounding
// box tested. The span rasteriser must draw exactly the same pixels.
func (r *raster) bboxTriangle(a, b, c [3]float64, col color.RGBA) {
	ux, uy := b[0]-a[0], b[1]-a[1]
	vx, vy := c[0]-a[0], c[1]-a[1]
	if ux*vy-uy*vx == 0 {
		return
	}
	x0 := max(int(math.Floor(min(a[0], b[0], c[0]))), 0)
	x1 := min(int(math.Ceil(max(a[0], b[0], c[0]))), r.w-1)
	y0 := max(int(math.Floor(min(a[1], b[1], c[1]))), 0)
	y1 := min(int(math.Ceil(max(a[1], b[1], c[1]))), r.h-1)
	for y := y0; y <= y1; y++ {
		py := float64(y) + 0.5
		for x := x0; x <= x1; x++ {
			px := float64(x) + 0.5
			w0 := (b[0]-a[0])*(py-a[1]) - (b[1]-a[1])*(px-a[0])
			w1 := (c[0]-b[0])*(py-b[1]) - (c[1]-b[1])*(px-b[0])
			w2 := (a[0]-c[0])*(py-c[1]) - (a[1]-c[1])*(px-c[0])
			if (w0 >= 0 && w1 >= 0 && w2 >= 0) || (w0 <= 0 && w1 <= 0 && w2 <= 0) {
				o := (y*r.w + x) * 4
				r.img.Pix[o], r.img.Pix[o+1], r.img.Pix[o+2] = col.R, col.G, col.B
			}
		}
	}
}

// randomTriangles: large, small, thin slivers along every direction and
// ones reaching outside the picture, in both windings.
func randomTriangles(n, size int) [][3][3]float64 {
	r := rand.New(rand.NewPCG(30, 1))
	s := float64(size)
	pt := func() [3]float64 {
		return [3]float64{r.Float64()*1.4*s - 0.2*s, r.Float64()*1.4*s - 0.2*s, r.Float64()}
	}
	out := make([][3][3]float64, 0, n)
	for i := range n {
		a, b := pt(), pt()
		var c [3]float64
		switch i % 3 {
		case 0:
			c = pt()
		case 1: // sliver: c a hair off the line ab
			t := r.Float64()
			c = [3]float64{a[0] + t*(b[0]-a[0]) + r.Float64()*0.7, a[1] + t*(b[1]-a[1]) - r.Float64()*0.7, 0.5}
		default: // small
			c = [3]float64{a[0] + r.Float64()*6, a[1] + r.Float64()*6, 0.5}
			b = [3]float64{a[0] - r.Float64()*6, a[1] + r.Float64()*6, 0.5}
		}
		out = append(out, [3][3]float64{a, b, c})
	}
	return out
}

// TestSpanRasterSamePixels: the span rasteriser covers exactly the pixels
// the bounding-box one did, one triangle at a time (every pixel it takes
// is painted in the triangle's colour on a fresh picture).
func TestSpanRasterSamePixels(t *testing.T) {
	const size = 97
	w := newWork(context.Background(), "test")
	for i, tri := range randomTriangles(3000, size) {
		col := color.RGBA{uint8(i), uint8(i >> 8), 200, 255}
		got, want := newRaster(size, size), newRaster(size, size)
		got.triangle(w, tri[0], tri[1], tri[2], col)
		want.bboxTriangle(tri[0], tri[1], tri[2], color.RGBA{})
		for p := 0; p < len(got.img.Pix); p += 4 {
			drawn := got.img.Pix[p+3] == 0xFF && (got.img.Pix[p] != Background.R || got.img.Pix[p+1] != Background.G || got.img.Pix[p+2] != Background.B)
			should := want.img.Pix[p] != Background.R || want.img.Pix[p+1] != Background.G || want.img.Pix[p+2] != Background.B
			if drawn != should {
				t.Fatalf("triangle %d %v: pixel (%d, %d) drawn %v, the bounding-box raster %v", i, tri, p/4%size, p/4/size, drawn, should)
			}
		}
	}
}

// TestSpanRasterSkipsTheBox: a one-pixel-wide sliver across a 4096²
// picture costs about its own pixels, not its 16-million-pixel box.
func TestSpanRasterSkipsTheBox(t *testing.T) {
	r := newRaster(4096, 4096)
	w := newWork(context.Background(), "test")
	r.triangle(w, [3]float64{0, 0, 0}, [3]float64{4096, 4096, 0}, [3]float64{4096, 4095, 0}, palette[0])
	if w.done > 4096*(rowCost+5) { // the box would be 16 million
		t.Fatalf("%d tests for a sliver of about 4096 pixels", w.done)
	}
	t.Logf("%d tests", w.done)
}

// stacked is a mesh of n triangles each covering most of the picture.
func stacked(n int) *mesh.Mesh {
	pos := make([]float32, 0, 9*n)
	idx := make([]uint32, 0, 3*n)
	for i := range n {
		y := float32(i % 50)
		pos = append(pos, -10, y, -10, 10, y, -10, 0, y+1, 10)
		idx = append(idx, uint32(3*i), uint32(3*i+1), uint32(3*i+2))
	}
	return &mesh.Mesh{Submeshes: []mesh.Submesh{{Indices: idx, Operation: mesh.OpTriangleList,
		Geometry: &mesh.Geometry{VertexCount: 3 * n, Positions: pos}}}}
}

// TestRenderWorkCap: stacked large triangles meet the work cap with an
// error naming it, and a cancelled context stops the drawing.
func TestRenderWorkCap(t *testing.T) {
	defer func(v int64) { maxWork = v }(maxWork)
	maxWork = 5_000_000 // about 100 of the triangles below at 512²
	if _, err := Render(context.Background(), stacked(20), 512); err != nil {
		t.Fatalf("20 triangles: %v", err)
	}
	_, err := Render(context.Background(), stacked(2000), 512)
	if !errors.Is(err, ErrTooMuchWork) || !strings.Contains(err.Error(), "too much drawing work: the 512×512 picture needs more than 5000000 pixel tests, the drawing's cap") {
		t.Fatalf("2000 stacked triangles: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Render(ctx, stacked(20), 512); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
}

// TestLevelMapWorkCap: a level placing many large pieces meets the cap
// naming the map, and a cancelled context stops it.
func TestLevelMapWorkCap(t *testing.T) {
	defer func(v int64) { maxWork = v }(maxWork)
	maxWork = 1_000_000
	floor := &mppbake.Shape{}
	for range 40 {
		floor.Triangles = append(floor.Triangles, mppbake.Triangle{A: [3]float32{-100, 0, -100}, B: [3]float32{100, 0, -100}, C: [3]float32{0, 0, 100}})
	}
	sc := &levelbake.Scene{Layout: "L.LAYOUT", Frame: &levelbake.GridFrame{Width: 500, Height: 500, X0: -100, Z0: -100}}
	for range 20 {
		sc.Pieces = append(sc.Pieces, levelbake.ScenePiece{World: mppbake.Identity, Shape: floor})
	}
	_, err := RenderMap(context.Background(), sc)
	if !errors.Is(err, ErrTooMuchWork) || !strings.Contains(err.Error(), "L.LAYOUT: too much drawing work: the 500×500-cell map of 20 pieces needs more than 1000000 pixel tests") {
		t.Fatalf("20 stacked floors: %v", err)
	}
	sc.Pieces = sc.Pieces[:1]
	floor.Triangles = floor.Triangles[:1]
	if _, err := RenderMap(context.Background(), sc); err != nil {
		t.Fatalf("one floor: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := RenderMap(ctx, sc); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
}

// bboxCovers lists the cells stamp covered before span: every cell of the
// triangle's bounding box tested.
func bboxCovers(f *levelbake.GridFrame, a, b, c [3]float64) []bool {
	cov := make([]bool, f.Width*f.Height)
	ux, uz := b[0]-a[0], b[2]-a[2]
	vx, vz := c[0]-a[0], c[2]-a[2]
	if math.Abs(uz*vx-ux*vz) < 1e-9 {
		return cov
	}
	const cs = 0.4
	i0 := max(int(math.Ceil((min(a[0], b[0], c[0])-f.X0)/cs)), 0)
	i1 := min(int(math.Floor((max(a[0], b[0], c[0])-f.X0)/cs)), f.Width-1)
	j0 := max(int(math.Ceil((min(a[2], b[2], c[2])-f.Z0)/cs)), 0)
	j1 := min(int(math.Floor((max(a[2], b[2], c[2])-f.Z0)/cs)), f.Height-1)
	for j := j0; j <= j1; j++ {
		z := f.Z0 + float64(j)*cs
		for i := i0; i <= i1; i++ {
			x := f.X0 + float64(i)*cs
			e0 := (b[0]-a[0])*(z-a[2]) - (b[2]-a[2])*(x-a[0])
			e1 := (c[0]-b[0])*(z-b[2]) - (c[2]-b[2])*(x-b[0])
			e2 := (a[0]-c[0])*(z-c[2]) - (a[2]-c[2])*(x-c[0])
			if (e0 >= 0 && e1 >= 0 && e2 >= 0) || (e0 <= 0 && e1 <= 0 && e2 <= 0) {
				cov[j*f.Width+i] = true
			}
		}
	}
	return cov
}

// TestStampSameCells: the level map's span stamp covers exactly the cells
// the bounding-box one did.
func TestStampSameCells(t *testing.T) {
	const n = 97
	f := &levelbake.GridFrame{Width: n, Height: n, X0: 3.2, Z0: -7.8}
	w := newWork(context.Background(), "test")
	for i, tri := range randomTriangles(3000, n) {
		// picture units to world: a cell is 0.4; y becomes z, depth height.
		var p [3][3]float32
		for k := range 3 {
			p[k] = [3]float32{float32(f.X0 + tri[k][0]*0.4), float32(tri[k][2]), float32(f.Z0 + tri[k][1]*0.4)}
		}
		top, slope, cov := make([]float64, n*n), make([]float64, n*n), make([]bool, n*n)
		stamp(w, f, mppbake.Identity, p[0], p[1], p[2], top, slope, cov)
		id := mppbake.Identity
		want := bboxCovers(f, id.Apply(p[0]), id.Apply(p[1]), id.Apply(p[2]))
		for k := range cov {
			if cov[k] != want[k] {
				t.Fatalf("triangle %d %v: cell (%d, %d) covered %v, the bounding-box stamp %v", i, p, k%n, k/n, cov[k], want[k])
			}
		}
	}
}

// TestPackNonFiniteBounds: the window's pack of a mesh whose bounds are
// NaN is made (it failed with "json: unsupported value: NaN"): the bounds
// are null in its header and named among its problems.
func TestPackNonFiniteBounds(t *testing.T) {
	m := stacked(2)
	m.HasBounds, m.Min, m.Max = true, [3]float32{float32(math.NaN()), 0, 0}, [3]float32{1, 1, 1}
	b, h, err := PackMeshFile("NAN.MESH", m, nil)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(h.Problems, "\n") != "meshes[0].info.bounds.min[0] is NaN, written as null\nmeshes[0].info.bounds.size[0] is NaN, written as null" {
		t.Fatalf("problems %q", h.Problems)
	}
	if _, _, err := ParsePack(b); err != nil {
		t.Fatal(err)
	}
	js := string(b[8 : 8+binary.LittleEndian.Uint32(b[4:])])
	if !strings.Contains(js, `"min":[null,0,0]`) {
		t.Fatalf("header %s", js)
	}
}
