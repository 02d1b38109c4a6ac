package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"packsmith/backend/sys/filelock"
	"packsmith/backend/tl2/loadorder/loadordertest"
)

// ownCache gives one child process a cache and config folder of its own,
// as two users, a portable copy or the window beside a script have: the
// locks must hold between them all the same (issue 22).
func ownCache(t *testing.T) []string {
	return []string{"XDG_CACHE_HOME=" + t.TempDir(), "LOCALAPPDATA=" + t.TempDir(), "PACKSMITH_CONFIG_DIR=" + t.TempDir()}
}

// lockChildren and lockTrials: 6 children at once, 3 times, per file kind
// (18 updates each).
const lockChildren, lockTrials = 6, 3

// runAll runs one command line per child at once, each with its own cache
// folder, and fails the test on a non-zero exit.
func runAll(t *testing.T, what string, argv [][]string) {
	var wg sync.WaitGroup
	for _, args := range argv {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if code, _, stderr, _ := runChild(t, ownCache(t), args...); code != 0 {
				t.Errorf("%s %v: exit %d: %s", what, args, code, stderr)
			}
		}()
	}
	wg.Wait()
}

// noLockLeft fails when a lock file stays beside the user's files.
func noLockLeft(t *testing.T, dirs ...string) {
	t.Helper()
	for _, d := range dirs {
		if m, _ := filepath.Glob(filepath.Join(d, "*"+filelock.Suffix)); len(m) != 0 {
			t.Errorf("lock files left: %v", m)
		}
	}
}

// Each child replaces its own entry of one .MOD in place: every change
// lands and the .MOD verifies (before: 43 of 60 lost, exit 0).
func TestModUpdatesAcrossCacheFolders(t *testing.T) {
	lost := 0
	for trial := range lockTrials {
		dir := t.TempDir()
		mp := filepath.Join(dir, "X.MOD")
		var names []string
		for i := range lockChildren {
			names = append(names, fmt.Sprintf("MEDIA/F%d.BIN", i))
		}
		if err := loadordertest.WriteMod(mp, loadordertest.Spec{Title: "X", ID: 77, Files: names}); err != nil {
			t.Fatal(err)
		}
		var argv [][]string
		for i, n := range names {
			src := filepath.Join(dir, fmt.Sprintf("new%d.bin", i))
			os.WriteFile(src, []byte(fmt.Sprintf("new %d of trial %d", i, trial)), 0o644)
			argv = append(argv, []string{"replace", mp, n, src})
		}
		runAll(t, "replace", argv)
		for i, n := range names {
			if out, _, _ := run(t, "cat", mp, n); out != fmt.Sprintf("new %d of trial %d", i, trial) {
				lost++
			}
		}
		if out, _, code := run(t, "verify", mp); code != 0 {
			t.Errorf("trial %d: verify: %s", trial, out)
		}
		noLockLeft(t, dir)
	}
	t.Logf("%d of %d .MOD updates lost", lost, lockTrials*lockChildren)
	if lost != 0 {
		t.Errorf("%d of %d .MOD updates lost", lost, lockTrials*lockChildren)
	}
}

// Each child enables its own mod in one modlauncher.sch: every mod ends in
// the list (before: 44 of 72 lost), and no lock is put in the mods folder.
func TestLoadOrderUpdatesAcrossCacheFolders(t *testing.T) {
	lost := 0
	for range lockTrials {
		user := t.TempDir()
		var specs []loadordertest.Spec
		var argv [][]string
		for i := range lockChildren {
			id := int64(9000 + i)
			specs = append(specs, loadordertest.Spec{Rel: fmt.Sprintf("mods/M%d/M%d.MOD", i, i), Title: fmt.Sprint("M", i), ID: id, Files: []string{"MEDIA/A.BIN"}})
			argv = append(argv, []string{"loadorder", "--dir", user, "enable", fmt.Sprint(id)})
		}
		if err := loadordertest.Write(user, specs); err != nil {
			t.Fatal(err)
		}
		if err := loadordertest.WriteSch(filepath.Join(user, "modlauncher.sch"), nil); err != nil {
			t.Fatal(err)
		}
		runAll(t, "loadorder", argv)
		ids := schIDs(t, user)
		for i := range lockChildren {
			if !slices.Contains(ids, int64(9000+i)) {
				lost++
			}
		}
		noLockLeft(t, user, filepath.Join(user, "mods"))
	}
	t.Logf("%d of %d load-order updates lost", lost, lockTrials*lockChildren)
	if lost != 0 {
		t.Errorf("%d of %d load-order updates lost", lost, lockTrials*lockChildren)
	}
}

