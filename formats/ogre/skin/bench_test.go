package skin

import (
	"os"
	"path/filepath"
	"testing"

	"packsmith/formats/ogre/mesh"
	"packsmith/formats/ogre/skeleton"
	"packsmith/internal/testfixtures"
)

// BenchmarkPose poses the monster (37 bones) at a time of IDLE and skins
// its 791 vertices: one frame of `render --anim`.
func BenchmarkPose(b *testing.B) {
	dir := testfixtures.Dir(b, "tl2/monster/MEDIA/UNITS/MONSTERS/NETHERIM/NETHERIM_FLYERA")
	read := func(n string) []byte {
		d, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			b.Fatal(err)
		}
		return d
	}
	m, _ := mesh.Decode(read("NETHERIM_FLYER.MESH"), nil)
	bind, _ := skeleton.Decode(read("NETHERIM_FLYER.SKELETON"), nil)
	idle, _ := skeleton.Decode(read("IDLE.SKELETON"), nil)
	if m == nil || bind == nil || idle == nil {
		b.Fatal("fixtures did not decode")
	}
	b.ReportAllocs()
	for b.Loop() {
		At(bind, &idle.Animations[0], 1.234, true).Positions(m.Shared.Positions, m.SharedBones)
	}
}
