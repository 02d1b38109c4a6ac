package mesh

import (
	"os"
	"reflect"
	"testing"

	"packsmith/internal/testfixtures"
)

// TestMonsterBones: the skinned fixture mesh has a weight for every
// vertex, on bones of its 37-bone skeleton, summing to one.
func TestMonsterBones(t *testing.T) {
	p := testfixtures.File(t, "tl2/monster", "MEDIA/UNITS/MONSTERS/NETHERIM/NETHERIM_FLYERA/NETHERIM_FLYER.MESH")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Decode(b, &Options{Attributes: true})
	if err != nil {
		t.Fatal(err)
	}
	if !m.Animated || m.Skeleton == "" {
		t.Fatalf("animated %v skeleton %q", m.Animated, m.Skeleton)
	}
	for i := range m.Submeshes {
		g := m.Submeshes[i].Geometry
		if m.Submeshes[i].UseShared {
			g = m.Shared
		}
		sum := make([]float64, g.VertexCount)
		for _, a := range m.BonesOf(i) {
			if int(a.Vertex) >= g.VertexCount || a.Bone >= 37 {
				t.Fatalf("submesh %d: assignment %+v out of range (%d vertices)", i, a, g.VertexCount)
			}
			sum[a.Vertex] += float64(a.Weight)
		}
		for v, s := range sum {
			if s < 0.99 || s > 1.01 {
				t.Fatalf("submesh %d vertex %d: weights sum to %g", i, v, s)
			}
		}
		t.Logf("submesh %d %q: %d vertices, %d assignments", i, m.Submeshes[i].Material, g.VertexCount, len(m.BonesOf(i)))
	}
	t.Logf("shared %d, skeleton %q", len(m.SharedBones), m.Skeleton)
}

// TestBonesRoundTrip: assignments of shared and own vertices survive
// Encode and Decode.
func TestBonesRoundTrip(t *testing.T) {
	m := &Mesh{Shared: quad(0), Animated: true, Skeleton: "a.skeleton",
		SharedBones: []BoneAssignment{{0, 1, 0.25}, {0, 2, 0.75}, {3, 0, 1}},
		Submeshes: []Submesh{
			{Material: "a", UseShared: true, Indices: []uint32{0, 1, 2}},
			{Material: "b", Geometry: quad(1), Indices: []uint32{0, 1, 2}, Operation: OpTriangleStrip, Bones: []BoneAssignment{{2, 9, 0.5}}},
		}}
	b, err := Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Decode(b, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.SharedBones, m.SharedBones) || !reflect.DeepEqual(got.Submeshes[1].Bones, m.Submeshes[1].Bones) || got.Submeshes[0].Bones != nil {
		t.Errorf("shared %v, own %v %v", got.SharedBones, got.Submeshes[0].Bones, got.Submeshes[1].Bones)
	}
	if got.Submeshes[1].Operation != OpTriangleStrip {
		t.Errorf("operation after the bones: %d", got.Submeshes[1].Operation)
	}
	// A cut mesh is an error, not a shorter mesh.
	cut := b[:len(b)-4]
	if _, err := Decode(cut, nil); err == nil {
		t.Error("a cut bone assignment decoded")
	}
}
