package skin

import (
	"math"
	"testing"

	"packsmith/formats/ogre/mesh"
	"packsmith/formats/ogre/skeleton"
)

// sameRotation: q and −q are one rotation.
func sameRotation(a, b [4]float64) bool {
	d := a[0]*b[0] + a[1]*b[1] + a[2]*b[2] + a[3]*b[3]
	return math.Abs(math.Abs(d)-1) < 1e-9
}

// nlerp at its boundaries: the ends, the middle, and keys of opposite
// sign (q and −q are the same rotation; without the flip the path goes
// the long way round, or through zero).
func TestNlerpTable(t *testing.T) {
	h := math.Sqrt(0.5)
	id := [4]float64{0, 0, 0, 1}
	quarter := [4]float64{0, 0, h, h} // a quarter turn about z
	eighth := [4]float64{0, 0, math.Sin(math.Pi / 8), math.Cos(math.Pi / 8)}
	neg := func(q [4]float64) [4]float64 { return [4]float64{-q[0], -q[1], -q[2], -q[3]} }
	for _, c := range []struct {
		name string
		a, b [4]float64
		t    float64
		want [4]float64
	}{
		{"start", id, quarter, 0, id},
		{"end", id, quarter, 1, quarter},
		{"middle", id, quarter, 0.5, eighth},
		{"middle, b negated", id, neg(quarter), 0.5, eighth},
		{"middle, a negated", neg(id), quarter, 0.5, eighth},
		{"end, b negated", id, neg(quarter), 1, quarter},
		{"q to −q: stays", quarter, neg(quarter), 0.5, quarter},
		{"q to −q, a quarter on", quarter, neg(quarter), 0.25, quarter},
		{"identity to −identity", id, neg(id), 0.5, id},
	} {
		got := nlerp(c.a, c.b, c.t)
		if !sameRotation(got, c.want) {
			t.Errorf("%s: nlerp(%v, %v, %g) = %v, want ±%v", c.name, c.a, c.b, c.t, got, c.want)
		}
	}
}

// Through At: a track whose keys are q and −q (one rotation, as
// exporters write when a sign flips) holds the bone still between them.
func TestKeysOfOppositeSignHoldStill(t *testing.T) {
	sk, a := arm()
	q := float32(math.Sqrt(0.5))
	a.Tracks[0].Keyframes = []skeleton.Keyframe{
		{Time: 0, Rotation: [4]float32{0, 0, q, q}, Scale: one},
		{Time: 2, Rotation: [4]float32{0, 0, -q, -q}, Scale: one},
	}
	bones := []mesh.BoneAssignment{{Vertex: 0, Bone: 9, Weight: 1}}
	for _, tm := range []float64{0, 0.5, 1, 1.5} {
		p := At(sk, a, tm, false).Positions([]float32{2, 0, 0}, bones)
		if got := [3]float64{float64(p[0]), float64(p[1]), float64(p[2])}; !near(got, [3]float64{1, 1, 0}) {
			t.Errorf("t=%g: vertex at %v, want (1, 1, 0) throughout", tm, got)
		}
	}
}
