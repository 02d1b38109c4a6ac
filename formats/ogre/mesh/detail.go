package mesh

import (
	"encoding/binary"
	"math"
)

// What a viewer reads beyond the bake's needs: the skeleton link, the
// submesh name table and, with Options.Attributes, normals and texture
// coordinates.
//
//	0x6000 skeleton link   string skeleton file name (e.g. "HUM_M.SKELETON")
//	0xA000 submesh names   chunks 0xA100: u16 submesh index, string name
//
// The name table's own length is not trusted (exporters write too small a
// length for chunks with children): its 0xA100 children are read while
// they follow.
const (
	chunkSkeletonLink  = 0x6000
	chunkSubmeshNames  = 0xA000
	chunkSubmeshName   = 0xA100
	vetFloat2          = 1
	vesNormal          = 4
	vesTexCoord        = 7
	maxSkeletonName    = 1024
	maxSubmeshNameSize = 1024
)

// vbuf is one vertex buffer of a geometry: its bind index, vertex size and
// bytes (vertexCount × size, already checked against the input).
type vbuf struct {
	bind, size uint16
	data       []byte
	off        int
}

// meshExtra reads a skeleton link or a submesh name table; start and n are
// the chunk's header position and length.
func (r *reader) meshExtra(m *Mesh, id uint16, start, n int) error {
	switch id {
	case chunkSkeletonLink:
		s, err := r.Line("skeleton link", maxSkeletonName)
		if err != nil {
			return err
		}
		m.Skeleton = s
		return nil
	case chunkSubmeshNames:
		for {
			cid, cstart, _, ok, err := r.peek()
			if err != nil {
				return err
			}
			if !ok {
				return nil
			}
			if cid != chunkSubmeshName {
				r.Pos = cstart
				return nil
			}
			idx, err := r.U16("submesh name index")
			if err != nil {
				return err
			}
			name, err := r.Line("submesh name", maxSubmeshNameSize)
			if err != nil {
				return err
			}
			if int(idx) >= len(m.Submeshes) {
				return r.Fail(cstart, "submesh name %q for submesh %d, the mesh has %d", name, idx, len(m.Submeshes))
			}
			m.Submeshes[idx].Name = name
		}
	}
	r.skip(start, n)
	return nil
}

// attributes copies the first FLOAT3 NORMAL and the first FLOAT2
// TEXCOORD (set 0) out of the geometry's vertex buffers. An element whose
// buffer is missing or too narrow is an error, as for positions; other
// types of normal or coordinate are left out.
func (r *reader) attributes(g *Geometry, elems []element, bufs []vbuf) error {
	read := func(e element, comps int) ([]float32, error) {
		for _, b := range bufs {
			if b.bind != e.source {
				continue
			}
			if int(e.offset)+4*comps > int(b.size) {
				return nil, r.Fail(b.off, "vertex element (semantic %d) at offset %d does not fit a %d-byte vertex", e.semantic, e.offset, b.size)
			}
			out := make([]float32, comps*g.VertexCount)
			for v := 0; v < g.VertexCount; v++ {
				p := v*int(b.size) + int(e.offset)
				for k := 0; k < comps; k++ {
					out[comps*v+k] = math.Float32frombits(binary.LittleEndian.Uint32(b.data[p+4*k:]))
				}
			}
			return out, nil
		}
		return nil, r.Fail(r.Pos, "no vertex buffer for the source %d of a vertex element (semantic %d)", e.source, e.semantic)
	}
	var err error
	for _, e := range elems {
		switch {
		case e.semantic == vesNormal && e.typ == vetFloat3 && g.Normals == nil:
			if g.Normals, err = read(e, 3); err != nil {
				return err
			}
		case e.semantic == vesTexCoord && e.typ == vetFloat2 && e.index == 0 && g.UVs == nil:
			if g.UVs, err = read(e, 2); err != nil {
				return err
			}
		}
	}
	return nil
}
