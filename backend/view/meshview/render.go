package meshview

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"

	"packsmith/formats/ogre/mesh"
)

// Background is the colour of pixels no triangle covers.
var Background = color.RGBA{0x1E, 0x22, 0x2A, 0xFF}

// palette colours submeshes in order (before shading).
var palette = []color.RGBA{
	{0xC8, 0xB4, 0x8C, 0xFF}, {0x8C, 0xB4, 0xC8, 0xFF}, {0xB4, 0xC8, 0x8C, 0xFF},
	{0xC8, 0x8C, 0xB4, 0xFF}, {0xC8, 0xA0, 0x78, 0xFF}, {0x96, 0x96, 0xD2, 0xFF},
}

// MinSize and MaxSize bound a render's edge in pixels.
const (
	MinSize = 256
	MaxSize = 4096
)

// Render draws the mesh's triangles shaded, seen from a fixed three-quarter
// angle (45° around the vertical, 30° down), orthographic, fitted to the
// mesh's bounds, size × size pixels. The same mesh gives the same pixels.
// It stops when ctx ends (returning its error) and refuses a mesh whose
// triangles need more than MaxWork pixel tests (ErrTooMuchWork).
func Render(ctx context.Context, m *mesh.Mesh, size int) (*image.RGBA, error) {
	if size < MinSize || size > MaxSize {
		return nil, fmt.Errorf("render size %d: want %d to %d pixels", size, MinSize, MaxSize)
	}
	lo, hi, ok := m.VertexBounds()
	if !ok {
		return nil, fmt.Errorf("the mesh has no vertex positions to draw")
	}
	cam := newCamera(lo, hi, size)
	r, err := newRasterContext(ctx, size, size)
	if err != nil {
		return nil, err
	}
	w := newWork(ctx, fmt.Sprintf("%d×%d picture", size, size))
	m.Triangles(func(sub int, t mesh.Triangle) {
		if w.err != nil {
			return // Triangles cannot be stopped; the rest are passed over
		}
		w.triangles++
		r.triangle(w, cam.project(t.A), cam.project(t.B), cam.project(t.C), palette[sub%len(palette)])
	})
	if w.err == nil {
		w.err = ctx.Err()
	}
	if w.err == nil {
		w.err = r.drewSomething(w)
	}
	if w.err != nil {
		return nil, w.err
	}
	return r.img, nil
}

// ErrNothingDrawn: a render whose triangles cover no pixel (their
// positions are not finite numbers, or lie far outside the frame: a
// skeleton with NaN bones, a scale of 1e38, an infinite translation). A
// picture of the background alone is not a picture of the mesh.
var ErrNothingDrawn = errors.New("nothing was drawn")

// drewSomething refuses a picture no triangle reached.
func (r *raster) drewSomething(w *work) error {
	if r.covered > 0 {
		return nil
	}
	if r.nonFinite > 0 {
		return fmt.Errorf("%w: %d of the %d triangles have positions that are not finite numbers (NaN or infinite), the rest cover no pixel of the frame", ErrNothingDrawn, r.nonFinite, w.triangles)
	}
	return fmt.Errorf("%w: none of the %d triangles covers a pixel of the frame (degenerate, or far outside it)", ErrNothingDrawn, w.triangles)
}

// camera is an orthographic view: rotate by yaw around Y, pitch around X,
// then scale and centre into the picture. Screen y grows downwards; depth
// grows away from the viewer.
type camera struct {
	cy, sy, cp, sp float64
	cx, cz, cyy    float64 // centre of the box
	scale, half    float64
}

func newCamera(lo, hi [3]float32, size int) camera {
	c := camera{cy: math.Cos(math.Pi / 4), sy: math.Sin(math.Pi / 4), cp: math.Cos(math.Pi / 6), sp: math.Sin(math.Pi / 6)}
	c.cx = (float64(lo[0]) + float64(hi[0])) / 2
	c.cyy = (float64(lo[1]) + float64(hi[1])) / 2
	c.cz = (float64(lo[2]) + float64(hi[2])) / 2
	c.scale, c.half = 1, float64(size)/2
	// Fit the eight corners in 90 % of the picture.
	ext := 0.0
	for k := range 8 {
		p := [3]float32{lo[0], lo[1], lo[2]}
		if k&1 != 0 {
			p[0] = hi[0]
		}
		if k&2 != 0 {
			p[1] = hi[1]
		}
		if k&4 != 0 {
			p[2] = hi[2]
		}
		v := c.view(p)
		ext = max(ext, math.Abs(v[0]), math.Abs(v[1]))
	}
	if ext > 0 {
		c.scale = 0.9 * c.half / ext
	}
	return c
}

// view rotates a point into camera space around the box centre.
func (c camera) view(p [3]float32) [3]float64 {
	x, y, z := float64(p[0])-c.cx, float64(p[1])-c.cyy, float64(p[2])-c.cz
	// yaw: look from the (+x, +z) corner towards the centre.
	x, z = c.cy*x-c.sy*z, c.sy*x+c.cy*z
	// pitch: tilt so the top shows.
	y, z = c.cp*y-c.sp*z, c.sp*y+c.cp*z
	return [3]float64{x, y, -z}
}

func (c camera) project(p [3]float32) [3]float64 {
	v := c.view(p)
	return [3]float64{c.half + v[0]*c.scale, c.half - v[1]*c.scale, v[2]}
}

// raster is a colour buffer with a depth buffer.
type raster struct {
	img   *image.RGBA
	depth []float64
	w, h  int
	// covered counts pixels a triangle covered, nonFinite triangles with
	// a corner that is not a finite number: a render that covers nothing
	// fails (drewSomething).
	covered, nonFinite int
}

