// Package filelock gives Packsmith processes an advisory lock per file they
// read, change and write back (an archive edited in place, modlauncher.sch,
// a mods folder being deployed to), so that two writers never lose each
// other's change: the second waits, and after Wait fails with ErrBusy ("in
// use by another Packsmith").
//
// Where the lock is. Every process must find the same lock whoever runs it
// and whatever its cache folder is (two users, a portable copy, sudo, the
// window beside a script with another XDG_CACHE_HOME), so the lock is a
// file beside the target, in the target's own folder:
//
//	<folder>/.<name>.packsmith-lock
//
// (a name too long for the file system gets .packsmith-lock-<hash> instead).
// The target is first made absolute, cleaned and resolved through symlinks,
// so dir/./a.zip, a symlinked folder and a.zip share one lock; where the
// operating system folds case (Windows, macOS) the name is folded too.
//
// A folder target (the mods folder) is locked the same way, beside it in its
// parent: the TL2 mods folder's lock is <user folder>/.mods.packsmith-lock,
// next to modlauncher.sch, because the game reads everything in the mods
// folder and nothing but mods may be put there. Locking the folder itself
// (flock on a directory) works on Linux and macOS but not on Windows, and one
// rule for every system is easier to reason about.
//
// The lock file is never the target and is never renamed over: targets are
// replaced by rename, and Windows cannot rename over a file that is open or
// locked, while a lock on a file that a rename replaces would protect the old
// inode only. The lock itself is the operating system's (flock on Unix,
// LockFileEx on Windows), so it is released when the process dies, however
// it dies. The holder deletes the lock file when it lets go, so no litter
// stays beside the user's files; a waiter that got a lock on a file that was
// deleted meanwhile sees that (the path no longer names its file) and tries
// again.
//
// A folder where no lock file can be made (read-only or missing) falls back
// to a lock in the user cache folder (Packsmith/locks, named by a hash of the
// path), which excludes the same user's processes only.
package filelock

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// ErrBusy is returned when another Packsmith held the lock for all of Wait.
var ErrBusy = errors.New("in use by another Packsmith")

// Wait is how long Lock waits for another holder by default.
const Wait = 30 * time.Second

// Suffix ends every lock file's name.
const Suffix = ".packsmith-lock"

// maxName is the longest lock-file name made from the target's name; longer
// ones are hashed (most file systems stop at 255 bytes).
const maxName = 200

// Lock is a held lock.
type Lock struct {
	f      *os.File
	path   string // the lock file
	target string
}

// Dir is the fallback folder for targets whose own folder takes no lock
// file.
func Dir() string {
	d, err := os.UserCacheDir()
	if err != nil || d == "" {
		d = os.TempDir()
	}
	return filepath.Join(d, "Packsmith", "locks")
}

// folds reports whether this operating system's usual file systems fold
// case, so that A.ZIP and a.zip are one file.
func folds() bool { return runtime.GOOS == "windows" || runtime.GOOS == "darwin" }

// resolve is target made absolute, cleaned and resolved through symlinks
// (its folder only, when the file does not exist yet): the same string for
// every spelling of one file, but for case.
func resolve(target string) string {
	abs, err := filepath.Abs(target)
	if err != nil {
		abs = filepath.Clean(target)
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		abs = r
	} else if r, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		abs = filepath.Join(r, filepath.Base(abs))
	}
	return abs
}

// fold is s case-folded where the system folds.
func fold(s string) string {
	if folds() {
		return strings.ToLower(s)
	}
	return s
}

func hashed(abs string) string {
	sum := sha256.Sum256([]byte(abs))
	return hex.EncodeToString(sum[:16])
}

// key names target's fallback lock file in Dir.
func key(target string) string { return hashed(fold(resolve(target))) + ".lock" }

