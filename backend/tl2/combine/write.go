package combine

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"packsmith/backend/sys/safefile"
	"packsmith/backend/sys/scratch"
	"packsmith/backend/tl2/loadorder"
	"packsmith/backend/tl2/mergepatch"
	"packsmith/backend/tl2/modpack"
	"packsmith/backend/workspace/backups"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/raw"
)

// FixedTime is every merged source's time, so entry times never vary.
var FixedTime = time.Date(2012, 9, 20, 0, 0, 0, 0, time.UTC)

// copyEntry is one block of a constituent the combined mod copies.
type copyEntry struct {
	r *mod.Reader
	e *mod.Entry
}

// plan lists, in write order, the blocks to copy: for each constituent in
// load order, the entries it is the first to ship (the game's first-wins
// rule), in the order its blocks lie (so runs copy in one read), leaving
// out folder records, RAW indices and the files merged.
func plan(ctx context.Context, readers []*mod.Reader, merged []mergepatch.File) ([]copyEntry, int64, error) {
	taken := map[string]bool{}
	for _, f := range merged {
		taken[f.Path] = true
	}
	var out []copyEntry
	var bytes int64
	n := 0
	for _, r := range readers {
		n += len(r.Entries)
		if n > MaxEntries {
			return nil, 0, fmt.Errorf("%w (%d, at most %d)", ErrTooLarge, n, MaxEntries)
		}
		mine := map[string]bool{}
		for _, e := range r.Entries {
			up := mod.UpperName(e.Path)
			if e.Type == mod.TypeFolder || taken[up] || rawIndex(up) {
				continue
			}
			mine[up] = true
		}
		for _, i := range r.BlockOrder() {
			if err := ctx.Err(); err != nil {
				return nil, 0, err
			}
			e := &r.Entries[i]
			up := mod.UpperName(e.Path)
			if !mine[up] {
				continue
			}
			delete(mine, up) // a path listed twice: its first record
			taken[up] = true
			out = append(out, copyEntry{r, e})
			bytes += max(e.Packed, 0)
		}
	}
	return out, bytes, nil
}

// write writes the combined mod: the merged files and the RAW indices
// of the union (part), then every winning block of the constituents,
// copied as stored (no inflate, no deflate), to a temporary file renamed
// over o.Output at the end.
func write(ctx context.Context, o Options, rep *Report, readers []*mod.Reader) error {
	copies, total, err := plan(ctx, readers, rep.Files)
	if err != nil {
		return err
	}
	md := modDat(rep, readers)
	rep.Required, rep.Remove = len(md.Required), len(md.Remove)
	dir, err := scratch.MkdirTemp("combine")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	mine, err := part(ctx, o, rep, md, readers, filepath.Join(dir, FileName))
	if err != nil {
		return err
	}
	defer mine.close()
	if rep.Backup, err = protect(o.Output); err != nil {
		return err
	}
	if rep.sha, err = copyAll(ctx, o, header(md, readers[0].Header), mine, copies, total); err != nil {
		return err
	}
	rep.SHA256 = rep.sha[:16]
	rep.Entries = len(mine.copies) + len(mine.added) + len(copies)
	rep.Copied, rep.CopiedBytes = len(copies), total
	rep.Output, _ = filepath.Abs(o.Output)
	if st, err := os.Stat(o.Output); err == nil {
		rep.Size = st.Size()
	}
	return nil
}

// header is the combined mod's .MOD header: MOD.DAT's fields, the game
// version of the first constituent.
func header(md *modpack.ModDat, first *mod.Header) *mod.Header {
	return &mod.Header{Version: 4, ModVersion: md.Version + 1, GameVersion: first.GameVersion, Title: md.Name,
		Author: md.Author, Description: md.Description, ModID: md.ModID, Required: md.Required, Remove: md.Remove}
}

// own is what the combined mod holds of its own: blocks of the pack of
// its merged files (copies) and encoded RAW indices (added).
type own struct {
	copies []copyEntry
	added  []mod.FileHeader
	data   [][]byte
	close  func() // closes the pack, open while its blocks are copied
}

// part makes the combined mod's own files. With merged files, they are
// packed from memory (modpack.PackMemory, as the merged patch is: sources
// compiled, their records generated, then each constituent's own records
// for the files it gives the game, mergepatch.ModRecords) to file p, whose
// blocks are then copied. Without, the constituents' records are the
// indices, encoded here.
func part(ctx context.Context, o Options, rep *Report, md *modpack.ModDat, readers []*mod.Reader, p string) (*own, error) {
	records, skipped := mergepatch.ModRecords(readers, rep.Sources, rep.Files)
	rep.Skipped = append(rep.Skipped, skipped...)
	res := &own{close: func() {}}
	if len(rep.Files) == 0 {
		for _, f := range records {
			b, err := raw.Encode(f)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", f.Kind.FileName(), err)
			}
			res.added = append(res.added, mod.FileHeader{Name: "MEDIA/" + f.Kind.FileName(), FileTime: mod.FileTime(FixedTime.UnixNano())})
			res.data = append(res.data, b)
		}
		return res, nil
	}
	m := &modpack.Memory{ModDat: md}
	for _, f := range rep.Files {
		m.Files = append(m.Files, modpack.MemoryFile{Path: f.Path, Data: f.Source, ModTime: FixedTime})
	}
	baseDir := o.BaseDir
	if baseDir == "" {
		baseDir = o.GameDir
	}
	if _, err := modpack.PackMemory(ctx, m, modpack.Options{Output: p, BaseDir: baseDir, MPP: modpack.MPPNone, Progress: o.Progress, RAWRecords: records, Budget: o.Budget}); err != nil {
		return nil, err
	}
	rs, closeAll, err := mergepatch.OpenMods([]mergepatch.Source{{File: p}})
	if err != nil {
		return nil, err
	}
	pr := rs[0]
	res.close = closeAll
	for i := range pr.Entries {
		if pr.Entries[i].Type != mod.TypeFolder {
			res.copies = append(res.copies, copyEntry{pr, &pr.Entries[i]})
		}
	}
	return res, nil
}

