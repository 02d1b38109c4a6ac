// Package writeback applies edits (replace, add, remove, repack) to an
// archive through its family's Rewriter, with the safety rules every family
// shares: the new archive is staged beside the target and renamed into
// place only when complete, and an archive edited in place is backed up
// first.
package writeback

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"packsmith/backend/archive"
	"packsmith/backend/safefile"
)

// Result says what was written.
type Result struct {
	Output string `json:"output"`
	Backup string `json:"backup,omitempty"`
}

// Apply rewrites the archive at src with edits; out "" means in place.
func Apply(ctx context.Context, src, out string, edits []archive.Edit, opts archive.OpenOptions, p archive.Progress) (Result, error) {
	a, err := archive.Open(src, opts)
	if err != nil {
		return Result{}, err
	}
	closed := false
	release := func() error { closed = true; return a.Close() }
	res, err := ApplyWith(ctx, a, out, edits, p, release)
	if !closed {
		a.Close()
	}
	return res, err
}

// ApplyWith rewrites an archive that is already open (the window's session)
// with edits; out "" means in place, at a.Path(). release is called once
// the new archive is staged and before anything is renamed over the old
// one (Windows cannot replace an open file): it must close a. It is not
// called when nothing could be staged, so the caller's archive stays usable.
func ApplyWith(ctx context.Context, a archive.Archive, out string, edits []archive.Edit, p archive.Progress, release func() error) (Result, error) {
	if p == nil {
		p = archive.NoProgress{}
	}
	src := a.Path()
	rw, ok := a.(archive.Rewriter)
	if !ok {
		return Result{}, fmt.Errorf("%s: %s archives cannot be written back yet", src, a.Family())
	}
	for _, e := range edits {
		if e.Source != "" {
			if st, err := os.Stat(e.Source); err != nil {
				return Result{}, err
			} else if st.IsDir() {
				return Result{}, fmt.Errorf("%s is a folder, not a file", e.Source)
			}
		}
	}
	inPlace := out == "" || samePath(out, src)
	dst := out
	if inPlace {
		dst = src
	}
	man := ""
	if m, ok := a.(interface{ ManifestPath() string }); ok && inPlace {
		man = m.ManifestPath()
	}
	staged, err := rw.Rewrite(ctx, dst, edits, p)
	if err != nil {
		return Result{}, err
	}
	if err := ctx.Err(); err != nil {
		staged.Abort()
		return Result{}, err
	}
	if release != nil {
		if err := release(); err != nil {
			staged.Abort()
			return Result{}, fmt.Errorf("closing %s: %w", src, err)
		}
	}
	res := Result{Output: dst}
	if inPlace {
		if res.Backup, err = safefile.Backup(src); err != nil {
			staged.Abort()
			return Result{}, fmt.Errorf("backing up %s: %w", src, err)
		}
		// A DATA.PAK is rewritten with its .MAN: back that up too.
		if man != "" {
			if _, err := safefile.Backup(man); err != nil {
				staged.Abort()
				return Result{}, fmt.Errorf("backing up %s: %w", man, err)
			}
		}
	}
	if err := staged.Commit(); err != nil {
		return Result{}, err
	}
	return res, nil
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
