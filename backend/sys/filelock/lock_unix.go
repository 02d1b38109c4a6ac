//go:build unix

package filelock

import (
	"errors"
	"os"
	"syscall"
)

func tryLock(f *os.File) (bool, error) {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return true, nil
		case errors.Is(err, syscall.EWOULDBLOCK):
			return false, nil
		case errors.Is(err, syscall.EINTR):
			continue
		}
		return false, err
	}
}

func unlock(f *os.File) { syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }

// release deletes the lock file while still holding it (a waiter that then
// gets the old file sees it is gone and opens the new one), then lets go.
func release(f *os.File, p string) error {
	os.Remove(p)
	unlock(f)
	return f.Close()
}

// Busy reports a file error that a moment's wait may cure: none here
// (see lock_windows.go).
func Busy(error) bool { return false }
