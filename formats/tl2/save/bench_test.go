package save_test

import (
	"fmt"
	"testing"

	"packsmith/formats/tl2/save"
	"packsmith/internal/savetest"
)

// bigSave is about the size of the real modded save the notes checked
// (1,071,288 bytes): 2,000 items carried and 600 KB of maps.
func bigSave() []byte {
	sp := spec(0x44, 1)
	for i := 0; i < 2000; i++ {
		sp.Player.Items = append(sp.Player.Items, savetest.Item{Name: fmt.Sprintf("Item %d", i), ModIDs: []int64{modA}, Effects: 1})
	}
	sp.Rest = make([]byte, 600<<10)
	return savetest.File(sp)
}

// BenchmarkParse: decode and parse a 1 MB save.
func BenchmarkParse(b *testing.B) {
	f := bigSave()
	b.SetBytes(int64(len(f)))
	for b.Loop() {
		if _, err := save.Parse(f, save.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMove: parse, move A and B to C, encode.
func BenchmarkMove(b *testing.B) {
	f := bigSave()
	b.SetBytes(int64(len(f)))
	for b.Loop() {
		s, err := save.Parse(f, save.Options{})
		if err != nil {
			b.Fatal(err)
		}
		c, _, err := s.Rebind(save.Rebind{From: []int64{modA, modB}, To: []save.Mod{save.Mod{ID: modC, Version: 1}}})
		if err != nil {
			b.Fatal(err)
		}
		_ = c.Encode()
	}
}
