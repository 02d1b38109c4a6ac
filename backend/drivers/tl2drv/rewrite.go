package tl2drv

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"packsmith/backend/archive"
	"packsmith/backend/sys/safefile"
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
	rp, err := a.planRewrite(edits)
	if err != nil {
		return nil, err
	}
	total := rp.total()
	opts := a.writerOptions(len(edits))
	w, staged, err := a.openWriter(dst, opts)
	if err != nil {
		return nil, err
	}
	if err := a.writeEntries(ctx, w, rp, total, p); err != nil {
		w.Abort()
		staged.Abort()
		return nil, err
	}
	if err := w.Close(); err != nil {
		staged.Abort()
		return nil, a.copyFailure(err, "")
	}
	p.Progress(total, total, "")
	return staged, nil
}

// rewritePlan is which entries a rewrite keeps and what replaces or joins
// them.
type rewritePlan struct {
	r            *mod.Reader
	replace      map[int]string
	remove       map[int]bool
	adds         []archive.Edit
	dropShadowed bool
	edited       map[string]bool // upper-cased paths replaced or removed
	keep         map[string]int  // the entry that survives for each upper-cased name
}

// planRewrite resolves the edits against the entries and picks, for each
// upper-cased name, the copy a lookup finds (the one stored upper-case,
// else the first).
func (a *Archive) planRewrite(edits []archive.Edit) (*rewritePlan, error) {
	r := a.r
	pl, err := archive.PlanEdits(a.path, edits, func(name string) (int, bool) {
		e, ok := a.lookup(name)
		if !ok {
			return -1, false
		}
		return entryIndex(r, e), true
	})
	if err != nil {
		return nil, err
	}
	if pl.Renames() {
		return nil, fmt.Errorf("%s: tl2 archives cannot rename entries yet", a.path)
	}
	rp := &rewritePlan{r: r, replace: pl.Replace, remove: pl.Remove, adds: pl.Adds, dropShadowed: pl.DropShadowed,
		edited: map[string]bool{}, keep: map[string]int{}}
	for i := range r.Entries {
		if pl.Edited(i) {
			rp.edited[upper(r.Entries[i].Path)] = true
		}
	}
	// Which entry survives for each upper-cased name.
	for i := range r.Entries {
		e := &r.Entries[i]
		if rp.remove[i] {
			continue
		}
		up := upper(e.Path)
		if j, seen := rp.keep[up]; !seen || (r.Entries[j].Path != up && e.Path == up) {
			rp.keep[up] = i
		}
	}
	return rp, nil
}

// kept: the survivor, or a shadowed copy kept as it is.
func (rp *rewritePlan) kept(i int) bool {
	up := upper(rp.r.Entries[i].Path)
	if rp.keep[up] == i {
		return true
	}
	return !rp.dropShadowed && !rp.edited[up] && !rp.remove[i]
}

// total is the bytes the rewrite copies, for its progress.
func (rp *rewritePlan) total() int64 {
	var total int64
	for i := range rp.r.Entries {
		if rp.kept(i) {
			total += max(rp.r.Entries[i].Packed, 0)
		}
	}
	for _, ed := range rp.adds {
		if st, err := os.Stat(ed.Source); err == nil {
			total += st.Size()
		}
	}
	return total
}

// writerOptions keeps the archive's mhash step, and its fileCount when
// nothing is edited.
func (a *Archive) writerOptions(edits int) *mod.WriterOptions {
	r := a.r
	opts := &mod.WriterOptions{KeepReqHash: true, MHashStep: mod.DefaultMHashStep}
	if mb, err := r.ManifestBytes(); err == nil {
		if s := mod.FindMHashStep(mb, r.MHash); s >= 6 {
			opts.MHashStep = s
		}
	}
	if edits == 0 {
		opts.FileCount = r.FileCount
	}
	return opts
}

// openWriter stages dst (and, for a .PAK, its .MAN: the one beside the
// archive rewritten in place, else one found beside dst) and opens the
// writer over them.
func (a *Archive) openWriter(dst string, opts *mod.WriterOptions) (*mod.Writer, safefile.Group, error) {
	r := a.r
	var staged safefile.Group
	out, err := safefile.Create(dst)
	if err != nil {
		return nil, nil, err
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
			staged.Abort()
			return nil, nil, err
		}
		staged = append(staged, mf)
		w, err = mod.NewPakWriter(out, mf, opts)
		if err != nil {
			staged.Abort()
			return nil, nil, err
		}
	} else {
		w, err = mod.NewWriter(out, r.Header, opts)
		if err != nil {
			staged.Abort()
			return nil, nil, err
		}
	}
	return w, staged, nil
}

// writeEntries writes the kept entries in their stored block order
// (copied as stored, or from their replacement), then the added ones.
func (a *Archive) writeEntries(ctx context.Context, w *mod.Writer, rp *rewritePlan, total int64, p archive.Progress) error {
	r := rp.r
	var done int64
	for _, i := range r.BlockOrder() {
		e := &r.Entries[i]
		if !rp.kept(i) {
			continue
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		fh := mod.FileHeader{Name: e.Path, Type: e.Type, ExplicitType: true, FileTime: e.FileTime, Order: e.Index, Duplicate: rp.keep[upper(e.Path)] != i}
		if src, ok := rp.replace[i]; ok {
			if err := addFile(w, fh, src); err != nil {
				return a.copyFailure(err, "")
			}
		} else if err := w.CopyRaw(r, e, fh); err != nil {
			return a.copyFailure(err, e.Path)
		}
		done += max(e.Packed, 0)
		p.Progress(done, total, e.Path)
	}
	for k, ed := range rp.adds {
		if err := ctx.Err(); err != nil {
			return err
		}
		fh := mod.FileHeader{Name: ed.Path, Order: addOrder + k}
		if err := addFile(w, fh, ed.Source); err != nil {
			return a.copyFailure(err, "")
		}
		if st, err := os.Stat(ed.Source); err == nil {
			done += st.Size()
		}
		p.Progress(done, total, ed.Path)
	}
	return nil
}

// copyFailure names the block a failed copy is about. The writer copies
// blocks in runs, so a damaged block may fail a later CopyRaw, Add or
// Close than the one that named it: the *mod.CopyError says which block
// it was (the entry being written at the time is named only when the error
// is not one); current may be "".
func (a *Archive) copyFailure(err error, current string) error {
	var ce *mod.CopyError
	if errors.As(err, &ce) {
		cause := ce.Err
		var fe *mod.FormatError
		if errors.As(cause, &fe) && fe.Entry == ce.Entry {
			c := *fe // the entry and offset are said once, by the EntryError
			c.Entry, c.Offset = "", -1
			cause = &c
		}
		if ce.Blocks > 1 {
			cause = fmt.Errorf("reading it and the %d blocks after it: %w", ce.Blocks-1, cause)
		}
		return &archive.EntryError{Archive: a.path, Entry: ce.Entry, Offset: ce.Offset, Err: cause}
	}
	if current == "" {
		return err
	}
	return &archive.EntryError{Archive: a.path, Entry: current, Offset: -1, Err: err}
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

// ShadowedCopy is a later copy of a path the archive lists more than once
// (Identical: same size and CRC-32 as the copy kept).
type ShadowedCopy = archive.ShadowedCopy

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
