package check

import (
	"fmt"
	"testing"
)

// GUIDs at their boundaries: two files with the same real GUID are a
// duplicate (in one mod or two, unit or skill); the sentinels GUTS writes
// for "no GUID" (-1, 0, empty, with spaces around) never are, however
// many files carry them.
func TestGUIDSentinelsTable(t *testing.T) {
	unit := func(g string) string { return "[UNIT]\n<INTEGER64>UNIT_GUID:" + g + "\n[/UNIT]\n" }
	skill := func(g string) string { return "[SKILL]\n<INTEGER64>UNIQUE_GUID:" + g + "\n[/SKILL]\n" }
	for _, c := range []struct {
		guid string
		dup  bool
	}{
		{"-1", false}, {" -1 ", false}, {"0", false}, {"", false}, {"  ", false},
		{"1", true}, {"-2", true}, {"-10", true}, {"3715097919661813805", true},
	} {
		for _, k := range []struct {
			kind         Kind
			file         func(string) string
			pathA, pathB string
		}{
			{DupUnitGUID, unit, "MEDIA/UNITS/ITEMS/A.DAT", "MEDIA/UNITS/ITEMS/B.DAT"},
			{DupSkillGUID, skill, "MEDIA/SKILLS/A/A.DAT", "MEDIA/SKILLS/B/B.DAT"},
		} {
			for _, two := range []bool{false, true} {
				name := fmt.Sprintf("%s %q two mods %v", k.kind, c.guid, two)
				var mods []*Mod
				if two {
					mods = []*Mod{memMod("A", map[string]string{k.pathA: k.file(c.guid)}), memMod("B", map[string]string{k.pathB: k.file(c.guid)})}
				} else {
					mods = []*Mod{memMod("A", map[string]string{k.pathA: k.file(c.guid), k.pathB: k.file(c.guid)})}
				}
				n := 0
				for _, f := range Check(mods, Options{}) {
					if f.Kind == k.kind {
						n++
					}
				}
				if want := map[bool]int{false: 0, true: 1}[c.dup]; n != want {
					t.Errorf("%s: %d duplicate findings, want %d", name, n, want)
				}
			}
		}
	}
}
