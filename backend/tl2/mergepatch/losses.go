package mergepatch

import (
	"packsmith/backend/tl2/loadorder"
)

// losses is what the merge lost per patched file, for the load order's
// conflicts view (loadorder.PatchLosses): for each file the patch ships,
// each mod named a loser of one of its conflicts, how many conflicts,
// and the mods that won them. names are the sources' names as the
// conflicts give them (titles), in the order of srcs. Conflicts of files
// the patch leaves out (the load order decides those) are not recorded.
func losses(rep *Report, names []string) map[string][]loadorder.PatchLoss {
	idOf := make(map[string]int64, len(names))
	for i, n := range names {
		idOf[n] = rep.Sources[i].ID
	}
	inPatch := make(map[string]bool, len(rep.Files))
	for _, f := range rep.Files {
		inPatch[f.Path] = true
	}
	type key struct {
		path string
		id   int64
	}
	at := map[key]*loadorder.PatchLoss{}
	out := map[string][]loadorder.PatchLoss{}
	var order []key
	for _, c := range rep.Conflicts {
		w, wok := idOf[c.Winner]
		if !inPatch[c.Path] || !wok {
			continue
		}
		for _, l := range c.Losers {
			id, ok := idOf[l]
			if !ok {
				continue
			}
			k := key{c.Path, id}
			pl := at[k]
			if pl == nil {
				pl = &loadorder.PatchLoss{ID: id, To: []int64{}}
				at[k] = pl
				order = append(order, k)
			}
			pl.Conflicts++
			if !containsID(pl.To, w) {
				pl.To = append(pl.To, w)
			}
		}
	}
	for _, k := range order {
		out[k.path] = append(out[k.path], *at[k])
	}
	return out
}

func containsID(ids []int64, id int64) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// recordLosses writes the record of the patch just packed (rep.SHA256,
// its FileHash) for the conflicts view. It is best effort: without it the
// view only says "merged" (as before the record existed), so a cache
// folder that cannot be written does not fail the build.
func recordLosses(rep *Report, names []string) {
	_ = loadorder.WritePatchLosses(loadorder.LossesDir(), loadorder.PatchLosses{Patch: rep.SHA256, Files: losses(rep, names)})
}
