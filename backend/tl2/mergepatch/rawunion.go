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

// unionRAW returns the indices to write instead of gen (the ones the
// merged files gave). A mod index that cannot be read is left out with
// its reason in skipped; its records are then missing from the patch's.
func unionRAW(gen []raw.Output, readers []*mod.Reader, names []string, merged []File) (outs []raw.Output, skipped []Skipped, err error) {
	own := owners(readers, merged)
	byKind := map[raw.Kind]*raw.File{}
	for _, o := range gen {
		byKind[o.File.Kind] = o.File
	}
	for _, k := range raw.Kinds {
		f := byKind[k]
		if f == nil {
			f = &raw.File{Kind: k}
		}
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
					addRecords(f, rf, func(p string) bool {
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
		if f.Len() == 0 {
			continue
		}
		data, err := raw.Encode(f)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", k.FileName(), err)
		}
		outs = append(outs, raw.Output{Path: rawIndex(k), File: f, Data: data})
	}
	return outs, skipped, nil
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

// keep appends the records of src whose file keep accepts.
func keep[T any](dst, src []T, file func(*T) string, ok func(string) bool) []T {
	for i := range src {
		if ok(file(&src[i])) {
			dst = append(dst, src[i])
		}
	}
	return dst
}

// addRecords appends to f the records of src (the same kind) that ok
// accepts by their FILE.
func addRecords(f, src *raw.File, ok func(string) bool) {
	f.Affixes = keep(f.Affixes, src.Affixes, func(a *raw.Affix) string { return a.File }, ok)
	f.Skills = keep(f.Skills, src.Skills, func(s *raw.Skill) string { return s.File }, ok)
	for c := range f.Units {
		f.Units[c] = keep(f.Units[c], src.Units[c], func(u *raw.Unit) string { return u.File }, ok)
	}
	f.Missiles = keep(f.Missiles, src.Missiles, func(m *raw.Missile) string { return m.File }, ok)
	f.Triggerables = keep(f.Triggerables, src.Triggerables, func(t *raw.Triggerable) string { return t.File }, ok)
	f.Menus = keep(f.Menus, src.Menus, func(m *raw.Menu) string { return m.File }, ok)
	f.RoomPieces = keep(f.RoomPieces, src.RoomPieces, func(p *raw.PieceFile) string { return p.File }, ok)
}

// recordFiles lists the FILE of every record of f.
func recordFiles(f *raw.File) []string {
	var out []string
	addRecords(&raw.File{}, f, func(p string) bool { out = append(out, p); return false })
	return out
}
