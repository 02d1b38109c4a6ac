package skin

import (
	"math"
	"sort"

	"packsmith/formats/ogre/mesh"
	"packsmith/formats/ogre/skeleton"
)

// Mat is an affine transform, row-major 3×4: x' = m[0]x + m[1]y + m[2]z + m[3].
type Mat [12]float64

// Identity is the transform that changes nothing.
var Identity = Mat{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0}

// Mul returns a · b (b applied first).
func (a Mat) Mul(b Mat) Mat {
	var r Mat
	for i := range 3 {
		for j := range 4 {
			v := a[4*i]*b[j] + a[4*i+1]*b[4+j] + a[4*i+2]*b[8+j]
			if j == 3 {
				v += a[4*i+3]
			}
			r[4*i+j] = v
		}
	}
	return r
}

// Apply transforms a point.
func (a Mat) Apply(p [3]float64) [3]float64 {
	return [3]float64{
		a[0]*p[0] + a[1]*p[1] + a[2]*p[2] + a[3],
		a[4]*p[0] + a[5]*p[1] + a[6]*p[2] + a[7],
		a[8]*p[0] + a[9]*p[1] + a[10]*p[2] + a[11],
	}
}

// Inverse inverts an affine transform; a singular one gives Identity.
func (a Mat) Inverse() Mat {
	det := a[0]*(a[5]*a[10]-a[6]*a[9]) - a[1]*(a[4]*a[10]-a[6]*a[8]) + a[2]*(a[4]*a[9]-a[5]*a[8])
	if det == 0 || math.IsNaN(det) || math.IsInf(det, 0) {
		return Identity
	}
	d := 1 / det
	var r Mat
	r[0] = (a[5]*a[10] - a[6]*a[9]) * d
	r[1] = (a[2]*a[9] - a[1]*a[10]) * d
	r[2] = (a[1]*a[6] - a[2]*a[5]) * d
	r[4] = (a[6]*a[8] - a[4]*a[10]) * d
	r[5] = (a[0]*a[10] - a[2]*a[8]) * d
	r[6] = (a[2]*a[4] - a[0]*a[6]) * d
	r[8] = (a[4]*a[9] - a[5]*a[8]) * d
	r[9] = (a[1]*a[8] - a[0]*a[9]) * d
	r[10] = (a[0]*a[5] - a[1]*a[4]) * d
	for i := range 3 {
		r[4*i+3] = -(r[4*i]*a[3] + r[4*i+1]*a[7] + r[4*i+2]*a[11])
	}
	return r
}

// Compose builds T(p) · R(q) · S(s); q is x, y, z, w and is normalised
// (a zero quaternion counts as no rotation).
func Compose(p [3]float64, q [4]float64, s [3]float64) Mat {
	x, y, z, w := normalize(q)
	r := [9]float64{
		1 - 2*(y*y+z*z), 2 * (x*y - z*w), 2 * (x*z + y*w),
		2 * (x*y + z*w), 1 - 2*(x*x+z*z), 2 * (y*z - x*w),
		2 * (x*z - y*w), 2 * (y*z + x*w), 1 - 2*(x*x+y*y),
	}
	return Mat{
		r[0] * s[0], r[1] * s[1], r[2] * s[2], p[0],
		r[3] * s[0], r[4] * s[1], r[5] * s[2], p[1],
		r[6] * s[0], r[7] * s[1], r[8] * s[2], p[2],
	}
}

func normalize(q [4]float64) (x, y, z, w float64) {
	n := math.Sqrt(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3])
	if n == 0 || math.IsNaN(n) || math.IsInf(n, 0) {
		return 0, 0, 0, 1
	}
	return q[0] / n, q[1] / n, q[2] / n, q[3] / n
}

// qmul is the Hamilton product a · b (x, y, z, w).
func qmul(a, b [4]float64) [4]float64 {
	return [4]float64{
		a[3]*b[0] + a[0]*b[3] + a[1]*b[2] - a[2]*b[1],
		a[3]*b[1] + a[1]*b[3] + a[2]*b[0] - a[0]*b[2],
		a[3]*b[2] + a[2]*b[3] + a[0]*b[1] - a[1]*b[0],
		a[3]*b[3] - a[0]*b[0] - a[1]*b[1] - a[2]*b[2],
	}
}

