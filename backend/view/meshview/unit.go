package meshview

import (
	"context"
	"fmt"
	"path"
	"strings"

	"packsmith/backend/sys/limits"
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

// MaxAnimations caps the entries of one .ANIMATION list that are loaded:
// a unit of the game lists a few dozen; the rest of a longer list is
// named in the unit's Problems, not loaded.
const MaxAnimations = 20000

// skeletonFactor is the decoded skeleton's bytes per byte of its file (a
// keyframe's 44 bytes of floats become a 48-byte struct; bones, tracks and
// slices on top): what a listed skeleton takes of the memory budget.
const skeletonFactor = 4

// UnitContext resolves a mesh's skeleton and animations for a job (nil
// when the mesh links no skeleton): the animation list's length and skeletons
// come from the files, so each listed skeleton is read and decoded once
// however many animations name it, what they take is counted against
// budget (nil: limits.DefaultMB; what does not fit is a problem of the
// animations naming it), and ctx is looked at for every entry (its error
// is the only error).
func (r *Resolver) UnitContext(ctx context.Context, budget *limits.Budget, meshKey string, m *mesh.Mesh) (*Unit, error) {
	if m.Skeleton == "" {
		return nil, ctx.Err()
	}
	u := &Unit{Animations: []UnitAnimation{}}
	k, sk, problem := r.LoadSkeleton(meshKey, m.Skeleton)
	u.SkeletonFile = k
	if sk == nil {
		u.Problems = append(u.Problems, problem)
		return u, ctx.Err()
	}
	u.Skeleton, u.Bones = sk, len(sk.Bones)
	listKey := r.animationList(meshKey, k)
	if listKey == "" {
		for i := range sk.Animations {
			a := &sk.Animations[i]
			u.Animations = append(u.Animations, UnitAnimation{Animation: unitanim.Animation{Name: a.Name, File: path.Base(k), Events: []unitanim.Event{}},
				Key: k, Length: a.Length, Tracks: len(a.Tracks), anim: a})
		}
		return u, ctx.Err()
	}
	u.AnimationList = listKey
	data, _, err := r.b.ReadFile(listKey)
	if err != nil {
		u.Problems = append(u.Problems, err.Error())
		return u, ctx.Err()
	}
	list, err := unitanim.Parse(listKey, data)
	if err != nil {
		u.Problems = append(u.Problems, err.Error())
		return u, ctx.Err()
	}
	return u, r.listed(ctx, budget, u, list)
}

// listed loads the animations of u's list, each listed skeleton once.
func (r *Resolver) listed(ctx context.Context, budget *limits.Budget, u *Unit, list []unitanim.Animation) error {
	if len(list) > MaxAnimations {
		u.Problems = append(u.Problems, fmt.Sprintf("%s lists %d animations; only the first %d are loaded", u.AnimationList, len(list), MaxAnimations))
		list = list[:MaxAnimations]
	}
	sl := &skeletons{r: r, from: u.AnimationList, left: budget.Available(), byLink: map[string]loadedSkeleton{}}
	for _, a := range list {
		if err := ctx.Err(); err != nil {
			return err
		}
		ua := UnitAnimation{Animation: a}
		l := sl.load(a.File)
		ua.Key = l.key
		switch {
		case l.sk == nil:
			ua.Problem = l.problem
		case len(l.sk.Animations) == 0:
			ua.Problem = fmt.Sprintf("%s holds no animation", l.key)
		default:
			ua.anim = &l.sk.Animations[0]
			ua.Length, ua.Tracks = ua.anim.Length, len(ua.anim.Tracks)
		}
		u.Animations = append(u.Animations, ua)
	}
	return nil
}

// skeletons loads the skeletons an animation list names, each once (a
// list of 12,000 animations naming one 100 KB skeleton decoded it 12,000
// times: 18 s and 2.5 GB), within left bytes of the memory budget.
type skeletons struct {
	r      *Resolver
	from   string // the list's key: files are found beside it
	left   int64
	byLink map[string]loadedSkeleton
}

type loadedSkeleton struct {
	key, problem string
	sk           *skeleton.Skeleton
}

func (s *skeletons) load(link string) loadedSkeleton {
	id := strings.ToUpper(strings.ReplaceAll(link, "\\", "/"))
	if l, ok := s.byLink[id]; ok {
		return l
	}
	l := loadedSkeleton{key: s.r.find(path.Dir(strings.ToUpper(s.from)), link)}
	if l.key == "" {
		l.problem = fmt.Sprintf("skeleton %s not found", link)
	} else if prev, ok := s.byLink["KEY:"+l.key]; ok {
		l = prev // another spelling of a file already loaded
	} else {
		l.sk, l.problem = s.decode(l.key)
		s.byLink["KEY:"+l.key] = l
	}
	s.byLink[id] = l
	return l
}

func (s *skeletons) decode(key string) (*skeleton.Skeleton, string) {
	data, _, err := s.r.b.ReadFile(key)
	if err != nil {
		return nil, err.Error()
	}
	need := limits.Mul(int64(len(data)), skeletonFactor)
	if need < 0 || need > s.left {
		return nil, fmt.Sprintf("%s: not loaded: the unit's skeletons need more than the %d MB the memory limit leaves", key, s.left>>20)
	}
	s.left -= need
	sk, err := skeleton.Decode(data, nil)
	if err != nil {
		return nil, fmt.Sprintf("%s: %v", key, err)
	}
	return sk, ""
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
