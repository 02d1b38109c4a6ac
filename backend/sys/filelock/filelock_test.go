package filelock

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"packsmith/internal/hermetic"
)

func TestExcludesAndWaits(t *testing.T) {
	cache := hermetic.OwnCache(t)
	target := filepath.Join(t.TempDir(), "a.zip")
	l1, err := Acquire(context.Background(), target, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	// Another spelling of the same file shares the lock.
	other := filepath.Join(filepath.Dir(target), ".", "a.zip")
	_, err = Acquire(context.Background(), other, 100*time.Millisecond)
	if !errors.Is(err, ErrBusy) || !strings.Contains(err.Error(), "in use by another Packsmith") {
		t.Fatalf("second lock: %v", err)
	}
	// The lock is beside the target, not in the cache folder: a process
	// with another cache folder finds it too.
	if ents, _ := os.ReadDir(filepath.Dir(target)); len(ents) != 1 || ents[0].Name() != ".a.zip"+Suffix {
		t.Fatalf("files beside the target: %v", ents)
	}
	if ents, _ := os.ReadDir(cache); len(ents) != 0 {
		t.Fatalf("files in the cache folder: %v", ents)
	}
	hermetic.OwnCache(t)
	if _, err := Acquire(context.Background(), target, 50*time.Millisecond); !errors.Is(err, ErrBusy) {
		t.Fatalf("lock with another cache folder: %v", err)
	}
	var got time.Time
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		l2, err := Acquire(context.Background(), target, 5*time.Second)
		if err != nil {
			t.Error(err)
			return
		}
		got = time.Now()
		l2.Unlock()
	}()
	time.Sleep(150 * time.Millisecond)
	released := time.Now()
	l1.Unlock()
	l1.Unlock() // twice is fine
	wg.Wait()
	if got.Before(released) {
		t.Fatal("the waiter got the lock while it was held")
	}
	// A different file is not blocked.
	l3, err := Acquire(context.Background(), target+".other", 100*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	l3.Unlock()
	ctx, cancel := context.WithCancel(context.Background())
	l4, _ := Acquire(context.Background(), target, time.Second)
	cancel()
	if _, err := Acquire(ctx, target, time.Second); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled wait: %v", err)
	}
	l4.Unlock()
	// Nothing stays beside the target once the lock is let go.
	if ents, _ := os.ReadDir(filepath.Dir(target)); len(ents) != 0 {
		t.Fatalf("left beside the target: %v", ents)
	}
}

// A folder's lock is beside the folder, in its parent, so nothing is
// written into the folder (the TL2 mods folder takes only mods).
func TestFolderLockIsBesideTheFolder(t *testing.T) {
	user := t.TempDir()
	mods := filepath.Join(user, "mods")
	os.Mkdir(mods, 0o755)
	l, err := Acquire(context.Background(), mods+string(filepath.Separator), time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if ents, _ := os.ReadDir(mods); len(ents) != 0 {
		t.Fatalf("written into the folder: %v", ents)
	}
	if _, err := os.Stat(filepath.Join(user, ".mods"+Suffix)); err != nil {
		t.Fatal(err)
	}
	if _, err := Acquire(context.Background(), filepath.Join(user, ".", "mods"), 50*time.Millisecond); !errors.Is(err, ErrBusy) {
		t.Fatalf("second spelling: %v", err)
	}
	// The sch beside it is another lock.
	l2, err := Acquire(context.Background(), filepath.Join(user, "modlauncher.sch"), 50*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	l2.Unlock()
	l.Unlock()
}

// Case folds where the system folds: A.ZIP and a.zip are one file there.
func TestCaseFolding(t *testing.T) {
	dir := t.TempDir()
	l, err := Acquire(context.Background(), filepath.Join(dir, "a.zip"), time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Unlock()
	_, err = Acquire(context.Background(), filepath.Join(dir, "A.ZIP"), 50*time.Millisecond)
	if folds() != errors.Is(err, ErrBusy) {
		t.Fatalf("A.ZIP beside a held a.zip on %s: %v", runtime.GOOS, err)
	}
}

// Many holders in turn, each deleting the lock file as it lets go while
// others wait on it: the read-modify-write of a counter loses nothing.
func TestDeletedLockFileStillExcludes(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "n.txt")
	os.WriteFile(target, []byte("0"), 0o644)
	const workers, rounds = 8, 40
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range rounds {
				l, err := Acquire(context.Background(), target, 20*time.Second)
				if err != nil {
					t.Error(err)
					return
				}
				b, _ := os.ReadFile(target)
				n, _ := strconv.Atoi(string(b))
				os.WriteFile(target, []byte(strconv.Itoa(n+1)), 0o644)
				l.Unlock()
			}
		}()
	}
	wg.Wait()
	if b, _ := os.ReadFile(target); string(b) != strconv.Itoa(workers*rounds) {
		t.Fatalf("counter %s, want %d", b, workers*rounds)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Fatalf("left: %v", ents)
	}
}

// A folder that takes no file falls back to the cache folder.
func TestReadOnlyFolderFallsBack(t *testing.T) {
	if runtime.GOOS == "windows" || os.Getuid() == 0 {
		t.Skip("needs a folder this user cannot write")
	}
	cache := hermetic.OwnCache(t)
	dir := t.TempDir()
	os.Chmod(dir, 0o555)
	defer os.Chmod(dir, 0o755)
	l, err := Acquire(context.Background(), filepath.Join(dir, "a.zip"), time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Unlock()
	if ents, _ := os.ReadDir(filepath.Join(cache, "Packsmith", "locks")); len(ents) != 1 {
		t.Fatalf("fallback locks: %v", ents)
	}
}

// A lock file nobody holds (its process was killed) goes; a held one stays.
func TestTidyDir(t *testing.T) {
	dir := t.TempDir()
	stale := filepath.Join(dir, ".old.zip"+Suffix)
	os.WriteFile(stale, []byte("12345 old.zip\n"), 0o644)
	l, err := Acquire(context.Background(), filepath.Join(dir, "held.zip"), time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Unlock()
	os.WriteFile(filepath.Join(dir, "data.bin"), []byte("x"), 0o644)
	TidyDir(dir)
	if _, err := os.Stat(stale); err == nil {
		t.Error("the stale lock file stayed")
	}
	if _, err := os.Stat(Path(filepath.Join(dir, "held.zip"))); err != nil {
		t.Errorf("the held lock file went: %v", err)
	}
	if _, err := Acquire(context.Background(), filepath.Join(dir, "held.zip"), 50*time.Millisecond); !errors.Is(err, ErrBusy) {
		t.Errorf("the held lock no longer excludes: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "data.bin")); err != nil {
		t.Error(err)
	}
}
