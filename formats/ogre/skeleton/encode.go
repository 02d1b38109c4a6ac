package skeleton

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
)

// Encode writes s as Ogre's SkeletonSerializer does, with Ogre's own chunk
// lengths (doc.go): a real file decodes and encodes to the same bytes.
// Bones, then parent links, then animations, then links, the order Ogre
// writes (a blend mode chunk, when s has one, comes first).
func Encode(s *Skeleton) ([]byte, error) {
	if !strings.HasPrefix(s.Version, "[Serializer_v") || len(s.Version) > maxVersionLength || strings.Contains(s.Version, "\n") {
		return nil, fmt.Errorf("skeleton: version %q: want [Serializer_v…] of at most %d bytes", s.Version, maxVersionLength)
	}
	w := &writer{}
	w.u16(chunkHeader)
	w.str(s.Version)
	if s.HasBlendMode {
		w.header(chunkBlendMode, headerSize+2)
		w.u16(s.BlendMode)
	}
	for i := range s.Bones {
		bn := &s.Bones[i]
		if err := checkName("bone", bn.Name); err != nil {
			return nil, err
		}
		n := uint32(boneSizeNoScale)
		if bn.HasScale {
			n += scaleSize
		}
		w.header(chunkBone, n)
		w.str(bn.Name)
		w.u16(bn.Handle)
		w.floats(bn.Position[:]...)
		w.floats(bn.Orientation[:]...)
		if bn.HasScale {
			w.floats(bn.Scale[:]...)
		}
	}
	for _, p := range s.Parents {
		w.header(chunkParent, headerSize+4)
		w.u16(p.Child)
		w.u16(p.Parent)
	}
	for i := range s.Animations {
		if err := w.animation(&s.Animations[i]); err != nil {
			return nil, err
		}
	}
	for _, l := range s.Links {
		if err := checkName("animation link", l.Skeleton); err != nil {
			return nil, err
		}
		w.header(chunkLink, uint32(headerSize+len(l.Skeleton)+1+4))
		w.str(l.Skeleton)
		w.floats(l.Scale)
	}
	return w.b, nil
}

func checkName(what, s string) error {
	if len(s) > maxName || strings.Contains(s, "\n") {
		return fmt.Errorf("skeleton: %s name %q: at most %d bytes and no line break", what, s, maxName)
	}
	return nil
}

// Sizes as Ogre calculates them (calcAnimationSize and friends).
func keyframeSize(k *Keyframe) uint32 {
	if k.HasScale {
		return keyframeSizeNoScale + scaleSize
	}
	return keyframeSizeNoScale
}

func trackSize(t *Track) uint32 {
	n := uint32(headerSize + 2)
	for i := range t.Keyframes {
		n += keyframeSize(&t.Keyframes[i])
	}
	return n
}

func (w *writer) animation(a *Animation) error {
	if err := checkName("animation", a.Name); err != nil {
		return err
	}
	n := uint32(headerSize + len(a.Name) + 1 + 4)
	for i := range a.Tracks {
		n += trackSize(&a.Tracks[i])
	}
	w.header(chunkAnim, n)
	w.str(a.Name)
	w.floats(a.Length)
	if a.HasBase {
		if err := checkName("base animation", a.Base); err != nil {
			return err
		}
		w.header(chunkBaseInfo, uint32(headerSize+len(a.Base)+1+4))
		w.str(a.Base)
		w.floats(a.BaseKeyTime)
	}
	for i := range a.Tracks {
		t := &a.Tracks[i]
		w.header(chunkTrack, trackSize(t))
		w.u16(t.Bone)
		for j := range t.Keyframes {
			k := &t.Keyframes[j]
			w.header(chunkKeyframe, keyframeSize(k))
			w.floats(k.Time)
			w.floats(k.Rotation[:]...)
			w.floats(k.Translation[:]...)
			if k.HasScale {
				w.floats(k.Scale[:]...)
			}
		}
	}
	return nil
}

type writer struct{ b []byte }

func (w *writer) u16(v uint16) { w.b = binary.LittleEndian.AppendUint16(w.b, v) }
func (w *writer) str(s string) { w.b = append(append(w.b, s...), '\n') }
func (w *writer) header(id uint16, n uint32) {
	w.u16(id)
	w.b = binary.LittleEndian.AppendUint32(w.b, n)
}
func (w *writer) floats(v ...float32) {
	for _, f := range v {
		w.b = binary.LittleEndian.AppendUint32(w.b, math.Float32bits(f))
	}
}
