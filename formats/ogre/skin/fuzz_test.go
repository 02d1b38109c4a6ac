package skin

import (
	"encoding/binary"
	"math"
	"testing"

	"packsmith/formats/ogre/mesh"
	"packsmith/formats/ogre/skeleton"
)

// FuzzPose: any skeleton that decodes poses at any time, and skinning
// any assignments (bones it lacks, vertices past the end, NaN weights)
// neither panics nor changes the number of positions.
func FuzzPose(f *testing.F) {
	sk, a := arm()
	sk.Version = "[Serializer_v1.10]"
	sk.Animations = []skeleton.Animation{*a}
	b, err := skeleton.Encode(sk)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b, 0.5, []byte{0, 0, 0, 0, 9, 0, 0, 0, 128, 63})
	f.Fuzz(func(t *testing.T, data []byte, at float64, assign []byte) {
		s, err := skeleton.Decode(data, &skeleton.Options{MaxBones: 64, MaxKeyframes: 1 << 12})
		if err != nil {
			return
		}
		var bones []mesh.BoneAssignment
		for i := 0; i+10 <= len(assign); i += 10 {
			bones = append(bones, mesh.BoneAssignment{Vertex: binary.LittleEndian.Uint32(assign[i:]) % 8,
				Bone: binary.LittleEndian.Uint16(assign[i+4:]), Weight: math.Float32frombits(binary.LittleEndian.Uint32(assign[i+6:]))})
		}
		pos := []float32{0, 0, 0, 1, 2, 3, 4, 5, 6, -1, -2, -3}
		Bind(s).Positions(pos, bones)
		for i := range s.Animations {
			if out := At(s, &s.Animations[i], at, i%2 == 0).Positions(pos, bones); len(out) != len(pos) {
				t.Fatalf("%d positions from %d", len(out), len(pos))
			}
		}
	})
}
