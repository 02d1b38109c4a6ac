package skeleton

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"packsmith/internal/testfixtures"
)

// walkCounts is a second, independent reading of a skeleton: a flat walk
// over the chunk headers that knows only how many body bytes each id
// takes (no nesting, no checks), counting bones, animations, tracks and
// keyframes.
type walkCounts struct{ bones, anims, tracks, keys int }

func walk(t *testing.T, b []byte) walkCounts {
	t.Helper()
	var c walkCounts
	p := bytes.IndexByte(b, '\n') + 1
	line := func() { p += bytes.IndexByte(b[p:], '\n') + 1 }
	for p+6 <= len(b) {
		id, n := binary.LittleEndian.Uint16(b[p:]), binary.LittleEndian.Uint32(b[p+2:])
		p += 6
		switch id {
		case 0x2000:
			c.bones++
			line()
			p += 30
			if n > 36 {
				p += 12
			}
		case 0x3000:
			p += 4
		case 0x4000:
			c.anims++
			line()
			p += 4
		case 0x4010, 0x5000:
			line()
			p += 4
		case 0x4100:
			c.tracks++
			p += 2
		case 0x4110:
			c.keys++
			p += 32
			if n > 38 {
				p += 12
			}
		case 0x1010:
			p += 2
		default:
			t.Fatalf("walker: chunk 0x%04X at %d", id, p-6)
		}
	}
	if p != len(b) {
		t.Fatalf("walker: ended at %d of %d", p, len(b))
	}
	return c
}

func countsOf(s *Skeleton) walkCounts {
	c := walkCounts{bones: len(s.Bones), anims: len(s.Animations)}
	for _, a := range s.Animations {
		c.tracks += len(a.Tracks)
		for _, tr := range a.Tracks {
			c.keys += len(tr.Keyframes)
		}
	}
	return c
}

func fixtureSkeletons(t *testing.T) []string {
	dir := testfixtures.Dir(t, "tl2")
	var out []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".skeleton") {
			out = append(out, p)
		}
		return nil
	})
	testfixtures.AtLeast(t, len(out), 22, "fixture .SKELETON files")
	return out
}

// TestFixtureSkeletons reads every real skeleton: its counts match the
// independent walk, it encodes back to the same bytes, and the stated
// chunk lengths are Ogre's (a bone chunk says 36 whatever its name).
func TestFixtureSkeletons(t *testing.T) {
	for _, p := range fixtureSkeletons(t) {
		name := filepath.Base(p)
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		s, err := Decode(b, nil)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if s.Version != "[Serializer_v1.10]" {
			t.Errorf("%s: version %q", name, s.Version)
		}
		if got, want := countsOf(s), walk(t, b); got != want {
			t.Errorf("%s: decoded %+v, walker %+v", name, got, want)
		}
		if len(s.Bones) == 0 || len(s.Parents) != len(s.Bones)-len(s.Info().Roots) {
			t.Errorf("%s: %d bones, %d parent links, roots %v", name, len(s.Bones), len(s.Parents), s.Info().Roots)
		}
		out, err := Encode(s)
		if err != nil {
			t.Fatalf("%s: encode: %v", name, err)
		}
		if !bytes.Equal(out, b) {
			i := 0
			for i < len(out) && i < len(b) && out[i] == b[i] {
				i++
			}
			t.Errorf("%s: encoded %d bytes, file %d; first difference at %d", name, len(out), len(b), i)
		}
	}
}

