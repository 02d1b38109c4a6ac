package save_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"testing"

	"packsmith/formats/tl2/save"
	"packsmith/internal/fuzzseed"
	"packsmith/internal/savetest"
)

var updateSeeds = flag.Bool("update-seeds", false, "rewrite testdata/fuzz/FuzzParse from seedFiles")

// seedFiles is the generator of the committed fuzz seeds: small saves of
// each layout step and scramble, and a cut one.
func seedFiles() map[string][]byte {
	small := func(v uint32, fl byte) []byte {
		sp := spec(v, fl)
		sp.Player.Items = sp.Player.Items[:1]
		sp.Pets = sp.Pets[:1]
		return savetest.File(sp)
	}
	out := map[string][]byte{}
	for _, c := range []struct {
		v  uint32
		fl byte
	}{{0x38, 0}, {0x3B, 1}, {0x3D, 1}, {0x40, 1}, {0x42, 1}, {0x43, 1}, {0x44, 1}, {0x44, 0}} {
		out[fmt.Sprintf("v%X_flag%d", c.v, c.fl)] = small(c.v, c.fl)
	}
	b := small(0x3A, 0)
	out["cut"] = b[:len(b)/2]
	return out
}

// FuzzParse checks that any input fails with a FormatError (or parses and
// writes back byte for byte), and that a parsed save with a bound mod
// moves to another and reads back.
func FuzzParse(f *testing.F) {
	for _, b := range seedFiles() {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := save.Parse(b, save.Options{MaxObjects: 4096})
		if err != nil {
			var fe *save.FormatError
			if !errors.As(err, &fe) || fe.Offset < 0 || fe.Offset > int64(len(b)) {
				t.Fatalf("bad error %v", err)
			}
			return
		}
		if !bytes.Equal(s.Encode(), b) {
			t.Fatal("Encode() != input")
		}
		if !s.HasModLists() || len(s.Bound.Mods) == 0 {
			return
		}
		c, _, err := s.Rebind(save.Rebind{From: []int64{s.Bound.Mods[0].ID}, To: []save.Mod{save.Mod{ID: s.Bound.Mods[0].ID ^ 1, Version: 3}}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := save.Parse(c.Encode(), save.Options{MaxObjects: 4096}); err != nil {
			t.Fatalf("moved save: %v", err)
		}
	})
}

// TestFuzzSeeds keeps testdata/fuzz/FuzzParse equal to seedFiles; run with
// -update-seeds to rewrite it.
func TestFuzzSeeds(t *testing.T) { fuzzseed.Sync(t, "FuzzParse", seedFiles(), *updateSeeds) }
