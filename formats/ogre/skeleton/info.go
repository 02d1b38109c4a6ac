package skeleton

// Info is a skeleton's summary for `packsmith info FILE.SKELETON --json`.
type Info struct {
	Version    string          `json:"version"`
	Bones      int             `json:"bones"`
	Roots      []string        `json:"roots"` // bones without a parent, in file order
	Animations []AnimationInfo `json:"animations"`
	Links      []Link          `json:"links,omitempty"`
}

// AnimationInfo is one animation of Info.
type AnimationInfo struct {
	Name      string  `json:"name"`
	Length    float32 `json:"length"`
	Tracks    int     `json:"tracks"`
	Keyframes int     `json:"keyframes"`
}

// Info summarises the skeleton.
func (s *Skeleton) Info() Info {
	in := Info{Version: s.Version, Bones: len(s.Bones), Roots: []string{}, Animations: []AnimationInfo{}, Links: s.Links}
	child := map[uint16]bool{}
	for _, p := range s.Parents {
		child[p.Child] = true
	}
	for _, b := range s.Bones {
		if !child[b.Handle] {
			in.Roots = append(in.Roots, b.Name)
		}
	}
	for i := range s.Animations {
		a := &s.Animations[i]
		ai := AnimationInfo{Name: a.Name, Length: a.Length, Tracks: len(a.Tracks)}
		for _, t := range a.Tracks {
			ai.Keyframes += len(t.Keyframes)
		}
		in.Animations = append(in.Animations, ai)
	}
	return in
}

// ParentOf maps each bone's index to its parent's index (-1: a root).
func (s *Skeleton) ParentOf() []int {
	idx := make(map[uint16]int, len(s.Bones))
	for i, b := range s.Bones {
		idx[b.Handle] = i
	}
	out := make([]int, len(s.Bones))
	for i := range out {
		out[i] = -1
	}
	for _, p := range s.Parents {
		c, ok1 := idx[p.Child]
		q, ok2 := idx[p.Parent]
		if ok1 && ok2 {
			out[c] = q
		}
	}
	return out
}
