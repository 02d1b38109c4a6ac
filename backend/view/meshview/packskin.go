package meshview

import (
	"context"
	"fmt"
	"sort"

	"packsmith/backend/sys/limits"
	"packsmith/formats/ogre/mesh"
	"packsmith/formats/ogre/skeleton"
	"packsmith/formats/ogre/skin"
)

// maxPackKeys caps the keyframes a pack carries over all animations (each
// costs 44 bytes); animations past it are listed without their tracks.
const maxPackKeys = 1 << 20

// PackSkin is a skinned mesh's skeleton and animations for the window:
// bones in their bind pose (relative to the parent), per geometry four
// bone indices and weights per vertex (the heaviest four, normalised), and
// the unit's animations with keyframes made absolute (skin.KeyLocal).
type PackSkin struct {
	SkeletonFile  string       `json:"skeletonFile"`
	AnimationList string       `json:"animationList,omitempty"`
	FPS           int          `json:"fps"` // frames per second of the events' FRAME
	Bones         []PackBone   `json:"bones"`
	Weights       []PackWeight `json:"weights"` // one per geometry, in Geometries order
	Animations    []PackAnim   `json:"animations"`
	Problems      []string     `json:"problems,omitempty"`
}

// PackBone is one bone: its parent's index (-1: a root) and bind pose.
type PackBone struct {
	Name   string     `json:"name"`
	Parent int        `json:"parent"`
	Pos    [3]float32 `json:"pos"`
	Rot    [4]float32 `json:"rot"` // x, y, z, w
	Scale  [3]float32 `json:"scale"`
}

// PackWeight points at a geometry's vertices × 4 u32 bone indices and
// vertices × 4 f32 weights; both -1 when the geometry has no bone
// assignment at all (it is drawn as a static mesh).
type PackWeight struct {
	Index  int `json:"index"`
	Weight int `json:"weight"`
}

// PackAnim is one animation of the unit.
type PackAnim struct {
	Name     string      `json:"name"`
	File     string      `json:"file,omitempty"` // its .SKELETON as the list names it: the window's name for one without NAME
	Length   float32     `json:"length"`
	Duration float64     `json:"duration,omitempty"`
	Events   []PackEvent `json:"events"`
	Tracks   []PackTrack `json:"tracks"`
	Problem  string      `json:"problem,omitempty"`
}

// PackEvent is an .ANIMATION [KEY]: its frame and the time it falls at.
type PackEvent struct {
	Name  string  `json:"name"`
	Frame float64 `json:"frame"`
	Time  float64 `json:"time"`
}

// PackTrack is one bone's keys: keys × f32 times, ×3 positions, ×4
// rotations, ×3 scales.
type PackTrack struct {
	Bone  int `json:"bone"`
	Keys  int `json:"keys"`
	Times int `json:"times"`
	Pos   int `json:"pos"`
	Rot   int `json:"rot"`
	Scale int `json:"scale"`
}

