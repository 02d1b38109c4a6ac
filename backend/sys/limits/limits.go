// Package limits is the one place for the memory budget of decoded data.
// Every decoder that allocates from a header (pixels × bytes, cells,
// entries, decoded bytes) is given a cap from a Budget and refuses, before
// allocating, input that would need more. A Budget is a value, never a
// global: NewBudget makes one (512 MB by default, MinMB..MaxMB asked for),
// its owner hands it down in options, and work that shares memory shares
// it. The owners are the two front doors: one command line run (its
// --max-memory MB flag, else the maxMemoryMB setting; app/cli) and the
// window's service (the maxMemoryMB setting; app). What decodes takes it
// as archive.OpenOptions.Budget (Reborn's layers), preview.Options.Budget
// (textures, walk grids), convert.Options.Budget (extract --png and
// --decompile), levelbake.Options.Budget and meshview's cap.
//
// A nil *Budget is allowed everywhere and means a DefaultMB budget of the
// call's own: each request is capped, nothing is shared (library use and
// tests that do not care).
//
// The codecs in formats/ stay pure: they take the cap as an option
// (tga.Options.MaxBytes, dds.Options.MaxBytes, mpp.AnalyseOptions.MaxBytes,
// render.GridRenderOptions.MaxBytes for pictures) and never read this package or the
// environment.
package limits

import "fmt"

// DefaultMB is the budget when nothing raises it.
const DefaultMB = 512

// MinMB is the smallest budget accepted: below it real files fail.
const MinMB = 64

// MaxMB is the largest budget accepted: a terabyte, far over any machine
// the tool runs on, and low enough that the size in bytes (mb << 20) and
// sums of needs under it cannot overflow int64.
const MaxMB = 1 << 20

// CheckMB is the rule for a budget asked for in megabytes (the flag, the
// setting, NewBudget): 0 is DefaultMB, else MinMB..MaxMB.
func CheckMB(mb int64) (int64, error) {
	if mb == 0 {
		mb = DefaultMB
	}
	if mb < MinMB || mb > MaxMB {
		return 0, fmt.Errorf("memory limit %d MB: want %d to %d MB", mb, MinMB, MaxMB)
	}
	return mb, nil
}

// Hint is appended to the errors of refused input in the CLI and window.
const Hint = "raise the limit with --max-memory MB or the maxMemoryMB setting"

// SetGCLimit sets the Go runtime's soft memory limit to a budget's cap
// (the command line does: its process does nothing else; the window and
// the tests do not).
func SetGCLimit(b *Budget) { setGC(b.MB()) }
