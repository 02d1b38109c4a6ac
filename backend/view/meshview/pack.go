package meshview

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"

	"packsmith/backend/sys/finitejson"
	"packsmith/backend/sys/limits"
	"packsmith/backend/tl2/levelbake"
	"packsmith/formats/ogre/mesh"
	"packsmith/formats/tl2/mpp"
	"packsmith/formats/tl2/mppbake"
)

// Pack is the window's 3D data, sent as one binary body:
//
//	"PSM1"   magic
//	u32      n, the length of the JSON header
//	n bytes  JSON (PackHeader), padded with spaces to a multiple of 4
//	blob     little-endian arrays the header points into by byte offset
//	         (from the start of the blob): f32 positions (x, y, z),
//	         normals (x, y, z), UVs (u, v); u32 triangle-list indices;
//	         u8 walk grid cells
//
// Strips and fans are turned into lists; triangles with an index past the
// vertex count are dropped (and counted).
const Magic = "PSM1"

// PackHeader is the JSON of a pack.
type PackHeader struct {
	Kind   string     `json:"kind"` // "mesh" or "level"
	Meshes []PackMesh `json:"meshes"`
	// Level only.
	Layout        string      `json:"layout,omitempty"`
	Decompiled    bool        `json:"decompiled,omitempty"` // piece lines are of the BINLAYOUT's decompiled text
	Pieces        []PackPiece `json:"pieces,omitempty"`
	Missing       string      `json:"missing,omitempty"`
	MissingVisual []string    `json:"missingVisual,omitempty"`
	Grid          *PackGrid   `json:"grid,omitempty"`
	Problems      []string    `json:"problems,omitempty"`
}

// PackMesh is one mesh: its summary and where its arrays are.
type PackMesh struct {
	Key        string        `json:"key"`
	Collision  bool          `json:"collision,omitempty"` // a collision mesh standing in for a missing visual one
	Info       mesh.Info     `json:"info"`
	Skeleton   string        `json:"skeletonFile,omitempty"`
	Bones      int           `json:"bones"`
	BoneNote   string        `json:"boneNote,omitempty"`
	Geometries []PackGeom    `json:"geometries"`
	Submeshes  []PackSubmesh `json:"submeshes"`
	Dropped    int           `json:"dropped,omitempty"` // triangles with an index past the vertices
	Skin       *PackSkin     `json:"skin,omitempty"`    // a skinned mesh's skeleton and animations (packskin.go)
}

// PackGeom is a vertex set; offsets are -1 when absent.
type PackGeom struct {
	Vertices int `json:"vertices"`
	Pos      int `json:"pos"`
	Nrm      int `json:"nrm"`
	UV       int `json:"uv"`
}

// PackSubmesh is one submesh: its geometry, its indices and its material.
type PackSubmesh struct {
	Name     string `json:"name,omitempty"`
	Geometry int    `json:"geometry"`
	Index    int    `json:"index"` // offset of count u32s
	Count    int    `json:"count"`
	Material string `json:"material"`
	Texture  string `json:"texture,omitempty"`  // file key, for /api/modeltex
	Problem  string `json:"problem,omitempty"`  // why it draws untextured
	Blend    string `json:"blend,omitempty"`    // "alpha", "add": the texture's alpha as the material blends it (material.Alpha)
	AlphaCut int    `json:"alphaCut,omitempty"` // texels with alpha below it are not drawn (alpha_rejection); 0: none
}

// PackPiece is one placed Room Piece.
type PackPiece struct {
	levelbake.ScenePiece
	MeshIndex int         `json:"meshIndex"` // into Meshes, -1: drawn as its bounds (or not at all)
	World     [12]float64 `json:"world12"`   // row-major 3×4
	Min       [3]float32  `json:"min"`
	Max       [3]float32  `json:"max"`
	HasBounds bool        `json:"hasBounds"`
}

// PackGrid is the walk grid overlay: cells (u8 classes, row-major, rows
// along +Z) at Cells; cell (i, j) centred at (X0 + 0.4·i, Z0 + 0.4·j).
type PackGrid struct {
	levelbake.GridFrame
	Cells  int               `json:"cells"`
	Source string            `json:"source"` // the .MPP, or "baked" when there is none
	Colors map[string]string `json:"colors"`
}

type packer struct {
	blob bytes.Buffer
}

func (p *packer) floats(v []float32) int {
	if v == nil {
		return -1
	}
	off := p.blob.Len()
	var b [4]byte
	for _, f := range v {
		binary.LittleEndian.PutUint32(b[:], math.Float32bits(f))
		p.blob.Write(b[:])
	}
	return off
}

