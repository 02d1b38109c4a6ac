package mesh

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strings"

	"packsmith/formats/ogre/chunk"
)

// Chunk ids (OgreMeshFileFormat.h).
const (
	chunkHeader      = 0x1000
	chunkMesh        = 0x3000
	chunkSubmesh     = 0x4000
	chunkOperation   = 0x4010
	chunkGeometry    = 0x5000
	chunkDecl        = 0x5100
	chunkElement     = 0x5110
	chunkBuffer      = 0x5200
	chunkBufferData  = 0x5210
	chunkBounds      = 0x9000
	vetFloat3        = 2
	vesPosition      = 1
	maxVersionLength = 64
	// maxMaterialName is the longest material name read (and written).
	maxMaterialName = 1024
)

// Operation types of a submesh.
const (
	OpPointList     = 1
	OpLineList      = 2
	OpLineStrip     = 3
	OpTriangleList  = 4
	OpTriangleStrip = 5
	OpTriangleFan   = 6
)

// Options caps what a mesh may hold. Zero fields take the defaults.
type Options struct {
	MaxSubmeshes int // default 4096
	MaxVertices  int // per geometry, default 1<<22
	MaxIndices   int // per submesh, default 1<<24
	// Attributes also reads normals and texture coordinates (viewers).
	Attributes bool
}

func (o *Options) withDefaults() Options {
	var r Options
	if o != nil {
		r = *o
	}
	if r.MaxSubmeshes <= 0 {
		r.MaxSubmeshes = 4096
	}
	if r.MaxVertices <= 0 {
		r.MaxVertices = 1 << 22
	}
	if r.MaxIndices <= 0 {
		r.MaxIndices = 1 << 24
	}
	return r
}

// Mesh is the collision-relevant content of a .MESH file.
type Mesh struct {
	Version   string
	Shared    *Geometry // nil when the mesh has no shared vertex data
	Submeshes []Submesh
	// HasBounds tells whether the file stored bounds (chunk 0x9000).
	HasBounds bool
	Min, Max  [3]float32
	// Animated is the skeletallyAnimated flag; Skeleton the skeleton link
	// (chunk 0x6000), "" when none (detail.go).
	Animated bool
	Skeleton string
	// SharedBones are the bone assignments of the shared vertices (chunk
	// 0x7000), in file order (skin.go).
	SharedBones []BoneAssignment
}

// Submesh is one part of a mesh with its own material.
type Submesh struct {
	Name      string // from the submesh name table (0xA000), "" when none
	Material  string
	UseShared bool
	Operation uint16
	Indices   []uint32
	Geometry  *Geometry // its own vertices; nil when UseShared
	// Bones are the bone assignments of its own vertices (chunk 0x4100).
	Bones []BoneAssignment
}

// Geometry is a vertex set; only positions are kept.
type Geometry struct {
	VertexCount int
	// Positions holds x, y, z per vertex; nil when the geometry has no
	// FLOAT3 POSITION element.
	Positions []float32
	// Normals (x, y, z) and UVs (u, v, first texture coordinate set) per
	// vertex, read with Options.Attributes; nil when absent.
	Normals, UVs []float32
}

// Errors a FormatError wraps, for errors.Is: every one is ErrFormat; one
// that ran out of bytes (a field past the end of its chunk or the file) is
// also ErrTruncated.
var (
	ErrFormat    = errors.New("mesh: not a readable Ogre mesh")
	ErrTruncated = errors.New("mesh: truncated")
)

// FormatError describes input that is not a readable mesh.
type FormatError struct {
	Offset int64
	Msg    string
	Err    error // ErrTruncated or nil; ErrFormat always
}

func (e *FormatError) Error() string {
	return fmt.Sprintf("mesh: offset %d: %s", e.Offset, e.Msg)
}

// Unwrap gives ErrFormat and, when set, Err.
func (e *FormatError) Unwrap() []error {
	if e.Err != nil {
		return []error{ErrFormat, e.Err}
	}
	return []error{ErrFormat}
}

// reader is the shared Ogre field reader (formats/ogre/chunk), its End
// the current chunk's end, with the decode's options.
type reader struct {
	chunk.Reader
	opt Options
}

// formatError is the chunk reader's error as a FormatError.
func formatError(off int, truncated bool, msg string) error {
	e := &FormatError{Offset: int64(off), Msg: msg}
	if truncated {
		e.Err = ErrTruncated
	}
	return e
}

