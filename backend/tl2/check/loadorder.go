package check

import (
	"fmt"
	"strings"

	"packsmith/backend/tl2/loadorder"
)

// Kinds of the findings about the load order itself (LoadOrderFindings),
// not about one mod's files.
const (
	DupModID  Kind = "duplicate-mod-id" // two .MOD files carry one MOD_ID
	OverLimit Kind = "over-limit"       // more mods active than the game activates
)

// AboutLoadOrder says whether f is about the load order (listed whatever
// mod a run is about).
func AboutLoadOrder(f Finding) bool { return f.Kind == DupModID || f.Kind == OverLimit }

// LoadOrderFindings are what the load order v shows that breaks a setup
// whatever the mods hold, as `loadorder list` reports it: one finding per
// MOD_ID two or more .MOD files of the mods folder carry (the game loads
// one of them, which one is not defined), and one when more mods are
// active than the game activates (those past the limit are not loaded).
func LoadOrderFindings(v *loadorder.View) []Finding {
	out := []Finding{}
	var ids []int64
	files := map[int64][]loadorder.Mod{}
	for _, m := range v.Mods {
		if !hasProblem(m, loadorder.ProbDuplicateID) {
			continue
		}
		if files[m.ID] == nil {
			ids = append(ids, m.ID)
		}
		files[m.ID] = append(files[m.ID], m)
	}
	for _, id := range ids {
		fs := files[id]
		var rels []string
		for _, m := range fs {
			rels = append(rels, m.Rel)
		}
		out = append(out, Finding{Kind: DupModID, Severity: SevError, Mod: fs[0].Title, File: fs[0].Rel, Ref: fmt.Sprint(id),
			Other: strings.Join(rels[1:], ", "),
			Message: fmt.Sprintf("MOD_ID %d is carried by %d files of the mods folder (%s): the game loads one of them and which one is not defined; delete the copies you do not want",
				id, len(fs), strings.Join(rels, ", "))})
	}
	if len(v.Order) > v.Limit && v.Limit > 0 {
		var left []string
		for _, m := range v.Mods {
			if m.Active && m.Place > v.Limit {
				left = append(left, fmt.Sprintf("%d. %s", m.Place, m.Title))
			}
		}
		be := "is"
		if len(left) > 1 {
			be = "are"
		}
		out = append(out, Finding{Kind: OverLimit, Severity: SevError, File: "modlauncher.sch", Ref: fmt.Sprint(len(v.Order)),
			Message: fmt.Sprintf("%d mods are active and the game activates %d at most: %s %s not loaded; combine them into one mod (packsmith combine --deploy: one slot), disable some, or keep setups of at most %d as profiles (packsmith profile) and switch",
				len(v.Order), v.Limit, strings.Join(left, ", "), be, v.Limit)})
	}
	return out
}

func hasProblem(m loadorder.Mod, code string) bool {
	for _, p := range m.Problems {
		if p.Code == code {
			return true
		}
	}
	return false
}
