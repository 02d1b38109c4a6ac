package reborndrv

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"packsmith/backend/sys/journal"
	"packsmith/backend/sys/safefile"
)

// A .dat and the FileTable.bin record giving its size change together.
//
// The game reads each file over the length its table gives, so a .dat
// renamed into place without its record updated (the process killed in
// between) is read short or past its end. So a save whose size changes
// first writes a journal beside the table (backend/sys/journal, kind
// "reborn"),
//
//	<table folder>/.packsmith-reborn-<pid>-<random>.journal
//	    packsmith reborn journal: the .dat whose FileTable.bin record changes
//	    dat <absolute path>
//	    pid <writer>
//
// then renames the .dat into place, updates the record, and removes the
// journal. The next run that opens the .dat, the Data folder or saves into
// it (finishNear, FinishInterrupted) takes each journal whose process is
// gone and sets the record to the size the .dat has on disk: the new size
// if the rename happened (the step is finished), the old one if not (it is
// rolled back: the table never changed). Either way the pair agrees, and the
// journal goes.

const (
	journalKind = "reborn"
	journalHead = "packsmith reborn journal: the .dat whose FileTable.bin record changes"
)

// commitStep is called after each step of a commit (a test hook: the
// crash-sweep test kills the process there).
var commitStep = func(step string) {}

// writeJournal records, beside the table at tp, that dat is being saved.
func writeJournal(tp, dat string) (string, error) {
	abs, err := filepath.Abs(dat)
	if err != nil {
		return "", err
	}
	p := journal.NewPath(filepath.Dir(tp), journalKind)
	return p, journal.Write(p, journalHead, journal.Field{Key: "dat", Value: abs})
}

// FinishInterrupted completes the saves into the Data folder dir (the one
// holding FileTable.bin) that a killed process left between the .dat and
// its table record, and says what it did.
func FinishInterrupted(dir string) (notes []string) {
	sweepDir(dir) // a table cut short while written
	journal.Sweep(dir, journalKind, journalHead, func(j *journal.Journal) error {
		dat := j.Value("dat")
		if dat == "" {
			return nil // names no .dat: nothing to make agree
		}
		st, err := os.Stat(dat)
		if err != nil {
			return nil // the .dat is gone: no record to agree with
		}
		note, err := UpdateTable(dat, st.Size())
		if err != nil {
			notes = append(notes, fmt.Sprintf("an interrupted save of %s: its FileTable.bin record could not be set: %v", dat, err))
			return err // kept for the next run
		}
		notes = append(notes, "an interrupted save of "+dat+" was finished: "+note)
		return nil
	})
	return notes
}

// sweepDir removes, once per process and folder, the temporary files a
// killed save left beside a .dat (safefile.CleanStale: the rebuilt .dat and
// the ZIP layer's stream, both named with their writer's pid).
func sweepDir(dir string) {
	if _, done := swept.LoadOrStore(dir, true); !done {
		safefile.CleanStale(dir)
	}
}

var swept sync.Map

// finishNear runs FinishInterrupted in the Data folder of the .dat at p:
// the folders FindTable looks in that hold a FileTable.bin.
func finishNear(p string) []string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return nil
	}
	dir := filepath.Dir(abs)
	for range 5 {
		if tableIn(dir) != "" {
			return FinishInterrupted(dir)
		}
		up := filepath.Dir(dir)
		if up == dir {
			break
		}
		dir = up
	}
	return nil
}
