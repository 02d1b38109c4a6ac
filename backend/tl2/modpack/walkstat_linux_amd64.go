package modpack

import (
	"syscall"
	"unsafe"
)

// fstatat is newfstatat(2): flags 0 follows links, as os.Stat does,
// AT_SYMLINK_NOFOLLOW does not, as os.Lstat; the syscall package keeps
// its own unexported on amd64.
func fstatat(dirfd int, name string, st *syscall.Stat_t, flags int) error {
	p, err := syscall.BytePtrFromString(name)
	if err != nil {
		return err
	}
	_, _, e := syscall.Syscall6(syscall.SYS_NEWFSTATAT, uintptr(dirfd), uintptr(unsafe.Pointer(p)), uintptr(unsafe.Pointer(st)), uintptr(flags), 0, 0)
	if e != 0 {
		return e
	}
	return nil
}
