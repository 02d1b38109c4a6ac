//go:build !windows

package console

// Attach does nothing outside Windows: programs there always have their
// terminal.
func Attach() {}
