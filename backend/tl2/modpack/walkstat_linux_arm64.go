package modpack

import "syscall"

// fstatat is fstatat(2) following links (flags 0), as os.Stat does.
func fstatat(dirfd int, name string, st *syscall.Stat_t) error {
	return syscall.Fstatat(dirfd, name, st, 0)
}
