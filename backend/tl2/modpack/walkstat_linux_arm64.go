package modpack

import "syscall"

// fstatat is fstatat(2): flags 0 follows links, as os.Stat does,
// AT_SYMLINK_NOFOLLOW does not, as os.Lstat.
func fstatat(dirfd int, name string, st *syscall.Stat_t, flags int) error {
	return syscall.Fstatat(dirfd, name, st, flags)
}