// nlerp interpolates rotations along the shorter path, normalised.
func nlerp(a, b [4]float64, t float64) [4]float64 {
	if a[0]*b[0]+a[1]*b[1]+a[2]*b[2]+a[3]*b[3] < 0 {
		b = [4]float64{-b[0], -b[1], -b[2], -b[3]}
	}
	var r [4]float64
	for i := range r {
		r[i] = a[i] + t*(b[i]-a[i])
	}
	x, y, z, w := normalize(r)
	return [4]float64{x, y, z, w}
}

func f3(v [3]float32) [3]float64 { return [3]float64{float64(v[0]), float64(v[1]), float64(v[2])} }
func f4(v [4]float32) [4]float64 {
	return [4]float64{float64(v[0]), float64(v[1]), float64(v[2]), float64(v[3])}
}

// local is a bone's transform relative to its parent.
type local struct {
	pos   [3]float64
	rot   [4]float64
	scale [3]float64
}

func bindLocal(b *skeleton.Bone) local {
	return local{f3(b.Position), f4(b.Orientation), f3(b.Scale)}
}

// Pose is a skeleton posed at one time: per bone (in the skeleton's
// order) its world transform and its skinning matrix (world · inverse of
// the bind world).
type Pose struct {
	Handles map[uint16]int // bone handle → index
	World   []Mat
	Skin    []Mat
}

// At poses sk at time t (seconds) of anim, whose tracks name bones of sk
// by handle (a track of a bone sk lacks is ignored). loop wraps t into the
// animation's length; otherwise t is clamped to [0, length].
func At(sk *skeleton.Skeleton, anim *skeleton.Animation, t float64, loop bool) *Pose {
	p := &Pose{Handles: handles(sk)}
	length := float64(anim.Length)
	t = wrap(t, length, loop)
	locals := bindLocals(sk)
	changed := make([]bool, len(sk.Bones))
	for i := range anim.Tracks {
		tr := &anim.Tracks[i]
		bi, ok := p.Handles[tr.Bone]
		if !ok || len(tr.Keyframes) == 0 {
			continue
		}
		d := sample(tr.Keyframes, t, length)
		l := &locals[bi]
		for k := range 3 {
			l.pos[k] += d.pos[k]
			l.scale[k] *= d.scale[k]
		}
		l.rot = qmul(l.rot, d.rot)
		changed[bi] = true
	}
	p.World = worlds(sk, locals)
	bind := worlds(sk, bindLocals(sk))
	moved := movedBones(sk, changed)
	p.Skin = make([]Mat, len(sk.Bones))
	for i := range p.Skin {
		// A bone no track moves, under parents no track moves, keeps
		// exactly Identity (not a product that rounds near it), so such
		// a pose draws the very pixels of the bind pose.
		p.Skin[i] = Identity
		if moved[i] {
			p.Skin[i] = p.World[i].Mul(bind[i].Inverse())
		}
	}
	return p
}

// movedBones tells per bone whether it or an ancestor changed.
func movedBones(sk *skeleton.Skeleton, changed []bool) []bool {
	parent := sk.ParentOf()
	out := make([]bool, len(changed))
	for i := range out {
		// Walk up at most len steps (a cycle in bad input ends there).
		for j, n := i, 0; j >= 0 && n <= len(out); j, n = parent[j], n+1 {
			if changed[j] {
				out[i] = true
				break
			}
		}
	}
	return out
}

func wrap(t, length float64, loop bool) float64 {
	if math.IsNaN(t) || length <= 0 || math.IsNaN(length) || math.IsInf(length, 0) {
		return 0
	}
	if loop {
		t = math.Mod(t, length)
		if t < 0 {
			t += length
		}
		return t
	}
	return min(max(t, 0), length)
}

