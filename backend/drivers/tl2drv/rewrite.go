package tl2drv

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"packsmith/backend/archive"
	"packsmith/backend/safefile"
	"packsmith/formats/tl2/mod"
)

// addOrder puts added entries after the existing ones in their directory.
const addOrder = 1 << 30

// Rewrite writes the archive with edits applied to temporary files beside
// dst (for a PAK, dst is the .PAK and its .MAN is staged with it) and
// returns them staged. Unchanged entries are copied block for block, in
// their stored order, keeping every header field, record order, file time,
// fileCount and mhash step, so a repack of an unchanged GUTS .MOD comes out
// byte-identical. Names are upper-cased as GUTS does. A path the archive
// lists more than once (GUTS writes such .MODs) keeps every copy, unless an
// EditDropShadowed edit is given or the path is replaced or removed: then
// only the copy a lookup finds stays (the one stored upper-case, else the
// first), and Shadowed lists beforehand what goes.
func (a *Archive) Rewrite(ctx context.Context, dst string, edits []archive.Edit, p archive.Progress) (archive.Staged, error) {
	if p == nil {
		p = archive.NoProgress{}
	}
	r := a.r
	replace := map[int]string{}
	remove := map[int]bool{}
	var adds []archive.Edit
	dropShadowed := false
	edited := map[string]bool{} // upper-cased paths replaced or removed
	for _, ed := range edits {
		switch ed.Op {
		case archive.EditDropShadowed:
			dropShadowed = true
			continue
		case archive.EditReplace, archive.EditRemove:
			e, ok := a.lookup(ed.Path)
			if !ok {
				return nil, &archive.EntryError{Archive: a.path, Entry: ed.Path, Offset: -1, Err: archive.ErrNotFound}
			}
			i := entryIndex(r, e)
			edited[upper(e.Path)] = true
			if ed.Op == archive.EditRemove {
				remove[i] = true
			} else {
				replace[i] = ed.Source
			}
		case archive.EditAdd:
			if _, ok := a.lookup(ed.Path); ok {
				return nil, fmt.Errorf("%s: %s is already in the archive (use replace)", a.path, ed.Path)
			}
			adds = append(adds, ed)
		default:
			return nil, fmt.Errorf("tl2: unsupported edit %v", ed.Op)
		}
	}

	// Which entry survives for each upper-cased name.
	keep := map[string]int{}
	for i := range r.Entries {
		e := &r.Entries[i]
		if remove[i] {
			continue
		}
		up := upper(e.Path)
		if j, seen := keep[up]; !seen || (r.Entries[j].Path != up && e.Path == up) {
			keep[up] = i
		}
	}

	// kept: the survivor, or a shadowed copy kept as it is.
	kept := func(i int) bool {
		up := upper(r.Entries[i].Path)
		if keep[up] == i {
			return true
		}
		return !dropShadowed && !edited[up] && !remove[i]
	}
	var total, done int64
	for i := range r.Entries {
		if kept(i) {
			total += max(r.Entries[i].Packed, 0)
		}
	}
	for _, ed := range adds {
		if st, err := os.Stat(ed.Source); err == nil {
			total += st.Size()
		}
	}

	opts := &mod.WriterOptions{KeepReqHash: true, MHashStep: mod.DefaultMHashStep}
	if mb, err := r.ManifestBytes(); err == nil {
		if s := mod.FindMHashStep(mb, r.MHash); s >= 6 {
			opts.MHashStep = s
		}
	}
	if len(edits) == 0 {
		opts.FileCount = r.FileCount
	}

	var staged safefile.Group
	abort := func(err error) (archive.Staged, error) {
		staged.Abort()
		return nil, err
	}
	out, err := safefile.Create(dst)
	if err != nil {
		return nil, err
	}
	staged = append(staged, out)
	var w *mod.Writer
	if r.IsPak() {
		manDst := dst + ".MAN"
		if filepath.Clean(dst) == filepath.Clean(a.path) && a.manPath != "" {
			manDst = a.manPath
		} else if m := findBeside(dst + ".MAN"); m != "" {
			manDst = m
		}
		mf, err := safefile.Create(manDst)
		if err != nil {
			return abort(err)
		}
		staged = append(staged, mf)
		w, err = mod.NewPakWriter(out, mf, opts)
		if err != nil {
			return abort(err)
		}
	} else {
		w, err = mod.NewWriter(out, r.Header, opts)
		if err != nil {
			return abort(err)
		}
	}
	fail := func(err error) (archive.Staged, error) {
		w.Abort()
		return abort(err)
	}

	for _, i := range r.BlockOrder() {
		e := &r.Entries[i]
		if !kept(i) {
			continue
		}
		if err := ctx.Err(); err != nil {
			return fail(err)
		}
		fh := mod.FileHeader{Name: e.Path, Type: e.Type, ExplicitType: true, FileTime: e.FileTime, Order: e.Index, Duplicate: keep[upper(e.Path)] != i}
		if src, ok := replace[i]; ok {
			if err := addFile(w, fh, src); err != nil {
				return fail(err)
			}
		} else if err := w.CopyRaw(r, e, fh); err != nil {
			return fail(&archive.EntryError{Archive: a.path, Entry: e.Path, Offset: -1, Err: err})
		}
		done += max(e.Packed, 0)
		p.Progress(done, total, e.Path)
	}
	for k, ed := range adds {
		if err := ctx.Err(); err != nil {
			return fail(err)
		}
		fh := mod.FileHeader{Name: ed.Path, Order: addOrder + k}
		if err := addFile(w, fh, ed.Source); err != nil {
			return fail(err)
		}
		if st, err := os.Stat(ed.Source); err == nil {
			done += st.Size()
		}
		p.Progress(done, total, ed.Path)
	}
	if err := w.Close(); err != nil {
		return abort(err)
	}
	p.Progress(total, total, "")
	return staged, nil
}

