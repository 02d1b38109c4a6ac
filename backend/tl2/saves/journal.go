package saves

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"packsmith/backend/sys/filelock"
	"packsmith/backend/sys/safefile"
	"packsmith/backend/workspace/settings"
)

// The journal of moves: one record per save a move rewrote, so that the
// way back can tell whether the character was played since (the save's
// bytes still hash to what the move wrote) and then restore the backup
// the move made, byte for byte, instead of moving ids back one by one.
//
// It lives in the settings folder, characters/moves.json: a JSON array of
// Moved, oldest first, at most maxJournal records (the oldest dropped),
// read and written under its own lock.

// maxJournal caps the records kept; maxJournalFile what is read.
const (
	maxJournal     = 1000
	maxJournalFile = 4 << 20
)

// Moved is one move of a save, as the journal keeps it.
type Moved struct {
	Path     string   `json:"path"` // the save, absolute
	From     []string `json:"from"` // mod ids, decimal
	To       []string `json:"to"`
	Wrote    string   `json:"wrote"`    // SHA-256 of the bytes the move wrote
	BackupID string   `json:"backupId"` // the save before the move
	Time     string   `json:"time"`     // RFC 3339, UTC
}

// journalPath is the journal's file.
func journalPath() string { return filepath.Join(settings.Dir(), "characters", "moves.json") }

func readJournal(p string) ([]Moved, error) {
	f, err := os.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Size() > maxJournalFile {
		return nil, fmt.Errorf("%s: %d bytes, more than the journal of moves holds (%d)", p, st.Size(), maxJournalFile)
	}
	var out []Moved
	if err := json.NewDecoder(f).Decode(&out); err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	return out, nil
}

// record appends m to the journal. A journal that does not read is
// started again (it only speeds a way back up: without it the ids move
// back one by one).
func record(ctx context.Context, m Moved) error {
	p := journalPath()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	lock, err := filelock.Acquire(ctx, p, 0)
	if err != nil {
		return err
	}
	defer lock.Unlock()
	l, _ := readJournal(p)
	m.Path = absPath(m.Path)
	m.Time = time.Now().UTC().Format(time.RFC3339)
	l = append(l, m)
	if len(l) > maxJournal {
		l = l[len(l)-maxJournal:]
	}
	b, err := json.MarshalIndent(l, "", " ")
	if err != nil {
		return err
	}
	return safefile.WriteFile(p, append(b, '\n'))
}

// undoable is the last move of the save at path when it went from to to
// the other way (its To are from, its From are to, as sets) and the save
// still holds the bytes it wrote (sha): nothing was played since, and its
// backup gives the save back as it was.
func undoable(path, sha string, from, to []string) *Moved {
	l, err := readJournal(journalPath())
	if err != nil {
		return nil
	}
	for i := len(l) - 1; i >= 0; i-- {
		m := l[i]
		if !samePath(m.Path, path) {
			continue
		}
		if m.Wrote == sha && sameSet(m.To, from) && sameSet(m.From, to) {
			return &m
		}
		return nil // the last move of this save is another
	}
	return nil
}

// lastTo is the last move of the save at path to the mods to (as a set):
// what it was bound to before, when it was moved there.
func lastTo(path string, to []string) *Moved {
	l, err := readJournal(journalPath())
	if err != nil {
		return nil
	}
	for i := len(l) - 1; i >= 0; i-- {
		if samePath(l[i].Path, path) {
			if sameSet(l[i].To, to) {
				return &l[i]
			}
			return nil
		}
	}
	return nil
}

// absPath is p made absolute and clean: the journal's key for a save.
func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return filepath.Clean(p)
}

// samePath says whether the journal's path names the save at p (letter
// case aside on Windows, whose disks fold it).
func samePath(recorded, p string) bool {
	p = absPath(p)
	if runtime.GOOS == "windows" {
		return strings.EqualFold(recorded, p)
	}
	return recorded == p
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

func sha(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}
