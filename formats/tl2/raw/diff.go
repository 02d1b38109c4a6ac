package raw

import (
	"fmt"
	"strings"
)

// UnitDiffs lists, unit by unit, the fields in which got differs from want
// ("ITEMS SWORD: LEVEL 1→0"), for two UNITDATA files: it says what a pack
// made without base data lacks, and lets tests (raw, modpack, modunpack)
// name the difference; nothing in the program calls it yet.
func UnitDiffs(want, got *File) []string {
	var out []string
	for c := range want.Units {
		if len(want.Units[c]) != len(got.Units[c]) {
			out = append(out, fmt.Sprintf("%s: %d units, want %d", UnitCategories[c], len(got.Units[c]), len(want.Units[c])))
			continue
		}
		for i, w := range want.Units[c] {
			g := got.Units[c][i]
			var d []string
			field := func(name string, a, b any) {
				if a != b {
					d = append(d, fmt.Sprintf("%s %v→%v", name, a, b))
				}
			}
			field("GUID", w.GUID, g.GUID)
			field("NAME", w.Name, g.Name)
			field("FILE", w.File, g.File)
			field("FLAGS", w.Flags, g.Flags)
			field("LEVEL", w.Level, g.Level)
			field("MINLEVEL", w.MinLevel, g.MinLevel)
			field("MAXLEVEL", w.MaxLevel, g.MaxLevel)
			field("RARITY", w.Rarity, g.Rarity)
			field("RARITY_HC", w.RarityHC, g.RarityHC)
			field("UNITTYPE", w.UnitType, g.UnitType)
			if d != nil {
				out = append(out, fmt.Sprintf("%s %s: %s", UnitCategories[c], w.Name, strings.Join(d, " ")))
			}
		}
	}
	return out
}
