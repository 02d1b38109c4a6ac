//go:build !windows

package tl2game

import "os"

func candidates() []candidate { return unixCandidates(os.Getenv("HOME")) }
