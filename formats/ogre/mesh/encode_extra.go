package mesh

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
)

// appendExtras writes the skeleton link and the submesh name table (only
// submeshes with a name) into a mesh body. A name with a line break is
// left out (the format cannot hold it); one longer than Decode reads is
// refused, since the file written would not read back.
func appendExtras(body []byte, m *Mesh) ([]byte, error) {
	if len(m.Skeleton) > maxSkeletonName {
		return nil, fmt.Errorf("skeleton link of %d bytes, more than %d", len(m.Skeleton), maxSkeletonName)
	}
	if m.Skeleton != "" && !strings.ContainsRune(m.Skeleton, '\n') {
		body = appendChunk(body, chunkSkeletonLink, append([]byte(m.Skeleton), '\n'))
	}
	var names []byte
	for i := range m.Submeshes {
		n := m.Submeshes[i].Name
		if n == "" || strings.ContainsRune(n, '\n') {
			continue
		}
		if len(n) > maxSubmeshNameSize {
			return nil, fmt.Errorf("submesh %d: name of %d bytes, more than %d", i, len(n), maxSubmeshNameSize)
		}
		e := binary.LittleEndian.AppendUint16(nil, uint16(i))
		names = appendChunk(names, chunkSubmeshName, append(append(e, n...), '\n'))
	}
	if names != nil {
		body = appendChunk(body, chunkSubmeshNames, names)
	}
	return body, nil
}

// encodeVertices lays out one interleaved buffer: position, then the
// normal and the UV when the geometry has them. It returns the
// declaration's body, the buffer bytes and the vertex size.
func encodeVertices(g *Geometry) (decl, data []byte, size uint16, err error) {
	type attr struct {
		typ, sem uint16
		vals     []float32
		comps    int
	}
	attrs := []attr{{vetFloat3, vesPosition, g.Positions, 3}}
	// An empty attribute is none: a geometry of no vertices declares only
	// its position (Decode reads no attributes for it).
	if len(g.Normals) > 0 {
		attrs = append(attrs, attr{vetFloat3, vesNormal, g.Normals, 3})
	}
	if len(g.UVs) > 0 {
		attrs = append(attrs, attr{vetFloat2, vesTexCoord, g.UVs, 2})
	}
	for _, a := range attrs {
		if len(a.vals) != a.comps*g.VertexCount {
			return nil, nil, 0, fmt.Errorf("%d floats of semantic %d for %d vertices", len(a.vals), a.sem, g.VertexCount)
		}
		var el []byte
		for _, v := range []uint16{0, a.typ, a.sem, size, 0} {
			el = binary.LittleEndian.AppendUint16(el, v)
		}
		decl = appendChunk(decl, chunkElement, el)
		size += uint16(4 * a.comps)
	}
	data = make([]byte, 0, int(size)*g.VertexCount)
	for v := 0; v < g.VertexCount; v++ {
		for _, a := range attrs {
			for k := 0; k < a.comps; k++ {
				data = binary.LittleEndian.AppendUint32(data, math.Float32bits(a.vals[a.comps*v+k]))
			}
		}
	}
	return decl, data, size, nil
}