func (p *packer) u32s(v []uint32) int {
	off := p.blob.Len()
	var b [4]byte
	for _, x := range v {
		binary.LittleEndian.PutUint32(b[:], x)
		p.blob.Write(b[:])
	}
	return off
}

func (p *packer) bytes(v []byte) int {
	off := p.blob.Len()
	p.blob.Write(v)
	for p.blob.Len()%4 != 0 {
		p.blob.WriteByte(0)
	}
	return off
}

// addMesh packs a decoded mesh, resolving materials and the skeleton
// through res (nil: none resolved).
func (p *packer) addMesh(key string, m *mesh.Mesh, res *Resolver) PackMesh {
	pm := PackMesh{Key: key, Info: m.Info(), Bones: 0}
	geoms := map[*mesh.Geometry]int{}
	geom := func(g *mesh.Geometry) int {
		if i, ok := geoms[g]; ok {
			return i
		}
		pg := PackGeom{Vertices: g.VertexCount, Pos: p.floats(g.Positions), Nrm: p.floats(g.Normals), UV: p.floats(g.UVs)}
		geoms[g] = len(pm.Geometries)
		pm.Geometries = append(pm.Geometries, pg)
		return geoms[g]
	}
	for i := range m.Submeshes {
		s := &m.Submeshes[i]
		g := s.Geometry
		if s.UseShared {
			g = m.Shared
		}
		ps := PackSubmesh{Name: s.Name, Material: s.Material, Geometry: -1}
		if g != nil && g.Positions != nil {
			ps.Geometry = geom(g)
			idx, d := s.ListIndices(uint32(g.VertexCount))
			pm.Dropped += d
			ps.Index, ps.Count = p.u32s(idx), len(idx)
		}
		if res != nil {
			ref := res.Material(s.Material)
			ps.Texture, ps.Problem, ps.Blend, ps.AlphaCut = ref.File, ref.Problem, ref.Blend, ref.AlphaCut
		} else {
			ps.Problem = "no mod to look the material up in"
		}
		pm.Submeshes = append(pm.Submeshes, ps)
	}
	if m.Skeleton != "" {
		if res != nil {
			pm.Skeleton, pm.Bones, pm.BoneNote = res.Skeleton(key, m.Skeleton)
		} else {
			pm.BoneNote = "skeleton " + m.Skeleton + " not looked up"
		}
	}
	return pm
}

// addShape packs collision triangles as a mesh of unshared vertices.
func (p *packer) addShape(key string, s *mppbake.Shape) PackMesh {
	pos := make([]float32, 0, 9*len(s.Triangles))
	for _, t := range s.Triangles {
		pos = append(pos, t.A[0], t.A[1], t.A[2], t.B[0], t.B[1], t.B[2], t.C[0], t.C[1], t.C[2])
	}
	idx := make([]uint32, len(pos)/3)
	for i := range idx {
		idx[i] = uint32(i)
	}
	pm := PackMesh{Key: key, Collision: true}
	pm.Geometries = []PackGeom{{Vertices: len(idx), Pos: p.floats(pos), Nrm: -1, UV: -1}}
	pm.Submeshes = []PackSubmesh{{Geometry: 0, Index: p.u32s(idx), Count: len(idx), Material: "(collision mesh)", Problem: "collision mesh: the visual mesh is missing"}}
	pm.Info = mesh.Info{Vertices: len(idx), Triangles: len(s.Triangles), Submeshes: []mesh.SubmeshInfo{{Material: "(collision mesh)", Vertices: len(idx), Triangles: len(s.Triangles), Operation: "triangle list"}}}
	pm.Info.Bounds = mesh.BoundsInfo{Stored: true, Min: s.Min, Max: s.Max, Size: [3]float32{s.Max[0] - s.Min[0], s.Max[1] - s.Min[1], s.Max[2] - s.Min[2]}}
	return pm
}

func (p *packer) finish(h *PackHeader) ([]byte, error) {
	js, err := json.Marshal(h)
	var unsupported *json.UnsupportedValueError
	if errors.As(err, &unsupported) {
		// NaN or ±Inf from the file (a mesh's stored bounds): JSON has no
		// such number, so it goes as null, named among the problems.
		_, findings := finitejson.Sanitize(h)
		h.Problems = append(h.Problems, findings...)
		clean, _ := finitejson.Sanitize(h)
		js, err = json.Marshal(clean)
	}
	if err != nil {
		return nil, err
	}
	for len(js)%4 != 0 {
		js = append(js, ' ')
	}
	out := make([]byte, 0, 8+len(js)+p.blob.Len())
	out = append(out, Magic...)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(js)))
	out = append(out, js...)
	return append(out, p.blob.Bytes()...), nil
}

