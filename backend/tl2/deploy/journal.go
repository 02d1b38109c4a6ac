package deploy

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"packsmith/backend/sys/filelock"
	"packsmith/backend/sys/journal"
	"packsmith/backend/workspace/backups"
)

// A deploy places the new .MOD, then moves the older copies of the same
// MOD_ID aside. A kill between the two would leave two files with one id
// (the game loads either), so before placing the new copy Mod writes a
// journal in the mods folder (backend/sys/journal, kind "deploy"; see
// doc.go) naming the new file and the copies to retire, and removes it when
// done. The next deploy to that folder, or the load-order editor opening it
// (FinishInterrupted), finishes any journal whose process is gone: if the
// new copy was placed, it retires the listed copies; if not, the old copies
// stay and the journal is dropped. Either way one .MOD per MOD_ID.

const (
	journalKind = "deploy"
	journalHead = "packsmith deploy journal: the .MOD placed and the older copies to retire"
)

// writeJournal records a deploy about to place target; it returns the
// journal's path ("" when there is nothing to retire).
func writeJournal(modsDir string, modID int64, target string, retire []string) (string, error) {
	if len(retire) == 0 {
		return "", nil
	}
	fields := []journal.Field{{Key: "modId", Value: strconv.FormatInt(modID, 10)}, {Key: "target", Value: target}}
	for _, r := range retire {
		fields = append(fields, journal.Field{Key: "retire", Value: r})
	}
	p := journal.NewPath(modsDir, journalKind)
	return p, journal.Write(p, journalHead, fields...)
}

// FinishInterrupted completes the deploys to modsDir that a killed process
// left half done and says what it moved. It is for readers of the mods
// folder (the load-order editor) that must not show two copies of one mod
// as they stand; when a deploy holds the folder, the journals are left to
// it (it finishes them first).
func FinishInterrupted(ctx context.Context, modsDir string) []string {
	if len(journal.List(modsDir, journalKind)) == 0 {
		return nil // the usual case: no lock taken
	}
	lock, err := filelock.Acquire(ctx, modsDir, 250*time.Millisecond)
	if err != nil {
		return nil
	}
	defer lock.Unlock()
	return finishJournals(modsDir)
}

// finishJournals completes the deploys to modsDir whose process died
// before retiring the older copies. The caller holds the folder's lock.
func finishJournals(modsDir string) (notes []string) {
	journal.Sweep(modsDir, journalKind, journalHead, func(j *journal.Journal) error {
		id, err := strconv.ParseInt(j.Value("modId"), 10, 64)
		target := j.Value("target")
		if err != nil || target == "" {
			return nil // names nothing to finish
		}
		if h, err := ReadHeader(target); err != nil || h.ModID != id {
			return nil // the new copy was never placed: the old ones stay
		}
		store := backups.Default()
		for _, old := range j.Values("retire") {
			if h, err := ReadHeader(old); err != nil || h.ModID != id || sameFile(old, target) {
				continue
			}
			if e, err := retire(store, old, modsDir, "an older copy an interrupted deploy left"); err == nil {
				notes = append(notes, fmt.Sprintf("an interrupted deploy left %s beside %s; moved it to the backups (%s)", old, target, e.ID))
			}
		}
		return nil
	})
	return notes
}
