// Package writeback applies edits (replace, add, remove, rename, repack) to
// an archive through its family's Capabilities.Rewrite, with the safety rules every
// family shares: the new archive is staged beside the target and renamed
// into place only when complete, and an archive edited in place is backed
// up first, into the backups folder in the user's cache
// (backend/workspace/backups), never beside it: a .MOD in the mods folder
// would get a copy there the game scans, one more per save.
package writeback

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"packsmith/backend/archive"
	"packsmith/backend/edit/intake"
	"packsmith/backend/sys/filelock"
	"packsmith/backend/workspace/backups"
)

// Result says what was written.
type Result struct {
	Output string `json:"output"`
	// Backup is the copy of the archive as it was before an in-place
	// edit, in the backups folder; BackupID restores it
	// (packsmith backups restore ID).
	Backup   string `json:"backup,omitempty"`
	BackupID string `json:"backupId,omitempty"`
	// Notes are what the family says it did beyond writing the file (a
	// Reborn .dat: what moved, its FileTable.bin record).
	Notes []string `json:"notes,omitempty"`
	// Conversions are what backend/edit/intake did to the sources on the way in
	// (a text source compiled, a RAW index rebuilt, a picture encoded).
	Conversions []intake.Conversion `json:"conversions,omitempty"`
}

// Noter is implemented by staged output with something to report (what a
// rewrite did beyond writing: a Reborn .dat's moves); what an append did is
// the archive's Capabilities.Notes.
type Noter interface{ Notes() []string }

// Apply rewrites the archive at src with edits; out "" means in place.
// An archive that appends (Capabilities.Append) is edited in place by
// appending, without a backup: its old bytes do not change.
func Apply(ctx context.Context, src, out string, edits []archive.Edit, opts archive.OpenOptions, p archive.Progress) (Result, error) {
	return ApplyWith(ctx, src, out, edits, opts, p, nil)
}

// ApplyWith is Apply with the rewrite step given (nil: the archive's
// Capabilities.Rewrite), for whole-archive operations such as an optimize.
func ApplyWith(ctx context.Context, src, out string, edits []archive.Edit, opts archive.OpenOptions, p archive.Progress,
	rewrite func(a archive.Archive, dst string) (archive.Staged, error)) (Result, error) {
	if p == nil {
		p = archive.NoProgress{}
	}
	// The file written is locked from the read to the rename, so a second
	// Packsmith editing it waits instead of losing this change.
	lockPath := out
	if lockPath == "" {
		lockPath = src
	}
	lock, err := filelock.Acquire(ctx, lockPath, 0)
	if err != nil {
		return Result{}, err
	}
	defer lock.Unlock()
	a, err := archive.Open(src, opts)
	if err != nil {
		return Result{}, err
	}
	closed := false
	res, err := applyOpen(ctx, a, out, edits, p, rewrite, func() error { closed = true; return a.Close() })
	if !closed {
		a.Close()
	}
	return res, err
}

// ApplyOpen edits an archive that is already open (the window's session):
// out "" means in place, at a.Path(). release is called once the new
// archive is staged (or appended) and before anything is renamed over the
// old one (Windows cannot replace an open file): it must close a. It is not
// called when nothing was written, so the caller's archive stays usable.
// The file written is locked from the rewrite to the rename.
func ApplyOpen(ctx context.Context, a archive.Archive, out string, edits []archive.Edit, p archive.Progress,
	rewrite func(a archive.Archive, dst string) (archive.Staged, error), release func() error) (Result, error) {
	lockPath := out
	if lockPath == "" {
		lockPath = a.Path()
	}
	lock, err := filelock.Acquire(ctx, lockPath, 0)
	if err != nil {
		return Result{}, err
	}
	defer lock.Unlock()
	return applyOpen(ctx, a, out, edits, p, rewrite, release)
}

