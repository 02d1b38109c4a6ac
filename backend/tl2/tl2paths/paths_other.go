//go:build !windows

package tl2paths

// windowsDefault is only known on Windows.
func windowsDefault() string { return "" }
