package mergepatch

import (
	"fmt"
	"strings"

	"packsmith/backend/tl2/modpack"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/raw"
)

// The patch's RAW indices (see the package doc, "RAW indices"): the
// records generated from the merged files, then, mod by mod in load
// order, the records of each active mod's own index for the files that
// mod is the one to give the game. The result indexes what the game sees
// with the patch first: nothing a mod's index holds is lost, and no file
// is listed twice.

// rawIndex is the RAW index file name of kind k inside a .MOD.
func rawIndex(k raw.Kind) string { return "MEDIA/" + k.FileName() }

// indexPath is a RAW record's FILE as the manifest spells it.
func indexPath(p string) string { return mod.UpperName(strings.ReplaceAll(p, `\`, "/")) }

// owners maps every path some active mod ships to the first of them in
// load order (the one the game reads), the merged files to -1 (the patch).
func owners(readers []*mod.Reader, merged []File) map[string]int {
	own := map[string]int{}
	for _, f := range merged {
		own[f.Path] = -1
	}
	for i, r := range readers {
		for _, e := range r.Entries {
			if _, ok := own[e.Path]; !ok {
				own[e.Path] = i
			}
		}
	}
	return own
}

// modRecords gives, kind by kind, the records of every active mod's own
// RAW index for the files that mod is the one to give the game (a file no
// mod ships: the first index listing it), in load order: what the patch's
// indices list after the merged files' (modpack.Options.RAWRecords). A
// mod index that cannot be read is left out with its reason in skipped.
func modRecords(readers []*mod.Reader, names []string, merged []File) (records []*raw.File, skipped []Skipped) {
	own := owners(readers, merged)
	for _, k := range raw.Kinds {
		f := &raw.File{Kind: k}
		// Files no mod ships (a mod's index may list the game's own
		// files): the first index listing one keeps it.
		listed := map[string]bool{}
		for i, r := range readers {
			e, ok := r.Lookup(rawIndex(k))
			if !ok {
				continue
			}
			b, err := r.ReadEntry(e, 256<<20)
			if err == nil {
				var rf *raw.File
				if rf, err = raw.Decode(k, b); err == nil {
					modpack.AppendRecords(f, rf, func(p string) bool {
						up := indexPath(p)
						if o, ok := own[up]; ok {
							return o == i
						}
						return !listed[up]
					})
					for _, p := range recordFiles(rf) {
						if _, ok := own[indexPath(p)]; !ok {
							listed[indexPath(p)] = true
						}
					}
					continue
				}
			}
			skipped = append(skipped, Skipped{Path: rawIndex(k), Reason: fmt.Sprintf(
				"%s's %s cannot be read (%v): its records are not in the patch's %s, so with the patch first the game may not list what it indexes", names[i], k.FileName(), err, k.FileName())})
		}
		if f.Len() > 0 {
			records = append(records, f)
		}
	}
	return records, skipped
}

// recordFiles lists the FILE of every record of f.
func recordFiles(f *raw.File) []string {
	var out []string
	modpack.AppendRecords(&raw.File{}, f, func(p string) bool { out = append(out, p); return false })
	return out
}