func applyOpen(ctx context.Context, a archive.Archive, out string, edits []archive.Edit, p archive.Progress,
	rewrite func(a archive.Archive, dst string) (archive.Staged, error), release func() error) (Result, error) {
	if p == nil {
		p = archive.NoProgress{}
	}
	if release == nil {
		release = func() error { return nil }
	}
	src := a.Path()
	caps := a.Capabilities()
	for _, e := range edits {
		if e.Op == archive.EditRename && !caps.Edit.Has(archive.EditRename) {
			return Result{}, fmt.Errorf("%s: %s archives cannot rename entries yet", src, a.Family())
		}
	}
	if rewrite == nil {
		if caps.Rewrite == nil {
			return Result{}, fmt.Errorf("%s: %s archives cannot be written back yet", src, a.Family())
		}
		rewrite = func(_ archive.Archive, dst string) (archive.Staged, error) { return caps.Rewrite(ctx, dst, edits, p) }
	}
	if err := checkSources(edits); err != nil {
		return Result{}, err
	}
	// What the user gives becomes what the game reads (text compiled,
	// RAW indices rebuilt, pictures encoded) before anything is written:
	// a source that does not convert leaves the archive untouched.
	var convs []intake.Conversion
	if len(edits) > 0 {
		tmp, err := os.MkdirTemp("", "packsmith-intake-")
		if err != nil {
			return Result{}, err
		}
		defer os.RemoveAll(tmp)
		pl, err := intake.Prepare(ctx, a, edits, tmp)
		if err != nil {
			return Result{}, err
		}
		edits, convs = pl.Edits, pl.Conversions
	}
	inPlace := out == "" || samePath(out, src)
	dst := out
	if inPlace {
		dst = src
	}
	if caps.Append != nil && inPlace && len(edits) > 0 {
		err := caps.Append(ctx, edits, p)
		if rerr := release(); err == nil && rerr != nil {
			err = fmt.Errorf("closing %s: %w", src, rerr)
		}
		if err != nil {
			return Result{}, err
		}
		res := Result{Output: src, Conversions: convs}
		if caps.Notes != nil { // a game folder: which pack each edit went to
			res.Notes = caps.Notes()
		}
		return res, nil
	}
	// A DATA.PAK is rewritten with its .MAN: that is backed up too.
	var sidecars []string
	if inPlace {
		sidecars = caps.Sidecars
	}
	staged, err := rewrite(a, dst)
	if err != nil {
		return Result{}, err
	}
	if err := ctx.Err(); err != nil {
		staged.Abort()
		return Result{}, err
	}
	if err := release(); err != nil { // before the rename: Windows cannot replace an open file
		staged.Abort()
		return Result{}, fmt.Errorf("closing %s: %w", src, err)
	}
	res := Result{Output: dst, Conversions: convs}
	if err := ctx.Err(); err != nil { // cancelled (Ctrl-C, SIGTERM): no backup either
		staged.Abort()
		return Result{}, err
	}
	if inPlace {
		if err := backUp(src, sidecars, &res); err != nil {
			staged.Abort()
			return Result{}, err
		}
	}
	if err := staged.Commit(); err != nil {
		return Result{}, err
	}
	if n, ok := staged.(Noter); ok {
		res.Notes = n.Notes()
	}
	return res, nil
}

// checkSources refuses an edit whose source file is missing or a folder.
func checkSources(edits []archive.Edit) error {
	for _, e := range edits {
		if e.Source != "" {
			if st, err := os.Stat(e.Source); err != nil {
				return err
			} else if st.IsDir() {
				return fmt.Errorf("%s is a folder, not a file", e.Source)
			}
		}
	}
	return nil
}

// backUp copies src (and its sidecars, a DATA.PAK's .MAN) to the backups
// folder before an in-place edit replaces it, naming the copy in res.
func backUp(src string, sidecars []string, res *Result) error {
	store := backups.Default()
	e, err := store.Copy(src, backups.Options{Kind: backups.KindArchive, Why: "before an in-place edit"})
	if err != nil {
		return fmt.Errorf("backing up %s: %w", src, err)
	}
	if e != nil {
		res.Backup, res.BackupID = e.Path, e.ID
	}
	for _, man := range sidecars {
		if _, err := store.Copy(man, backups.Options{Kind: backups.KindArchive, Why: "before an in-place edit of " + filepath.Base(src)}); err != nil {
			return fmt.Errorf("backing up %s: %w", man, err)
		}
	}
	return nil
}

func samePath(a, b string) bool {
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	if err1 != nil || err2 != nil {
		return a == b
	}
	if sa, err := os.Stat(aa); err == nil {
		if sb, err := os.Stat(bb); err == nil {
			return os.SameFile(sa, sb)
		}
	}
	return aa == bb
}
