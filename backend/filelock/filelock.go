// Package filelock gives Packsmith processes an advisory lock per file they
// read, change and write back (an archive edited in place, modlauncher.sch,
// a mods folder being deployed to), so that two writers never lose each
// other's change: the second waits, and after Wait fails with ErrBusy ("in
// use by another Packsmith").
//
// The lock files live in the user cache folder (Packsmith/locks), named by
// a hash of the target's absolute path, not beside the target: targets are
// replaced by rename, and Windows cannot rename over a file that is locked
// or open. The lock is the operating system's (flock, LockFileEx), so it is
// released when the process dies, however it dies.
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

// Lock is a held lock.
type Lock struct {
	f      *os.File
	target string
}

// Dir is the folder the lock files are in.
func Dir() string {
	d, err := os.UserCacheDir()
	if err != nil || d == "" {
		d = os.TempDir()
	}
	return filepath.Join(d, "Packsmith", "locks")
}

// key names target's lock file: the same for every spelling of the path.
func key(target string) string {
	abs, err := filepath.Abs(target)
	if err != nil {
		abs = target
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		abs = r
	} else if r, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		abs = filepath.Join(r, filepath.Base(abs)) // the file may not exist yet
	}
	if runtime.GOOS == "windows" || runtime.GOOS == "darwin" {
		abs = strings.ToLower(abs)
	}
	sum := sha256.Sum256([]byte(abs))
	return hex.EncodeToString(sum[:16]) + ".lock"
}

// Acquire takes target's lock, waiting up to wait (0: Wait) while another
// process or goroutine holds it. The caller must Unlock.
func Acquire(ctx context.Context, target string, wait time.Duration) (*Lock, error) {
	if wait <= 0 {
		wait = Wait
	}
	dir := Dir()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		// A read-only home must not stop every save: the temp folder is
		// shared by the same user's processes too.
		dir = filepath.Join(os.TempDir(), "packsmith-locks")
		if err2 := os.MkdirAll(dir, 0o755); err2 != nil {
			return nil, fmt.Errorf("lock for %s: %w", target, err)
		}
	}
	p := filepath.Join(dir, key(target))
	deadline := time.Now().Add(wait)
	delay := 5 * time.Millisecond
	for {
		f, err := os.OpenFile(p, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, fmt.Errorf("lock for %s: %w", target, err)
		}
		ok, err := tryLock(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("lock for %s: %w", target, err)
		}
		if ok {
			f.Truncate(0)
			fmt.Fprintf(f, "%d %s\n", os.Getpid(), target)
			return &Lock{f: f, target: target}, nil
		}
		f.Close()
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

// Unlock releases the lock. It is safe on a nil lock and twice.
func (l *Lock) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	unlock(l.f)
	err := l.f.Close()
	l.f = nil
	return err
}
