package save_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"slices"
	"testing"

	"packsmith/formats/tl2/save"
	"packsmith/internal/savetest"
)

func TestMove(t *testing.T) {
	for _, v := range []uint32{0x43, 0x44} {
		sp := spec(v, 1)
		old, err := save.Parse(savetest.File(sp), save.Options{})
		if err != nil {
			t.Fatal(err)
		}
		to := save.Mod{ID: modC, Version: 7}
		c, rep, err := old.Rebind(save.Rebind{From: []int64{modA, modB}, To: []save.Mod{to}})
		if err != nil {
			t.Fatal(err)
		}
		s, err := save.Parse(c.Encode(), save.Options{})
		if err != nil {
			t.Fatalf("0x%X: the moved save does not read back: %v", v, err)
		}
		if v < save.VersionModVersions {
			to.Version = 0
		}
		if !slices.Equal(s.Bound.Mods, []save.Mod{to}) || !slices.Equal(rep.Bound, []save.Mod{{ID: modC, Version: 7}}) {
			t.Fatalf("bound %v", s.Bound.Mods)
		}
		if s.Recent.Mods[0] != to || len(s.Recent.Mods) != 4 || s.Full.Mods[0] != to || s.Full.Mods[1].ID != modX {
			t.Fatalf("histories %v %v", s.Recent.Mods, s.Full.Mods)
		}
		var ids [][]int64
		for _, o := range s.Objects {
			ids = append(ids, o.IDs)
		}
		want := [][]int64{{modC}, {modC}, {modC}, {}, {modX}, {modC}, {modC}, {}}
		if !slices.EqualFunc(ids, want, func(a, b []int64) bool { return slices.Equal(a, b) }) {
			t.Fatalf("ids %v", ids)
		}
		if rep.Objects != 5 || rep.IDs != 6 || rep.Left != 0 || rep.LeftAt != -1 {
			t.Fatalf("report %+v", rep)
		}
		if !bytes.Equal(s.Body[s.Rest:], sp.Rest) || s.Name() != "Ásta" || s.Units[1].Name != "Wolf" {
			t.Fatal("the rest changed")
		}
		// Back again: the unit blocks and lists return to their sizes.
		if _, _, err := s.Rebind(save.Rebind{From: []int64{modC}, To: []save.Mod{save.Mod{ID: modA, Version: 269}}}); err != nil {
			t.Fatal(err)
		}
	}
}

// TestMoveSizes: a unit block whose lists shrink has its size field
// rewritten; the moved save's player block ends where the next field starts.
func TestMoveSizes(t *testing.T) {
	old, _ := save.Parse(savetest.File(spec(0x44, 1)), save.Options{})
	c, _, err := old.Rebind(save.Rebind{From: []int64{modA, modB}, To: []save.Mod{save.Mod{ID: modC, Version: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	u := old.Units[0]
	at := u.SizeAt + 10 // bound lost one mod, the histories gained one each
	size := binary.LittleEndian.Uint32(c.Body[at:])
	if int(size) != u.End-u.SizeAt-4-8 { // the sword's [A B] became [C]
		t.Fatalf("player size %d, was %d", size, u.End-u.SizeAt-4)
	}
}

func TestMoveLeftInRest(t *testing.T) {
	sp := spec(0x44, 1)
	sp.Rest = binary.LittleEndian.AppendUint64([]byte("map"), uint64(modA))
	old, _ := save.Parse(savetest.File(sp), save.Options{})
	_, rep, err := old.Rebind(save.Rebind{From: []int64{modA}, To: []save.Mod{save.Mod{ID: modC}}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Left != 1 || rep.LeftAt != old.Rest+3 {
		t.Fatalf("left %d at %d, rest at %d", rep.Left, rep.LeftAt, old.Rest)
	}
}

func TestMoveRefusals(t *testing.T) {
	old, _ := save.Parse(savetest.File(spec(0x44, 1)), save.Options{})
	if _, _, err := old.Rebind(save.Rebind{From: []int64{modX}, To: []save.Mod{save.Mod{ID: modC}}}); !errors.Is(err, save.ErrNotBound) {
		t.Errorf("not bound: %v", err)
	}
	old, _ = save.Parse(savetest.File(spec(0x42, 1)), save.Options{})
	if _, _, err := old.Rebind(save.Rebind{From: []int64{modA}, To: []save.Mod{save.Mod{ID: modC}}}); !errors.Is(err, save.ErrNoModLists) {
		t.Errorf("0x42: %v", err)
	}
}

// TestObjectGUIDs: the player's and a pet's base class and each item's
// id are read as the object's GUID (Rebind gives each object its mod by
// it).
func TestObjectGUIDs(t *testing.T) {
	sp := spec(0x44, 1)
	sp.Player.GUID, sp.Pets[0].GUID = 5001, 5002
	sp.Player.Items[0].GUID = 6001
	s, err := save.Parse(savetest.File(sp), save.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Objects[0].GUID != 5001 || s.Objects[1].GUID != 6001 || s.Units[0].GUID != 5001 {
		t.Fatalf("objects %+v", s.Objects)
	}
	var pet *save.Object
	for i := range s.Objects {
		if s.Objects[i].Kind == save.KindPet && pet == nil {
			pet = &s.Objects[i]
		}
	}
	if pet == nil || pet.GUID != 5002 {
		t.Fatalf("pet %+v", pet)
	}
}

// TestRebindPerObject: from one mod back to two, each object to the one
// its GUID says; the bound list gets both where the one was.
func TestRebindPerObject(t *testing.T) {
	sp := spec(0x44, 1)
	sp.Bound = []save.Mod{{ID: modX, Version: 1}, {ID: modC, Version: 7}}
	sp.Player.ModIDs = []int64{modC}
	sp.Player.GUID = 5001
	sp.Player.Items = []savetest.Item{{Name: "Axe", GUID: 6001, ModIDs: []int64{modC, modX}}, {Name: "Cap", GUID: 6002, ModIDs: []int64{modC}}}
	old, err := save.Parse(savetest.File(sp), save.Options{})
	if err != nil {
		t.Fatal(err)
	}
	by := map[int64]int64{5001: modA, 6001: modB}
	c, rep, err := old.Rebind(save.Rebind{From: []int64{modC}, To: []save.Mod{{ID: modA, Version: 3}, {ID: modB, Version: 4}},
		Object: func(o save.Object) int64 {
			if id, ok := by[o.GUID]; ok {
				return id
			}
			return modA
		}})
	if err != nil {
		t.Fatal(err)
	}
	s, err := save.Parse(c.Encode(), save.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.Bound.Mods, []save.Mod{{ID: modX, Version: 1}, {ID: modA, Version: 3}, {ID: modB, Version: 4}}) {
		t.Fatalf("bound %v", s.Bound.Mods)
	}
	got := map[string][]int64{}
	for _, o := range s.Objects[:3] {
		got[o.Name] = o.IDs
	}
	if !slices.Equal(got["Axe"], []int64{modB, modX}) || !slices.Equal(got["Cap"], []int64{modA}) || !slices.Equal(s.Objects[0].IDs, []int64{modA}) {
		t.Fatalf("ids %v, player %v", got, s.Objects[0].IDs)
	}
	if rep.IDs < 3 {
		t.Fatalf("report %+v", rep)
	}
}