// sample interpolates a track's keyframes (sorted by time, as Ogre keeps
// them) at t, as Ogre's getKeyFramesAtTime: the first keyframe at or after
// t and the one before it; past the last, towards the first at
// length + its time.
func sample(keys []skeleton.Keyframe, t, length float64) local {
	i := sort.Search(len(keys), func(i int) bool { return float64(keys[i].Time) >= t })
	var k1, k2 *skeleton.Keyframe
	var t2 float64
	if i == len(keys) {
		k1, k2 = &keys[len(keys)-1], &keys[0]
		t2 = length + float64(k2.Time)
	} else {
		k2 = &keys[i]
		t2 = float64(k2.Time)
		if i > 0 && t < t2 {
			i--
		}
		k1 = &keys[i]
	}
	t1 := float64(k1.Time)
	f := 0.0
	if t2 != t1 {
		f = (t - t1) / (t2 - t1)
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		f = 0
	}
	var d local
	a, b := f3(k1.Translation), f3(k2.Translation)
	sa, sb := f3(k1.Scale), f3(k2.Scale)
	for k := range 3 {
		d.pos[k] = a[k] + f*(b[k]-a[k])
		d.scale[k] = sa[k] + f*(sb[k]-sa[k])
	}
	d.rot = nlerp(f4(k1.Rotation), f4(k2.Rotation), f)
	return d
}

func handles(sk *skeleton.Skeleton) map[uint16]int {
	h := make(map[uint16]int, len(sk.Bones))
	for i, b := range sk.Bones {
		h[b.Handle] = i
	}
	return h
}

func bindLocals(sk *skeleton.Skeleton) []local {
	l := make([]local, len(sk.Bones))
	for i := range sk.Bones {
		l[i] = bindLocal(&sk.Bones[i])
	}
	return l
}

// worlds composes each bone's local transform under its parent's; a
// parent cycle (bad input) is cut where it closes.
func worlds(sk *skeleton.Skeleton, locals []local) []Mat {
	parent := sk.ParentOf()
	out := make([]Mat, len(locals))
	state := make([]uint8, len(locals)) // 0 new, 1 in progress, 2 done
	var visit func(i int) Mat
	visit = func(i int) Mat {
		if state[i] == 2 {
			return out[i]
		}
		m := Compose(locals[i].pos, locals[i].rot, locals[i].scale)
		state[i] = 1
		if p := parent[i]; p >= 0 && state[p] != 1 {
			m = visit(p).Mul(m)
		}
		out[i], state[i] = m, 2
		return m
	}
	for i := range locals {
		visit(i)
	}
	return out
}

// Positions returns the geometry's positions (x, y, z per vertex) moved
// by the pose through the assignments. The input is not changed.
func (p *Pose) Positions(pos []float32, bones []mesh.BoneAssignment) []float32 {
	n := len(pos) / 3
	type acc struct {
		v [3]float64
		w float64
	}
	sum := make([]acc, n)
	for _, a := range bones {
		bi, ok := p.Handles[a.Bone]
		if !ok || int(a.Vertex) >= n || !(a.Weight > 0) {
			continue
		}
		v := int(a.Vertex)
		q := p.Skin[bi].Apply([3]float64{float64(pos[3*v]), float64(pos[3*v+1]), float64(pos[3*v+2])})
		w := float64(a.Weight)
		for k := range 3 {
			sum[v].v[k] += w * q[k]
		}
		sum[v].w += w
	}
	out := make([]float32, len(pos))
	copy(out, pos)
	for v := range sum {
		if sum[v].w > 0 {
			for k := range 3 {
				out[3*v+k] = float32(sum[v].v[k] / sum[v].w)
			}
		}
	}
	return out
}

// KeyLocal is a keyframe made absolute: the bone's local position,
// orientation (x, y, z, w, normalised) and scale at that key, as At
// composes them (for viewers that interpolate keys themselves).
func KeyLocal(b *skeleton.Bone, k *skeleton.Keyframe) (pos [3]float64, rot [4]float64, scale [3]float64) {
	l := bindLocal(b)
	t, s := f3(k.Translation), f3(k.Scale)
	for i := range 3 {
		pos[i] = l.pos[i] + t[i]
		scale[i] = l.scale[i] * s[i]
	}
	x, y, z, w := normalize(qmul(l.rot, f4(k.Rotation)))
	return pos, [4]float64{x, y, z, w}, scale
}
