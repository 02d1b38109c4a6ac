package skeleton

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
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

	headerSize = 6
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

type reader struct {
	b         []byte
	pos       int
	opt       Options
	keyframes int
	handles   map[uint16]bool
}

func (r *reader) fail(off int, format string, a ...any) error {
	return &FormatError{Offset: int64(off), Msg: fmt.Sprintf(format, a...)}
}

func (r *reader) need(n int, what string) error {
	if len(r.b)-r.pos < n {
		return r.fail(r.pos, "%s: needs %d bytes, %d left", what, n, len(r.b)-r.pos)
	}
	return nil
}

func (r *reader) u16(what string) (uint16, error) {
	if err := r.need(2, what); err != nil {
		return 0, err
	}
	v := binary.LittleEndian.Uint16(r.b[r.pos:])
	r.pos += 2
	return v, nil
}

func (r *reader) u32(what string) (uint32, error) {
	if err := r.need(4, what); err != nil {
		return 0, err
	}
	v := binary.LittleEndian.Uint32(r.b[r.pos:])
	r.pos += 4
	return v, nil
}

// floats reads len(dst) floats.
func (r *reader) floats(what string, dst []float32) error {
	if err := r.need(4*len(dst), what); err != nil {
		return err
	}
	for i := range dst {
		dst[i] = math.Float32frombits(binary.LittleEndian.Uint32(r.b[r.pos:]))
		r.pos += 4
	}
	return nil
}

func (r *reader) str(what string, max int) (string, error) {
	lim := min(len(r.b), r.pos+max+1)
	for i := r.pos; i < lim; i++ {
		if r.b[i] == '\n' {
			s := string(r.b[r.pos:i])
			r.pos = i + 1
			return s, nil
		}
	}
	return "", r.fail(r.pos, "%s: no end of line within %d bytes", what, lim-r.pos)
}

// chunk reads a chunk header; ok is false at the end of the input (fewer
// than six bytes left, as Ogre's eof test).
func (r *reader) chunk() (id uint16, length uint32, start int, ok bool) {
	if len(r.b)-r.pos < headerSize {
		return 0, 0, r.pos, false
	}
	start = r.pos
	id = binary.LittleEndian.Uint16(r.b[r.pos:])
	length = binary.LittleEndian.Uint32(r.b[r.pos+2:])
	r.pos += headerSize
	return id, length, start, true
}

// Decode reads a .SKELETON file.
func Decode(b []byte, opt *Options) (*Skeleton, error) {
	r := &reader{b: b, opt: opt.withDefaults(), handles: map[uint16]bool{}}
	id, err := r.u16("header id")
	if err != nil {
		return nil, err
	}
	if id != chunkHeader {
		return nil, r.fail(0, "not an Ogre skeleton: header id 0x%04X, want 0x1000", id)
	}
	s := &Skeleton{}
	if s.Version, err = r.str("version", maxVersionLength); err != nil {
		return nil, err
	}
	if !strings.HasPrefix(s.Version, "[Serializer_v") {
		return nil, r.fail(2, "not an Ogre skeleton: version %q", s.Version)
	}
	for {
		id, length, start, ok := r.chunk()
		if !ok {
			break
		}
		if err := r.top(s, id, length, start); err != nil {
			return nil, err
		}
	}
	if r.pos != len(b) {
		return nil, r.fail(r.pos, "%d bytes after the last chunk, too few for a chunk header", len(b)-r.pos)
	}
	return s, nil
}

