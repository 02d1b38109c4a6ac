package save_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"slices"
	"testing"

	"packsmith/formats/tl2/save"
	"packsmith/internal/savetest"
)

const (
	modA = int64(4695100101213318866)
	modB = int64(945157549)
	modC = int64(-7046029254386353131)
	modX = int64(1234567)
)

// versions is every save version read, with the scramble bytes it has.
func versions() [][2]uint32 {
	var out [][2]uint32
	for v := uint32(save.VersionMin); v <= save.VersionMax; v++ {
		out = append(out, [2]uint32{v, 0})
		if v >= save.VersionFlag {
			out = append(out, [2]uint32{v, 1})
		}
	}
	return out
}

func spec(v uint32, flag byte) savetest.Spec {
	gem := savetest.Item{Name: "Ruby", ModIDs: []int64{modB}, Effects: 1}
	return savetest.Spec{
		Version: v, Flag: flag, Class: "Hum_Wanderer_F", Difficulty: 2, Hardcore: true, NewGamePlus: 3,
		Bound:  []save.Mod{{ID: modA, Version: 269}, {ID: modB, Version: 2}},
		Recent: []save.Mod{{ID: modA, Version: 269}, {ID: modB, Version: 2}, {ID: modX, Version: 1}},
		Full:   []save.Mod{{ID: modX, Version: 1}},
		Player: savetest.Unit{Name: "Ásta", ModIDs: []int64{modA}, Wardrobe: true, Items: []savetest.Item{
			{Name: "Sword", ModIDs: []int64{modA, modB}, Sockets: []savetest.Item{gem}, Effects: 2},
			{Name: "Vanilla boots"},
			{Name: "Other mod's ring", ModIDs: []int64{modX}},
		}},
		Pets: []savetest.Unit{
			{Name: "Wolf", ModIDs: []int64{modB}, Items: []savetest.Item{{Name: "Fish", ModIDs: []int64{modA}}}},
			{Name: "Ally"},
		},
		Rest: []byte("MAPS…QUESTS"),
	}
}

func TestRoundTripEveryVersion(t *testing.T) {
	for _, vf := range versions() {
		t.Run(fmt.Sprintf("v%X_flag%d", vf[0], vf[1]), func(t *testing.T) {
			sp := spec(vf[0], byte(vf[1]))
			b := savetest.File(sp)
			s, err := save.Parse(b, save.Options{Name: "X.SVB"})
			if err != nil {
				t.Fatal(err)
			}
			if got := s.Encode(); !bytes.Equal(got, b) {
				t.Fatalf("Encode differs from the file (%d vs %d bytes)", len(got), len(b))
			}
			if !bytes.Equal(s.Body, savetest.Body(sp)) {
				t.Fatal("body not unscrambled to what was written")
			}
			checkFields(t, s, sp)
		})
	}
}

func checkFields(t *testing.T, s *save.Save, sp savetest.Spec) {
	t.Helper()
	if s.Class != sp.Class || s.Difficulty != 2 || !s.Hardcore || s.NewGamePlus != 3 || s.Name() != "Ásta" {
		t.Fatalf("start: %q %d %v %d %q", s.Class, s.Difficulty, s.Hardcore, s.NewGamePlus, s.Name())
	}
	if len(s.Units) != 3 || s.Units[1].Name != "Wolf" || s.Units[2].Name != "Ally" {
		t.Fatalf("units %+v", s.Units)
	}
	var got []string
	for _, o := range s.Objects {
		got = append(got, fmt.Sprintf("%s %s %v", o.Kind, o.Name, o.IDs))
	}
	want := []string{
		fmt.Sprintf("player Ásta [%d]", modA), fmt.Sprintf("item Sword [%d %d]", modA, modB),
		fmt.Sprintf("item Ruby [%d]", modB), "item Vanilla boots []", fmt.Sprintf("item Other mod's ring [%d]", modX),
		fmt.Sprintf("pet Wolf [%d]", modB), fmt.Sprintf("item Fish [%d]", modA), "pet Ally []",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("objects\n%q\nwant\n%q", got, want)
	}
	if !bytes.Equal(s.Body[s.Rest:], sp.Rest) {
		t.Fatalf("rest at %d is %q", s.Rest, s.Body[s.Rest:])
	}
	wantBound := sp.Bound
	if sp.Version < save.VersionModLists {
		wantBound = nil
	} else if sp.Version < save.VersionModVersions {
		wantBound = []save.Mod{{ID: modA}, {ID: modB}}
	}
	if !slices.Equal(s.Bound.Mods, wantBound) {
		t.Fatalf("bound %v, want %v", s.Bound.Mods, wantBound)
	}
}