// newRasterContext is newRaster checking ctx every 64 rows: at 4096² the
// buffers are 192 MB, and first touching them took seconds on a loaded
// virtual machine.
func newRasterContext(ctx context.Context, w, h int) (*raster, error) {
	r := &raster{img: image.NewRGBA(image.Rect(0, 0, w, h)), depth: make([]float64, w*h), w: w, h: h}
	for y := range h {
		if y&63 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		d := r.depth[y*w : (y+1)*w]
		for i := range d {
			d[i] = math.Inf(1)
		}
		p := r.img.Pix[y*r.img.Stride : y*r.img.Stride+4*w]
		for i := 0; i < len(p); i += 4 {
			p[i], p[i+1], p[i+2], p[i+3] = Background.R, Background.G, Background.B, 0xFF
		}
	}
	return r, nil
}

// light is the direction towards the light in screen space (x right,
// y down, z away), normalised: from the upper left, in front.
var light = func() [3]float64 {
	v := [3]float64{-0.4, -0.7, -0.6}
	n := math.Sqrt(v[0]*v[0] + v[1]*v[1] + v[2]*v[2])
	return [3]float64{v[0] / n, v[1] / n, v[2] / n}
}()

// triangle fills the pixels whose centres lie in the screen triangle
// (edges included), nearest depth winning, shaded by its face normal
// (both sides lit alike: Ogre meshes are seen from either side).
func (r *raster) triangle(w *work, a, b, c [3]float64, base color.RGBA) {
	k, ok := faceLight(a, b, c)
	if !ok {
		return
	}
	col := color.RGBA{uint8(float64(base.R) * k), uint8(float64(base.G) * k), uint8(float64(base.B) * k), 0xFF}
	r.cover(w, a, b, c, func(i int, w0, w1, w2 float64) {
		// Barycentric depth: w1 weighs a, w2 weighs b, w0 weighs c.
		d := (w1*a[2] + w2*b[2] + w0*c[2]) / (w0 + w1 + w2)
		if d < r.depth[i] {
			r.depth[i] = d
			o := i * 4
			r.img.Pix[o], r.img.Pix[o+1], r.img.Pix[o+2] = col.R, col.G, col.B
		}
	})
}

// faceLight is the shading factor of the face abc (0.25 ambient plus 0.75
// of its normal towards light, either side), false for a degenerate face
// or one seen edge on.
func faceLight(a, b, c [3]float64) (float64, bool) {
	ux, uy, uz := b[0]-a[0], b[1]-a[1], b[2]-a[2]
	vx, vy, vz := c[0]-a[0], c[1]-a[1], c[2]-a[2]
	nx, ny, nz := uy*vz-uz*vy, uz*vx-ux*vz, ux*vy-uy*vx
	nl := math.Sqrt(nx*nx + ny*ny + nz*nz)
	if nl == 0 || ux*vy-uy*vx == 0 {
		return 0, false
	}
	return 0.25 + 0.75*math.Abs(nx*light[0]+ny*light[1]+nz*light[2])/nl, true
}

// cover calls pixel with the index and the three edge functions of every
// pixel whose centre lies in the screen triangle abc (edges included).
// Each row visits only the pixels near the triangle's own span (see span),
// and rows and pixels count against w: it stops at w's first refusal.
func (r *raster) cover(w *work, a, b, c [3]float64, pixel func(i int, w0, w1, w2 float64)) {
	if !finite(a) || !finite(b) || !finite(c) {
		r.nonFinite++
		return
	}
	area := (b[0]-a[0])*(c[1]-a[1]) - (b[1]-a[1])*(c[0]-a[0])
	x0 := max(int(math.Floor(min(a[0], b[0], c[0]))), 0)
	x1 := min(int(math.Ceil(max(a[0], b[0], c[0]))), r.w-1)
	y0 := max(int(math.Floor(min(a[1], b[1], c[1]))), 0)
	y1 := min(int(math.Ceil(max(a[1], b[1], c[1]))), r.h-1)
	// Along a row the edge functions below are k·px + m: the pixels inside
	// have the sign of the area on all three.
	s := 1.0
	if area < 0 {
		s = -1
	}
	ek := [3]float64{-(b[1] - a[1]), -(c[1] - b[1]), -(a[1] - c[1])}
	for y := y0; y <= y1; y++ {
		if !w.add(rowCost) {
			return
		}
		py := float64(y) + 0.5
		em := [3]float64{
			(b[0]-a[0])*(py-a[1]) + (b[1]-a[1])*a[0],
			(c[0]-b[0])*(py-b[1]) + (c[1]-b[1])*b[0],
			(a[0]-c[0])*(py-c[1]) + (a[1]-c[1])*c[0],
		}
		lo, hi, ok := span(ek, em, s)
		if !ok {
			continue
		}
		xs, xe := clampRange(lo, hi, 0.5, 1, x0, x1)
		if !w.add(max(xe-xs+1, 0)) {
			return
		}
		for x := xs; x <= xe; x++ {
			px := float64(x) + 0.5
			w0 := (b[0]-a[0])*(py-a[1]) - (b[1]-a[1])*(px-a[0])
			w1 := (c[0]-b[0])*(py-b[1]) - (c[1]-b[1])*(px-b[0])
			w2 := (a[0]-c[0])*(py-c[1]) - (a[1]-c[1])*(px-c[0])
			if (w0 >= 0 && w1 >= 0 && w2 >= 0) || (w0 <= 0 && w1 <= 0 && w2 <= 0) {
				r.covered++
				pixel(y*r.w+x, w0, w1, w2)
			}
		}
	}
}

func finite(p [3]float64) bool {
	for _, v := range p {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}
