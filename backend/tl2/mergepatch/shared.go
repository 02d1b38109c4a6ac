package mergepatch

import (
	"context"
	"fmt"

	"packsmith/backend/tl2/merge"
	"packsmith/backend/tl2/tl2names"
	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/raw"
	"packsmith/formats/tl2/rghash"
)

// Merge merges, three ways against the game's files (o.BaseDir or
// o.GameDir; ErrNoBase without), the text sources two or more of the
// given mods ship: srcs in load order, readers their open .MODs (as
// OpenMods gives them). Nothing is packed: the Report holds the merged
// files (File.Source) and conflicts. backend/tl2/combine builds a
// combined mod's merged files with it, as Build builds the patch's.
func Merge(ctx context.Context, o Options, srcs []Source, readers []*mod.Reader) (*Report, error) {
	if o.BaseDir == "" && o.GameDir == "" {
		return nil, ErrNoBase
	}
	bs, err := openBase(o)
	if err != nil {
		return nil, err
	}
	defer bs.close()
	rep := &Report{Sources: srcs, Indices: []Index{}}
	if err := mergeShared(ctx, o, bs, readers, rep); err != nil {
		return nil, err
	}
	return rep, nil
}

// OpenMods opens each source's .MOD; closeAll closes what was opened.
func OpenMods(srcs []Source) (readers []*mod.Reader, closeAll func(), err error) {
	return openMods(srcs)
}

// ModRecords is modRecords for a combined mod (backend/tl2/combine): the
// mods' own RAW records for the files each is the one to give the game,
// the merged files' left to the pack.
func ModRecords(readers []*mod.Reader, srcs []Source, merged []File) (records []*raw.File, skipped []Skipped) {
	return modRecords(readers, titles(srcs), merged)
}

// Titles names each source as conflicts and findings do.
func Titles(srcs []Source) []string { return titles(srcs) }

// mergeShared merges every text source two or more of readers ship into
// rep (Files, Conflicts, Shared, Skipped), a file at a time, ctx checked
// between files.
func mergeShared(ctx context.Context, o Options, bs *base, readers []*mod.Reader, rep *Report) error {
	srcs := rep.Sources
	ship, paths := sharedSources(readers)
	rep.Shared = len(paths)
	dict, _ := tl2names.Default()
	if dict == nil {
		dict = rghash.NewDictionary()
	}
	names := titles(srcs)
	for n, p := range paths {
		if err := ctx.Err(); err != nil {
			return err
		}
		o.report(StageMerge, n, len(paths), p)
		var vs []merge.Version
		f := File{Path: p}
		skip := ""
		for _, i := range ship[p] {
			e, _ := readers[i].Lookup(p)
			b, err := readers[i].ReadEntry(e, 256<<20)
			if err != nil {
				return fmt.Errorf("%s: %s: %w", srcs[i].File, p, err)
			}
			n, err := tree(p, b, dict)
			if err != nil {
				skip = fmt.Sprintf("%s's version cannot be read: %v", names[i], err)
				break
			}
			vs = append(vs, merge.Version{Mod: names[i], Root: n})
			f.Mods = append(f.Mods, names[i])
			f.Theirs = append(f.Theirs, dattext.Format(n))
		}
		var base *dattext.Node
		if skip == "" {
			if b, ok, err := bs.read(p); err != nil {
				return fmt.Errorf("base %s: %w", p, err)
			} else if ok {
				if base, err = tree(p, b, dict); err != nil {
					skip = fmt.Sprintf("the game's version cannot be read: %v", err)
				} else {
					f.InBase = true
					f.Base = dattext.Format(base)
				}
			}
		}
		if skip != "" {
			rep.Skipped = append(rep.Skipped, Skipped{Path: p, Reason: skip})
			continue
		}
		r, err := merge.Merge(p, base, vs, &merge.Options{Winners: o.Winners})
		if err != nil {
			return err
		}
		f.Conflicts = len(r.Conflicts)
		f.Status = "merged"
		if f.Conflicts > 0 {
			f.Status = "conflict"
		}
		f.Merged = dattext.Format(r.Root)
		f.Source = dattext.Encode(r.Root)
		rep.Files = append(rep.Files, f)
		rep.Conflicts = append(rep.Conflicts, r.Conflicts...)
	}
	o.report(StageMerge, len(paths), len(paths), "")
	if rep.Files == nil {
		rep.Files = []File{}
	}
	if rep.Conflicts == nil {
		rep.Conflicts = []merge.Conflict{}
	}
	if rep.Skipped == nil {
		rep.Skipped = []Skipped{}
	}
	return nil
}