// chunk reads a chunk header: its id and its length (which counts the six
// header bytes). As in Ogre's own reader, the length is trusted only to
// skip a chunk that is not read: exporters write too small a length for
// chunks with children.
func (r *reader) chunk() (id uint16, n int, err error) {
	start := r.Pos
	if id, err = r.U16("chunk id"); err != nil {
		return
	}
	u, err := r.U32("chunk length")
	if err != nil {
		return
	}
	if u < 6 {
		return 0, 0, r.Fail(start, "chunk 0x%04X: length %d is shorter than its header", id, u)
	}
	if int64(u) > int64(r.End-start) {
		u = uint32(r.End - start) // skipping may need it; reading does not
	}
	return id, int(u), nil
}

// peek reads the next chunk header when one is there; ok is false at the
// end of the input.
func (r *reader) peek() (id uint16, start, n int, ok bool, err error) {
	if r.End-r.Pos < 6 {
		return 0, 0, 0, false, nil
	}
	start = r.Pos
	id, n, err = r.chunk()
	return id, start, n, err == nil, err
}

func (r *reader) skip(start, n int) { r.Pos = start + n }

// Decode reads a .MESH file.
func Decode(b []byte, opt *Options) (*Mesh, error) {
	r := &reader{Reader: chunk.New(b, formatError), opt: opt.withDefaults()}
	id, err := r.U16("header id")
	if err != nil {
		return nil, err
	}
	if id != chunkHeader {
		return nil, r.Fail(0, "not an Ogre mesh: header id 0x%04X, want 0x1000", id)
	}
	m := &Mesh{}
	if m.Version, err = r.Line("version", maxVersionLength); err != nil {
		return nil, err
	}
	if !strings.HasPrefix(m.Version, "[MeshSerializer_v") {
		return nil, r.Fail(2, "not an Ogre mesh: version %q", m.Version)
	}
	found := false
	for {
		id, start, n, ok, err := r.peek()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		if id == chunkMesh && !found {
			found = true
			if err := r.mesh(m); err != nil {
				return nil, err
			}
			continue
		}
		r.skip(start, n)
	}
	if !found {
		return nil, r.Fail(len(b), "no mesh chunk (0x3000)")
	}
	return m, nil
}

// meshChildren are the chunk ids Ogre reads inside a mesh.
func meshChild(id uint16) bool {
	switch id {
	case chunkGeometry, chunkSubmesh, 0x6000, 0x7000, 0x8000, chunkBounds, 0xA000, 0xB000, 0xC000, 0xD000, 0xE000:
		return true
	}
	return false
}

func (r *reader) mesh(m *Mesh) error {
	var err error
	if m.Animated, err = r.Bool("skeletallyAnimated"); err != nil {
		return err
	}
	for {
		id, start, n, ok, err := r.peek()
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		if !meshChild(id) {
			r.Pos = start
			break
		}
		switch id {
		case chunkGeometry:
			if m.Shared != nil {
				return r.Fail(start, "second shared geometry chunk")
			}
			if m.Shared, err = r.geometry(); err != nil {
				return fmt.Errorf("shared geometry: %w", err)
			}
		case chunkSubmesh:
			if len(m.Submeshes) >= r.opt.MaxSubmeshes {
				return r.Fail(start, "more than %d submeshes", r.opt.MaxSubmeshes)
			}
			s, err := r.submesh()
			if err != nil {
				return fmt.Errorf("submesh %d: %w", len(m.Submeshes), err)
			}
			m.Submeshes = append(m.Submeshes, s)
		case chunkBounds:
			var v [7]float32
			for i := range v {
				u, err := r.U32("bounds")
				if err != nil {
					return err
				}
				v[i] = math.Float32frombits(u)
			}
			m.HasBounds = true
			copy(m.Min[:], v[0:3])
			copy(m.Max[:], v[3:6])
			r.skip(start, n)
		case chunkMeshBones:
			a, err := r.boneAssignment()
			if err != nil {
				return fmt.Errorf("shared bone assignment %d: %w", len(m.SharedBones), err)
			}
			m.SharedBones = append(m.SharedBones, a)
		case chunkSkeletonLink, chunkSubmeshNames:
			if err := r.meshExtra(m, id, start, n); err != nil {
				return err
			}
		default:
			r.skip(start, n)
		}
	}
	for i, s := range m.Submeshes {
		if s.UseShared && m.Shared == nil {
			return r.Fail(r.Pos, "submesh %d uses shared vertices but the mesh has none", i)
		}
	}
	return nil
}

