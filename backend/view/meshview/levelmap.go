package meshview

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"math"

	"packsmith/backend/tl2/levelbake"
	"packsmith/formats/ogre/mesh"
	"packsmith/formats/tl2/mppbake"
)

// MaxMapCells bounds a level map (one pixel and one height per cell).
const MaxMapCells = 1 << 26

// LevelMap is a level drawn from above in its walk grid's frame.
type LevelMap struct {
	Image *image.RGBA
	// Covered[j*W+i] tells whether a piece covers cell (i, j)'s centre.
	Covered []bool
	// Visual and Collision count the pieces drawn with their visual mesh
	// and, lacking one, with their collision mesh; Skipped those with
	// neither.
	Visual, Collision, Skipped int
}

// RenderMap draws every piece's triangles from above, one pixel per walk
// grid cell: pixel (i, j) is cell (i, j), row 0 at the top, as the grid
// view draws an .MPP. A cell takes the highest triangle over its centre,
// shaded by height and slope; cells no piece covers are Background. A
// piece is drawn with its visual mesh, or its collision mesh when the
// visual one is missing. It stops when ctx ends (returning its error) and
// refuses a level whose pieces need more than MaxWork cell tests
// (ErrTooMuchWork).
func RenderMap(ctx context.Context, sc *levelbake.Scene) (*LevelMap, error) {
	f := sc.Frame
	if f == nil {
		return nil, fmt.Errorf("%s: no piece has collision bounds, so the level has no walk grid frame", sc.Layout)
	}
	if f.Width <= 0 || f.Height <= 0 || int64(f.Width)*int64(f.Height) > MaxMapCells {
		return nil, fmt.Errorf("%s: a %d×%d grid, more than %d cells", sc.Layout, f.Width, f.Height, MaxMapCells)
	}
	n := f.Width * f.Height
	top := make([]float64, n)
	slope := make([]float64, n)
	for i := range top {
		top[i] = math.Inf(-1)
	}
	lm := &LevelMap{Covered: make([]bool, n)}
	w := newWork(ctx, fmt.Sprintf("%d×%d-cell map of %d pieces", f.Width, f.Height, len(sc.Pieces)))
	for pi := range sc.Pieces {
		if w.err != nil {
			break
		}
		p := &sc.Pieces[pi]
		switch {
		case p.Geometry != nil:
			lm.Visual++
			p.Geometry.Triangles(func(_ int, t mesh.Triangle) {
				if w.err == nil { // Triangles cannot be stopped; the rest are passed over
					w.triangles++
					stamp(w, f, p.World, t.A, t.B, t.C, top, slope, lm.Covered)
				}
			})
		case p.Shape != nil:
			lm.Collision++
			for _, t := range p.Shape.Triangles {
				if w.err != nil {
					break
				}
				w.triangles++
				stamp(w, f, p.World, t.A, t.B, t.C, top, slope, lm.Covered)
			}
		default:
			lm.Skipped++
		}
	}
	if w.err == nil {
		w.err = ctx.Err()
	}
	if w.err != nil {
		return nil, fmt.Errorf("%s: %w", sc.Layout, w.err)
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, c := range lm.Covered {
		if c {
			lo, hi = min(lo, top[i]), max(hi, top[i])
		}
	}
	img := image.NewRGBA(image.Rect(0, 0, f.Width, f.Height))
	for i := range n {
		c := Background
		if lm.Covered[i] {
			h := 0.5
			if hi > lo {
				h = (top[i] - lo) / (hi - lo)
			}
			k := (0.55 + 0.45*h) * (0.6 + 0.4*slope[i])
			c = color.RGBA{uint8(0xD8 * k), uint8(0xC8 * k), uint8(0xA8 * k), 0xFF}
		}
		o := 4 * i
		img.Pix[o], img.Pix[o+1], img.Pix[o+2], img.Pix[o+3] = c.R, c.G, c.B, c.A
	}
	lm.Image = img
	return lm, nil
}

// stamp writes one world triangle into the cells whose centres it covers
// (edges included), keeping the highest surface, as a ray from above
// would meet it. slope is the up component of the unit normal. Each row
// visits only the cells near the triangle's own span (see span), and the
// tests count against w.
func stamp(wk *work, f *levelbake.GridFrame, w mppbake.Matrix, a3, b3, c3 [3]float32, top, slope []float64, cov []bool) {
	a, b, c := w.Apply(a3), w.Apply(b3), w.Apply(c3)
	ux, uy, uz := b[0]-a[0], b[1]-a[1], b[2]-a[2]
	vx, vy, vz := c[0]-a[0], c[1]-a[1], c[2]-a[2]
	nx, ny, nz := uy*vz-uz*vy, uz*vx-ux*vz, ux*vy-uy*vx
	if math.Abs(ny) < 1e-9 {
		return // vertical: covers no centre from above
	}
	up := math.Abs(ny) / math.Sqrt(nx*nx+ny*ny+nz*nz)
	const cs = 0.4
	i0 := max(int(math.Ceil((min(a[0], b[0], c[0])-f.X0)/cs)), 0)
	i1 := min(int(math.Floor((max(a[0], b[0], c[0])-f.X0)/cs)), f.Width-1)
	j0 := max(int(math.Ceil((min(a[2], b[2], c[2])-f.Z0)/cs)), 0)
	j1 := min(int(math.Floor((max(a[2], b[2], c[2])-f.Z0)/cs)), f.Height-1)
	// Along a row the edge functions below are k·x + m: the cells inside
	// have the sign of the triangle's area seen from above, that of -ny.
	s := 1.0
	if ny > 0 {
		s = -1
	}
	ek := [3]float64{-(b[2] - a[2]), -(c[2] - b[2]), -(a[2] - c[2])}
	for j := j0; j <= j1; j++ {
		if !wk.add(rowCost) {
			return
		}
		z := f.Z0 + float64(j)*cs
		em := [3]float64{
			(b[0]-a[0])*(z-a[2]) + (b[2]-a[2])*a[0],
			(c[0]-b[0])*(z-b[2]) + (c[2]-b[2])*b[0],
			(a[0]-c[0])*(z-c[2]) + (a[2]-c[2])*c[0],
		}
		lo, hi, ok := span(ek, em, s)
		if !ok {
			continue
		}
		is, ie := clampRange(lo, hi, f.X0, cs, i0, i1)
		if !wk.add(max(ie-is+1, 0)) {
			return
		}
		for i := is; i <= ie; i++ {
			x := f.X0 + float64(i)*cs
			e0 := (b[0]-a[0])*(z-a[2]) - (b[2]-a[2])*(x-a[0])
			e1 := (c[0]-b[0])*(z-b[2]) - (c[2]-b[2])*(x-b[0])
			e2 := (a[0]-c[0])*(z-c[2]) - (a[2]-c[2])*(x-c[0])
			if !((e0 >= 0 && e1 >= 0 && e2 >= 0) || (e0 <= 0 && e1 <= 0 && e2 <= 0)) {
				continue
			}
			y := a[1] - (nx*(x-a[0])+nz*(z-a[2]))/ny
			k := j*f.Width + i
			if !cov[k] || y > top[k] {
				top[k], slope[k], cov[k] = y, up, true
			}
		}
	}
}
