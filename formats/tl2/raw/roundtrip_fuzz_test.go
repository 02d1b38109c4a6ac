package raw

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// fuzzFile builds records of the given kind from the fuzzer's values: n
// records (n mod 6), each with the strings a and b (a split at "|" for the
// name lists, empty lists left nil as Decode leaves them) and numbers
// derived from x, y and flags, so every field of every kind is written.
func fuzzFile(kind Kind, n uint8, a, b string, x int64, y int32, flags uint8) *File {
	f := &File{Kind: kind}
	names := func(s string) []string {
		if s == "" {
			return nil
		}
		return strings.Split(s, "|")
	}
	for i := 0; i < int(n%6); i++ {
		ia, ib := a, b
		if i%2 == 1 {
			ia, ib = b, a+"#"
		}
		xi, yi := x+int64(i)*7919, y^int32(i<<20)
		switch kind {
		case Affixes:
			f.Affixes = append(f.Affixes, Affix{File: ia, Name: ib, MinSpawn: yi, MaxSpawn: -yi, Weight: int32(xi), Difficulties: int32(xi >> 32), UnitTypes: names(ia), NotUnitTypes: names(ib)})
		case Skills:
			f.Skills = append(f.Skills, Skill{Name: ia, File: ib, GUID: xi})
		case UnitData:
			c := (i + int(flags)) % 4
			f.Units[c] = append(f.Units[c], Unit{GUID: xi, Name: ia, File: ib, Flags: flags + uint8(i), Level: yi, MinLevel: yi + 1, MaxLevel: yi - 1, Rarity: int32(xi), RarityHC: int32(xi >> 16), UnitType: ia})
		case Missiles:
			f.Missiles = append(f.Missiles, Missile{File: ia, Names: names(ib)})
		case Triggerables:
			f.Triggerables = append(f.Triggerables, Triggerable{File: ia, Name: ib})
		case UI:
			f.Menus = append(f.Menus, Menu{Name: ia, File: ib, Type: uint32(yi), GameState: uint32(xi), CreateOnLoad: flags, MultiplayerOnly: flags >> 1, SingleplayerOnly: flags >> 2, KeyBinding: ib})
		case RoomPieces:
			var ps []int64
			for j := 0; j < int(flags%5); j++ {
				ps = append(ps, xi-int64(j))
			}
			f.RoomPieces = append(f.RoomPieces, PieceFile{File: ia, Pieces: ps})
		}
	}
	return f
}

// FuzzEncodeRoundTrip: records written by Encode read back by Decode as
// they were (valid UTF-8 strings; others are written as their UTF-16
// units allow, and then the bytes are stable), or Encode refuses
// them with ErrTooLarge.
func FuzzEncodeRoundTrip(f *testing.F) {
	f.Add(uint8(Affixes), uint8(2), "MEDIA/AFFIXES/A.DAT", "PLAYER|MONSTER", int64(999), int32(-1), uint8(0))
	f.Add(uint8(Skills), uint8(1), "S", "MEDIA/SKILLS/S.DAT", int64(-5), int32(0), uint8(0))
	f.Add(uint8(UnitData), uint8(5), "MEDIA/UNITS/MONSTERS/M.DAT", "MONSTER", int64(1)<<40, int32(3), uint8(FlagEquipment|FlagSet))
	f.Add(uint8(Missiles), uint8(3), "MEDIA/MISSILES/X.LAYOUT", "FIREBALL||ICE", int64(0), int32(0), uint8(0))
	f.Add(uint8(Triggerables), uint8(1), "MEDIA/TRIGGERABLES/T.DAT", "Ünïcode ☃ \U0001F600", int64(0), int32(0), uint8(0))
	f.Add(uint8(UI), uint8(2), "Help", "STATMENU", int64(7), int32(4), uint8(7))
	f.Add(uint8(RoomPieces), uint8(4), "MEDIA/LEVELSETS/A.DAT", "", int64(-2), int32(0), uint8(3))
	f.Add(uint8(Skills), uint8(1), "\xed\xa0\x80 lone surrogate", "bad \xff byte", int64(0), int32(0), uint8(0))
	f.Fuzz(func(t *testing.T, k, n uint8, a, b string, x int64, y int32, flags uint8) {
		kind := Kind(k % uint8(numKinds))
		want := fuzzFile(kind, n, a, b, x, y, flags)
		enc, err := Encode(want)
		if err != nil {
			if !errors.Is(err, ErrTooLarge) {
				t.Fatalf("%s: encode: %v", kind, err)
			}
			return
		}
		got, err := Decode(kind, enc)
		if err != nil {
			t.Fatalf("%s: what Encode wrote does not decode: %v", kind, err)
		}
		if got.Len() != want.Len() {
			t.Fatalf("%s: %d records written, %d read", kind, want.Len(), got.Len())
		}
		again, err := Encode(got)
		if err != nil || !bytes.Equal(again, enc) {
			t.Fatalf("%s: decode → encode changed the bytes: %v", kind, err)
		}
		// %+v prints a nil and an empty slice alike (Decode makes empty
		// lists, the builder leaves them nil).
		if utf8.ValidString(a) && utf8.ValidString(b) && fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", want) {
			t.Fatalf("%s: read back\n%+v\nwant\n%+v", kind, got, want)
		}
	})
}
