package skin

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"packsmith/formats/ogre/mesh"
	"packsmith/formats/ogre/skeleton"
	"packsmith/internal/testfixtures"
)

var one = [3]float32{1, 1, 1}

// arm: a root at the origin and a child one unit along x; "bend" turns
// the child a quarter about z at 1 s and back at 2 s, and lifts it by 1 at
// 1 s.
func arm() (*skeleton.Skeleton, *skeleton.Animation) {
	q := float32(math.Sqrt(0.5))
	sk := &skeleton.Skeleton{
		Bones: []skeleton.Bone{
			{Name: "root", Handle: 4, Orientation: [4]float32{0, 0, 0, 1}, Scale: one},
			{Name: "arm", Handle: 9, Position: [3]float32{1, 0, 0}, Orientation: [4]float32{0, 0, 0, 1}, Scale: one},
		},
		Parents: []skeleton.Parent{{Child: 9, Parent: 4}},
	}
	a := &skeleton.Animation{Name: "bend", Length: 2, Tracks: []skeleton.Track{{Bone: 9, Keyframes: []skeleton.Keyframe{
		{Time: 0, Rotation: [4]float32{0, 0, 0, 1}, Scale: one},
		{Time: 1, Rotation: [4]float32{0, 0, q, q}, Translation: [3]float32{0, 0, 1}, Scale: one},
		{Time: 2, Rotation: [4]float32{0, 0, 0, 1}, Scale: one},
	}}}}
	return sk, a
}

func near(a, b [3]float64) bool {
	for k := range 3 {
		if math.Abs(a[k]-b[k]) > 1e-6 {
			return false
		}
	}
	return true
}

func TestArm(t *testing.T) {
	sk, a := arm()
	// A vertex at (2, 0, 0) hangs on the arm only; one at (0.5, 0, 0)
	// half on each bone.
	pos := []float32{2, 0, 0, 0.5, 0, 0}
	bones := []mesh.BoneAssignment{{Vertex: 0, Bone: 9, Weight: 1}, {Vertex: 1, Bone: 4, Weight: 0.5}, {Vertex: 1, Bone: 9, Weight: 0.5}}
	at := func(t float64, loop bool) [2][3]float64 {
		p := At(sk, a, t, loop).Positions(pos, bones)
		return [2][3]float64{{float64(p[0]), float64(p[1]), float64(p[2])}, {float64(p[3]), float64(p[4]), float64(p[5])}}
	}
	h := math.Sqrt(0.5)
	cases := []struct {
		t    float64
		loop bool
		v0   [3]float64
	}{
		{0, true, [3]float64{2, 0, 0}},
		{1, true, [3]float64{1, 1, 1}},          // a quarter turn, lifted
		{0.5, true, [3]float64{1 + h, h, 0.5}},  // an eighth, half lifted
		{2.5, true, [3]float64{1 + h, h, 0.5}},  // wraps to 0.5
		{-1.5, true, [3]float64{1 + h, h, 0.5}}, // wraps to 0.5
		{3, false, [3]float64{2, 0, 0}},         // clamped to 2
		{-1, false, [3]float64{2, 0, 0}},        // clamped to 0
		{math.NaN(), true, [3]float64{2, 0, 0}}, // no time: the start
	}
	for _, c := range cases {
		got := at(c.t, c.loop)
		if !near(got[0], c.v0) {
			t.Errorf("t=%g loop %v: vertex 0 at %v, want %v", c.t, c.loop, got[0], c.v0)
		}
	}
	// The half-and-half vertex at 1 s: mean of (0.5,0,0) and the arm's
	// (1, -0.5, 1).
	if got := at(1, true)[1]; !near(got, [3]float64{0.75, -0.25, 0.5}) {
		t.Errorf("blended vertex %v", got)
	}
	// The arm bone's world origin at 1 s is lifted to (1, 0, 1).
	w := At(sk, a, 1, true).World[1]
	if !near([3]float64{w[3], w[7], w[11]}, [3]float64{1, 0, 1}) {
		t.Errorf("arm world %v", w)
	}
}

// TestWrapToFirst: past the last keyframe a looping track heads back to
// the first at length + its time (Ogre).
func TestWrapToFirst(t *testing.T) {
	sk, a := arm()
	a.Length = 4 // keys at 0, 1, 2; 2 → 4 interpolates towards key 0
	p := At(sk, a, 3, true).Positions([]float32{2, 0, 0}, []mesh.BoneAssignment{{Bone: 9, Weight: 1}})
	if p[0] != 2 || p[1] != 0 || p[2] != 0 {
		t.Errorf("at 3 of 4: %v", p)
	}
	a.Tracks[0].Keyframes = a.Tracks[0].Keyframes[:2] // 0 and 1 (lifted)
	p = At(sk, a, 2.5, true).Positions([]float32{2, 0, 0}, []mesh.BoneAssignment{{Bone: 9, Weight: 1}})
	// Halfway from key 1 (quarter turn, lifted) to key 0 at 4 s.
	h := math.Sqrt(0.5)
	if got := [3]float64{float64(p[0]), float64(p[1]), float64(p[2])}; !near(got, [3]float64{1 + h, h, 0.5}) {
		t.Errorf("at 2.5 of 4: %v", got)
	}
}

