package meshview

import (
	"math"
	"strings"
	"testing"

	"packsmith/backend/tl2/levelbake"
	"packsmith/formats/ogre/mesh"
	"packsmith/internal/testfixtures"
)

// TestPackSkin: the monster's pack carries its 37 bones, a weight set of
// four per vertex summing to one, and its 11 animations with events at
// FRAME / 30 seconds and absolute keys.
func TestPackSkin(t *testing.T) {
	root := testfixtures.Dir(t, "tl2/monster")
	bk, err := levelbake.New(root, "")
	if err != nil {
		t.Fatal(err)
	}
	defer bk.Close()
	res := NewResolver(bk.Mod())
	key := "MEDIA/UNITS/MONSTERS/NETHERIM/NETHERIM_FLYERA/NETHERIM_FLYER.MESH"
	data, _, err := bk.Mod().ReadFile(key)
	if err != nil {
		t.Fatal(err)
	}
	m, err := mesh.Decode(data, &mesh.Options{Attributes: true})
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := PackMeshFile(key, m, res)
	if err != nil {
		t.Fatal(err)
	}
	h, blob, err := ParsePack(b)
	if err != nil {
		t.Fatal(err)
	}
	pm := h.Meshes[0]
	if pm.Submeshes[0].Texture != "MEDIA/UNITS/MONSTERS/NETHERIM/NETHERIM_FLYERA/NETHERIM_FLYER.DDS" || pm.Bones != 37 {
		t.Errorf("texture %q (%s), bones %d (%s)", pm.Submeshes[0].Texture, pm.Submeshes[0].Problem, pm.Bones, pm.BoneNote)
	}
	// Its material blends the texture's alpha and cuts below 201
	// (scene_blend alpha_blend, alpha_rejection greater 200): the window
	// draws it so (issue 46: alpha was drawn opaque).
	if sm := pm.Submeshes[0]; sm.Blend != "alpha" || sm.AlphaCut != 201 {
		t.Errorf("alpha: blend %q, cut %d", sm.Blend, sm.AlphaCut)
	}
	s := pm.Skin
	if s == nil || len(s.Bones) != 37 || len(s.Weights) != len(pm.Geometries) || len(s.Animations) != 11 || s.FPS != 30 {
		t.Fatalf("skin %+v", s)
	}
	roots := 0
	for i, bn := range s.Bones {
		if bn.Parent < 0 {
			roots++
		} else if bn.Parent >= len(s.Bones) || bn.Parent == i {
			t.Errorf("bone %d parent %d", i, bn.Parent)
		}
	}
	if roots != 1 {
		t.Errorf("%d roots", roots)
	}
	f32 := func(off, i int) float32 {
		return math.Float32frombits(uint32(blob[off+4*i]) | uint32(blob[off+4*i+1])<<8 | uint32(blob[off+4*i+2])<<16 | uint32(blob[off+4*i+3])<<24)
	}
	u32 := func(off, i int) uint32 { return math.Float32bits(f32(off, i)) }
	nv := pm.Geometries[0].Vertices
	for v := range nv {
		sum := 0.0
		for k := range 4 {
			sum += float64(f32(s.Weights[0].Weight, 4*v+k))
			if u32(s.Weights[0].Index, 4*v+k) >= 37 {
				t.Fatalf("vertex %d: bone index %d", v, u32(s.Weights[0].Index, 4*v+k))
			}
		}
		if math.Abs(sum-1) > 1e-5 {
			t.Fatalf("vertex %d: weights sum to %g", v, sum)
		}
	}
	a := s.Animations[0]
	if a.Name != "Attack1" || !strings.EqualFold(a.File, "attack1.skeleton") || len(a.Events) != 4 || a.Events[0].Name != "HIT" || math.Abs(a.Events[0].Time-20.0/30) > 1e-12 || len(a.Tracks) != 33 || a.Length != 1 {
		t.Errorf("Attack1 %+v", a)
	}
	// Idle's keys at time 0 are the bind pose (the file's offsets there
	// are identity): packed absolute keys equal the bones' bind values.
	var idle *PackAnim
	for i := range s.Animations {
		if s.Animations[i].Name == "Idle" {
			idle = &s.Animations[i]
		}
	}
	if idle == nil || len(idle.Tracks) != 34 {
		t.Fatalf("Idle %+v", idle)
	}
	for _, tr := range idle.Tracks {
		bn := s.Bones[tr.Bone]
		if f32(tr.Times, 0) != 0 {
			continue
		}
		for c := range 3 {
			if math.Abs(float64(f32(tr.Pos, c)-bn.Pos[c])) > 1e-5 {
				t.Fatalf("Idle bone %d key 0 pos %g, bind %v", tr.Bone, f32(tr.Pos, c), bn.Pos)
			}
		}
	}
}

// TestPackSkinUnweighted: a geometry with no bone assignment is sent
// without weights (the window draws it static, not collapsed), and a
// weighted one's unassigned vertex hangs on bone 0 with weight 1.
func TestPackSkinUnweighted(t *testing.T) {
	idx, w := topFour(2, []mesh.BoneAssignment{{Vertex: 1, Bone: 5, Weight: 2}, {Vertex: 1, Bone: 6, Weight: 6}}, map[uint16]int{5: 0, 6: 1})
	if idx[0] != 0 || w[0] != 1 || idx[4] != 1 || w[4] != 0.75 || idx[5] != 0 || w[5] != 0.25 {
		t.Errorf("indices %v weights %v", idx, w)
	}
}
