package mesh

import (
	"encoding/binary"
	"math"
)

// Bone assignments tie a vertex to a bone with a weight (linear blend
// skinning). Each is its own chunk, read field by field as Ogre does:
//
//	0x7000 (in the mesh, for the shared vertices)
//	0x4100 (in a submesh, for its own vertices)
//	                       u32 vertex index, u16 bone handle, f32 weight
//
// A vertex has at most four in Ogre; more are kept here and left for the
// skinning to limit.
const (
	chunkMeshBones    = 0x7000
	chunkSubmeshBones = 0x4100
)

// BoneAssignment is one vertex's weight on one bone (by handle).
type BoneAssignment struct {
	Vertex uint32
	Bone   uint16
	Weight float32
}

func (r *reader) boneAssignment() (BoneAssignment, error) {
	var a BoneAssignment
	if err := r.Need(10, "bone assignment"); err != nil {
		return a, err
	}
	a.Vertex = binary.LittleEndian.Uint32(r.B[r.Pos:])
	a.Bone = binary.LittleEndian.Uint16(r.B[r.Pos+4:])
	a.Weight = math.Float32frombits(binary.LittleEndian.Uint32(r.B[r.Pos+6:]))
	r.Pos += 10
	return a, nil
}

func appendBones(b []byte, id uint16, bones []BoneAssignment) []byte {
	for _, a := range bones {
		v := binary.LittleEndian.AppendUint32(nil, a.Vertex)
		v = binary.LittleEndian.AppendUint16(v, a.Bone)
		v = binary.LittleEndian.AppendUint32(v, math.Float32bits(a.Weight))
		b = appendChunk(b, id, v)
	}
	return b
}

// BonesOf returns the bone assignments of submesh i's vertices (the
// shared ones when it uses the shared geometry).
func (m *Mesh) BonesOf(i int) []BoneAssignment {
	if m.Submeshes[i].UseShared {
		return m.SharedBones
	}
	return m.Submeshes[i].Bones
}
