package mesh

// Info is a mesh's summary for `packsmith info` and the window: per
// submesh its name, material, vertices and triangles as the chunks
// declare them (index count / 3 for a list, count − 2 for a strip or fan).
type Info struct {
	Version   string        `json:"version"`
	Animated  bool          `json:"skeletallyAnimated"`
	Skeleton  string        `json:"skeleton,omitempty"`
	Shared    int           `json:"sharedVertices"` // vertices of the shared geometry
	Vertices  int           `json:"vertices"`       // shared + every submesh's own
	Triangles int           `json:"triangles"`
	Bounds    BoundsInfo    `json:"bounds"`
	Submeshes []SubmeshInfo `json:"submeshes"`
}

// BoundsInfo is the box the file stores (or the vertices' when it stores
// none) and its size in game units.
type BoundsInfo struct {
	Stored bool       `json:"stored"`
	Min    [3]float32 `json:"min"`
	Max    [3]float32 `json:"max"`
	Size   [3]float32 `json:"size"`
}

// SubmeshInfo is one submesh of Info.
type SubmeshInfo struct {
	Name       string `json:"name,omitempty"`
	Material   string `json:"material"`
	UseShared  bool   `json:"usesShared"`
	Operation  string `json:"operation"`
	Vertices   int    `json:"vertices"`
	Indices    int    `json:"indices"`
	Triangles  int    `json:"triangles"`
	HasNormals bool   `json:"normals"`
	HasUVs     bool   `json:"uvs"`
}

// OperationName names an operation type.
func OperationName(op uint16) string {
	switch op {
	case OpPointList:
		return "point list"
	case OpLineList:
		return "line list"
	case OpLineStrip:
		return "line strip"
	case OpTriangleList:
		return "triangle list"
	case OpTriangleStrip:
		return "triangle strip"
	case OpTriangleFan:
		return "triangle fan"
	}
	return "unknown"
}

// DeclaredTriangles is the number of triangles a submesh's index count
// makes with its operation, before any index is checked.
func (s *Submesh) DeclaredTriangles() int {
	n := len(s.Indices)
	switch s.Operation {
	case OpTriangleList:
		return n / 3
	case OpTriangleStrip, OpTriangleFan:
		return max(n-2, 0)
	}
	return 0
}

// Info summarises the mesh.
func (m *Mesh) Info() Info {
	in := Info{Version: m.Version, Animated: m.Animated, Skeleton: m.Skeleton, Submeshes: []SubmeshInfo{}}
	if m.Shared != nil {
		in.Shared = m.Shared.VertexCount
		in.Vertices = m.Shared.VertexCount
	}
	for i := range m.Submeshes {
		s := &m.Submeshes[i]
		g := s.Geometry
		if s.UseShared {
			g = m.Shared
		} else if g != nil {
			in.Vertices += g.VertexCount
		}
		si := SubmeshInfo{Name: s.Name, Material: s.Material, UseShared: s.UseShared, Operation: OperationName(s.Operation),
			Indices: len(s.Indices), Triangles: s.DeclaredTriangles()}
		if g != nil {
			si.Vertices = g.VertexCount
			si.HasNormals, si.HasUVs = g.Normals != nil, g.UVs != nil
		}
		in.Triangles += si.Triangles
		in.Submeshes = append(in.Submeshes, si)
	}
	lo, hi, ok := m.Bounds()
	if ok {
		in.Bounds = BoundsInfo{Stored: m.HasBounds, Min: lo, Max: hi, Size: [3]float32{hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]}}
	}
	return in
}

// ListIndices turns the submesh's indices into a triangle list (strips
// and fans unrolled with the winding Triangles gives them), dropping and
// counting triangles that index past nv.
func (s *Submesh) ListIndices(nv uint32) (out []uint32, dropped int) {
	idx := s.Indices
	out = make([]uint32, 0, 3*s.DeclaredTriangles())
	emit := func(a, b, c uint32) {
		if a >= nv || b >= nv || c >= nv {
			dropped++
			return
		}
		out = append(out, a, b, c)
	}
	eachTriangle(s.Operation, idx, emit)
	return out, dropped
}
