//go:build linux || darwin

package extract

import "syscall"

// freeBytes is the space an unprivileged user may still write under dir,
// or -1 when unknown.
func freeBytes(dir string) int64 {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return -1
	}
	return int64(st.Bavail) * int64(st.Bsize)
}
