//go:build !unix

package dds_test

import "time"

// cpuTime is not measured here (the benchmarks then report 0 CPU time).
func cpuTime() time.Duration { return 0 }
