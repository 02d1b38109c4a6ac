package mesh

import (
	"encoding/binary"
	"math"
	"strings"
	"testing"
)

// fuzzMesh builds a mesh from the fuzzer's values: data supplies the
// floats (4 bytes each, any bit pattern) and the indices; shape picks the
// shared geometry (bit 0), 1–3 submeshes (bits 1–2), normals (bit 3), UVs
// (bit 4), bounds (bit 5), the animated flag (bit 6) and the operation of
// each submesh (from bit 7 on, per submesh).
func fuzzMesh(data []byte, shape uint16, material, name, skeleton string) *Mesh {
	word := func(i int) uint32 {
		if len(data) < 4 {
			return uint32(i) * 2654435761
		}
		j := (4 * i) % (len(data) - len(data)%4)
		return binary.LittleEndian.Uint32(data[j:])
	}
	next := 0
	float := func() float32 { next++; return math.Float32frombits(word(next)) }
	geometry := func(vc int) *Geometry {
		g := &Geometry{VertexCount: vc, Positions: make([]float32, 3*vc)}
		for i := range g.Positions {
			g.Positions[i] = float()
		}
		if shape&8 != 0 {
			g.Normals = make([]float32, 3*vc)
			for i := range g.Normals {
				g.Normals[i] = float()
			}
		}
		if shape&16 != 0 {
			g.UVs = make([]float32, 2*vc)
			for i := range g.UVs {
				g.UVs[i] = float()
			}
		}
		return g
	}
	vc := len(data) % 7
	m := &Mesh{Animated: shape&64 != 0, Skeleton: skeleton, HasBounds: shape&32 != 0}
	if shape&1 != 0 {
		m.Shared = geometry(vc)
	}
	for i := 0; i < 1+int(shape>>1&3)%3; i++ {
		s := Submesh{Material: material, Name: name, Operation: []uint16{0, OpTriangleList, OpTriangleStrip, OpTriangleFan}[shape>>(7+2*i)&3]}
		if i > 0 {
			s.Material += string(rune('0' + i))
			s.Name = ""
		}
		if m.Shared != nil && i%2 == 0 {
			s.UseShared = true
		} else {
			s.Geometry = geometry(vc + i)
		}
		for j := 0; j < len(data)%11; j++ {
			ix := word(next + j)
			if shape&(1<<15) == 0 {
				ix &= 0xFFFF // 16-bit indices unless the top bit asks for wide ones
			}
			s.Indices = append(s.Indices, ix)
		}
		m.Submeshes = append(m.Submeshes, s)
	}
	if m.HasBounds {
		for i := range m.Min {
			m.Min[i], m.Max[i] = float(), float()
		}
	}
	return m
}

// sameFloats compares bit patterns (NaNs included) and lengths (nil and
// empty alike).
func sameFloats(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
			return false
		}
	}
	return true
}

func sameGeometry(a, b *Geometry) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.VertexCount == b.VertexCount && sameFloats(a.Positions, b.Positions) &&
		sameFloats(a.Normals, b.Normals) && sameFloats(a.UVs, b.UVs)
}

// Names longer than Decode reads are refused by Encode: it wrote them, and
// the file did not read back (found by FuzzEncodeRoundTrip's contract).
func TestEncodeRefusesNamesDecodeCannotRead(t *testing.T) {
	long := strings.Repeat("n", 1025)
	for what, m := range map[string]*Mesh{
		"material": {Submeshes: []Submesh{{Material: long, Geometry: quad(0)}}},
		"name":     {Submeshes: []Submesh{{Material: "a", Name: long, Geometry: quad(0)}}},
		"skeleton": {Skeleton: long, Submeshes: []Submesh{{Material: "a", Geometry: quad(0)}}},
	} {
		if _, err := Encode(m); err == nil || !strings.Contains(err.Error(), "more than 1024") {
			t.Errorf("%s of 1025 bytes: %v", what, err)
		}
	}
	// 1024 bytes is what Decode reads: written and read back.
	ok := strings.Repeat("k", 1024)
	b, err := Encode(&Mesh{Skeleton: ok, Submeshes: []Submesh{{Material: ok, Name: ok, Geometry: quad(0)}}})
	if err != nil {
		t.Fatal(err)
	}
	m, err := Decode(b, nil)
	if err != nil || m.Skeleton != ok || m.Submeshes[0].Material != ok || m.Submeshes[0].Name != ok {
		t.Fatalf("1024-byte names: %v", err)
	}
}