// addSkin packs the unit of a skinned mesh; nil when it links no skeleton.
// The error is ctx's, when it ends.
func (p *packer) addSkin(ctx context.Context, budget *limits.Budget, key string, m *mesh.Mesh, res *Resolver) (*PackSkin, error) {
	u, err := res.UnitContext(ctx, budget, key, m)
	if u == nil || err != nil {
		return nil, err
	}
	ps := &PackSkin{SkeletonFile: u.SkeletonFile, AnimationList: u.AnimationList, FPS: FramesPerSecond, Problems: u.Problems,
		Bones: []PackBone{}, Weights: []PackWeight{}, Animations: []PackAnim{}}
	sk := u.Skeleton
	if sk == nil {
		return ps, nil
	}
	parent := sk.ParentOf()
	index := map[uint16]int{}
	for i, b := range sk.Bones {
		index[b.Handle] = i
		ps.Bones = append(ps.Bones, PackBone{Name: b.Name, Parent: parent[i], Pos: b.Position, Rot: b.Orientation, Scale: b.Scale})
	}
	// Weights per geometry, in the order addMesh packed them.
	seen := map[*mesh.Geometry]bool{}
	for i := range m.Submeshes {
		s := &m.Submeshes[i]
		g := s.Geometry
		if s.UseShared {
			g = m.Shared
		}
		if g == nil || g.Positions == nil || seen[g] {
			continue
		}
		seen[g] = true
		if len(m.BonesOf(i)) == 0 {
			ps.Weights = append(ps.Weights, PackWeight{Index: -1, Weight: -1}) // drawn unskinned
			continue
		}
		idx, w := topFour(g.VertexCount, m.BonesOf(i), index)
		ps.Weights = append(ps.Weights, PackWeight{Index: p.u32s(idx), Weight: p.floats(w)})
	}
	keys := 0
	for _, a := range u.Animations {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		pa := PackAnim{Name: a.Name, File: a.File, Length: a.Length, Duration: a.Duration, Events: []PackEvent{}, Tracks: []PackTrack{}, Problem: a.Problem}
		for _, e := range a.Events {
			pa.Events = append(pa.Events, PackEvent{Name: e.Name, Frame: e.Frame, Time: e.Frame / FramesPerSecond})
		}
		n := 0
		if a.anim != nil {
			for _, t := range a.anim.Tracks {
				n += len(t.Keyframes)
			}
		}
		switch {
		case a.anim == nil:
		case keys+n > maxPackKeys:
			pa.Problem = fmt.Sprintf("not sent: the unit's animations hold more than %d keyframes", maxPackKeys)
		default:
			keys += n
			pa.Tracks = p.tracks(u, a.anim.Tracks, index)
		}
		ps.Animations = append(ps.Animations, pa)
	}
	return ps, nil
}

func (p *packer) tracks(u *Unit, tracks []skeleton.Track, index map[uint16]int) []PackTrack {
	out := []PackTrack{}
	for _, t := range tracks {
		bi, ok := index[t.Bone]
		if !ok || len(t.Keyframes) == 0 {
			continue
		}
		n := len(t.Keyframes)
		times, pos, rot, scale := make([]float32, n), make([]float32, 3*n), make([]float32, 4*n), make([]float32, 3*n)
		for i := range t.Keyframes {
			k := &t.Keyframes[i]
			ps, r, s := skin.KeyLocal(&u.Skeleton.Bones[bi], k)
			times[i] = k.Time
			for c := range 3 {
				pos[3*i+c], scale[3*i+c] = float32(ps[c]), float32(s[c])
			}
			for c := range 4 {
				rot[4*i+c] = float32(r[c])
			}
		}
		out = append(out, PackTrack{Bone: bi, Keys: n, Times: p.floats(times), Pos: p.floats(pos), Rot: p.floats(rot), Scale: p.floats(scale)})
	}
	return out
}

// topFour keeps each vertex's four heaviest assignments (as Ogre does),
// as bone indices and weights normalised to sum 1. A vertex without any
// (in a geometry that has some) hangs on bone 0 with weight 1: the
// window's GPU skinning has no "stay put", unlike skin.Positions.
func topFour(vertices int, bones []mesh.BoneAssignment, index map[uint16]int) ([]uint32, []float32) {
	type bw struct {
		bone int
		w    float32
	}
	per := make([][]bw, vertices)
	for _, a := range bones {
		bi, ok := index[a.Bone]
		if !ok || int(a.Vertex) >= vertices || !(a.Weight > 0) {
			continue
		}
		per[a.Vertex] = append(per[a.Vertex], bw{bi, a.Weight})
	}
	idx, w := make([]uint32, 4*vertices), make([]float32, 4*vertices)
	for v, l := range per {
		if len(l) == 0 {
			w[4*v] = 1
			continue
		}
		sort.SliceStable(l, func(i, j int) bool { return l[i].w > l[j].w })
		l = l[:min(len(l), 4)]
		sum := float32(0)
		for _, x := range l {
			sum += x.w
		}
		for i, x := range l {
			idx[4*v+i], w[4*v+i] = uint32(x.bone), x.w/sum
		}
	}
	return idx, w
}
