package filelock

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"packsmith/internal/hermetic"
)

// spellings are ways of naming dir/a.zip from inside dir's parent's child:
// the test runs in dir, so "a.zip" is relative and the others are not.
func spellings(dir string) []string {
	sep := string(filepath.Separator)
	return []string{
		"a.zip",
		"." + sep + "a.zip",
		filepath.Join(dir, "a.zip"),
		dir + sep + "." + sep + "a.zip",
		dir + sep + "sub" + sep + ".." + sep + "a.zip",
	}
}

// checkOneLock holds each spelling's lock in turn and checks every other
// spelling is refused while it is held: one file, one lock, however typed.
func checkOneLock(t *testing.T, names []string) {
	t.Helper()
	for _, held := range names {
		l, err := Acquire(context.Background(), held, time.Second)
		if err != nil {
			t.Fatalf("lock %s: %v", held, err)
		}
		for _, other := range names {
			if other == held {
				continue
			}
			if l2, err := Acquire(context.Background(), other, 30*time.Millisecond); !errors.Is(err, ErrBusy) {
				l2.Unlock()
				l.Unlock()
				t.Fatalf("%s held, %s locked too (%v): two locks for one file", held, other, err)
			}
		}
		l.Unlock()
	}
}

// The lock is keyed by the file, not by the path as typed: a.zip typed
// relative, dir/./a.zip, dir/sub/../a.zip and a symlink to it get one lock.
func TestOneLockPerFileHoweverSpelt(t *testing.T) {
	hermetic.OwnCache(t)
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	os.WriteFile(filepath.Join(dir, "a.zip"), []byte("PK"), 0o644)
	t.Chdir(dir)
	names := spellings(dir)
	link := filepath.Join(dir, "link.zip")
	if err := os.Symlink("a.zip", link); err == nil {
		if st, err := os.Lstat(link); err == nil && st.Mode()&os.ModeSymlink != 0 {
			names = append(names, "link.zip", link)
		} else {
			// Wine makes a Unix link its Windows side sees as a plain file
			// (no reparse point): nothing there tells it is a link.
			t.Logf("%s is no symbolic link to this system (%v): its spellings are left out", link, err)
		}
	} else if runtime.GOOS != "windows" {
		t.Fatal(err)
	} // Windows: symlinks need a privilege the test may not have.
	checkOneLock(t, names)
}

// The same where the target's folder takes no lock file (here: it does not
// exist yet) and the lock falls back to the cache folder under a name made
// from the path: the name is made from the resolved path, so every
// spelling finds the one lock there too.
func TestOneFallbackLockPerFileHoweverSpelt(t *testing.T) {
	cache := hermetic.OwnCache(t)
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	t.Chdir(dir)
	sep := string(filepath.Separator)
	names := []string{
		filepath.Join("missing", "a.zip"),
		"." + sep + "missing" + sep + "a.zip",
		filepath.Join(dir, "missing", "a.zip"),
		dir + sep + "missing" + sep + "." + sep + "a.zip",
		dir + sep + "sub" + sep + ".." + sep + "missing" + sep + "a.zip",
	}
	checkOneLock(t, names)
	l, err := Acquire(context.Background(), names[0], time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Unlock()
	if ents, _ := os.ReadDir(filepath.Join(cache, "Packsmith", "locks")); len(ents) != 1 {
		t.Fatalf("fallback lock files: %v, want one", ents)
	}
}
