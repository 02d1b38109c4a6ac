//go:build unix

package benchutil

import (
	"syscall"
	"time"
)

// CPUTime is the process's user+system CPU time: on a shared machine it
// compares work done more fairly than wall time.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
