package mesh

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// viewMesh has a shared geometry with normals and UVs, a submesh of its
// own, names for both and a skeleton link.
func viewMesh() *Mesh {
	g := quad(1)
	g.Normals = []float32{0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0}
	g.UVs = []float32{0, 0, 1, 0, 1, 1, 0, 1}
	return &Mesh{
		Animated: true, Skeleton: "HUM_M.SKELETON",
		Shared: g,
		Submeshes: []Submesh{
			{Name: "body", Material: "hum_m/body", UseShared: true, Indices: []uint32{0, 1, 2, 0, 2, 3}},
			{Name: "helmet", Material: "hum_m/helm", Geometry: quad(3), Indices: []uint32{0, 1, 2, 3}, Operation: OpTriangleStrip},
		},
		HasBounds: true, Max: [3]float32{1, 3, 1},
	}
}

func TestViewerFieldsRoundTrip(t *testing.T) {
	b, err := Encode(viewMesh())
	if err != nil {
		t.Fatal(err)
	}
	m, err := Decode(b, &Options{Attributes: true})
	if err != nil {
		t.Fatal(err)
	}
	if !m.Animated || m.Skeleton != "HUM_M.SKELETON" || m.Submeshes[0].Name != "body" || m.Submeshes[1].Name != "helmet" {
		t.Fatalf("animated %v, skeleton %q, names %q %q", m.Animated, m.Skeleton, m.Submeshes[0].Name, m.Submeshes[1].Name)
	}
	g := m.Shared
	if len(g.Normals) != 12 || g.Normals[4] != 1 || len(g.UVs) != 8 || g.UVs[4] != 1 || g.UVs[5] != 1 || g.Positions[3] != 1 {
		t.Fatalf("attributes: normals %v uvs %v positions %v", g.Normals, g.UVs, g.Positions)
	}
	if m.Submeshes[1].Geometry.Normals != nil {
		t.Fatalf("the helmet has no normals, read %v", m.Submeshes[1].Geometry.Normals)
	}
	// Without Attributes the bake's reading is unchanged: positions only.
	plain, err := Decode(b, nil)
	if err != nil || plain.Shared.Normals != nil || plain.Shared.UVs != nil || plain.Submeshes[1].Name != "helmet" {
		t.Fatalf("plain decode: %v %+v", err, plain.Shared)
	}
	in := m.Info()
	if in.Vertices != 8 || in.Shared != 4 || in.Triangles != 4 || in.Submeshes[1].Triangles != 2 || in.Submeshes[1].Operation != "triangle strip" ||
		!in.Submeshes[0].HasNormals || in.Submeshes[1].HasUVs || in.Bounds.Size != [3]float32{1, 3, 1} {
		t.Fatalf("info %+v", in)
	}
}

func TestViewerFieldErrors(t *testing.T) {
	good, _ := Encode(viewMesh())
	cases := []struct {
		name string
		edit func(b []byte) []byte
		want string
	}{
		{"name for a submesh that is not there", func(b []byte) []byte {
			i := bytes.Index(b, []byte("helmet\n")) - 2
			binary.LittleEndian.PutUint16(b[i:], 7)
			return b
		}, `submesh name "helmet" for submesh 7, the mesh has 2`},
		{"skeleton link without end of line", func(b []byte) []byte {
			i := bytes.Index(b, []byte("HUM_M.SKELETON\n"))
			return b[:i+5]
		}, "skeleton link: no end of line"},
		{"normal past the vertex", func(b []byte) []byte {
			// The second element (the normal) of the shared declaration: offset 12 → 40.
			i := bytes.Index(b, []byte{0x10, 0x51})
			i = bytes.Index(b[i+6:], []byte{0x10, 0x51}) + i + 6
			binary.LittleEndian.PutUint16(b[i+6+6:], 40)
			return b
		}, "vertex element (semantic 4) at offset 40 does not fit a 32-byte vertex"},
	}
	for _, c := range cases {
		b := c.edit(bytes.Clone(good))
		_, err := Decode(b, &Options{Attributes: true})
		var fe *FormatError
		if err == nil || !errors.As(err, &fe) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
			continue
		}
		if fe.Offset < 0 || fe.Offset > int64(len(b)) {
			t.Errorf("%s: offset %d outside the input", c.name, fe.Offset)
		}
	}
}

