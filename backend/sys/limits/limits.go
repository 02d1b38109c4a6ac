// Package limits is the one place for the memory budget of decoded data.
// Every decoder that allocates from a header (pixels × bytes, cells,
// entries, decoded bytes) is given Bytes() as its cap and refuses, before
// allocating, input that would need more. The budget is 512 MB; the CLI's
// --max-memory MB flag and the maxMemoryMB setting raise it on purpose.
//
// The codecs in formats/ stay pure: they take the cap as an option
// (tga.Options.MaxBytes, dds.Options.MaxBytes, mpp.AnalyseOptions.MaxBytes,
// render.GridRenderOptions.MaxBytes for pictures) and never read this package or the
// environment.
package limits

import (
	"fmt"
	"sync/atomic"
)

// DefaultMB is the budget when nothing raises it.
const DefaultMB = 512

// MinMB is the smallest budget accepted: below it real files fail.
const MinMB = 64

var maxBytes atomic.Int64

func init() { maxBytes.Store(DefaultMB << 20) }

// UseGCLimit makes SetMB also set the runtime's soft memory limit to the
// budget plus some slack (the command line does; tests do not).
var UseGCLimit atomic.Bool

// Bytes is the current budget in bytes.
func Bytes() int64 { return maxBytes.Load() }

// MB is the current budget in megabytes.
func MB() int64 { return Bytes() >> 20 }

// SetMB changes the budget; 0 restores the default.
func SetMB(mb int64) error {
	if mb == 0 {
		mb = DefaultMB
	}
	if mb < MinMB || mb > 1<<20 {
		return fmt.Errorf("memory limit %d MB: want %d to %d MB", mb, MinMB, 1<<20)
	}
	maxBytes.Store(mb << 20)
	if UseGCLimit.Load() {
		setGC(mb)
	}
	return nil
}

// Hint is appended to the errors of refused input in the CLI and window.
const Hint = "raise the limit with --max-memory MB or the maxMemoryMB setting"
