package reborndrv

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"packsmith/backend/sys/procalive"
	"packsmith/backend/sys/safefile"
)

// A .dat and the FileTable.bin record giving its size change together.
//
// The game reads each file over the length its table gives, so a .dat
// renamed into place without its record updated (the process killed in
// between) is read short or past its end. So a save whose size changes
// first writes a journal beside the table,
//
//	<table folder>/.packsmith-reborn-<pid>-<random>.journal   {"dat": "<absolute path>"}
//
// then renames the .dat into place, updates the record, and removes the
// journal. The next run that opens the .dat, the Data folder or saves into
// it (finishNear, FinishInterrupted) takes each journal whose process is
// gone and sets the record to the size the .dat has on disk: the new size
// if the rename happened (the step is finished), the old one if not (it is
// rolled back: the table never changed). Either way the pair agrees, and the
// journal goes.

const (
	journalPrefix = ".packsmith-reborn-"
	journalSuffix = ".journal"
)

type tableJournal struct {
	Dat string `json:"dat"`
}

// commitStep is called after each step of a commit (a test hook: the
// crash-sweep test kills the process there).
var commitStep = func(step string) {}

// writeJournal records, beside the table at tp, that dat is being saved.
func writeJournal(tp, dat string) (string, error) {
	abs, err := filepath.Abs(dat)
	if err != nil {
		return "", err
	}
	var rb [4]byte
	rand.Read(rb[:])
	p := filepath.Join(filepath.Dir(tp), journalPrefix+strconv.Itoa(os.Getpid())+"-"+hex.EncodeToString(rb[:])+journalSuffix)
	b, _ := json.Marshal(tableJournal{Dat: abs})
	return p, safefile.WriteFile(p, b)
}

// journalPID is the writer's pid in a journal's name (0: not a journal).
func journalPID(name string) int {
	if !strings.HasPrefix(name, journalPrefix) || !strings.HasSuffix(name, journalSuffix) {
		return 0
	}
	pidText, _, _ := strings.Cut(strings.TrimPrefix(name, journalPrefix), "-")
	pid, err := strconv.Atoi(pidText)
	if err != nil || pid <= 0 {
		return 0
	}
	return pid
}

// FinishInterrupted completes the saves into the Data folder dir (the one
// holding FileTable.bin) that a killed process left between the .dat and
// its table record, and says what it did.
func FinishInterrupted(dir string) (notes []string) {
	sweepDir(dir) // a journal or table cut short while written
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	for _, e := range ents {
		pid := journalPID(e.Name())
		if pid == 0 || pid == os.Getpid() || procalive.Alive(pid) {
			continue
		}
		p := filepath.Join(dir, e.Name())
		b, err := os.ReadFile(p)
		var j tableJournal
		if err == nil {
			err = json.Unmarshal(b, &j)
		}
		if err != nil || j.Dat == "" {
			os.Remove(p) // cut short while it was written: nothing was renamed yet
			continue
		}
		st, err := os.Stat(j.Dat)
		if err != nil {
			os.Remove(p) // the .dat is gone: no record to agree with
			continue
		}
		note, err := UpdateTable(j.Dat, st.Size())
		if err != nil {
			notes = append(notes, fmt.Sprintf("an interrupted save of %s: its FileTable.bin record could not be set: %v", j.Dat, err))
			continue // kept for the next run
		}
		notes = append(notes, "an interrupted save of "+j.Dat+" was finished: "+note)
		os.Remove(p)
	}
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
