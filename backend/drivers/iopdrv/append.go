package iopdrv

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"

	"packsmith/backend/archive"
	"packsmith/backend/sys/journal"
	"packsmith/formats/iop"
)

// JournalSuffix names the file beside a pack that holds its length while
// an append is under way. If it is still there (a crash, a power cut), the
// next open or edit truncates the pack back to that length.
const JournalSuffix = ".packsmith-append"

// errAppendLive: the journal belongs to a running append (Open reads the
// pack as it was; an edit waits).
var errAppendLive = errors.New("an append is under way")

// journalHead is the append journal's first line (backend/sys/journal
// gives the rest: "length <bytes>", then the writer's "pid").
const journalHead = "packsmith append journal: the pack's length before the append"

// Append applies edits in place the way the client's patcher does: new
// entries (replacements, additions, renamed copies) are written after the
// end of the file, then a new central directory and end record; the old
// directory stays behind as unused bytes. Replaced names keep their old
// copies in the directory, shadowed (the last copy wins); removed and
// renamed names leave the directory. The old length is written to a
// journal first; an error or a cancel truncates the pack back to it, and
// a crash is rolled back by the next open.
func (a *Archive) Append(ctx context.Context, edits []archive.Edit, p archive.Progress) (err error) {
	if p == nil {
		p = archive.NoProgress{}
	}
	pl, err := a.plan(edits)
	if err != nil {
		return err
	}
	var keep []*iop.File
	var cd int64
	for _, f := range a.z.File {
		if !pl.remove[f.Key()] {
			keep = append(keep, f)
			cd += cdLen(f)
		}
	}
	if _, err := Recover(a.path); err != nil {
		return err
	}
	f, err := os.OpenFile(a.path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	start := st.Size()
	if start != a.z.Size() {
		return fmt.Errorf("%s: the pack changed since it was opened (%d bytes, was %d)", a.path, start, a.z.Size())
	}
	end := start
	for _, ne := range pl.news {
		end += ne.span()
		cd += ne.cdLen()
	}
	if err := iop.CheckLimits(len(keep)+len(pl.news), end, cd); err != nil {
		return fmt.Errorf("%s: %w", a.path, err)
	}
	jp := a.path + JournalSuffix
	if err := writeJournal(jp, start); err != nil {
		return fmt.Errorf("%s: writing the append journal: %w", a.path, err)
	}
	defer func() {
		if err != nil {
			if terr := f.Truncate(start); terr != nil {
				err = fmt.Errorf("%w (and truncating back to %d bytes failed: %v; the next open retries)", err, start, terr)
				return
			}
			f.Sync()
		}
		os.Remove(jp)
	}()
	if _, err := f.Seek(start, 0); err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	pw, _, _ := a.z.Password()
	w := iop.NewAppendWriter(bw, start, pw, keep)
	w.Comment = a.z.Comment
	total := int64(len(pl.news))
	for i, ne := range pl.news {
		if err := ctx.Err(); err != nil {
			return err
		}
		p.Progress(int64(i), total, ne.what)
		if err := ne.write(w); err != nil {
			return fmt.Errorf("%s: %s: %w", a.path, ne.what, err)
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("%s: %w", a.path, err)
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	p.Progress(total, total, "")
	return nil
}

// writeJournal records the pack's length before an append (its on-disk
// form: backend/sys/journal).
func writeJournal(path string, length int64) error {
	return journal.Write(path, journalHead, journal.Field{Key: "length", Value: strconv.FormatInt(length, 10)})
}

// Recover rolls back an append that did not finish: when the journal
// beside the pack is there, the pack is truncated to the length it holds
// and the journal removed. It reports whether it rolled back.
func Recover(pack string) (bool, error) {
	jp := pack + JournalSuffix
	j, err := journal.Read(jp, journalHead)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if errors.Is(err, journal.ErrDamaged) {
		return false, fmt.Errorf("%s: damaged append journal; remove it once the pack is checked", jp)
	}
	if err != nil {
		return false, err
	}
	n, err := strconv.ParseInt(j.Value("length"), 10, 64)
	if err != nil || n < 0 {
		return false, fmt.Errorf("%s: damaged append journal; remove it once the pack is checked", jp)
	}
	if j.Live() {
		return false, fmt.Errorf("%s: %w (process %d); try again when it is done", pack, errAppendLive, j.PID)
	}
	st, err := os.Stat(pack)
	if err != nil {
		return false, err
	}
	if st.Size() < n {
		return false, fmt.Errorf("%s: the append journal says %d bytes but the pack has %d", jp, n, st.Size())
	}
	if st.Size() > n {
		if err := os.Truncate(pack, n); err != nil {
			return false, fmt.Errorf("%s: rolling back an unfinished append: %w", pack, err)
		}
	}
	return true, os.Remove(jp)
}
