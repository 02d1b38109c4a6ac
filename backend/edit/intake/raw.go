package intake

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/tl2/tl2names"
	"packsmith/backend/view/render"
	"packsmith/formats/tl2/bindat"
	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/layout"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/raw"
	"packsmith/formats/tl2/rghash"
)

// rawSources are the folders (and the source extension) each RAW index is
// generated from (formats/tl2/raw, Generate's scans).
var rawSources = map[raw.Kind][]struct{ dir, ext string }{
	raw.Affixes:      {{"MEDIA/AFFIXES/", ".DAT"}},
	raw.Skills:       {{"MEDIA/SKILLS/", ".DAT"}},
	raw.UnitData:     {{"MEDIA/UNITS/ITEMS/", ".DAT"}, {"MEDIA/UNITS/MONSTERS/", ".DAT"}, {"MEDIA/UNITS/PLAYERS/", ".DAT"}, {"MEDIA/UNITS/PROPS/", ".DAT"}},
	raw.Missiles:     {{"MEDIA/MISSILES/", ".LAYOUT"}},
	raw.Triggerables: {{"MEDIA/TRIGGERABLES/", ".DAT"}},
	raw.UI:           {{raw.UIScanDir, ".LAYOUT"}},
	raw.RoomPieces:   {{"MEDIA/LEVELSETS/", ".DAT"}},
}

// rawKindOf says which RAW index reads an entry (upper-case path).
func rawKindOf(up string) (raw.Kind, bool) {
	for _, k := range raw.Kinds {
		for _, s := range rawSources[k] {
			if strings.HasPrefix(up, s.dir) && strings.HasSuffix(up, s.ext) {
				return k, true
			}
		}
	}
	return 0, false
}

// maxRawSource caps one source read for a RAW rebuild.
const maxRawSource = 64 << 20

// RebuildRAW regenerates the RAW indices that edits touch (a replace, add
// or remove of a source they read, not stored ConvertNone) from the
// archive as the edits leave it, and returns the edits that write them
// (their bytes in files under tmp) with a Conversion each. An index the
// edits write themselves is left alone; one that comes out as it was is
// not written. Archives that do not compile sources get nothing.
func RebuildRAW(ctx context.Context, a archive.Archive, edits []archive.Edit, tmp string) ([]archive.Edit, []Conversion, error) {
	if !compiles(a) {
		return nil, nil, nil
	}
	rb := &rawRebuild{a: a, edits: edits, tmp: tmp}
	rb.finalState()
	if len(rb.touched) == 0 {
		return nil, nil, nil
	}
	ms, err := rb.sources(ctx)
	if err != nil {
		return nil, nil, err
	}
	if rb.res, err = raw.Generate(ms, raw.Options{}); err != nil {
		return nil, nil, fmt.Errorf("%s: RAW indices: %w", a.Path(), err)
	}
	var eds []archive.Edit
	var convs []Conversion
	for _, k := range raw.Kinds {
		if !rb.touched[k] {
			continue
		}
		ed, conv, err := rb.index(k)
		if err != nil {
			return nil, nil, err
		}
		if ed != nil {
			eds = append(eds, *ed)
			convs = append(convs, *conv)
		}
	}
	return eds, convs, nil
}

// rawRebuild is one RebuildRAW: the archive as the edits leave it and the
// RAW indices to write again.
type rawRebuild struct {
	a     archive.Archive
	edits []archive.Edit
	tmp   string

	final    map[string]string // upper path → source file ("" : the archive's entry)
	spelling map[string]string // upper path → the path as spelled
	touched  map[raw.Kind]bool // indices whose sources the edits change
	skipped  map[raw.Kind][]string
	res      *raw.Result
}