// PackMeshFileContext packs one mesh for a request or a job: its unit's
// skeletons are read within budget (nil: limits.DefaultMB) and ctx is
// looked at for every listed animation, read and packed (issue 44: a unit
// listing 12,000 animations held the window's model view for seconds);
// its error is then the only error.
func PackMeshFileContext(ctx context.Context, budget *limits.Budget, key string, m *mesh.Mesh, res *Resolver) ([]byte, *PackHeader, error) {
	var p packer
	h := &PackHeader{Kind: "mesh", Meshes: []PackMesh{p.addMesh(key, m, res)}}
	if res != nil {
		h.Problems = res.Problems
		skin, err := p.addSkin(ctx, budget, key, m, res)
		if err != nil {
			return nil, nil, err
		}
		h.Meshes[0].Skin = skin
	}
	b, err := p.finish(h)
	return b, h, err
}

// PackLevel packs a scene: each distinct visual mesh once (a collision
// mesh in place of a missing visual one), the pieces pointing at them, and
// the walk grid (grid may be nil) over the floor.
func PackLevel(sc *levelbake.Scene, grid *mpp.Grid, gridSource string, res *Resolver) ([]byte, *PackHeader, error) {
	var p packer
	h := &PackHeader{Kind: "level", Layout: sc.Layout, Decompiled: sc.Decompiled, Meshes: []PackMesh{}, Missing: sc.MissingText, MissingVisual: sc.MissingVisual}
	if res != nil {
		h.Problems = res.Problems
	}
	index := map[string]int{}
	for _, sp := range sc.Pieces {
		pp := PackPiece{ScenePiece: sp, MeshIndex: -1}
		for r := range 3 {
			for c := range 4 {
				pp.World[4*r+c] = sp.World[r][c]
			}
		}
		switch {
		case sp.Geometry != nil:
			k := sp.Mesh
			if _, ok := index[k]; !ok {
				index[k] = len(h.Meshes)
				h.Meshes = append(h.Meshes, p.addMesh(k, sp.Geometry, res))
			}
			pp.MeshIndex = index[k]
			if lo, hi, ok := sp.Geometry.Bounds(); ok {
				pp.Min, pp.Max, pp.HasBounds = lo, hi, true
			}
		case sp.Shape != nil:
			k := sp.Collision
			if _, ok := index[k]; !ok {
				index[k] = len(h.Meshes)
				h.Meshes = append(h.Meshes, p.addShape(k, sp.Shape))
			}
			pp.MeshIndex = index[k]
			pp.Min, pp.Max, pp.HasBounds = sp.Shape.Min, sp.Shape.Max, sp.Shape.Min[0] <= sp.Shape.Max[0]
		}
		h.Pieces = append(h.Pieces, pp)
	}
	if grid != nil {
		f := levelbake.FrameOfGrid(grid)
		cells := make([]byte, len(grid.Cells))
		for i, c := range grid.Cells {
			cells[i] = byte(c)
		}
		h.Grid = &PackGrid{GridFrame: f, Cells: p.bytes(cells), Source: gridSource, Colors: gridColors()}
	}
	b, err := p.finish(h)
	return b, h, err
}

// ParsePack splits a pack into its header and blob (for tests and tools).
func ParsePack(b []byte) (*PackHeader, []byte, error) {
	if len(b) < 8 || string(b[:4]) != Magic {
		return nil, nil, fmt.Errorf("offset 0: not a %s pack", Magic)
	}
	n := int64(binary.LittleEndian.Uint32(b[4:]))
	if 8+n > int64(len(b)) {
		return nil, nil, fmt.Errorf("offset 4: header of %d bytes, %d left", n, len(b)-8)
	}
	var h PackHeader
	if err := json.Unmarshal(b[8:8+n], &h); err != nil {
		return nil, nil, fmt.Errorf("offset 8: %w", err)
	}
	return &h, b[8+n:], nil
}

func gridColors() map[string]string {
	hex := func(r, g, b uint8) string { return fmt.Sprintf("#%02X%02X%02X", r, g, b) }
	return map[string]string{
		"walkable": hex(0xD9, 0xE8, 0xC4), "wall": hex(0x8A, 0x4B, 0x2E), "void": hex(0x1B, 0x1E, 0x2B),
	}
}