// Path is the lock file that Acquire uses for target: beside it, in its
// folder (a folder target: beside the folder, in its parent).
func Path(target string) string {
	abs := resolve(target)
	dir, name := filepath.Dir(abs), filepath.Base(abs)
	if dir == abs || name == "" || name == "." || name == string(filepath.Separator) {
		// A root has no folder beside it.
		return filepath.Join(Dir(), hashed(fold(abs))+".lock")
	}
	// The folder is spelled as the file system has it (a case-sensitive
	// volume on macOS must find it); the name is folded, so A.ZIP and
	// a.zip share a lock where the system takes them for one file.
	lock := "." + fold(name) + Suffix
	if len(lock) > maxName {
		lock = Suffix + "-" + hashed(fold(abs))
	}
	return filepath.Join(dir, lock)
}

// Acquire takes target's lock, waiting up to wait (0: Wait) while another
// process or goroutine holds it. The caller must Unlock.
func Acquire(ctx context.Context, target string, wait time.Duration) (*Lock, error) {
	if wait <= 0 {
		wait = Wait
	}
	p := Path(target)
	deadline := time.Now().Add(wait)
	delay := 5 * time.Millisecond
	fellBack := false
	busyOpens := 0
	for {
		f, err := os.OpenFile(p, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil && Busy(err) && busyOpens < 20 {
			busyOpens++ // Windows: the file is being deleted; wait a moment
		} else if err != nil && !fellBack {
			// The target's folder takes no file (read-only or
			// missing): lock where this user can.
			fellBack = true
			dir := Dir()
			if err2 := os.MkdirAll(dir, 0o755); err2 != nil {
				dir = filepath.Join(os.TempDir(), "packsmith-locks")
				if err3 := os.MkdirAll(dir, 0o755); err3 != nil {
					return nil, fmt.Errorf("lock for %s: %w", target, err)
				}
			}
			p = filepath.Join(dir, key(target))
			continue
		} else if err != nil {
			return nil, fmt.Errorf("lock for %s: %w", target, err)
		}
		if err == nil {
			ok, err := tryLock(f)
			if err != nil {
				f.Close()
				return nil, fmt.Errorf("lock for %s: %w", target, err)
			}
			if ok && current(f, p) {
				f.Truncate(0)
				fmt.Fprintf(f, "%d %s\n", os.Getpid(), target)
				return &Lock{f: f, path: p, target: target}, nil
			}
			if ok {
				// The holder before deleted this file as it let go:
				// the lock now lives on a new file at p.
				unlock(f)
				f.Close()
				continue
			}
			f.Close()
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("%s is %w (waited %s)", target, ErrBusy, wait.Round(time.Second))
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(delay):
		}
		delay = min(2*delay, 200*time.Millisecond)
	}
}

// current reports whether p still names the file f is open on.
func current(f *os.File, p string) bool {
	a, err := f.Stat()
	if err != nil {
		return false
	}
	b, err := os.Stat(p)
	return err == nil && os.SameFile(a, b)
}

// Unlock releases the lock and deletes its file. It is safe on a nil lock
// and twice.
func (l *Lock) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := release(l.f, l.path)
	l.f = nil
	return err
}

// TidyDir removes the lock files in dir that nobody holds: those a killed
// process left (a lock is released when its process dies, but its file
// stays). It takes each one as Acquire would, without waiting, and lets it
// go as Unlock does, so a lock file that a process holds, or is about to
// lock, is never taken from under it (one being opened right now is
// deleted, and its opener sees that and makes a new one).
func TidyDir(dir string) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		name := e.Name()
		if e.IsDir() || !strings.HasPrefix(name, ".") || !strings.Contains(name, Suffix) {
			continue
		}
		p := filepath.Join(dir, name)
		f, err := os.OpenFile(p, os.O_RDWR, 0)
		if err != nil {
			continue
		}
		if ok, err := tryLock(f); err != nil || !ok {
			f.Close()
			continue
		}
		if !current(f, p) {
			unlock(f)
			f.Close()
			continue
		}
		release(f, p)
	}
}
