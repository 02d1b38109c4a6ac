package meshview

import (
	"context"
	"fmt"
	"image"
	"math"

	"packsmith/formats/ogre/mesh"
)

// RenderOptions says how RenderWith draws a mesh.
type RenderOptions struct {
	Size int
	// Textures holds per submesh the image its material loads; a nil
	// entry (or a submesh without UVs) is drawn in the flat palette
	// colour, as Render draws every submesh.
	Textures []image.Image
	// Frame is the mesh whose vertex bounds fit the picture (nil: the
	// mesh drawn): a posed mesh is framed by its bind pose, so that every
	// time of an animation is seen from the same camera.
	Frame *mesh.Mesh
}

// alphaCut is the texel alpha at and below which a texel is not drawn
// (Ogre's alpha_rejection, which TL2 materials set for cut-outs).
const alphaCut = 127

// RenderWith draws m as Render does, textured where Textures say so. The
// same input gives the same pixels. Like Render it stops when ctx ends and
// refuses more than MaxWork pixel tests.
func RenderWith(ctx context.Context, m *mesh.Mesh, o RenderOptions) (*image.RGBA, error) {
	if o.Size < MinSize || o.Size > MaxSize {
		return nil, fmt.Errorf("render size %d: want %d to %d pixels", o.Size, MinSize, MaxSize)
	}
	frame := o.Frame
	if frame == nil {
		frame = m
	}
	lo, hi, ok := frame.VertexBounds()
	if !ok {
		return nil, fmt.Errorf("the mesh has no vertex positions to draw")
	}
	cam := newCamera(lo, hi, o.Size)
	r, err := newRasterContext(ctx, o.Size, o.Size)
	if err != nil {
		return nil, err
	}
	w := newWork(ctx, fmt.Sprintf("%d×%d picture", o.Size, o.Size))
	for si := range m.Submeshes {
		s := &m.Submeshes[si]
		g := s.Geometry
		if s.UseShared {
			g = m.Shared
		}
		if g == nil || g.Positions == nil {
			continue
		}
		var tex image.Image
		if si < len(o.Textures) && len(g.UVs) == 2*g.VertexCount {
			tex = o.Textures[si]
		}
		idx, _ := s.ListIndices(uint32(g.VertexCount))
		at := func(i uint32) [3]float32 {
			return [3]float32{g.Positions[3*i], g.Positions[3*i+1], g.Positions[3*i+2]}
		}
		base := palette[si%len(palette)]
		for t := 0; t+2 < len(idx) && w.err == nil; t += 3 {
			w.triangles++
			a, b, c := cam.project(at(idx[t])), cam.project(at(idx[t+1])), cam.project(at(idx[t+2]))
			if tex == nil {
				r.triangle(w, a, b, c, base)
				continue
			}
			uv := func(i uint32) [2]float64 { return [2]float64{float64(g.UVs[2*i]), float64(g.UVs[2*i+1])} }
			r.texTriangle(w, a, b, c, [3][2]float64{uv(idx[t]), uv(idx[t+1]), uv(idx[t+2])}, tex)
		}
	}
	if w.err == nil {
		w.err = ctx.Err()
	}
	if w.err != nil {
		return nil, w.err
	}
	return r.img, nil
}

// texTriangle fills a triangle as triangle does, each pixel's colour the
// texel at its interpolated UV (the view is orthographic, so affine
// interpolation is exact) shaded by the face normal; texels at or below
// alphaCut are not drawn.
func (r *raster) texTriangle(w *work, a, b, c [3]float64, uv [3][2]float64, tex image.Image) {
	ux, uy, uz := b[0]-a[0], b[1]-a[1], b[2]-a[2]
	vx, vy, vz := c[0]-a[0], c[1]-a[1], c[2]-a[2]
	nx, ny, nz := uy*vz-uz*vy, uz*vx-ux*vz, ux*vy-uy*vx
	nl := math.Sqrt(nx*nx + ny*ny + nz*nz)
	area := ux*vy - uy*vx
	if nl == 0 || area == 0 {
		return
	}
	k := 0.25 + 0.75*math.Abs(nx*light[0]+ny*light[1]+nz*light[2])/nl
	x0 := max(int(math.Floor(min(a[0], b[0], c[0]))), 0)
	x1 := min(int(math.Ceil(max(a[0], b[0], c[0]))), r.w-1)
	y0 := max(int(math.Floor(min(a[1], b[1], c[1]))), 0)
	y1 := min(int(math.Ceil(max(a[1], b[1], c[1]))), r.h-1)
	// Each row visits only its span, counted against the work cap (as
	// triangle does; the pixels drawn are the same as a full-box scan).
	sg := 1.0
	if area < 0 {
		sg = -1
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
		lo, hi, ok := span(ek, em, sg)
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
			if !((w0 >= 0 && w1 >= 0 && w2 >= 0) || (w0 <= 0 && w1 <= 0 && w2 <= 0)) {
				continue
			}
			s := w0 + w1 + w2
			// w1 weighs a, w2 weighs b, w0 weighs c (as in triangle).
			d := (w1*a[2] + w2*b[2] + w0*c[2]) / s
			i := y*r.w + x
			if d >= r.depth[i] {
				continue
			}
			u := (w1*uv[0][0] + w2*uv[1][0] + w0*uv[2][0]) / s
			v := (w1*uv[0][1] + w2*uv[1][1] + w0*uv[2][1]) / s
			t := texel(tex, u, v)
			if t.A <= alphaCut {
				continue
			}
			r.depth[i] = d
			o := i * 4
			r.img.Pix[o], r.img.Pix[o+1], r.img.Pix[o+2] = shade(t.R, k), shade(t.G, k), shade(t.B, k)
		}
	}
}

func shade(c uint8, k float64) uint8 { return uint8(float64(c) * k) }