// FuzzEncodeRoundTrip: a mesh Encode writes, Decode (with attributes)
// reads back as it was: geometry bit for bit, indices, operations (0 reads
// as the triangle list it means), materials, submesh names, the skeleton
// link, bounds and the animated flag; a name with a line break (which the
// format cannot hold) is refused by Encode or, for the optional names,
// left out.
func FuzzEncodeRoundTrip(f *testing.F) {
	quadBytes := make([]byte, 0, 48)
	for _, v := range quad(2).Positions {
		quadBytes = binary.LittleEndian.AppendUint32(quadBytes, math.Float32bits(v))
	}
	f.Add(quadBytes, uint16(0), "floor", "", "")
	f.Add(quadBytes, uint16(1|2|8|16|32|64|2<<7|3<<9), "multi_collision/nocollide", "part", "units/x.skeleton")
	f.Add([]byte{0, 0, 0xC0, 0x7F, 1, 2, 3, 4, 0xFF, 0xFF, 0xFF, 0xFF, 9}, uint16(4|1<<15), "nan and wide", "ü☃", "")
	f.Add([]byte{}, uint16(1), "empty", "", "")
	f.Fuzz(func(t *testing.T, data []byte, shape uint16, material, name, skeleton string) {
		want := fuzzMesh(data, shape, material, name, skeleton)
		b, err := Encode(want)
		if err != nil {
			if strings.ContainsRune(material, '\n') || len(material) > maxMaterialName-1 ||
				len(name) > maxSubmeshNameSize || len(skeleton) > maxSkeletonName {
				return // what the format cannot hold (a second submesh's material gets a digit)
			}
			t.Fatalf("encode: %v", err)
		}
		if strings.ContainsRune(material, '\n') {
			t.Fatalf("a material with a line break was written")
		}
		got, err := Decode(b, &Options{Attributes: true})
		if err != nil {
			t.Fatalf("what Encode wrote does not decode: %v", err)
		}
		if got.Animated != want.Animated || got.HasBounds != want.HasBounds || len(got.Submeshes) != len(want.Submeshes) {
			t.Fatalf("mesh: got %+v, want %+v", got, want)
		}
		wantSkel := want.Skeleton
		if strings.ContainsRune(wantSkel, '\n') {
			wantSkel = ""
		}
		if got.Skeleton != wantSkel {
			t.Fatalf("skeleton %q, want %q", got.Skeleton, wantSkel)
		}
		if want.HasBounds && !(sameFloats(got.Min[:], want.Min[:]) && sameFloats(got.Max[:], want.Max[:])) {
			t.Fatalf("bounds %v %v, want %v %v", got.Min, got.Max, want.Min, want.Max)
		}
		if !sameGeometry(got.Shared, want.Shared) {
			t.Fatalf("shared geometry %+v, want %+v", got.Shared, want.Shared)
		}
		for i := range want.Submeshes {
			g, w := &got.Submeshes[i], want.Submeshes[i]
			if w.Operation == 0 {
				w.Operation = OpTriangleList
			}
			if strings.ContainsRune(w.Name, '\n') {
				w.Name = ""
			}
			if g.Material != w.Material || g.Name != w.Name || g.UseShared != w.UseShared || g.Operation != w.Operation {
				t.Fatalf("submesh %d: got %q %q shared %v op %d, want %q %q shared %v op %d", i,
					g.Material, g.Name, g.UseShared, g.Operation, w.Material, w.Name, w.UseShared, w.Operation)
			}
			if len(g.Indices) != len(w.Indices) {
				t.Fatalf("submesh %d: %d indices, want %d", i, len(g.Indices), len(w.Indices))
			}
			for j := range w.Indices {
				if g.Indices[j] != w.Indices[j] {
					t.Fatalf("submesh %d index %d: %d, want %d", i, j, g.Indices[j], w.Indices[j])
				}
			}
			if !sameGeometry(g.Geometry, w.Geometry) {
				t.Fatalf("submesh %d geometry %+v, want %+v", i, g.Geometry, w.Geometry)
			}
		}
		// Written again, the decoded mesh gives the same bytes.
		again, err := Encode(got)
		if err != nil || string(again) != string(b) {
			t.Fatalf("decode → encode changed the bytes: %v", err)
		}
	})
}
