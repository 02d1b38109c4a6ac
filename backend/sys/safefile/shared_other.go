//go:build !windows

package safefile

import "os"

// OpenShared opens name for reading (os.Open): on Unix a reader never
// stops a rename over the file.
func OpenShared(name string) (*os.File, error) { return os.Open(name) }

func replace(from, to string) error { return os.Rename(from, to) }
