package reborndrv

import (
	"bytes"
	"context"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"packsmith/backend/archive"
	"packsmith/formats/reborn/filetable"
)

const crashStepEnv = "PACKSMITH_REBORN_KILL_AT"

// TestRebornSaveChild is the child of TestRebornSaveCrashSweep: it replaces
// an entry of the .dat and kills itself (SIGKILL: nothing of its own
// cleanup runs) at the step named, or, for "sleep", dawdles a few
// milliseconds at every step for the parent's kill to land anywhere.
func TestRebornSaveChild(t *testing.T) {
	step := os.Getenv(crashStepEnv)
	if step == "" {
		t.Skip("run by TestRebornSaveCrashSweep")
	}
	commitStep = func(s string) {
		switch {
		case step == "sleep":
			time.Sleep(3 * time.Millisecond)
		case s == step:
			if p, err := os.FindProcess(os.Getpid()); err == nil {
				p.Kill()
			}
			select {}
		}
	}
	dat := os.Getenv("REBORN_DAT")
	a, err := OpenLimits(dat, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	st, err := a.Rewrite(context.Background(), dat, []archive.Edit{{Op: archive.EditReplace, Path: "#5", Source: os.Getenv("REBORN_SRC")}}, archive.NoProgress{})
	if err != nil {
		t.Fatal(err)
	}
	a.Close()
	if err := st.Commit(); err != nil {
		t.Fatal(err)
	}
	if step != "sleep" {
		t.Fatalf("not killed at %s", step)
	}
}

// dataFolder writes Data/event/scene.dat (testdata/sample.dat) and a
// FileTable.bin naming it with its size, and a replacement for entry #5
// that changes the .dat's size.
func dataFolder(t *testing.T) (data, dat, table, repl string) {
	dir := t.TempDir()
	data = filepath.Join(dir, "Data")
	b := mustRead(t, "testdata/sample.dat")
	dat = writeT(t, filepath.Join(data, "event", "scene.dat"), b)
	tb, err := filetable.Encode(filetable.New("REBORN", []filetable.File{{Dir: 0, Path: "event/scene.dat", Size: uint32(len(b))}, {Dir: 0, Path: "menu/x.dat", Size: 5}}))
	if err != nil {
		t.Fatal(err)
	}
	table = writeT(t, filepath.Join(data, "FileTable.bin"), tb)
	repl = writeT(t, filepath.Join(dir, "r"), bytes.Repeat([]byte("longer "), 40))
	return
}

// A Reborn save killed at every step of its commit, and at random moments,
// leaves, once the next run has opened the folder, a FileTable.bin record
// that gives the .dat's size on disk, a .dat that is the old or the new one
// whole, and no journal or temporary file (issue 22: the table had the wrong
// size in 2 of 94 killed runs; .packsmith-zip-* files stayed beside the .dat
// in 43 of 125).
func TestRebornSaveCrashSweep(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("SIGKILL")
	}
	// The save done whole, for the new bytes.
	_, dat0, _, repl0 := dataFolder(t)
	old := mustRead(t, dat0)
	cmd := exec.Command(os.Args[0], "-test.run=^TestRebornSaveChild$")
	cmd.Env = append(os.Environ(), crashStepEnv+"=sleep", "REBORN_DAT="+dat0, "REBORN_SRC="+repl0)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("whole save: %v\n%s", err, out)
	}
	newer := mustRead(t, dat0)
	if len(newer) == len(old) {
		t.Fatal("the replacement does not change the size")
	}

	rng := rand.New(rand.NewSource(22))
	var runs, mismatchBefore, oldKept, newKept int
	check := func(what string, data, dat, table string) {
		t.Helper()
		runs++
		tb, _ := filetable.Decode(mustRead(t, table))
		got := mustRead(t, dat)
		if tb != nil && int64(tb.Rows[0].Size) != int64(len(got)) {
			mismatchBefore++
		}
		// The next run: open the Data folder (the window, ls, extract).
		a, err := DataDriver{}.Open(data, archive.OpenOptions{})
		if err != nil {
			t.Fatalf("%s: next open: %v", what, err)
		}
		a.Close()
		tb, err = filetable.Decode(mustRead(t, table))
		if err != nil {
			t.Fatalf("%s: table: %v", what, err)
		}
		switch {
		case bytes.Equal(got, old):
			oldKept++
		case bytes.Equal(got, newer):
			newKept++
		default:
			t.Errorf("%s: the .dat is neither the old nor the new one (%d bytes)", what, len(got))
		}
		if int64(tb.Rows[0].Size) != int64(len(got)) || tb.Rows[1].Size != 5 {
			t.Errorf("%s: table gives %d bytes, the .dat has %d", what, tb.Rows[0].Size, len(got))
		}
		// Another open of the .dat itself sweeps its folder.
		if b, err := OpenLimits(dat, Limits{}); err == nil {
			b.Close()
		}
		for _, d := range []string{data, filepath.Dir(dat)} {
			ents, _ := os.ReadDir(d)
			for _, e := range ents {
				if strings.HasPrefix(e.Name(), ".") && !strings.HasSuffix(e.Name(), ".bak") {
					t.Errorf("%s: left in %s: %s", what, d, e.Name())
				}
			}
		}
	}
	run := func(step string, killAfter time.Duration) {
		data, dat, table, repl := dataFolder(t)
		cmd := exec.Command(os.Args[0], "-test.run=^TestRebornSaveChild$")
		cmd.Env = append(os.Environ(), crashStepEnv+"="+step, "REBORN_DAT="+dat, "REBORN_SRC="+repl)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if killAfter > 0 {
			time.AfterFunc(killAfter, func() { cmd.Process.Kill() })
		}
		cmd.Wait()
		check(fmt.Sprintf("%s/%s", step, killAfter), data, dat, table)
	}
	for range 3 {
		for _, step := range []string{"zip", "journal", "dat", "table"} {
			run(step, 0)
		}
	}
	// The child takes a few tens of milliseconds to start: kills spread
	// over its whole run.
	for range 24 {
		run("sleep", time.Duration(20+rng.Intn(120))*time.Millisecond)
	}
	t.Logf("%d killed saves: the table disagreed with the .dat right after the kill in %d, in none after the next open; %d kept the old .dat, %d the new", runs, mismatchBefore, oldKept, newKept)
	if mismatchBefore < 3 {
		t.Errorf("only %d runs were killed between the .dat and its record: the sweep does not reach that window", mismatchBefore)
	}
}
