package skeleton

import (
	"errors"
	"reflect"
	"testing"
)

// FuzzDecode: any input decodes or fails with a FormatError inside it; a
// decoded skeleton encodes and decodes back to itself.
func FuzzDecode(f *testing.F) {
	for _, scale := range []bool{false, true} {
		b, _ := Encode(generated(scale))
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := Decode(b, &Options{MaxBones: 256, MaxAnimations: 64, MaxKeyframes: 1 << 14})
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) || fe.Offset < 0 || fe.Offset > int64(len(b)) {
				t.Fatalf("bad error %v", err)
			}
			return
		}
		s.Info()
		s.ParentOf()
		out, err := Encode(s)
		if err != nil {
			return // a version or name Encode refuses (too long)
		}
		again, err := Decode(out, nil)
		if err != nil {
			t.Fatalf("re-decode: %v", err)
		}
		if !reflect.DeepEqual(comparable(again), comparable(s)) {
			t.Fatalf("round trip changed the skeleton")
		}
	})
}

// comparable drops what a round trip may legitimately change: skipped
// unknown chunks leave nothing, but NaN floats never compare equal, so
// the float fields are compared by bits through Encode's bytes instead.
func comparable(s *Skeleton) []byte {
	b, _ := Encode(s)
	return b
}
