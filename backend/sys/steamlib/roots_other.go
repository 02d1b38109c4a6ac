//go:build !windows

package steamlib

import "os"

// Roots lists the places of Steam installations on this system (existing
// or not: Libraries of a missing root is that root alone, which All drops).
func Roots() []string { return UnixRoots(os.Getenv("HOME")) }
