package tl2drv

import (
	"context"
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
// byte-identical. Names are upper-cased as GUTS does; when two entries
// become the same name the one already stored upper-case is kept.
func (a *Archive) Rewrite(ctx context.Context, dst string, edits []archive.Edit, p archive.Progress) (archive.Staged, error) {
	if p == nil {
		p = archive.NoProgress{}
	}
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
	replace, remove, adds := pl.Replace, pl.Remove, pl.Adds

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

	var total, done int64
	for i := range r.Entries {
		if keep[upper(r.Entries[i].Path)] == i {
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
		if keep[upper(e.Path)] != i {
			continue
		}
		if err := ctx.Err(); err != nil {
			return fail(err)
		}
		fh := mod.FileHeader{Name: e.Path, Type: e.Type, ExplicitType: true, FileTime: e.FileTime, Order: e.Index}
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
