package reborndrv

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"packsmith/backend/sys/filelock"
	"packsmith/backend/sys/safefile"
	"packsmith/backend/workspace/backups"
	"packsmith/formats/reborn/filetable"
)

// staged is a rebuilt .dat waiting to be renamed into place. Commit then
// updates the FileTable.bin that names it (after a backup), because the
// game reads each file over the length its table gives.
type staged struct {
	f                *safefile.File
	dst              string
	oldSize, newSize int64
	notes            []string
}

func (s *staged) Abort() error { return s.f.Abort() }

// Notes says what the rewrite did beyond writing the file: what moved,
// and what happened to the FileTable.bin record.
func (s *staged) Notes() []string { return s.notes }

// Commit renames the .dat into place and updates its table record as one
// journaled step (journal.go): a kill anywhere in it leaves a pair the next
// run makes agree.
func (s *staged) Commit() error {
	s.notes = append(s.notes, finishNear(s.dst)...)
	jp := ""
	if tp, t, _, row, err := FindTable(s.dst); err == nil && t != nil && int64(t.Rows[row].Size) != s.newSize {
		if jp, err = writeJournal(tp, s.dst); err != nil {
			s.f.Abort()
			return fmt.Errorf("%s: journal for its FileTable.bin record: %w", s.dst, err)
		}
	}
	commitStep("journal")
	if err := s.f.Commit(); err != nil {
		if jp != "" {
			os.Remove(jp)
		}
		return err
	}
	commitStep("dat")
	note, err := UpdateTable(s.dst, s.newSize)
	if note != "" {
		s.notes = append(s.notes, note)
	}
	commitStep("table")
	if jp != "" && err == nil {
		os.Remove(jp) // on an error it stays: the next run tries again
	}
	return err
}

// FindTable looks for the FileTable.bin that names the file at p: in p's
// folder and up to four folders above it. It returns the table's path, the
// decoded table and the row index (-1 with a nil error when none names p).
func FindTable(p string) (string, *filetable.Table, []byte, int, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", nil, nil, -1, err
	}
	dir := filepath.Dir(abs)
	for i := 0; i < 5; i++ {
		for _, name := range []string{"FileTable.bin", "filetable.bin", "FILETABLE.BIN"} {
			tp := filepath.Join(dir, name)
			b, err := os.ReadFile(tp)
			if err != nil {
				continue
			}
			t, err := filetable.Decode(b)
			if err != nil {
				return tp, nil, nil, -1, fmt.Errorf("%s: %w", tp, err)
			}
			rel, err := filepath.Rel(dir, abs)
			if err != nil {
				break
			}
			if row := t.Find(filepath.ToSlash(rel)); row >= 0 {
				return tp, t, b, row, nil
			}
			break
		}
		up := filepath.Dir(dir)
		if up == dir {
			break
		}
		dir = up
	}
	return "", nil, nil, -1, nil
}

// UpdateTable sets the size of p's record in the FileTable.bin that names
// it to size, after backing the table up, and says what it did. With no
// table naming p it says so (the game would read a resized file over its
// old length).
func UpdateTable(p string, size int64) (string, error) {
	tp, t, _, _, err := FindTable(p)
	if err != nil {
		return "", err
	}
	if t != nil {
		// The table is shared by every .dat of the folder: two saves of
		// two files read, change and write it one after the other.
		lock, err := filelock.Acquire(context.Background(), tp, 0)
		if err != nil {
			return "", fmt.Errorf("%s: %w", tp, err)
		}
		defer lock.Unlock()
	}
	tp, t, b, row, err := FindTable(p)
	if err != nil {
		return "", err
	}
	if t == nil {
		return fmt.Sprintf("no FileTable.bin names %s: if the game loads it, its record there must say %d bytes", filepath.Base(p), size), nil
	}
	r := t.Rows[row]
	if int64(r.Size) == size {
		return fmt.Sprintf("FileTable.bin already gives %s as %d bytes", r.Path, size), nil
	}
	if size > 0xFFFFFFFF {
		return "", fmt.Errorf("%s: %s is %d bytes, more than its record can hold", tp, r.Path, size)
	}
	// The copy goes to the backups folder in the user's cache, not beside
	// the table in the game's data folder.
	backup, err := backups.Default().Copy(tp, backups.Options{Kind: backups.KindArchive, Why: "before the size of " + r.Path + " was written"})
	if err != nil {
		return "", fmt.Errorf("backing up %s: %w", tp, err)
	}
	backupID := ""
	if backup != nil {
		backupID = backup.ID
	}
	if err := t.SetSize(b, row, uint32(size)); err != nil {
		return "", err
	}
	if err := safefile.WriteFile(tp, b); err != nil {
		return "", err
	}
	return fmt.Sprintf("FileTable.bin: %s %d → %d bytes (backup: %s)", strings.TrimPrefix(r.Path, "./"), r.Size, size, backupID), nil
}
