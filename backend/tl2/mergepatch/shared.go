package mergepatch

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"packsmith/backend/tl2/merge"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/raw"
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

// mergeShared merges every text source two or more of readers ship into
// rep (Files, Conflicts, Shared, Skipped): mergeAll, a file at a time
// within o.Budget, ctx looked at inside each file's merge too; a copy that
// cannot be read is left out with its reason, the others still merged.
func mergeShared(ctx context.Context, o Options, bs *base, readers []*mod.Reader, rep *Report) error {
	ship, paths := sharedSources(readers)
	rep.Shared = len(paths)
	if err := mergeAll(ctx, o, rep, readers, ship, paths, bs); err != nil {
		return err
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

// FileMerge is one shared file merged alone (MergeFile): the file with
// its three-way texts (Base, Theirs, Merged) and its conflicts. Its
// Status is StatusLoadOrder when the patch leaves it out.
type FileMerge struct {
	File      File             `json:"file"`
	Conflicts []merge.Conflict `json:"conflicts"`
	Skipped   []Skipped        `json:"skipped"`
}

// ErrNotShared: MergeFile's path is not a text source two or more of the
// loaded mods ship.
var ErrNotShared = errors.New("is not a text source two or more loaded mods ship")

// MergeFile merges one shared file (its stored path, upper case, as
// Report.Files and Conflict.Path give it) as Build merges it, with the
// texts of a three-way view: the window's diff, and the re-merge after a
// winner is picked (only that file's conflicts can change), without
// merging every other shared file again.
func MergeFile(ctx context.Context, o Options, p string) (*FileMerge, error) {
	srcs, readers, closeAll, err := openLoaded(ctx, o)
	if err != nil {
		return nil, err
	}
	defer closeAll()
	ship, _ := sharedSources(readers)
	p = strings.ToUpper(p)
	if len(ship[p]) < 2 {
		return nil, fmt.Errorf("%s %w", p, ErrNotShared)
	}
	bs, err := openBase(o)
	if err != nil {
		return nil, err
	}
	defer bs.close()
	m := newFileMerger(o, readers, titles(srcs), bs)
	m.views = true
	defer m.releaseKept()
	f, skipped, err := m.file(ctx, p, ship[p], false)
	if err != nil {
		return nil, err
	}
	out := &FileMerge{Skipped: skipped, Conflicts: []merge.Conflict{}}
	if skipped == nil {
		out.Skipped = []Skipped{}
	}
	if f == nil {
		return out, fmt.Errorf("%s cannot be merged: %s", p, skippedWhy(skipped))
	}
	if f.conflicts != nil {
		out.Conflicts = f.conflicts
	}
	f.conflicts = nil
	out.File = *f
	return out, nil
}

// skippedWhy joins the reasons of skipped.
func skippedWhy(skipped []Skipped) string {
	var why []string
	for _, s := range skipped {
		why = append(why, s.Reason)
	}
	return strings.Join(why, "; ")
}