func (r *reader) submesh() (Submesh, error) {
	s := Submesh{Operation: OpTriangleList}
	var err error
	if s.Material, err = r.Line("material name", maxMaterialName); err != nil {
		return s, err
	}
	if s.UseShared, err = r.Bool("useSharedVertices"); err != nil {
		return s, err
	}
	n, err := r.U32("index count")
	if err != nil {
		return s, err
	}
	wide, err := r.Bool("indexes32Bit")
	if err != nil {
		return s, err
	}
	if n > 0 {
		size := 2
		if wide {
			size = 4
		}
		if int64(n) > int64(r.opt.MaxIndices) {
			return s, r.Fail(r.Pos, "%d indices, more than %d", n, r.opt.MaxIndices)
		}
		if err := r.Need(int(n)*size, fmt.Sprintf("%d indices", n)); err != nil {
			return s, err
		}
		s.Indices = make([]uint32, n)
		for i := range s.Indices {
			if wide {
				s.Indices[i] = binary.LittleEndian.Uint32(r.B[r.Pos:])
			} else {
				s.Indices[i] = uint32(binary.LittleEndian.Uint16(r.B[r.Pos:]))
			}
			r.Pos += size
		}
	}
	if !s.UseShared {
		id, start, _, ok, err := r.peek()
		if err != nil {
			return s, err
		}
		if !ok || id != chunkGeometry {
			return s, r.Fail(start, "submesh %q: its own vertex data (chunk 0x5000) is missing", s.Material)
		}
		if s.Geometry, err = r.geometry(); err != nil {
			return s, err
		}
	}
	for {
		id, start, n, ok, err := r.peek()
		if err != nil {
			return s, err
		}
		if !ok {
			break
		}
		switch id {
		case chunkOperation:
			if s.Operation, err = r.U16("operation type"); err != nil {
				return s, err
			}
			r.skip(start, n)
		case chunkSubmeshBones:
			a, err := r.boneAssignment()
			if err != nil {
				return s, fmt.Errorf("bone assignment %d: %w", len(s.Bones), err)
			}
			s.Bones = append(s.Bones, a)
		case 0x4200: // texture aliases
			r.skip(start, n)
		default:
			r.Pos = start
			return s, nil
		}
	}
	return s, nil
}

type element struct{ source, typ, semantic, offset, index uint16 }

// declaration reads a vertex declaration's elements (chunks 0x5110),
// up to the first chunk that is not one.
func (r *reader) declaration() ([]element, error) {
	var elems []element
	for {
		eid, estart, _, ok, err := r.peek()
		if err != nil {
			return nil, err
		}
		if !ok {
			return elems, nil
		}
		if eid != chunkElement {
			r.Pos = estart
			return elems, nil
		}
		var v [5]uint16
		for i := range v {
			if v[i], err = r.U16("vertex element"); err != nil {
				return nil, err
			}
		}
		elems = append(elems, element{v[0], v[1], v[2], v[3], v[4]})
	}
}

// vertexBuffer reads a vertex buffer's binding and vertex size and
// takes its data chunk's n vertices (bounded by the chunk).
func (r *reader) vertexBuffer(n uint32) (vbuf, error) {
	bind, err := r.U16("bind index")
	if err != nil {
		return vbuf{}, err
	}
	size, err := r.U16("vertex size")
	if err != nil {
		return vbuf{}, err
	}
	did, dstart, _, ok, err := r.peek()
	if err != nil {
		return vbuf{}, err
	}
	if !ok || did != chunkBufferData {
		return vbuf{}, r.Fail(dstart, "vertex buffer %d: its data chunk (0x5210) is missing", bind)
	}
	want := int64(n) * int64(size)
	if int64(r.End-r.Pos) < want {
		return vbuf{}, r.Short(dstart, "vertex buffer %d: %d vertices of %d bytes need %d bytes, %d left", bind, n, size, want, r.End-r.Pos)
	}
	b := vbuf{bind: bind, size: size, data: r.B[r.Pos : r.Pos+int(want)], off: r.Pos}
	r.Pos += int(want)
	return b, nil
}

