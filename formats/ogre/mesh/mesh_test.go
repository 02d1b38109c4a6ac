package mesh

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/internal/testfixtures"
)

func quad(y float32) *Geometry {
	return &Geometry{VertexCount: 4, Positions: []float32{0, y, 0, 1, y, 0, 1, y, 1, 0, y, 1}}
}

func TestRoundTripSharedAndOwn(t *testing.T) {
	m := &Mesh{
		Shared: quad(2),
		Submeshes: []Submesh{
			{Material: "floor", UseShared: true, Indices: []uint32{0, 1, 2, 0, 2, 3}},
			{Material: "multi_collision/nocollide", Geometry: quad(5), Indices: []uint32{0, 1, 2, 3}, Operation: OpTriangleStrip},
			{Material: "fan", Geometry: quad(7), Indices: []uint32{0, 1, 2, 3}, Operation: OpTriangleFan},
		},
		HasBounds: true, Min: [3]float32{0, 2, 0}, Max: [3]float32{1, 7, 1},
	}
	b, err := Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Decode(b, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got.Version != "[MeshSerializer_v1.41]" || len(got.Submeshes) != 3 || got.Shared == nil {
		t.Fatalf("decoded %+v", got)
	}
	if got.Submeshes[1].Material != "multi_collision/nocollide" || got.Submeshes[1].Operation != OpTriangleStrip {
		t.Fatalf("submesh 1: %+v", got.Submeshes[1])
	}
	var ys []float32
	var subs []int
	got.Triangles(func(s int, tr Triangle) { ys = append(ys, tr.A[1]); subs = append(subs, s) })
	// 2 listed + 2 strip + 2 fan triangles.
	want := []float32{2, 2, 5, 5, 7, 7}
	if len(ys) != len(want) {
		t.Fatalf("%d triangles, want %d", len(ys), len(want))
	}
	for i := range want {
		if ys[i] != want[i] || subs[i] != i/2 {
			t.Fatalf("triangle %d: y %v sub %d", i, ys[i], subs[i])
		}
	}
	// The strip's second triangle is wound like the first (1,0,2 → 2,1,3 swapped).
	var strip []Triangle
	got.Triangles(func(s int, tr Triangle) {
		if s == 1 {
			strip = append(strip, tr)
		}
	})
	if strip[1].A != [3]float32{0, 5, 0} && strip[1].A != [3]float32{1, 5, 1} {
		t.Fatalf("strip winding: %+v", strip[1])
	}
	lo, hi, ok := got.Bounds()
	if !ok || lo != [3]float32{0, 2, 0} || hi != [3]float32{1, 7, 1} {
		t.Fatalf("bounds %v %v", lo, hi)
	}
}

func Test32BitIndices(t *testing.T) {
	n := 70000
	g := &Geometry{VertexCount: n, Positions: make([]float32, 3*n)}
	for i := range n {
		g.Positions[3*i] = float32(i)
	}
	m := &Mesh{Submeshes: []Submesh{{Material: "m", Geometry: g, Indices: []uint32{0, 1, 69999}}}}
	b, err := Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Decode(b, nil)
	if err != nil {
		t.Fatal(err)
	}
	var last Triangle
	got.Triangles(func(_ int, tr Triangle) { last = tr })
	if last.C[0] != 69999 {
		t.Fatalf("32-bit index read as %v", last.C)
	}
	if _, err := Decode(b, &Options{MaxVertices: 1000}); err == nil || !strings.Contains(err.Error(), "70000 vertices, more than 1000") {
		t.Fatalf("vertex cap: %v", err)
	}
}

func TestIndexPastVertexCountSkipped(t *testing.T) {
	m := &Mesh{Submeshes: []Submesh{{Material: "m", Geometry: quad(0), Indices: []uint32{0, 1, 2, 0, 2, 9}}}}
	b, _ := Encode(m)
	got, err := Decode(b, nil)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	if skipped := got.Triangles(func(int, Triangle) { n++ }); n != 1 || skipped != 1 {
		t.Fatalf("%d triangles, %d skipped", n, skipped)
	}
}

func TestErrors(t *testing.T) {
	good, _ := Encode(&Mesh{Submeshes: []Submesh{{Material: "m", Geometry: quad(0), Indices: []uint32{0, 1, 2}}}})
	cases := []struct {
		name string
		b    []byte
		want string
	}{
		{"empty", nil, "offset 0: header id"},
		{"not a mesh", []byte("DDS |....."), "not an Ogre mesh"},
		{"bad version", append([]byte{0, 0x10}, "hello\n"...), "version \"hello\""},
		{"no mesh chunk", append([]byte{0, 0x10}, "[MeshSerializer_v1.41]\n"...), "no mesh chunk"},
		{"truncated", good[:len(good)-5], "left"},
		{"huge index count", func() []byte {
			b := bytes.Clone(good)
			i := bytes.Index(b, []byte("m\n")) + 3
			binary.LittleEndian.PutUint32(b[i:], 0x7FFFFFFF)
			return b
		}(), "more than"},
	}
	for _, c := range cases {
		_, err := Decode(c.b, nil)
		var fe *FormatError
		if err == nil || !errors.As(err, &fe) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want a FormatError with %q", c.name, err, c.want)
			continue
		}
		if fe.Offset < 0 || fe.Offset > int64(len(c.b)) {
			t.Errorf("%s: offset %d outside the input", c.name, fe.Offset)
		}
	}
}

// TestFixtureMeshes reads GUTS's collision meshes: their chunk lengths
// undercount the children, so they only read when lengths are used to
// skip, never to bound.
func TestFixtureMeshes(t *testing.T) {
	dir := testfixtures.Dir(t, "tl2/cyber_mod/MEDIA/LEVELSETS/CITY04")
	want := map[string][2]int{ // triangles, submeshes
		"FAKE_BLDG_1_COLLISION.MESH":   {12, 1},
		"TRUSS_NO_TOP2_COLLISION.MESH": {12, 1},
		"TRUSS_NO_TOP_COLLISION.MESH":  {144, 1},
		"TRUSS_STAIRS_COLLISION.MESH":  {92, 1},
		"TRUSS_TOP2_COLLISION.MESH":    {12, 1},
		"TRUSS_TOP_COLLISION.MESH":     {156, 1},
	}
	for name, w := range want {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		m, err := Decode(b, nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		n := 0
		m.Triangles(func(int, Triangle) { n++ })
		if n != w[0] || len(m.Submeshes) != w[1] {
			t.Errorf("%s: %d triangles in %d submeshes, want %v", name, n, len(m.Submeshes), w)
		}
		// The stored bounds are the vertex bounds.
		lo, hi, _ := m.VertexBounds()
		if !m.HasBounds || lo != m.Min || hi != m.Max {
			t.Errorf("%s: stored bounds %v %v, vertices %v %v", name, m.Min, m.Max, lo, hi)
		}
	}
	b, _ := os.ReadFile(filepath.Join(dir, "TRUSS_TOP_COLLISION.MESH"))
	m, _ := Decode(b, nil)
	if m.Submeshes[0].Material != "truss_top_collision" || m.Max != [3]float32{8.2522, 0, 7.9} {
		t.Errorf("TRUSS_TOP: material %q, max %v", m.Submeshes[0].Material, m.Max)
	}
}
