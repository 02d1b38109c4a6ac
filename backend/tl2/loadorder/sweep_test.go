package loadorder

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"packsmith/backend/sys/filelock"
)

// Issue 30: what a killed deploy or save left (a half-written .MOD copy,
// modlauncher.sch's lock) goes at the next read of the folders, a
// read-only Open included; what a live process is writing or holding
// stays.
func TestOpenSweepsWhatKilledProcessesLeft(t *testing.T) {
	user := standard(t)
	mods := filepath.Join(user, "mods")
	deadTmp := filepath.Join(mods, ".X.MOD.packsmith-999999999-3.tmp")
	liveTmp := filepath.Join(mods, fmt.Sprintf(".Y.MOD.packsmith-%d-4.tmp", os.Getppid()))
	deadSchTmp := filepath.Join(user, ".modlauncher.sch.packsmith-999999998-1.tmp")
	schLock := filepath.Join(user, ".modlauncher.sch"+filelock.Suffix)
	notOurs := filepath.Join(mods, ".X.MOD.tmp")
	for _, p := range []string{deadTmp, liveTmp, deadSchTmp, notOurs} {
		if err := os.WriteFile(p, []byte("half"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(schLock, []byte("999999999 "+filepath.Join(user, "modlauncher.sch")+"\n"), 0o644)
	held, err := filelock.Acquire(context.Background(), filepath.Join(user, "held.txt"), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Unlock()
	heldLock := filelock.Path(filepath.Join(user, "held.txt"))

	s := open(t, Options{UserDir: user})
	s.View() // a read-only look, as loadorder list does
	for p, want := range map[string]bool{deadTmp: false, deadSchTmp: false, schLock: false, liveTmp: true, notOurs: true, heldLock: true} {
		if _, err := os.Stat(p); (err == nil) != want {
			t.Errorf("%s: exists=%v, want %v", filepath.Base(p), err == nil, want)
		}
	}
}