func (r *reader) geometry() (*Geometry, error) {
	g := &Geometry{}
	n, err := r.U32("vertex count")
	if err != nil {
		return nil, err
	}
	if int64(n) > int64(r.opt.MaxVertices) {
		return nil, r.Fail(r.Pos-4, "%d vertices, more than %d", n, r.opt.MaxVertices)
	}
	g.VertexCount = int(n)
	var elems []element
	var bufs []vbuf
loop:
	for {
		id, start, _, ok, err := r.peek()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		switch id {
		case chunkDecl:
			es, err := r.declaration()
			if err != nil {
				return nil, err
			}
			elems = append(elems, es...)
		case chunkBuffer:
			b, err := r.vertexBuffer(n)
			if err != nil {
				return nil, err
			}
			bufs = append(bufs, b)
		default:
			r.Pos = start
			break loop
		}
	}
	var pos *element
	for i := range elems {
		if elems[i].semantic == vesPosition {
			pos = &elems[i]
			break
		}
	}
	if pos == nil || n == 0 {
		return g, nil
	}
	if pos.typ != vetFloat3 {
		return nil, r.Fail(r.Pos, "position element of type %d, only FLOAT3 (2) is read", pos.typ)
	}
	for _, b := range bufs {
		if b.bind != pos.source {
			continue
		}
		if int(pos.offset)+12 > int(b.size) {
			return nil, r.Fail(b.off, "position at offset %d does not fit a %d-byte vertex", pos.offset, b.size)
		}
		g.Positions = make([]float32, 3*int(n))
		for v := 0; v < int(n); v++ {
			p := v*int(b.size) + int(pos.offset)
			for k := 0; k < 3; k++ {
				g.Positions[3*v+k] = math.Float32frombits(binary.LittleEndian.Uint32(b.data[p+4*k:]))
			}
		}
		if r.opt.Attributes {
			if err := r.attributes(g, elems, bufs); err != nil {
				return nil, err
			}
		}
		return g, nil
	}
	return nil, r.Fail(r.Pos, "no vertex buffer for the position source %d", pos.source)
}

// Triangle is one triangle of a submesh, in the mesh's own space.
type Triangle struct {
	A, B, C [3]float32
}

// Triangles calls fn for every triangle of every submesh (triangle lists,
// strips and fans; other operations draw none). Indices past the vertex
// count are skipped and counted in the returned number.
func (m *Mesh) Triangles(fn func(sub int, t Triangle)) (skipped int) {
	for si := range m.Submeshes {
		s := &m.Submeshes[si]
		g := s.Geometry
		if s.UseShared {
			g = m.Shared
		}
		if g == nil || g.Positions == nil {
			continue
		}
		nv := uint32(g.VertexCount)
		at := func(i uint32) [3]float32 {
			return [3]float32{g.Positions[3*i], g.Positions[3*i+1], g.Positions[3*i+2]}
		}
		emit := func(a, b, c uint32) {
			if a >= nv || b >= nv || c >= nv {
				skipped++
				return
			}
			fn(si, Triangle{at(a), at(b), at(c)})
		}
		idx := s.Indices
		eachTriangle(s.Operation, idx, emit)
	}
	return skipped
}

// VertexBounds returns the box of every vertex position, and false when
// the mesh has none.
func (m *Mesh) VertexBounds() (lo, hi [3]float32, ok bool) {
	add := func(g *Geometry) {
		if g == nil {
			return
		}
		for i := 0; i+2 < len(g.Positions); i += 3 {
			for k := 0; k < 3; k++ {
				v := g.Positions[i+k]
				if !ok || v < lo[k] {
					lo[k] = v
				}
				if !ok || v > hi[k] {
					hi[k] = v
				}
			}
			ok = true
		}
	}
	add(m.Shared)
	for i := range m.Submeshes {
		add(m.Submeshes[i].Geometry)
	}
	return
}

// Bounds returns the stored bounds, or the vertex bounds when the file
// stored none.
func (m *Mesh) Bounds() (lo, hi [3]float32, ok bool) {
	if m.HasBounds {
		return m.Min, m.Max, true
	}
	return m.VertexBounds()
}

// eachTriangle calls emit for every triangle of a submesh's indices: a
// list three at a time, a strip with every other triangle's first two
// corners swapped (so all keep one winding), a fan around its first index;
// other operations (points, lines) have none.
func eachTriangle(op uint16, idx []uint32, emit func(a, b, c uint32)) {
	switch op {
	case OpTriangleList:
		for i := 0; i+2 < len(idx); i += 3 {
			emit(idx[i], idx[i+1], idx[i+2])
		}
	case OpTriangleStrip:
		for i := 0; i+2 < len(idx); i++ {
			if i&1 == 0 {
				emit(idx[i], idx[i+1], idx[i+2])
			} else {
				emit(idx[i+1], idx[i], idx[i+2])
			}
		}
	case OpTriangleFan:
		for i := 1; i+1 < len(idx); i++ {
			emit(idx[0], idx[i], idx[i+1])
		}
	}
}
