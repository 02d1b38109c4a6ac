package modpack

import (
	"syscall"
	"unsafe"
)

// fstatat is newfstatat(2) following links (flags 0), as os.Stat does;
// the syscall package keeps its own unexported on amd64.
func fstatat(dirfd int, name string, st *syscall.Stat_t) error {
	p, err := syscall.BytePtrFromString(name)
	if err != nil {
		return err
	}
	_, _, e := syscall.Syscall6(syscall.SYS_NEWFSTATAT, uintptr(dirfd), uintptr(unsafe.Pointer(p)), uintptr(unsafe.Pointer(st)), 0, 0, 0)
	if e != 0 {
		return e
	}
	return nil
}
