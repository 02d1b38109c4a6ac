//go:build windows

package filelock

import (
	"errors"
	"os"
	"syscall"
	"unsafe"
)

var (
	kernel32       = syscall.NewLazyDLL("kernel32.dll")
	procLockFileEx = kernel32.NewProc("LockFileEx")
	procUnlockFile = kernel32.NewProc("UnlockFileEx")
)

const (
	lockExclusive    = 0x2
	failImmediately  = 0x1
	errLockViolation = syscall.Errno(33)
)

func tryLock(f *os.File) (bool, error) {
	var ol syscall.Overlapped
	r, _, err := procLockFileEx.Call(f.Fd(), lockExclusive|failImmediately, 0, 1, 0, uintptr(unsafe.Pointer(&ol)))
	if r != 0 {
		return true, nil
	}
	if err == errLockViolation || err == syscall.Errno(997) /* ERROR_IO_PENDING */ {
		return false, nil
	}
	return false, err
}

func unlock(f *os.File) {
	var ol syscall.Overlapped
	procUnlockFile.Call(f.Fd(), 0, 1, 0, uintptr(unsafe.Pointer(&ol)))
}

// release lets go, then deletes the lock file: Windows deletes no file that
// is open without FILE_SHARE_DELETE (as Go opens files), so the delete fails
// harmlessly while a waiter has it open, and that waiter deletes it later.
func release(f *os.File, p string) error {
	unlock(f)
	err := f.Close()
	os.Remove(p)
	return err
}

// Busy reports a file error that a moment's wait may cure: a file being
// deleted ("delete pending") refuses opens with access denied, and a
// sharing violation is another process in the middle of opening it (or,
// under wine, of linking or removing another name of it).
func Busy(err error) bool {
	var pe *os.PathError
	if !errors.As(err, &pe) {
		return false
	}
	switch pe.Err {
	case syscall.ERROR_ACCESS_DENIED, syscall.Errno(32) /* ERROR_SHARING_VIOLATION */ :
		return true
	}
	return false
}
