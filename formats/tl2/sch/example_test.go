package sch_test

import (
	"fmt"

	"packsmith/formats/tl2/sch"
)

// modlauncher.sch lists the enabled mods in load order; New writes one as
// the launcher does, Parse reads it back, SetIDs reorders it keeping every
// other line.
func ExampleParse() {
	f := sch.New([]int64{1111, -2222})
	back, err := sch.Parse(f.Bytes())
	if err != nil {
		panic(err)
	}
	fmt.Println(back.IDs())
	back.SetIDs([]int64{-2222, 1111, 3333})
	again, _ := sch.Parse(back.Bytes())
	fmt.Println(again.IDs())
	// Output:
	// [1111 -2222]
	// [-2222 1111 3333]
}
