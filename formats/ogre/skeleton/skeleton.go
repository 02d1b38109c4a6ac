package skeleton

import (
	"fmt"
	"strings"

	"packsmith/formats/ogre/chunk"
)

// Chunk ids (OgreSkeletonFileFormat.h).
const (
	chunkHeader    = 0x1000
	chunkBlendMode = 0x1010
	chunkBone      = 0x2000
	chunkParent    = 0x3000
	chunkAnim      = 0x4000
	chunkBaseInfo  = 0x4010
	chunkTrack     = 0x4100
	chunkKeyframe  = 0x4110
	chunkLink      = 0x5000

	headerSize = chunk.HeaderSize
	// Ogre's sizes without scale (calcBoneSizeWithoutScale,
	// calcKeyFrameSizeWithoutScale); a larger length means a scale follows.
	boneSizeNoScale     = headerSize + 2 + 12 + 16
	keyframeSizeNoScale = headerSize + 4 + 16 + 12
	scaleSize           = 12

	maxVersionLength = 64
	maxName          = 1024
)

// Options caps what a skeleton may hold. Zero fields take the defaults.
type Options struct {
	MaxBones      int // default 65536 (a handle is a u16)
	MaxAnimations int // default 4096
	MaxKeyframes  int // over all tracks of all animations, default 1<<22
}

func (o *Options) withDefaults() Options {
	var r Options
	if o != nil {
		r = *o
	}
	if r.MaxBones <= 0 {
		r.MaxBones = 1 << 16
	}
	if r.MaxAnimations <= 0 {
		r.MaxAnimations = 4096
	}
	if r.MaxKeyframes <= 0 {
		r.MaxKeyframes = 1 << 22
	}
	return r
}

// Skeleton is a decoded .SKELETON.
type Skeleton struct {
	Version string
	// BlendMode is chunk 0x1010's value; HasBlendMode tells whether the
	// file had that chunk.
	BlendMode    uint16
	HasBlendMode bool
	Bones        []Bone // in file order
	// Parents are the bone parent chunks in file order.
	Parents    []Parent
	Animations []Animation
	Links      []Link
}

// Bone is one bone in its bind pose, relative to its parent.
type Bone struct {
	Name        string
	Handle      uint16
	Position    [3]float32
	Orientation [4]float32 // x, y, z, w
	Scale       [3]float32 // {1, 1, 1} unless HasScale
	HasScale    bool
}

// Parent says bone Child hangs under bone Parent (handles).
type Parent struct{ Child, Parent uint16 }

// Animation is one named animation.
type Animation struct {
	Name   string
	Length float32 // seconds
	// Base names the animation (and key time) whose keyframe is the base
	// of this one (chunk 0x4010); HasBase tells whether there is one.
	Base        string
	BaseKeyTime float32
	HasBase     bool
	Tracks      []Track
}

// Track moves one bone over time.
type Track struct {
	Bone      uint16
	Keyframes []Keyframe
}

// Keyframe is a bone's offset from its bind pose at a time.
type Keyframe struct {
	Time        float32
	Rotation    [4]float32 // x, y, z, w
	Translation [3]float32
	Scale       [3]float32 // {1, 1, 1} unless HasScale
	HasScale    bool
}

// Link names another skeleton whose animations this one uses.
type Link struct {
	Skeleton string  `json:"skeleton"`
	Scale    float32 `json:"scale"`
}

// FormatError describes input that is not a readable skeleton.
type FormatError struct {
	Offset int64
	Msg    string
}

func (e *FormatError) Error() string {
	return fmt.Sprintf("skeleton: offset %d: %s", e.Offset, e.Msg)
}

// reader is the shared Ogre field reader (formats/ogre/chunk) over the
// whole file, with what the decode counts as it goes.
type reader struct {
	chunk.Reader
	opt       Options
	keyframes int
	handles   map[uint16]bool
}

// formatError is the chunk reader's error as a FormatError.
func formatError(off int, _ bool, msg string) error {
	return &FormatError{Offset: int64(off), Msg: msg}
}

// Decode reads a .SKELETON file.
func Decode(b []byte, opt *Options) (*Skeleton, error) {
	r := &reader{Reader: chunk.New(b, formatError), opt: opt.withDefaults(), handles: map[uint16]bool{}}
	id, err := r.U16("header id")
	if err != nil {
		return nil, err
	}
	if id != chunkHeader {
		return nil, r.Fail(0, "not an Ogre skeleton: header id 0x%04X, want 0x1000", id)
	}
	s := &Skeleton{}
	if s.Version, err = r.Line("version", maxVersionLength); err != nil {
		return nil, err
	}
	if !strings.HasPrefix(s.Version, "[Serializer_v") {
		return nil, r.Fail(2, "not an Ogre skeleton: version %q", s.Version)
	}
	for {
		id, length, start, ok := r.Header()
		if !ok {
			break
		}
		if err := r.top(s, id, length, start); err != nil {
			return nil, err
		}
	}
	if r.Pos != len(b) {
		return nil, r.Fail(r.Pos, "%d bytes after the last chunk, too few for a chunk header", len(b)-r.Pos)
	}
	return s, nil
}

