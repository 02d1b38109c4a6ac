package modpack

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"packsmith/backend/sys/filelock"
	"packsmith/backend/sys/procalive"
	"packsmith/backend/sys/safefile"
	"packsmith/backend/workspace/backups"
)

// A deploy places the new .MOD, then moves the older copies of the same
// MOD_ID aside. A kill between the two would leave two files with one id
// (the game loads either), so before placing the new copy Deploy writes a
// journal, ".packsmith-deploy-<pid>.journal" in the mods folder, naming the
// new file and the copies to retire; it removes the journal when done. The
// next deploy to that folder, or the load-order editor opening it
// (FinishInterruptedDeploys), finishes any journal whose process is gone:
// if the new copy was placed, it retires the listed copies; if not, the old
// copies stay and the journal is dropped. Either way one .MOD per MOD_ID.

const (
	journalPrefix = ".packsmith-deploy-"
	journalSuffix = ".journal"
)

type journal struct {
	ModID  int64    `json:"modId,string"`
	Target string   `json:"target"`
	Retire []string `json:"retire"`
}

func journalPath(modsDir string, pid int) string {
	return filepath.Join(modsDir, journalPrefix+strconv.Itoa(pid)+journalSuffix)
}

// writeJournal records a deploy about to place target; it returns the
// journal's path ("" when there is nothing to retire).
func writeJournal(modsDir string, j journal) (string, error) {
	if len(j.Retire) == 0 {
		return "", nil
	}
	b, _ := json.Marshal(j)
	p := journalPath(modsDir, os.Getpid())
	return p, safefile.WriteFile(p, b)
}

// FinishInterruptedDeploys completes the deploys to modsDir that a killed
// process left half done and says what it moved. It is for readers of the
// mods folder (the load-order editor) that must not show two copies of one
// mod as they stand; when a deploy holds the folder, the journals are left
// to it (it finishes them first).
func FinishInterruptedDeploys(ctx context.Context, modsDir string) []string {
	if js, _ := filepath.Glob(filepath.Join(modsDir, journalPrefix+"*"+journalSuffix)); len(js) == 0 {
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
	ents, err := os.ReadDir(modsDir)
	if err != nil {
		return nil
	}
	for _, e := range ents {
		name := e.Name()
		if !strings.HasPrefix(name, journalPrefix) || !strings.HasSuffix(name, journalSuffix) {
			continue
		}
		pid, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(name, journalPrefix), journalSuffix))
		if err != nil || pid == os.Getpid() || procalive.Alive(pid) {
			continue
		}
		p := filepath.Join(modsDir, name)
		b, err := os.ReadFile(p)
		var j journal
		if err == nil {
			err = json.Unmarshal(b, &j)
		}
		if err != nil {
			os.Remove(p)
			continue
		}
		if h, err := readHeader(j.Target); err == nil && h.ModID == j.ModID {
			store := backups.Default()
			for _, old := range j.Retire {
				if h, err := readHeader(old); err != nil || h.ModID != j.ModID || sameFile(old, j.Target) {
					continue
				}
				if e, err := retire(store, old, modsDir, "an older copy an interrupted deploy left"); err == nil {
					notes = append(notes, fmt.Sprintf("an interrupted deploy left %s beside %s; moved it to the backups (%s)", old, j.Target, e.ID))
				}
			}
		}
		os.Remove(p)
	}
	return notes
}