func TestMatInverse(t *testing.T) {
	m := Compose([3]float64{1, 2, 3}, [4]float64{0.1, 0.7, -0.2, 0.6}, [3]float64{2, 0.5, 1.5})
	id := m.Mul(m.Inverse())
	for i := range id {
		if math.Abs(id[i]-Identity[i]) > 1e-9 {
			t.Fatalf("m·m⁻¹ = %v", id)
		}
	}
	if (Mat{}).Inverse() != Identity {
		t.Error("singular inverse")
	}
}

// TestMonster poses the real monster: the bind pose leaves every vertex
// in place, IDLE moves them by less than the mesh's size (a wrong
// quaternion order tears the mesh apart), and two times differ.
func TestMonster(t *testing.T) {
	dir := testfixtures.Dir(t, "tl2/monster/MEDIA/UNITS/MONSTERS/NETHERIM/NETHERIM_FLYERA")
	read := func(n string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	m, err := mesh.Decode(read("NETHERIM_FLYER.MESH"), nil)
	if err != nil {
		t.Fatal(err)
	}
	bind, err := skeleton.Decode(read("NETHERIM_FLYER.SKELETON"), nil)
	if err != nil {
		t.Fatal(err)
	}
	idle, err := skeleton.Decode(read("IDLE.SKELETON"), nil)
	if err != nil {
		t.Fatal(err)
	}
	g := m.Submeshes[0].Geometry
	if m.Submeshes[0].UseShared {
		g = m.Shared
	}
	bones := m.BonesOf(0)
	lo, hi, _ := m.VertexBounds()
	size := math.Hypot(math.Hypot(float64(hi[0]-lo[0]), float64(hi[1]-lo[1])), float64(hi[2]-lo[2]))
	// Every bone that carries vertices lies inside the mesh's box (grown
	// by a tenth) in the bind pose: the bind skeleton's transforms compose
	// as the mesh expects.
	bp := Bind(bind)
	used := map[int]bool{}
	for _, a := range bones {
		used[bp.Handles[a.Bone]] = true
	}
	if len(used) < 10 {
		t.Errorf("%d bones carry vertices", len(used))
	}
	for i, w := range bp.World {
		if !used[i] {
			continue
		}
		for k, v := range []float64{w[3], w[7], w[11]} {
			pad := 0.1 * float64(hi[k]-lo[k])
			if v < float64(lo[k])-pad || v > float64(hi[k])+pad {
				t.Errorf("bone %d %q: bind origin %v outside the mesh %v..%v", i, bind.Bones[i].Name, [3]float64{w[3], w[7], w[11]}, lo, hi)
				break
			}
		}
	}
	same := bp.Positions(g.Positions, bones)
	for i := range same {
		if same[i] != g.Positions[i] {
			t.Fatalf("bind pose moved float %d: %g → %g", i, g.Positions[i], same[i])
		}
	}
	move := func(p []float32) (mean, maxd float64) {
		for v := 0; v < len(p)/3; v++ {
			d := math.Hypot(math.Hypot(float64(p[3*v]-g.Positions[3*v]), float64(p[3*v+1]-g.Positions[3*v+1])), float64(p[3*v+2]-g.Positions[3*v+2]))
			mean += d
			maxd = max(maxd, d)
		}
		return mean / float64(len(p)/3), maxd
	}
	a := &idle.Animations[0]
	p0 := At(bind, a, 0, true).Positions(g.Positions, bones)
	p1 := At(bind, a, float64(a.Length)/2, true).Positions(g.Positions, bones)
	m0, x0 := move(p0)
	m1, x1 := move(p1)
	t.Logf("size %.3f; IDLE at 0: mean %.4f max %.4f; at %.2f: mean %.4f max %.4f", size, m0, x0, a.Length/2, m1, x1)
	if x0 > size*0.75 || x1 > size*0.75 {
		t.Errorf("IDLE tears the mesh: moves up to %.3f / %.3f of a %.3f mesh", x0, x1, size)
	}
	diff := 0.0
	for i := range p0 {
		diff = max(diff, math.Abs(float64(p0[i]-p1[i])))
	}
	if diff < size/100 {
		t.Errorf("IDLE at 0 and mid-way differ by at most %g", diff)
	}
}

// TestKeyLocal: a key made absolute, composed under its parent, is the
// bone's world transform At gives at the key's time.
func TestKeyLocal(t *testing.T) {
	sk, a := arm()
	pos, rot, scale := KeyLocal(&sk.Bones[1], &a.Tracks[0].Keyframes[1])
	w := Bind(sk).World[0].Mul(Compose(pos, rot, scale))
	got := At(sk, a, 1, true).World[1]
	for i := range w {
		if math.Abs(w[i]-got[i]) > 1e-9 {
			t.Fatalf("KeyLocal composes to %v, At gives %v", w, got)
		}
	}
	if pos != [3]float64{1, 0, 1} {
		t.Errorf("pos %v", pos)
	}
}