// TestMonster pins figures of the NETHERIM_FLYER skeletons.
func TestMonster(t *testing.T) {
	dir := testfixtures.Dir(t, "tl2/monster/MEDIA/UNITS/MONSTERS/NETHERIM/NETHERIM_FLYERA")
	read := func(n string) *Skeleton {
		b, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		s, err := Decode(b, nil)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	bind := read("NETHERIM_FLYER.SKELETON")
	in := bind.Info()
	t.Logf("bind: %d bones, roots %v, %d animations", in.Bones, in.Roots, len(in.Animations))
	if in.Bones == 0 || len(in.Roots) != 1 || in.Roots[0] != "root" || in.Bones != 37 {
		t.Errorf("bind skeleton: %+v", in)
	}
	// Bip01's bind pose: y 0.18432, z 3.0518, a quarter turn about z.
	b0 := bind.Bones[0]
	if b0.Name != "Bip01" || b0.Handle != 0 {
		t.Errorf("first bone %q handle %d", b0.Name, b0.Handle)
	}
	if b0.Position[0] != 0 || b0.Position[1] < 0.18 || b0.Position[1] > 0.19 || b0.Orientation[2] > -0.70 || b0.Orientation[3] < 0.70 || b0.HasScale {
		t.Errorf("Bip01 %+v", b0)
	}
	idle := read("IDLE.SKELETON")
	if len(idle.Animations) != 1 || len(idle.Bones) != len(bind.Bones) {
		t.Fatalf("IDLE: %d animations, %d bones (bind %d)", len(idle.Animations), len(idle.Bones), len(bind.Bones))
	}
	a := idle.Animations[0]
	t.Logf("IDLE: %q length %g, %d tracks", a.Name, a.Length, len(a.Tracks))
	if a.Length <= 0 || len(a.Tracks) == 0 || len(a.Tracks[0].Keyframes) < 2 {
		t.Errorf("IDLE animation %q length %g tracks %d", a.Name, a.Length, len(a.Tracks))
	}
	for i, b := range idle.Bones {
		if b.Name != bind.Bones[i].Name || b.Handle != bind.Bones[i].Handle {
			t.Errorf("IDLE bone %d %q/%d, bind %q/%d", i, b.Name, b.Handle, bind.Bones[i].Name, bind.Bones[i].Handle)
		}
	}
}

func generated(scale bool) *Skeleton {
	one := [3]float32{1, 1, 1}
	sc := one
	if scale {
		sc = [3]float32{2, 0.5, 1.5}
	}
	s := &Skeleton{
		Version: "[Serializer_v1.80]", HasBlendMode: scale,
		Bones: []Bone{
			{Name: "root", Handle: 0, Position: [3]float32{0, 1, 0}, Orientation: [4]float32{0, 0, 0, 1}, Scale: sc, HasScale: scale},
			{Name: "arm with a long name", Handle: 3, Position: [3]float32{1, 0, 0}, Orientation: [4]float32{0, 0.7071068, 0, 0.7071068}, Scale: one},
			{Name: "", Handle: 7, Orientation: [4]float32{0, 0, 0, 1}, Scale: one},
		},
		Parents: []Parent{{3, 0}, {7, 3}},
		Animations: []Animation{
			{Name: "wave", Length: 2, Tracks: []Track{
				{Bone: 3, Keyframes: []Keyframe{
					{Time: 0, Rotation: [4]float32{0, 0, 0, 1}, Scale: one},
					{Time: 1, Rotation: [4]float32{0, 0, 0.5, 0.8660254}, Translation: [3]float32{0, 0.25, 0}, Scale: sc, HasScale: scale},
					{Time: 2, Rotation: [4]float32{0, 0, 0, 1}, Scale: one},
				}},
				{Bone: 7},
			}},
			{Name: "empty", Length: 0},
			{Name: "based", Length: 1, Base: "wave", BaseKeyTime: 0.5, HasBase: true, Tracks: []Track{{Bone: 0, Keyframes: []Keyframe{{Time: 0.5, Rotation: [4]float32{0, 0, 0, 1}, Scale: one}}}}},
		},
		Links: []Link{{Skeleton: "other.skeleton", Scale: 1}},
	}
	if scale {
		s.BlendMode = 1
	}
	return s
}

// TestRoundTrip: generated skeletons, with and without scales, decode to
// what was encoded, and the lengths are Ogre's.
func TestRoundTrip(t *testing.T) {
	for _, scale := range []bool{false, true} {
		s := generated(scale)
		b, err := Encode(s)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Decode(b, nil)
		if err != nil {
			t.Fatalf("scale %v: %v", scale, err)
		}
		if !reflect.DeepEqual(got, s) {
			t.Errorf("scale %v: decoded\n%+v\nwant\n%+v", scale, got, s)
		}
		if c, w := countsOf(got), walk(t, b); c != w {
			t.Errorf("scale %v: %+v, walker %+v", scale, c, w)
		}
		// The first bone chunk follows the header line (and the blend mode).
		p := len("\x00\x10[Serializer_v1.80]\n")
		if scale {
			p += 8
		}
		want := uint32(36)
		if scale {
			want = 48
		}
		if id, n := binary.LittleEndian.Uint16(b[p:]), binary.LittleEndian.Uint32(b[p+2:]); id != 0x2000 || n != want {
			t.Errorf("scale %v: first chunk 0x%04X length %d, want 0x2000 length %d", scale, id, n, want)
		}
	}
}

func TestInfo(t *testing.T) {
	in := generated(true).Info()
	want := Info{Version: "[Serializer_v1.80]", Bones: 3, Roots: []string{"root"}, Animations: []AnimationInfo{
		{"wave", 2, 2, 3}, {"empty", 0, 0, 0}, {"based", 1, 1, 1}}, Links: []Link{{"other.skeleton", 1}}}
	if !reflect.DeepEqual(in, want) {
		t.Errorf("info %+v, want %+v", in, want)
	}
	if p := generated(false).ParentOf(); !reflect.DeepEqual(p, []int{-1, 0, 1}) {
		t.Errorf("parents %v", p)
	}
}

// TestErrors: bad input names the offset of the problem.
func TestErrors(t *testing.T) {
	good, _ := Encode(generated(false))
	bone0 := len("\x00\x10[Serializer_v1.80]\n")
	dup := bytes.Clone(good)
	// The second bone's handle (3) becomes 0, the first's.
	h := bone0 + 36 + len("root\n") + 6 + len("arm with a long name\n")
	binary.LittleEndian.PutUint16(dup[h:], 0)
	cases := []struct {
		name string
		b    []byte
		want string
	}{
		{"empty", nil, "offset 0: header id: needs 2 bytes, 0 left"},
		{"mesh", []byte("\x00\x10[MeshSerializer_v1.41]\n"), `offset 2: not an Ogre skeleton: version "[MeshSerializer_v1.41]"`},
		{"no line", []byte("\x00\x10[Serializer_v1.10]"), "offset 2: version: no end of line"},
		{"cut bone", good[:bone0+20], "bone 0: skeleton: offset 34: bone position: needs 12 bytes, 7 left"},
		{"tail", append(bytes.Clone(good), 1, 2, 3), "3 bytes after the last chunk"},
		{"dup handle", dup, "bone \"arm with a long name\": handle 0 is already taken"},
		{"unknown", append(bytes.Clone(good[:bone0]), 0x35, 0xBF, 0x18, 0x05, 0x35, 0x3F), "unknown chunk 0xBF35 of length 1060439320 does not fit"},
	}
	for _, c := range cases {
		_, err := Decode(c.b, nil)
		var fe *FormatError
		if err == nil || !errors.As(err, &fe) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
	// Caps.
	if _, err := Decode(good, &Options{MaxBones: 2}); err == nil || !strings.Contains(err.Error(), "more than 2 bones") {
		t.Errorf("bone cap: %v", err)
	}
	if _, err := Decode(good, &Options{MaxKeyframes: 3}); err == nil || !strings.Contains(err.Error(), "more than 3 keyframes") {
		t.Errorf("keyframe cap: %v", err)
	}
	if _, err := Encode(&Skeleton{Version: "[Serializer_v1.10]", Bones: []Bone{{Name: "a\nb"}}}); err == nil {
		t.Error("a name with a line break encoded")
	}
}
