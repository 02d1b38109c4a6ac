package iopdrv

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"packsmith/backend/sys/journal"
)

// TestHelperStaysAlive is not a test: run by TestRecoverLeavesALiveAppend
// as a child process, it stands for another Packsmith in the middle of an
// append (it waits until killed or for a minute).
func TestHelperStaysAlive(t *testing.T) {
	if os.Getenv("PACKSMITH_STAY_ALIVE") != "1" {
		t.Skip("a helper process for TestRecoverLeavesALiveAppend")
	}
	time.Sleep(time.Minute)
}

// An append journal written by another process that is still running is
// that process's: Recover must neither truncate the pack nor remove the
// journal. Once that process is gone, the next Recover rolls back.
func TestRecoverLeavesALiveAppend(t *testing.T) {
	dir := t.TempDir()
	pack := filepath.Join(dir, "rs.iop")
	body := []byte("PK-the-pack-before-the-append|and-what-the-append-wrote")
	os.WriteFile(pack, body, 0o644)
	before := int64(len("PK-the-pack-before-the-append|"))

	child := exec.Command(os.Args[0], "-test.run=^TestHelperStaysAlive$")
	child.Env = append(os.Environ(), "PACKSMITH_STAY_ALIVE=1")
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	defer child.Process.Kill()
	jp := pack + JournalSuffix
	os.WriteFile(jp, journal.Encode(journalHead, child.Process.Pid, journal.Field{Key: "length", Value: fmt.Sprint(before)}), 0o644)

	rolled, err := Recover(pack)
	if rolled || !errors.Is(err, errAppendLive) {
		t.Fatalf("a live append was rolled back (%v) or not refused: %v", rolled, err)
	}
	if st, _ := os.Stat(pack); st.Size() != int64(len(body)) {
		t.Fatalf("pack truncated to %d bytes under a live append", st.Size())
	}
	if _, err := os.Stat(jp); err != nil {
		t.Fatalf("journal of a live append removed: %v", err)
	}

	child.Process.Kill()
	child.Wait()
	if runtime.GOOS == "windows" {
		// Under wine a killed child's id still answers as running for a
		// while; the roll back of a dead writer's journal is tested with
		// the Linux build.
		return
	}
	rolled, err = Recover(pack)
	if !rolled || err != nil {
		t.Fatalf("after the process ended: rolled %v, %v", rolled, err)
	}
	if st, _ := os.Stat(pack); st.Size() != before {
		t.Fatalf("pack is %d bytes after the roll back, want %d", st.Size(), before)
	}
}
