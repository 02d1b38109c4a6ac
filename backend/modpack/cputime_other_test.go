//go:build !unix

package modpack

import "time"

func cpuTime() time.Duration { return 0 }
