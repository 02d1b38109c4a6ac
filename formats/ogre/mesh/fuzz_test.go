package mesh

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzDecode: any input decodes or fails with a FormatError inside it, and
// a decoded mesh's triangles can be walked. Seeds: testdata/fuzz/FuzzDecode
// (written by TestWriteFuzzSeeds with PACKSMITH_WRITE_SEEDS=1).
func FuzzDecode(f *testing.F) {
	for _, s := range seeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := Decode(b, &Options{MaxVertices: 1 << 16, MaxIndices: 1 << 18, MaxSubmeshes: 64})
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) || fe.Offset < 0 || fe.Offset > int64(len(b)) {
				t.Fatalf("bad error %v", err)
			}
			return
		}
		m.Triangles(func(int, Triangle) {})
		m.Bounds()
	})
}

func seeds() [][]byte {
	var out [][]byte
	for _, m := range []*Mesh{
		{Submeshes: []Submesh{{Material: "a", Geometry: quad(0), Indices: []uint32{0, 1, 2, 0, 2, 3}}}, HasBounds: true, Max: [3]float32{1, 0, 1}},
		{Shared: quad(1), Submeshes: []Submesh{{Material: "nocollide", UseShared: true, Indices: []uint32{0, 1, 2, 3}, Operation: OpTriangleStrip}}},
		{Shared: quad(1), SharedBones: []BoneAssignment{{0, 1, 0.5}, {1, 2, 1}}, Animated: true, Skeleton: "s.skeleton",
			Submeshes: []Submesh{{Material: "m", UseShared: true, Indices: []uint32{0, 1, 2}}, {Material: "o", Geometry: quad(0), Indices: []uint32{0, 1, 2}, Bones: []BoneAssignment{{3, 0, 1}}}}},
	} {
		b, _ := Encode(m)
		out = append(out, b)
	}
	return out
}

func TestWriteFuzzSeeds(t *testing.T) {
	if os.Getenv("PACKSMITH_WRITE_SEEDS") == "" {
		t.Skip("set PACKSMITH_WRITE_SEEDS=1 to rewrite testdata/fuzz")
	}
	dir := filepath.Join("testdata", "fuzz", "FuzzDecode")
	os.MkdirAll(dir, 0o755)
	for i, s := range seeds() {
		body := "go test fuzz v1\n[]byte(" + quoteBytes(s) + ")\n"
		if err := os.WriteFile(filepath.Join(dir, "seed"+string(rune('0'+i))), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func quoteBytes(b []byte) string {
	const hex = "0123456789abcdef"
	out := []byte{'"'}
	for _, c := range b {
		out = append(out, '\\', 'x', hex[c>>4], hex[c&15])
	}
	return string(append(out, '"'))
}
