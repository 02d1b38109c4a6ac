// Package limits is the one place for the memory budget of decoded data.
// Every decoder that allocates from a header (pixels × bytes, cells,
// entries, decoded bytes) is given a cap from a Budget and refuses, before
// allocating, input that would need more. A Budget is a value: NewBudget
// makes one (512 MB by default, MinMB..MaxMB asked for), and what decodes
// takes it in its options (archive.OpenOptions.Budget for Reborn's layers,
// levelbake.Options.Budget), a nil one meaning the command's budget,
// Process(). The CLI's --max-memory MB flag and the maxMemoryMB setting set
// the command's budget with SetMB; the package functions (Bytes, Take,
// Wait, …) are that budget's, for the decoders not yet handed one.
//
// The codecs in formats/ stay pure: they take the cap as an option
// (tga.Options.MaxBytes, dds.Options.MaxBytes, mpp.AnalyseOptions.MaxBytes,
// render.GridRenderOptions.MaxBytes for pictures) and never read this package or the
// environment.
package limits

import (
	"context"
	"fmt"
	"sync/atomic"
)

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

// process is the command's budget, the one the package functions use
// (see Process).
var process, _ = NewBudget(0)

// Process is the budget of the running command (the CLI's --max-memory,
// the window's maxMemoryMB), shared by everything it decodes.
func Process() *Budget { return process }

// UseGCLimit makes SetMB also set the runtime's soft memory limit to the
// budget plus some slack (the command line does; tests do not).
var UseGCLimit atomic.Bool

// Bytes is the current budget in bytes.
func Bytes() int64 { return process.Bytes() }

// MB is the current budget in megabytes.
func MB() int64 { return process.MB() }

// SetMB changes the budget; 0 restores the default.
func SetMB(mb int64) error {
	mb, err := CheckMB(mb)
	if err != nil {
		return err
	}
	process.setMB(mb)
	if UseGCLimit.Load() {
		setGC(mb)
	}
	return nil
}

// Hint is appended to the errors of refused input in the CLI and window.
const Hint = "raise the limit with --max-memory MB or the maxMemoryMB setting"

// InUse is what is taken of the command's budget now.
func InUse() int64 { return process.InUse() }

// Available is what is left of the command's budget.
func Available() int64 { return process.Available() }

// Take reserves need bytes of the command's budget (see Budget.Take).
func Take(what string, need int64) (release func(), err error) { return process.Take(what, need) }

// Wait is Budget.Wait on the command's budget.
func Wait(ctx context.Context, what string, need int64) (release func(), err error) {
	return process.Wait(ctx, what, need)
}
