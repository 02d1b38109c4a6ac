// Package procalive tells whether a process id is still running, so that
// temp files and staging folders named with a pid can be cleaned up by the
// next run once their owner is gone.
package procalive

// Alive reports whether pid names a running process. When it cannot tell,
// it says true: a file is only removed when its owner is proven dead.
func Alive(pid int) bool {
	if pid <= 0 {
		return true
	}
	return alive(pid)
}
