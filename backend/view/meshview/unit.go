package meshview

import (
	"fmt"
	"path"
	"strings"

	"packsmith/backend/tl2/unitanim"
	"packsmith/formats/ogre/mesh"
	"packsmith/formats/ogre/skeleton"
	"packsmith/formats/ogre/skin"
)

// FramesPerSecond turns an .ANIMATION event's FRAME into seconds: GUTS
// and the exporters TL2 used sample animations at 30 frames a second.
const FramesPerSecond = 30

// Unit is a skinned mesh's skeleton and animations, found the way the
// game finds them: the skeleton its link names beside the mesh, the
// animation list in the .ANIMATION beside it (the mesh's name, else the
// skeleton's, else the only one in the folder), and each animation in the
// .SKELETON its FILE names beside that list. Without a list, the bind
// skeleton's own animations are the unit's.
type Unit struct {
	SkeletonFile  string             `json:"skeletonFile,omitempty"`
	Bones         int                `json:"bones"`
	AnimationList string             `json:"animationList,omitempty"`
	Animations    []UnitAnimation    `json:"animations"`
	Problems      []string           `json:"problems,omitempty"`
	Skeleton      *skeleton.Skeleton `json:"-"`
}

// UnitAnimation is one animation of a unit.
type UnitAnimation struct {
	unitanim.Animation
	Key     string  `json:"key,omitempty"` // the .SKELETON holding it
	Length  float32 `json:"length"`        // its length in that file, seconds
	Tracks  int     `json:"tracks"`
	Problem string  `json:"problem,omitempty"`
	anim    *skeleton.Animation
}

// Unit resolves a mesh's skeleton and animations; nil when the mesh links
// no skeleton.
func (r *Resolver) Unit(meshKey string, m *mesh.Mesh) *Unit {
	if m.Skeleton == "" {
		return nil
	}
	u := &Unit{Animations: []UnitAnimation{}}
	k, sk, problem := r.LoadSkeleton(meshKey, m.Skeleton)
	u.SkeletonFile = k
	if sk == nil {
		u.Problems = append(u.Problems, problem)
		return u
	}
	u.Skeleton, u.Bones = sk, len(sk.Bones)
	listKey := r.animationList(meshKey, k)
	if listKey == "" {
		for i := range sk.Animations {
			a := &sk.Animations[i]
			u.Animations = append(u.Animations, UnitAnimation{Animation: unitanim.Animation{Name: a.Name, File: path.Base(k), Events: []unitanim.Event{}},
				Key: k, Length: a.Length, Tracks: len(a.Tracks), anim: a})
		}
		return u
	}
	u.AnimationList = listKey
	data, _, err := r.b.ReadFile(listKey)
	if err != nil {
		u.Problems = append(u.Problems, err.Error())
		return u
	}
	list, err := unitanim.Parse(listKey, data)
	if err != nil {
		u.Problems = append(u.Problems, err.Error())
		return u
	}
	for _, a := range list {
		ua := UnitAnimation{Animation: a}
		key, ask, problem := r.LoadSkeleton(listKey, a.File)
		ua.Key = key
		switch {
		case ask == nil:
			ua.Problem = problem
		case len(ask.Animations) == 0:
			ua.Problem = fmt.Sprintf("%s holds no animation", key)
		default:
			ua.anim = &ask.Animations[0]
			ua.Length, ua.Tracks = ua.anim.Length, len(ua.anim.Tracks)
		}
		u.Animations = append(u.Animations, ua)
	}
	return u
}

// animationList finds the unit's .ANIMATION beside the mesh.
func (r *Resolver) animationList(meshKey, skeletonKey string) string {
	dir := path.Dir(strings.ToUpper(meshKey))
	for _, base := range []string{path.Base(meshKey), path.Base(skeletonKey)} {
		name := strings.ToUpper(strings.TrimSuffix(base, path.Ext(base))) + ".ANIMATION"
		if _, found, _ := r.b.ReadFile(dir + "/" + name); found {
			return dir + "/" + name
		}
	}
	var only []string
	for _, k := range r.b.Files(dir+"/", ".ANIMATION") {
		if path.Dir(k) == dir {
			only = append(only, k)
		}
	}
	if len(only) == 1 {
		return only[0]
	}
	return ""
}

// Find returns the unit's animation named name (case-insensitive).
func (u *Unit) Find(name string) (*UnitAnimation, error) {
	var names []string
	for i := range u.Animations {
		a := &u.Animations[i]
		if strings.EqualFold(a.Name, name) {
			if a.anim == nil {
				return nil, fmt.Errorf("animation %s: %s", a.Name, a.Problem)
			}
			return a, nil
		}
		names = append(names, a.Name)
	}
	if u.Skeleton == nil {
		return nil, fmt.Errorf("animation %s: the skeleton did not load: %s", name, strings.Join(u.Problems, "; "))
	}
	return nil, fmt.Errorf("no animation %q; the unit has: %s", name, strings.Join(names, ", "))
}

// Posed returns a copy of m with every vertex moved by the unit's
// skeleton at time t (seconds, looping) of animation a; a nil a gives m
// itself (the bind pose, untouched).
func (u *Unit) Posed(m *mesh.Mesh, a *UnitAnimation, t float64) *mesh.Mesh {
	if a == nil || a.anim == nil || u.Skeleton == nil {
		return m
	}
	p := skin.At(u.Skeleton, a.anim, t, true)
	out := *m
	moved := func(g *mesh.Geometry, bones []mesh.BoneAssignment) *mesh.Geometry {
		if g == nil || g.Positions == nil {
			return g
		}
		c := *g
		c.Positions = p.Positions(g.Positions, bones)
		return &c
	}
	out.Shared = moved(m.Shared, m.SharedBones)
	out.Submeshes = make([]mesh.Submesh, len(m.Submeshes))
	for i, s := range m.Submeshes {
		if !s.UseShared {
			s.Geometry = moved(s.Geometry, s.Bones)
		}
		out.Submeshes[i] = s
	}
	return &out
}