// copyAll writes the blocks to o.Output through a temporary file and
// gives the written file's SHA-256 (hex).
func copyAll(ctx context.Context, o Options, h *mod.Header, own *own, copies []copyEntry, total int64) (string, error) {
	out, err := safefile.Create(o.Output)
	if err != nil {
		return "", err
	}
	w, err := mod.NewWriter(out, h, &mod.WriterOptions{Entries: len(copies), MaxInFlight: copyInFlight})
	if err != nil {
		out.Abort()
		return "", err
	}
	if err := writeBlocks(ctx, o, w, own, copies, total); err != nil {
		w.Abort()
		out.Abort()
		return "", err
	}
	if err := w.Close(); err != nil {
		out.Abort()
		return "", err
	}
	if err := ctx.Err(); err != nil {
		out.Abort()
		return "", err
	}
	return commitHashed(out)
}

// writeBlocks adds the combined mod's own files, then copies every block
// as stored, ctx checked before each.
func writeBlocks(ctx context.Context, o Options, w *mod.Writer, own *own, copies []copyEntry, total int64) error {
	for i, fh := range own.added {
		if err := w.AddBytes(fh, own.data[i]); err != nil {
			return err
		}
	}
	copies = append(append([]copyEntry(nil), own.copies...), copies...)
	var done int64
	for _, c := range copies {
		if err := ctx.Err(); err != nil {
			return err
		}
		fh := mod.FileHeader{Name: c.e.Path, Type: c.e.Type, ExplicitType: true, FileTime: c.e.FileTime}
		if err := w.CopyRaw(c.r, c.e, fh); err != nil {
			return fmt.Errorf("copying %s: %w", c.e.Path, err)
		}
		done += max(c.e.Packed, 0)
		o.report(done, total, c.e.Path)
	}
	return nil
}

// commitHashed commits out and gives its SHA-256 (hex), hashing while
// the flush waits for the disk: the hash is CPU, the flush I/O (on a
// 105 MB combine the SHA-256 no longer follows the flush). The reading
// handle is closed before Commit renames the file (Windows refuses to
// rename a file open elsewhere); Commit's own flush then finds it clean.
func commitHashed(out *safefile.File) (string, error) {
	f, err := os.Open(out.Name())
	if err != nil {
		out.Abort()
		return "", err
	}
	hashed := make(chan error, 1)
	h := sha256.New()
	go func() {
		_, err := io.Copy(h, f)
		hashed <- err
	}()
	serr := out.Sync()
	herr := <-hashed
	f.Close()
	if err := errors.Join(serr, herr); err != nil {
		out.Abort()
		return "", err
	}
	if err := out.Commit(); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// modDat is the combined mod's MOD.DAT: its title, the description
// naming the constituents, its id, and the constituents' REQUIRED_MODS
// (those another constituent satisfies left out) and REMOVE_FILES, each
// once, in load order.
func modDat(rep *Report, readers []*mod.Reader) *modpack.ModDat {
	md := &modpack.ModDat{Path: "MOD.DAT", Name: rep.Title, Author: "Packsmith", Description: Description(rep.Sources),
		ModID: rep.ID, HasModID: true, Version: 1, FileName: FileName, Required: []mod.Dependency{}, Remove: []string{}}
	inside := map[int64]bool{}
	for _, s := range rep.Sources {
		inside[s.ID] = true
	}
	seenReq, seenRm := map[int64]bool{}, map[string]bool{}
	for _, r := range readers {
		for _, d := range r.Header.Required {
			if !inside[d.ID] && !seenReq[d.ID] {
				seenReq[d.ID] = true
				md.Required = append(md.Required, d)
			}
		}
		for _, p := range r.Header.Remove {
			if up := mod.UpperName(p); !seenRm[up] {
				seenRm[up] = true
				md.Remove = append(md.Remove, p)
			}
		}
	}
	return md
}

// protect backs up a file at out that is not a combined mod (a user's
// file -o names), so that writing over it loses nothing; a combined mod
// (a rebuild) is replaced as it is.
func protect(out string) (string, error) {
	st, err := os.Stat(out)
	if err != nil || !st.Mode().IsRegular() {
		return "", nil
	}
	if _, ok := RecordedFile(out); ok {
		return "", nil
	}
	e, err := backups.Default().Copy(out, backups.Options{Kind: backups.KindOther, Why: "combine -o wrote over it", Replacing: true})
	if err != nil {
		return "", fmt.Errorf("backing up %s before writing over it: %w", out, err)
	}
	if e == nil {
		return "", nil
	}
	return e.ID, nil
}

// RecordedFile reads the constituents a combined .MOD's header records;
// false when p is not a combined mod.
func RecordedFile(p string) ([]loadorder.PatchSource, bool) {
	rs, closeAll, err := mergepatch.OpenMods([]mergepatch.Source{{File: p}})
	if err != nil {
		return nil, false
	}
	defer closeAll()
	return Recorded(rs[0].Header.Description)
}
