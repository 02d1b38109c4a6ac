//go:build !windows

package iopdrv

import (
	"errors"
	"syscall"
)

// pidAlive reports whether a process with this id runs.
func pidAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
