package edits

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/edit/intake"
	"packsmith/backend/edit/writeback"
	"packsmith/backend/sys/scratch"
	"packsmith/backend/workspace/session"
)

// Check is what reading one change back after a save found.
type Check struct {
	Change  Change `json:"change"`
	OK      bool   `json:"ok"`
	Message string `json:"message"`
}

// SaveResult says what a save wrote and what reading it back found.
type SaveResult struct {
	Output   string  `json:"output"`
	Backup   string  `json:"backup,omitempty"`   // the copy in the backups folder
	BackupID string  `json:"backupId,omitempty"` // what restores it (Load order → History)
	Checks   []Check `json:"checks"`
	// Notes are what the family says it did beyond writing the file, and
	// what was rebuilt from the changes (a RAW index).
	Notes []string `json:"notes,omitempty"`
	// Conversions are every conversion the save ran, the changes' own
	// and what was rebuilt from them.
	Conversions []intake.Conversion `json:"conversions,omitempty"`
	// OK is true when every change read back as planned.
	OK bool `json:"ok"`
}

// digest is what a change's bytes should read back as.
type digest struct {
	size int64
	sum  [32]byte
}

func hashReader(r io.Reader) (digest, error) {
	h := sha256.New()
	n, err := io.Copy(h, r)
	if err != nil {
		return digest{}, err
	}
	var d digest
	d.size = n
	copy(d.sum[:], h.Sum(nil))
	return d, nil
}

func hashFile(p string) (digest, error) {
	f, err := os.Open(p)
	if err != nil {
		return digest{}, err
	}
	defer f.Close()
	return hashReader(f)
}

// plan turns the changes into the edits a Rewrite takes. A rename becomes
// a remove and an add of the entry's bytes, copied to a file under tmp.
func plan(ctx context.Context, a archive.Archive, changes []Change, tmp string) ([]archive.Edit, map[int]digest, error) {
	var eds []archive.Edit
	want := map[int]digest{}
	for i, c := range changes {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		switch c.Op {
		case Replace, Add:
			d, err := hashFile(c.Source)
			if err != nil {
				return nil, nil, fmt.Errorf("%s (for %s): %w", c.Source, c.Path, err)
			}
			want[c.ID] = d
			op := archive.EditReplace
			if c.Op == Add {
				op = archive.EditAdd
			}
			// Converted (or found to need none) when the change was made.
			eds = append(eds, archive.Edit{Op: op, Path: c.Path, Source: c.Source, Convert: archive.ConvertDone})
		case Remove:
			eds = append(eds, archive.Edit{Op: archive.EditRemove, Path: c.Path})
		case Rename:
			if a.Capabilities().Edit.Has(archive.EditRename) {
				d, err := hashEntry(a, c.Path)
				if err != nil {
					return nil, nil, err
				}
				want[c.ID] = d
				eds = append(eds, archive.Edit{Op: archive.EditRename, Path: c.Path, NewPath: c.To})
				continue
			}
			src := filepath.Join(tmp, fmt.Sprintf("rename-%d", i))
			d, err := copyEntry(a, c.Path, src)
			if err != nil {
				return nil, nil, err
			}
			want[c.ID] = d
			eds = append(eds, archive.Edit{Op: archive.EditRemove, Path: c.Path}, archive.Edit{Op: archive.EditAdd, Path: c.To, Source: src})
		default:
			return nil, nil, fmt.Errorf("unknown change %q", c.Op)
		}
	}
	return eds, want, nil
}

func hashEntry(a archive.Archive, entry string) (digest, error) {
	rc, err := a.Open(entry)
	if err != nil {
		return digest{}, err
	}
	defer rc.Close()
	d, err := hashReader(rc)
	if err != nil {
		return digest{}, &archive.EntryError{Archive: a.Path(), Entry: entry, Offset: -1, Err: err}
	}
	return d, nil
}

func copyEntry(a archive.Archive, entry, dst string) (digest, error) {
	rc, err := a.Open(entry)
	if err != nil {
		return digest{}, err
	}
	defer rc.Close()
	f, err := os.Create(dst)
	if err != nil {
		return digest{}, err
	}
	d, err := hashReader(io.TeeReader(rc, f))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return digest{}, &archive.EntryError{Archive: a.Path(), Entry: entry, Offset: -1, Err: err}
	}
	return d, nil
}

