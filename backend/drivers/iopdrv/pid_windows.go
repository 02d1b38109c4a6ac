//go:build windows

package iopdrv

import "os"

// pidAlive reports whether a process with this id runs (FindProcess opens
// a handle, which fails for a process that is gone).
func pidAlive(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	p.Release()
	return true
}