func TestScrambleMethods(t *testing.T) {
	for _, c := range []struct {
		v    uint32
		flag byte
		want save.Scramble
	}{{0x3A, 0, save.ScrambleNone}, {0x3B, 1, save.ScrambleAlternate}, {0x3C, 7, save.ScrambleAlternate},
		{0x3D, 1, save.ScrambleNibble}, {0x44, 1, save.ScrambleNibble}, {0x44, 0, save.ScrambleNone}} {
		b := savetest.File(spec(c.v, c.flag))
		ct, err := save.Decode(b, save.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if ct.Method() != c.want || ct.Flag != c.flag {
			t.Errorf("0x%X flag %d: method %d, want %d", c.v, c.flag, ct.Method(), c.want)
		}
		if !bytes.Equal(ct.Encode(), b) {
			t.Errorf("0x%X flag %d: no round trip", c.v, c.flag)
		}
	}
}

// TestNibbleKnownAnswer checks the nibble scramble against the spec's
// formula worked by hand: stored 12 34 → plain BE DC.
func TestNibbleKnownAnswer(t *testing.T) {
	file := []byte{0x44, 0, 0, 0, 1, 0, 0, 0, 0, 0x12, 0x34, 0, 0, 0, 0}
	binary.LittleEndian.PutUint32(file[5:], save.Checksum([]byte{0xBE, 0xDC}))
	binary.LittleEndian.PutUint32(file[11:], uint32(len(file)))
	c, err := save.Decode(file, save.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(c.Body, []byte{0xBE, 0xDC}) {
		t.Fatalf("body % X", c.Body)
	}
	// The alternate scramble: stored a b c d is plain ^a ^d ^b ^c.
	file = []byte{0x3B, 0, 0, 0, 1, 1, 2, 3, 4, 0, 0, 0, 0}
	binary.LittleEndian.PutUint32(file[9:], uint32(len(file)))
	if c, err = save.Decode(file, save.Options{}); err != nil || !bytes.Equal(c.Body, []byte{^byte(1), ^byte(4), ^byte(2), ^byte(3)}) {
		t.Fatalf("alternate: % X %v", c.Body, err)
	}
	if got := save.Checksum([]byte{1, 2, 3}); got != 0x0B6B4C79 {
		t.Fatalf("checksum 0x%08X", got)
	}
}

func TestFooterKinds(t *testing.T) {
	old := savetest.File(spec(0x40, 1))
	if got := binary.LittleEndian.Uint32(old[len(old)-4:]); int(got) != len(old)-4 {
		t.Fatalf("0x40 footer %d, file %d", got, len(old))
	}
	b := savetest.File(spec(0x44, 1))
	if got := binary.LittleEndian.Uint32(b[len(b)-4:]); int(got) != len(b) {
		t.Fatalf("0x44 footer %d, file %d", got, len(b))
	}
	binary.LittleEndian.PutUint32(b[len(b)-4:], uint32(len(b)-4))
	c, err := save.Decode(b, save.Options{})
	if err != nil || !c.FooterMinus4 || !bytes.Equal(c.Encode(), b) {
		t.Fatalf("a 0x44 save with the other footer: %v", err)
	}
}
