package mesh

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
)

// Encode writes m as an Ogre binary mesh ("[MeshSerializer_v1.41]"):
// positions (one FLOAT3 POSITION element per geometry; normals and UVs
// interleaved after them when the geometry has them), 32-bit
// indices when an index does not fit 16 bits, the operation type when it
// is not a triangle list, and the bounds when HasBounds is set. Chunk
// lengths include the children. It is what tests and benchmarks build
// collision meshes with.
func Encode(m *Mesh) ([]byte, error) {
	b := binary.LittleEndian.AppendUint16(nil, chunkHeader)
	b = append(b, "[MeshSerializer_v1.41]\n"...)
	body := []byte{boolByte(m.Animated)}
	if m.Shared != nil {
		g, err := encodeGeometry(m.Shared)
		if err != nil {
			return nil, fmt.Errorf("shared geometry: %w", err)
		}
		body = append(body, g...)
	}
	for i := range m.Submeshes {
		s, err := encodeSubmesh(&m.Submeshes[i])
		if err != nil {
			return nil, fmt.Errorf("submesh %d: %w", i, err)
		}
		body = append(body, s...)
	}
	body = appendBones(body, chunkMeshBones, m.SharedBones)
	body, err := appendExtras(body, m)
	if err != nil {
		return nil, err
	}
	if m.HasBounds {
		var v []byte
		for _, f := range append(m.Min[:], m.Max[:]...) {
			v = binary.LittleEndian.AppendUint32(v, math.Float32bits(f))
		}
		v = binary.LittleEndian.AppendUint32(v, 0)
		body = appendChunk(body, chunkBounds, v)
	}
	return appendChunk(b, chunkMesh, body), nil
}

func appendChunk(b []byte, id uint16, body []byte) []byte {
	b = binary.LittleEndian.AppendUint16(b, id)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(body)+6))
	return append(b, body...)
}

func encodeSubmesh(s *Submesh) ([]byte, error) {
	if strings.ContainsRune(s.Material, '\n') {
		return nil, fmt.Errorf("material name %q holds a line break", s.Material)
	}
	if len(s.Material) > maxMaterialName {
		// Decode stops looking for the line's end there.
		return nil, fmt.Errorf("material name of %d bytes, more than %d", len(s.Material), maxMaterialName)
	}
	b := append([]byte(s.Material), '\n')
	b = append(b, boolByte(s.UseShared))
	b = binary.LittleEndian.AppendUint32(b, uint32(len(s.Indices)))
	wide := false
	for _, i := range s.Indices {
		if i > 0xFFFF {
			wide = true
		}
	}
	b = append(b, boolByte(wide))
	for _, i := range s.Indices {
		if wide {
			b = binary.LittleEndian.AppendUint32(b, i)
		} else {
			b = binary.LittleEndian.AppendUint16(b, uint16(i))
		}
	}
	if !s.UseShared {
		if s.Geometry == nil {
			return nil, fmt.Errorf("no geometry and not shared")
		}
		g, err := encodeGeometry(s.Geometry)
		if err != nil {
			return nil, err
		}
		b = append(b, g...)
	}
	if s.Operation != 0 && s.Operation != OpTriangleList {
		b = appendChunk(b, chunkOperation, binary.LittleEndian.AppendUint16(nil, s.Operation))
	}
	b = appendBones(b, chunkSubmeshBones, s.Bones)
	return appendChunk(nil, chunkSubmesh, b), nil
}

func encodeGeometry(g *Geometry) ([]byte, error) {
	if len(g.Positions) != 3*g.VertexCount {
		return nil, fmt.Errorf("%d position floats for %d vertices", len(g.Positions), g.VertexCount)
	}
	b := binary.LittleEndian.AppendUint32(nil, uint32(g.VertexCount))
	decl, data, size, err := encodeVertices(g)
	if err != nil {
		return nil, err
	}
	b = appendChunk(b, chunkDecl, decl)
	buf := binary.LittleEndian.AppendUint16(nil, 0)
	buf = binary.LittleEndian.AppendUint16(buf, size)
	buf = appendChunk(buf, chunkBufferData, data)
	b = appendChunk(b, chunkBuffer, buf)
	return appendChunk(nil, chunkGeometry, b), nil
}

func boolByte(v bool) byte {
	if v {
		return 1
	}
	return 0
}