// finalState plays the edits over the archive's entries: which paths
// remain and where their bytes come from, and which indices they touch
// (not one the edits write themselves).
func (rb *rawRebuild) finalState() {
	touched := map[raw.Kind]bool{}
	userRAW := map[raw.Kind]bool{}
	final := map[string]string{}
	spelling := map[string]string{}
	for _, e := range rb.a.Entries() {
		up := mod.UpperName(e.Path)
		final[up] = ""
		spelling[up] = e.Path
	}
	for _, e := range rb.edits {
		up := mod.UpperName(archive.CleanPath(e.Path))
		if k, ok := raw.KindOf(up); ok && up == "MEDIA/"+k.FileName() && e.Op != archive.EditRemove {
			userRAW[k] = true
		}
		switch e.Op {
		case archive.EditRemove:
			delete(final, up)
		case archive.EditReplace, archive.EditAdd:
			final[up] = e.Source
			if _, ok := spelling[up]; !ok {
				spelling[up] = archive.CleanPath(e.Path)
			}
		case archive.EditRename:
			to := mod.UpperName(archive.CleanPath(e.NewPath))
			final[to] = final[up]
			delete(final, up)
			if k, ok := rawKindOf(to); ok && e.Convert != archive.ConvertNone {
				touched[k] = true
			}
		}
		if k, ok := rawKindOf(up); ok && e.Convert != archive.ConvertNone {
			touched[k] = true
		}
	}
	for k := range userRAW {
		delete(touched, k)
	}
	rb.final, rb.spelling, rb.touched = final, spelling, touched
}

// sources reads every remaining source of a touched index, as the edits
// leave it; one that neither decompiles nor parses is noted in skipped.
func (rb *rawRebuild) sources(ctx context.Context) (*raw.MapSource, error) {
	rb.skipped = map[raw.Kind][]string{}
	ms := &raw.MapSource{Dats: map[string]*dattext.Node{}, Layouts: map[string]*layout.Layout{}}
	for up, src := range rb.final {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		k, ok := rawKindOf(up)
		if !ok || !rb.touched[k] {
			continue
		}
		b, err := readFinal(rb.a, rb.spelling[up], src)
		if err != nil {
			return nil, fmt.Errorf("rebuilding %s: %w", k.FileName(), err)
		}
		// A source that neither decompiles nor parses (bytes stored
		// --as-is) is left out of its index, as raw.Generate leaves out
		// what it cannot read, and said so.
		if strings.HasSuffix(up, ".LAYOUT") {
			l, err := readLayout(up, b)
			if err != nil {
				rb.skipped[k] = append(rb.skipped[k], fmt.Sprintf("%s not indexed: %v", rb.spelling[up], err))
				continue
			}
			ms.Layouts[up] = l
			continue
		}
		n, err := readDat(up, b)
		if err != nil {
			rb.skipped[k] = append(rb.skipped[k], fmt.Sprintf("%s not indexed: %v", rb.spelling[up], err))
			continue
		}
		ms.Dats[up] = raw.Prune(n)
	}
	return ms, nil
}

// index is the edit that writes index k as generated (a remove when no
// source is left), or nil when it comes out as it was.
func (rb *rawRebuild) index(k raw.Kind) (*archive.Edit, *Conversion, error) {
	up := "MEDIA/" + k.FileName()
	var out *raw.Output
	for i := range rb.res.Outputs {
		if rb.res.Outputs[i].Path == up {
			out = &rb.res.Outputs[i]
		}
	}
	_, had := rb.final[up]
	var old []byte
	var oldFile *raw.File
	var err error
	if had {
		if old, err = readFinal(rb.a, rb.spelling[up], rb.final[up]); err != nil {
			return nil, nil, err
		}
		oldFile, _ = raw.Decode(k, old) // a damaged index is rebuilt whole
	}
	if out == nil { // no sources left: a pack writes no empty index
		if had {
			return &archive.Edit{Op: archive.EditRemove, Path: rb.spelling[up], Convert: archive.ConvertDone},
				&Conversion{Path: rb.spelling[up], Label: "removed: no " + k.String() + " sources left", From: -1, To: 0}, nil
		}
		return nil, nil, nil
	}
	data := out.Data
	if k == raw.UnitData && oldFile != nil {
		if data, err = keepUnresolved(out.File, oldFile, rb.res.Unresolved, rb.edits); err != nil {
			return nil, nil, err
		}
	}
	if had && bytes.Equal(old, data) {
		return nil, nil, nil
	}
	dst := filepath.Join(rb.tmp, "rebuilt-"+k.FileName())
	if err := os.WriteFile(dst, data, 0o600); err != nil {
		return nil, nil, err
	}
	label := fmt.Sprintf("rebuilt: %d records", count(k, data))
	op := archive.EditAdd
	name := up
	if had {
		op, name = archive.EditReplace, rb.spelling[up]
		if oldFile != nil {
			label = fmt.Sprintf("rebuilt: %d → %d records", oldFile.Len(), count(k, data))
		}
	}
	return &archive.Edit{Op: op, Path: name, Source: dst, Convert: archive.ConvertDone},
		&Conversion{Path: name, Label: label, From: -1, To: int64(len(data)), Warnings: rb.warnings(k)}, nil
}

