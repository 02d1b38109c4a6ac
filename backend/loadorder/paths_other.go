//go:build !windows

package loadorder

// windowsDefault is only known on Windows.
func windowsDefault() string { return "" }