// top reads one top-level chunk whose header started at start.
func (r *reader) top(s *Skeleton, id uint16, length uint32, start int) error {
	switch id {
	case chunkBlendMode:
		v, err := r.u16("blend mode")
		if err != nil {
			return err
		}
		s.BlendMode, s.HasBlendMode = v, true
	case chunkBone:
		if len(s.Bones) >= r.opt.MaxBones {
			return r.fail(start, "more than %d bones", r.opt.MaxBones)
		}
		bn, err := r.bone(length)
		if err != nil {
			return fmt.Errorf("bone %d: %w", len(s.Bones), err)
		}
		if r.handles[bn.Handle] {
			return r.fail(start, "bone %q: handle %d is already taken", bn.Name, bn.Handle)
		}
		r.handles[bn.Handle] = true
		s.Bones = append(s.Bones, bn)
	case chunkParent:
		var p Parent
		var err error
		if p.Child, err = r.u16("parent: child handle"); err != nil {
			return err
		}
		if p.Parent, err = r.u16("parent: parent handle"); err != nil {
			return err
		}
		if !r.handles[p.Child] || !r.handles[p.Parent] {
			return r.fail(start, "parent link %d → %d names a bone not defined before it", p.Child, p.Parent)
		}
		s.Parents = append(s.Parents, p)
	case chunkAnim:
		if len(s.Animations) >= r.opt.MaxAnimations {
			return r.fail(start, "more than %d animations", r.opt.MaxAnimations)
		}
		a, err := r.animation()
		if err != nil {
			return fmt.Errorf("animation %d: %w", len(s.Animations), err)
		}
		s.Animations = append(s.Animations, a)
	case chunkLink:
		var l Link
		var err error
		if l.Skeleton, err = r.str("animation link", maxName); err != nil {
			return err
		}
		var v [1]float32
		if err := r.floats("animation link scale", v[:]); err != nil {
			return err
		}
		l.Scale = v[0]
		s.Links = append(s.Links, l)
	default:
		if length < headerSize || int64(start)+int64(length) > int64(len(r.b)) {
			return r.fail(start, "unknown chunk 0x%04X of length %d does not fit the file (%d bytes)", id, length, len(r.b))
		}
		r.pos = start + int(length)
	}
	return nil
}

func (r *reader) bone(length uint32) (Bone, error) {
	bn := Bone{Scale: [3]float32{1, 1, 1}}
	var err error
	if bn.Name, err = r.str("bone name", maxName); err != nil {
		return bn, err
	}
	if bn.Handle, err = r.u16("bone handle"); err != nil {
		return bn, err
	}
	if err := r.floats("bone position", bn.Position[:]); err != nil {
		return bn, err
	}
	if err := r.floats("bone orientation", bn.Orientation[:]); err != nil {
		return bn, err
	}
	if length > boneSizeNoScale {
		if err := r.floats("bone scale", bn.Scale[:]); err != nil {
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
	if a.Name, err = r.str("animation name", maxName); err != nil {
		return a, err
	}
	var v [1]float32
	if err := r.floats("animation length", v[:]); err != nil {
		return a, err
	}
	a.Length = v[0]
	for {
		id, _, start, ok := r.chunk()
		if !ok {
			return a, nil
		}
		switch {
		case id == chunkBaseInfo && !a.HasBase && len(a.Tracks) == 0:
			if a.Base, err = r.str("base animation name", maxName); err != nil {
				return a, err
			}
			if err := r.floats("base key time", v[:]); err != nil {
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
			r.pos = start
			return a, nil
		}
	}
}

func (r *reader) track() (Track, error) {
	var t Track
	start := r.pos
	var err error
	if t.Bone, err = r.u16("track bone handle"); err != nil {
		return t, err
	}
	if !r.handles[t.Bone] {
		return t, r.fail(start, "track of bone %d, which is not defined before it", t.Bone)
	}
	for {
		id, length, kstart, ok := r.chunk()
		if !ok {
			return t, nil
		}
		if id != chunkKeyframe {
			r.pos = kstart
			return t, nil
		}
		if r.keyframes >= r.opt.MaxKeyframes {
			return t, r.fail(kstart, "more than %d keyframes", r.opt.MaxKeyframes)
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
	if err := r.floats("keyframe time", v[:]); err != nil {
		return k, err
	}
	k.Time = v[0]
	if err := r.floats("keyframe rotation", k.Rotation[:]); err != nil {
		return k, err
	}
	if err := r.floats("keyframe translation", k.Translation[:]); err != nil {
		return k, err
	}
	if length > keyframeSizeNoScale {
		if err := r.floats("keyframe scale", k.Scale[:]); err != nil {
			return k, err
		}
		k.HasScale = true
	}
	return k, nil
}