// Each child replaces its own entry of one .iop (an append in place): every
// change lands and the pack verifies (before: 9 lost, a bad CRC and a false
// "damaged append journal").
func TestIopUpdatesAcrossCacheFolders(t *testing.T) {
	lost := 0
	for trial := range lockTrials {
		dir := t.TempDir()
		src := filepath.Join(dir, "src")
		os.MkdirAll(src, 0o755)
		for i := range lockChildren {
			os.WriteFile(filepath.Join(src, fmt.Sprintf("e%d.txt", i)), []byte("old"), 0o644)
		}
		pack := filepath.Join(dir, "p.iop")
		if _, errs, code := run(t, "create", pack, src); code != 0 {
			t.Fatal(errs)
		}
		var argv [][]string
		for i := range lockChildren {
			nf := filepath.Join(dir, fmt.Sprintf("new%d.txt", i))
			os.WriteFile(nf, []byte(fmt.Sprintf("new %d of trial %d", i, trial)), 0o644)
			argv = append(argv, []string{"replace", pack, fmt.Sprintf("e%d.txt", i), nf})
		}
		runAll(t, "replace", argv)
		for i := range lockChildren {
			if out, _, _ := run(t, "cat", pack, fmt.Sprintf("e%d.txt", i)); out != fmt.Sprintf("new %d of trial %d", i, trial) {
				lost++
			}
		}
		if out, errs, code := run(t, "verify", pack); code != 0 {
			t.Errorf("trial %d: verify: %s %s", trial, out, errs)
		}
		noLockLeft(t, dir)
	}
	t.Logf("%d of %d .iop updates lost", lost, lockTrials*lockChildren)
	if lost != 0 {
		t.Errorf("%d of %d .iop updates lost", lost, lockTrials*lockChildren)
	}
}

// Deploys of one mod under different file names into one mods folder, each
// process with its own cache folder: the mods folder's lock (beside it, in
// the user folder) lets one deploy at a time retire the others' copies, so
// one .MOD with the MOD_ID stays and nothing but mods is in the mods folder.
func TestDeploysAcrossCacheFolders(t *testing.T) {
	const sampleID = 4155520830174301517
	for trial := range 2 {
		user := t.TempDir()
		mods := filepath.Join(user, "mods")
		os.MkdirAll(mods, 0o755)
		var argv [][]string
		for i := range 4 {
			out := filepath.Join(t.TempDir(), fmt.Sprintf("S%d.MOD", i))
			argv = append(argv, []string{"pack", sampleMod, "-o", out, "--deploy", "--mods", mods, "--enable"})
		}
		runAll(t, "deploy", argv)
		var copies []string
		filepath.WalkDir(mods, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".mod") {
				copies = append(copies, p)
			}
			return nil
		})
		if len(copies) != 1 {
			t.Errorf("trial %d: %d copies of the mod in the mods folder: %v", trial, len(copies), copies)
		}
		if ids := schIDs(t, user); len(ids) != 1 || ids[0] != sampleID {
			t.Errorf("trial %d: list %v", trial, ids)
		}
		noLockLeft(t, user, mods)
		if m, _ := filepath.Glob(filepath.Join(mods, ".*")); len(m) != 0 {
			t.Errorf("trial %d: hidden files in the mods folder: %v", trial, m)
		}
	}
}