// top reads one top-level chunk whose header started at start.
func (r *reader) top(s *Skeleton, id uint16, length uint32, start int) error {
	switch id {
	case chunkBlendMode:
		v, err := r.U16("blend mode")
		if err != nil {
			return err
		}
		s.BlendMode, s.HasBlendMode = v, true
	case chunkBone:
		if len(s.Bones) >= r.opt.MaxBones {
			return r.Fail(start, "more than %d bones", r.opt.MaxBones)
		}
		bn, err := r.bone(length)
		if err != nil {
			return fmt.Errorf("bone %d: %w", len(s.Bones), err)
		}
		if r.handles[bn.Handle] {
			return r.Fail(start, "bone %q: handle %d is already taken", bn.Name, bn.Handle)
		}
		r.handles[bn.Handle] = true
		s.Bones = append(s.Bones, bn)
	case chunkParent:
		var p Parent
		var err error
		if p.Child, err = r.U16("parent: child handle"); err != nil {
			return err
		}
		if p.Parent, err = r.U16("parent: parent handle"); err != nil {
			return err
		}
		if !r.handles[p.Child] || !r.handles[p.Parent] {
			return r.Fail(start, "parent link %d → %d names a bone not defined before it", p.Child, p.Parent)
		}
		s.Parents = append(s.Parents, p)
	case chunkAnim:
		if len(s.Animations) >= r.opt.MaxAnimations {
			return r.Fail(start, "more than %d animations", r.opt.MaxAnimations)
		}
		a, err := r.animation()
		if err != nil {
			return fmt.Errorf("animation %d: %w", len(s.Animations), err)
		}
		s.Animations = append(s.Animations, a)
	case chunkLink:
		var l Link
		var err error
		if l.Skeleton, err = r.Line("animation link", maxName); err != nil {
			return err
		}
		var v [1]float32
		if err := r.Floats("animation link scale", v[:]); err != nil {
			return err
		}
		l.Scale = v[0]
		s.Links = append(s.Links, l)
	default:
		if length < headerSize || int64(start)+int64(length) > int64(len(r.B)) {
			return r.Fail(start, "unknown chunk 0x%04X of length %d does not fit the file (%d bytes)", id, length, len(r.B))
		}
		r.Pos = start + int(length)
	}
	return nil
}

func (r *reader) bone(length uint32) (Bone, error) {
	bn := Bone{Scale: [3]float32{1, 1, 1}}
	var err error
	if bn.Name, err = r.Line("bone name", maxName); err != nil {
		return bn, err
	}
	if bn.Handle, err = r.U16("bone handle"); err != nil {
		return bn, err
	}
	if err := r.Floats("bone position", bn.Position[:]); err != nil {
		return bn, err
	}
	if err := r.Floats("bone orientation", bn.Orientation[:]); err != nil {
		return bn, err
	}
	if length > boneSizeNoScale {
		if err := r.Floats("bone scale", bn.Scale[:]); err != nil {
			return bn, err
		}
		bn.HasScale = true
	}
	return bn, nil
}

// animation reads an animation's fields and the base info and track
// chunks that follow it; the first other chunk is left for the caller.
func (r *reader) animation() (Animation, error) {
	var a Animation
	var err error
	if a.Name, err = r.Line("animation name", maxName); err != nil {
		return a, err
	}
	var v [1]float32
	if err := r.Floats("animation length", v[:]); err != nil {
		return a, err
	}
	a.Length = v[0]
	for {
		id, _, start, ok := r.Header()
		if !ok {
			return a, nil
		}
		switch {
		case id == chunkBaseInfo && !a.HasBase && len(a.Tracks) == 0:
			if a.Base, err = r.Line("base animation name", maxName); err != nil {
				return a, err
			}
			if err := r.Floats("base key time", v[:]); err != nil {
				return a, err
			}
			a.BaseKeyTime, a.HasBase = v[0], true
		case id == chunkTrack:
			t, err := r.track()
			if err != nil {
				return a, fmt.Errorf("%q track %d: %w", a.Name, len(a.Tracks), err)
			}
			a.Tracks = append(a.Tracks, t)
		default:
			r.Pos = start
			return a, nil
		}
	}
}

func (r *reader) track() (Track, error) {
	var t Track
	start := r.Pos
	var err error
	if t.Bone, err = r.U16("track bone handle"); err != nil {
		return t, err
	}
	if !r.handles[t.Bone] {
		return t, r.Fail(start, "track of bone %d, which is not defined before it", t.Bone)
	}
	for {
		id, length, kstart, ok := r.Header()
		if !ok {
			return t, nil
		}
		if id != chunkKeyframe {
			r.Pos = kstart
			return t, nil
		}
		if r.keyframes >= r.opt.MaxKeyframes {
			return t, r.Fail(kstart, "more than %d keyframes", r.opt.MaxKeyframes)
		}
		k, err := r.keyframe(length)
		if err != nil {
			return t, fmt.Errorf("keyframe %d: %w", len(t.Keyframes), err)
		}
		r.keyframes++
		t.Keyframes = append(t.Keyframes, k)
	}
}

func (r *reader) keyframe(length uint32) (Keyframe, error) {
	k := Keyframe{Scale: [3]float32{1, 1, 1}}
	var v [1]float32
	if err := r.Floats("keyframe time", v[:]); err != nil {
		return k, err
	}
	k.Time = v[0]
	if err := r.Floats("keyframe rotation", k.Rotation[:]); err != nil {
		return k, err
	}
	if err := r.Floats("keyframe translation", k.Translation[:]); err != nil {
		return k, err
	}
	if length > keyframeSizeNoScale {
		if err := r.Floats("keyframe scale", k.Scale[:]); err != nil {
			return k, err
		}
		k.HasScale = true
	}
	return k, nil
}