// warnings are what rebuilding index k has to say: sources left out, an
// edited unit's unresolved BASEFILE, the generator's warnings on its files.
func (rb *rawRebuild) warnings(k raw.Kind) []string {
	warns := rb.skipped[k]
	if k == raw.UnitData {
		edited := editedPaths(rb.edits)
		for _, u := range rb.res.Unresolved {
			if edited[mod.UpperName(u.File)] {
				warns = append(warns, fmt.Sprintf("%s: BASEFILE %s is not in the archive: %s take GUTS's defaults (pack the mod with the game's data to resolve them)", u.File, u.BaseFile, strings.Join(u.Missing, ", ")))
			}
		}
	}
	for _, w := range rb.res.Warnings {
		if kk, ok := rawKindOf(mod.UpperName(w.File)); ok && kk == k {
			warns = append(warns, w.String())
		}
	}
	return warns
}

func count(k raw.Kind, b []byte) int {
	f, err := raw.Decode(k, b)
	if err != nil {
		return 0
	}
	return f.Len()
}

// keepUnresolved puts back, for each unit whose BASEFILE chain left the
// archive and whose file no edit touched, the record the old index had:
// its inherited values came from base data this rebuild cannot read.
func keepUnresolved(gen, old *raw.File, unres []raw.Unresolved, edits []archive.Edit) ([]byte, error) {
	edited := editedPaths(edits)
	oldBy := map[string]raw.Unit{}
	for _, cat := range old.Units {
		for _, u := range cat {
			oldBy[mod.UpperName(u.File)] = u
		}
	}
	missing := map[string]bool{}
	for _, u := range unres {
		missing[mod.UpperName(u.File)] = true
	}
	for c := range gen.Units {
		for i, u := range gen.Units[c] {
			up := mod.UpperName(u.File)
			if o, ok := oldBy[up]; ok && missing[up] && !edited[up] {
				gen.Units[c][i] = o
			}
		}
	}
	return raw.Encode(gen)
}

// readFinal reads what an entry holds after the edits: src when an edit
// gives it, else the archive's entry.
func readFinal(a archive.Archive, entry, src string) ([]byte, error) {
	if src != "" {
		b, err := ReadSource(src)
		return b, err
	}
	rc, err := a.Open(entry)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, maxRawSource+1))
	if err != nil {
		return nil, &archive.EntryError{Archive: a.Path(), Entry: entry, Offset: int64(len(b)), Err: err}
	}
	if len(b) > maxRawSource {
		return nil, &archive.EntryError{Archive: a.Path(), Entry: entry, Offset: -1, Err: fmt.Errorf("larger than %d bytes", maxRawSource)}
	}
	return b, nil
}

// readDat reads a .DAT entry as a tree: decompiled when it is BINDAT,
// parsed when it is (stored as-is) text.
func readDat(up string, b []byte) (*dattext.Node, error) {
	if render.CompiledKind(archive.Entry{Path: up}, b) == render.KindBINDAT {
		d, err := bindat.Decompile(up, b, names())
		if err != nil {
			return nil, err
		}
		return d.Root, nil
	}
	return dattext.Parse(up, b)
}

func readLayout(up string, b []byte) (*layout.Layout, error) {
	if render.CompiledKind(archive.Entry{Path: up}, b) == render.KindBINLAYOUT {
		return layout.Decode(b)
	}
	root, err := dattext.Parse(up, b)
	if err != nil {
		return nil, err
	}
	l, _, err := layout.FromText(up, root)
	return l, err
}

// names is the rg_hash dictionary: the RAW generator reads fields by
// name, so a decompiled tree needs them named (a dictionary that fails to
// load leaves rghash's built-in names, which hold the fields it reads).
func names() *rghash.Dictionary {
	d, err := tl2names.Default()
	if err != nil || d == nil {
		return rghash.Builtin()
	}
	return d
}

// editedPaths are the upper-cased entries edits write, remove or rename.
func editedPaths(edits []archive.Edit) map[string]bool {
	out := map[string]bool{}
	for _, e := range edits {
		out[mod.UpperName(archive.CleanPath(e.Path))] = true
		if e.Op == archive.EditRename {
			out[mod.UpperName(archive.CleanPath(e.NewPath))] = true
		}
	}
	return out
}