// FuzzDecodeViewer: the viewer's paths (attributes, names, skeleton link)
// decode or fail with a FormatError inside the input, and Info agrees with
// the submeshes read. Seeds: testdata/fuzz/FuzzDecodeViewer.
func FuzzDecodeViewer(f *testing.F) {
	for _, s := range viewerSeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := Decode(b, &Options{MaxVertices: 1 << 16, MaxIndices: 1 << 18, MaxSubmeshes: 64, Attributes: true})
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) || fe.Offset < 0 || fe.Offset > int64(len(b)) {
				t.Fatalf("bad error %v", err)
			}
			return
		}
		in := m.Info()
		if len(in.Submeshes) != len(m.Submeshes) {
			t.Fatalf("info has %d submeshes, mesh %d", len(in.Submeshes), len(m.Submeshes))
		}
		for _, g := range append([]*Geometry{m.Shared}, func() (gs []*Geometry) {
			for i := range m.Submeshes {
				gs = append(gs, m.Submeshes[i].Geometry)
			}
			return
		}()...) {
			if g != nil && ((g.Normals != nil && len(g.Normals) != 3*g.VertexCount) || (g.UVs != nil && len(g.UVs) != 2*g.VertexCount)) {
				t.Fatalf("%d vertices, %d normal and %d UV floats", g.VertexCount, len(g.Normals), len(g.UVs))
			}
		}
	})
}

func viewerSeeds() [][]byte {
	b, _ := Encode(viewMesh())
	return [][]byte{b}
}

func TestWriteViewerFuzzSeeds(t *testing.T) {
	if os.Getenv("PACKSMITH_WRITE_SEEDS") == "" {
		t.Skip("set PACKSMITH_WRITE_SEEDS=1 to rewrite testdata/fuzz")
	}
	dir := filepath.Join("testdata", "fuzz", "FuzzDecodeViewer")
	os.MkdirAll(dir, 0o755)
	for i, s := range viewerSeeds() {
		body := "go test fuzz v1\n[]byte(" + quoteBytes(s) + ")\n"
		if err := os.WriteFile(filepath.Join(dir, "seed"+string(rune('0'+i))), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestListIndicesMatchTriangles: the unrolled lists give the triangles
// Triangles walks, in order and winding, and drop the same bad ones.
func TestListIndicesMatchTriangles(t *testing.T) {
	m := viewMesh()
	m.Submeshes = append(m.Submeshes, Submesh{Material: "fan", UseShared: true, Indices: []uint32{0, 1, 2, 3, 9}, Operation: OpTriangleFan})
	var walked []Triangle
	skipped := m.Triangles(func(_ int, tr Triangle) { walked = append(walked, tr) })
	var listed []Triangle
	dropped := 0
	for i := range m.Submeshes {
		s := &m.Submeshes[i]
		g := s.Geometry
		if s.UseShared {
			g = m.Shared
		}
		idx, d := s.ListIndices(uint32(g.VertexCount))
		dropped += d
		at := func(k uint32) [3]float32 { return [3]float32{g.Positions[3*k], g.Positions[3*k+1], g.Positions[3*k+2]} }
		for j := 0; j+2 < len(idx); j += 3 {
			listed = append(listed, Triangle{at(idx[j]), at(idx[j+1]), at(idx[j+2])})
		}
	}
	if len(listed) != len(walked) || dropped != skipped || dropped != 1 {
		t.Fatalf("%d listed, %d walked; dropped %d, skipped %d", len(listed), len(walked), dropped, skipped)
	}
	for i := range walked {
		if listed[i] != walked[i] {
			t.Fatalf("triangle %d: listed %v, walked %v", i, listed[i], walked[i])
		}
	}
}
