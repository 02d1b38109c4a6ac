package mesh_test

import (
	"fmt"

	"packsmith/formats/ogre/mesh"
)

// Decode reads a binary Ogre .MESH: submeshes with their material,
// geometry and indices. The file here is a one-triangle mesh written by
// Encode.
func ExampleDecode() {
	b, err := mesh.Encode(&mesh.Mesh{Submeshes: []mesh.Submesh{{
		Material: "stone",
		Geometry: &mesh.Geometry{VertexCount: 3, Positions: []float32{0, 0, 0, 1, 0, 0, 0, 0, 1}},
		Indices:  []uint32{0, 1, 2},
	}}})
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := mesh.Decode(b, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	s := m.Submeshes[0]
	fmt.Println(s.Material, s.Geometry.VertexCount, s.Indices)
	m.Triangles(func(sub int, t mesh.Triangle) { fmt.Println(sub, t.A, t.B, t.C) })
	// Output:
	// stone 3 [0 1 2]
	// 0 [0 0 0] [1 0 0] [0 0 1]
}
