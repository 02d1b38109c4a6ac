package meshview

import (
	"context"
	"fmt"
	"image"

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
	if w.err == nil {
		w.err = r.drewSomething(w)
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
	k, ok := faceLight(a, b, c)
	if !ok {
		return
	}
	r.cover(w, a, b, c, func(i int, w0, w1, w2 float64) {
		s := w0 + w1 + w2
		// w1 weighs a, w2 weighs b, w0 weighs c (as in triangle).
		d := (w1*a[2] + w2*b[2] + w0*c[2]) / s
		if d >= r.depth[i] {
			return
		}
		u := (w1*uv[0][0] + w2*uv[1][0] + w0*uv[2][0]) / s
		v := (w1*uv[0][1] + w2*uv[1][1] + w0*uv[2][1]) / s
		t := texel(tex, u, v)
		if t.A <= alphaCut {
			return
		}
		r.depth[i] = d
		o := i * 4
		r.img.Pix[o], r.img.Pix[o+1], r.img.Pix[o+2] = shade(t.R, k), shade(t.G, k), shade(t.B, k)
	})
}

func shade(c uint8, k float64) uint8 { return uint8(float64(c) * k) }