// Save writes the session's pending changes: in place (out "") after a
// backup, or to out (Save as; the session then shows out). The archive is
// reopened into the session, whether the save worked or not, and every
// change is read back. A failed or cancelled save leaves the file as it was
// and the changes pending.
func Save(ctx context.Context, s *session.Session, pend *Pending, out string, p archive.Progress) (SaveResult, error) {
	if p == nil {
		p = archive.NoProgress{}
	}
	a := s.Archive
	changes := pend.List()
	if len(changes) == 0 && out == "" {
		return SaveResult{}, fmt.Errorf("%s: %w", a.Path(), ErrNothing)
	}
	tmp, err := scratch.MkdirTemp("save") // named for scratch.CleanStale
	if err != nil {
		return SaveResult{}, err
	}
	defer os.RemoveAll(tmp)
	eds, want, err := plan(ctx, a, changes, tmp)
	if err != nil {
		return SaveResult{}, err
	}
	released := false
	wr, err := writeback.ApplyOpen(ctx, a, out, eds, p, nil, func() error {
		released = true
		return a.Close()
	})
	if !released {
		return SaveResult{}, err // nothing written; the session is as it was
	}
	reopen := a.Path()
	if err == nil {
		reopen = wr.Output
	}
	na, oerr := archive.Open(reopen, s.Opts)
	if oerr != nil {
		if err != nil {
			return SaveResult{}, fmt.Errorf("%w (and %s no longer opens: %v)", err, reopen, oerr)
		}
		return SaveResult{Output: wr.Output, Backup: wr.Backup, BackupID: wr.BackupID}, fmt.Errorf("saved %s, but it does not open again: %w", reopen, oerr)
	}
	s.Swap(na)
	if err != nil {
		return SaveResult{}, err
	}
	pend.Clear()
	res := SaveResult{Output: wr.Output, Backup: wr.Backup, BackupID: wr.BackupID, Notes: wr.Notes, OK: true, Checks: []Check{}}
	for _, c := range changes {
		if c.Conversion != "" {
			res.Conversions = append(res.Conversions, intake.Conversion{Path: c.Path, Label: c.Conversion, From: sizeOf(c.Given), To: c.NewSize, Warnings: c.Warnings})
		}
	}
	for _, cv := range wr.Conversions { // what the save rebuilt (RAW indices)
		res.Conversions = append(res.Conversions, cv)
		res.Notes = append(res.Notes, cv.String())
	}
	for i, c := range changes {
		p.Progress(int64(i), int64(len(changes)), "checking "+c.Path)
		ck := readBack(na, c, want[c.ID])
		res.OK = res.OK && ck.OK
		res.Checks = append(res.Checks, ck)
	}
	p.Progress(int64(len(changes)), int64(len(changes)), "")
	return res, nil
}

// exact says whether a has an entry named exactly p (a removed entry may
// leave one differing only in case, which is not it).
func exact(a archive.Archive, p string) bool {
	for _, e := range a.Entries() {
		if e.Path == p {
			return true
		}
	}
	return false
}

func readBack(a archive.Archive, c Change, want digest) Check {
	ck := Check{Change: c}
	name := c.Path
	if c.Op == Rename {
		if exact(a, c.Path) {
			ck.Message = c.Path + " is still there after the rename"
			return ck
		}
		name = c.To
	}
	if c.Op == Remove {
		if exact(a, c.Path) {
			ck.Message = "still in the archive"
		} else {
			ck.OK, ck.Message = true, "removed"
		}
		return ck
	}
	e, ok := archive.Find(a, name)
	if !ok {
		ck.Message = name + " is not in the saved archive"
		return ck
	}
	rc, err := a.Open(e.Path)
	if err != nil {
		ck.Message = err.Error()
		return ck
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, want.size+16))
	if err != nil {
		ck.Message = (&archive.EntryError{Archive: a.Path(), Entry: e.Path, Offset: int64(len(b)), Err: err}).Error()
		return ck
	}
	got, _ := hashReader(bytes.NewReader(b))
	switch {
	case got == want:
		ck.OK, ck.Message = true, fmt.Sprintf("reads back: %d bytes", want.size)
	case int64(len(b)) > want.size && allZero(b[want.size:]) && sha256.Sum256(b[:want.size]) == want.sum:
		// Reborn packs pad entries to 16 bytes.
		ck.OK, ck.Message = true, fmt.Sprintf("reads back: %d bytes, zero-padded to %d as the format requires", want.size, len(b))
	default:
		ck.Message = fmt.Sprintf("reads back different bytes: %d bytes, %d expected", len(b), want.size)
	}
	if ck.OK && !strings.EqualFold(e.Path, name) {
		ck.Message += " as " + e.Path
	}
	return ck
}

func allZero(b []byte) bool {
	for _, x := range b {
		if x != 0 {
			return false
		}
	}
	return true
}

func sizeOf(p string) int64 {
	if st, err := os.Stat(p); err == nil {
		return st.Size()
	}
	return -1
}

// ErrNothing is returned by Save with nothing pending and no other target.
var ErrNothing = errors.New("nothing to save")