// addFile streams a file from disk into the writer, with its mtime.
func addFile(w *mod.Writer, fh mod.FileHeader, src string) error {
	f, err := os.Open(src)
	if err != nil {
		return err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil {
		fh.FileTime = mod.FileTime(st.ModTime().UnixNano())
	}
	return w.Add(fh, f)
}

func entryIndex(r *mod.Reader, e *mod.Entry) int {
	for i := range r.Entries {
		if &r.Entries[i] == e {
			return i
		}
	}
	return -1
}

// upper is GUTS' ASCII-only upper-casing.
func upper(s string) string { return mod.UpperName(s) }

// ShadowedCopy is a later copy of a path the archive lists more than once.
type ShadowedCopy struct {
	Path      string `json:"path"`      // as stored
	Kept      string `json:"kept"`      // the copy a lookup finds, as stored
	Identical bool   `json:"identical"` // same size and CRC-32 as that one
}

// Shadowed lists the copies a lookup never finds: what EditDropShadowed
// drops. Which copy the game reads is not documented; Packsmith's reader
// (and so every lookup here) takes the one stored upper-case, else the
// first, an inference from the game upper-casing names before it looks.
func (a *Archive) Shadowed() []ShadowedCopy {
	r := a.r
	keep := map[string]int{}
	for i := range r.Entries {
		e := &r.Entries[i]
		up := upper(e.Path)
		if j, seen := keep[up]; !seen || (r.Entries[j].Path != up && e.Path == up) {
			keep[up] = i
		}
	}
	out := []ShadowedCopy{}
	for i := range r.Entries {
		e := &r.Entries[i]
		j := keep[upper(e.Path)]
		if j == i {
			continue
		}
		k := &r.Entries[j]
		out = append(out, ShadowedCopy{Path: e.Path, Kept: k.Path, Identical: e.Size == k.Size && e.CRC32 == k.CRC32})
	}
	return out
}
