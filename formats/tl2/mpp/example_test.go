package mpp_test

import (
	"fmt"

	"packsmith/formats/tl2/mpp"
)

// A walk grid drawn as text, analysed for walkable pockets cut off from
// the main area, encoded to .MPP bytes and decoded back.
func ExampleAnalyse() {
	g, err := mpp.ParseArt(`
~~~~~~~~~~~~
~......#..~~
~......#..~~
~......~~~~~
~~~~~~~~~~~~`)
	if err != nil {
		panic(err)
	}
	a, err := mpp.Analyse(g, mpp.AnalyseOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Println(len(a.Regions), "regions,", len(a.Pockets), "pocket of", a.PocketCells, "cells, thin walls:", a.ThinWalls)

	b, err := mpp.Encode(g)
	if err != nil {
		panic(err)
	}
	back, err := mpp.Decode(b)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(b), "bytes;", back.Art() == g.Art())
	// Output:
	// 2 regions, 1 pocket of 4 cells, thin walls: 1
	// 84 bytes; true
}

// Compare counts what an edit changed, per class.
func ExampleCompare() {
	before, _ := mpp.ParseArt("....\n.##.\n....")
	after, _ := mpp.ParseArt("....\n.#..\n..~.")
	d, err := mpp.Compare(before, after)
	if err != nil {
		panic(err)
	}
	fmt.Println(d.Changed, "changed:", d.BecameWalkable, "became walkable,", d.LostWalkable, "no longer walkable")
	// Output:
	// 2 changed: 1 became walkable, 1 no longer walkable
}
