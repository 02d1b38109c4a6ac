package save_test

import (
	"fmt"

	"packsmith/formats/tl2/save"
	"packsmith/internal/savetest"
)

// A character bound to two mods moves to a third: the bound list names
// only the new mod, every object that held an old id holds the new one,
// and the file reads back (checksum and size footer recomputed).
func ExampleSave_Rebind() {
	file := savetest.File(savetest.Character("Hero", 0x44, save.Mod{ID: 101, Version: 3}, save.Mod{ID: 202, Version: 1}))
	s, err := save.Parse(file, save.Options{Name: "HERO.SVB"})
	if err != nil {
		panic(err)
	}
	fmt.Println(s.Name(), s.Class, s.Bound.Mods)
	c, rep, err := s.Rebind(save.Rebind{From: []int64{101, 202}, To: []save.Mod{save.Mod{ID: -303, Version: 7}}})
	if err != nil {
		panic(err)
	}
	moved, err := save.Parse(c.Encode(), save.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(moved.Bound.Mods, moved.Recent.Mods)
	fmt.Println(rep.Objects, "objects,", rep.IDs, "ids rewritten; player holds", moved.Objects[0].IDs)
	// Output:
	// Hero Hum_Berserker_M [{101 3} {202 1}]
	// [{-303 7}] [{-303 7} {101 3} {202 1}]
	// 3 objects, 6 ids rewritten; player holds [-303]
}
