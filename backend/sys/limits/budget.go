package limits

import (
	"context"
	"fmt"
	"runtime/debug"
	"sync"
)

// The budget is one per process, that is one per command: every
// allocation sized from input takes its share with Take (or Wait) for as
// long as it lives and gives it back with the release function, so two
// entries decoded at once, or a layer and the entry read through it,
// count together rather than each passing its own check.
var (
	mu      sync.Mutex
	inUse   int64
	changed = make(chan struct{}) // closed and replaced on every release
)

// InUse is what is taken now.
func InUse() int64 {
	mu.Lock()
	defer mu.Unlock()
	return inUse
}

// Available is the budget left: the cap to give a decoder now.
func Available() int64 {
	mu.Lock()
	defer mu.Unlock()
	return max(0, Bytes()-inUse)
}

// OverError is a refusal: what needs Need bytes, with Limit the budget
// and Used the part already taken by other work of the same command.
type OverError struct {
	What        string
	Need, Limit int64
	Used        int64
}

func (e *OverError) Error() string {
	mb := func(n int64) int64 { return (n + 1<<20 - 1) >> 20 }
	if e.Need < 0 {
		return fmt.Sprintf("%s needs more bytes than 64 bits count (the sizes overflow), over the %d MB memory limit", e.What, e.Limit>>20)
	}
	s := fmt.Sprintf("%s needs %d MB, over the %d MB memory limit", e.What, mb(e.Need), e.Limit>>20)
	if e.Used > 0 {
		s += fmt.Sprintf(" (%d MB of it already in use)", mb(e.Used))
	}
	return s
}

// Check refuses, without taking anything, a need over what is left.
func Check(what string, need int64) error {
	mu.Lock()
	defer mu.Unlock()
	return check(what, need)
}

func check(what string, need int64) error {
	if need < 0 || need > Bytes()-inUse {
		return &OverError{What: what, Need: need, Limit: Bytes(), Used: inUse}
	}
	return nil
}

// Take reserves need bytes of the budget, or refuses at once when they do
// not fit beside what is taken. Call release (idempotent) when the memory
// is no longer held.
func Take(what string, need int64) (release func(), err error) {
	mu.Lock()
	defer mu.Unlock()
	if err := check(what, need); err != nil {
		return func() {}, err
	}
	inUse += need
	return releaser(need), nil
}

func releaser(n int64) func() {
	var once sync.Once
	return func() {
		once.Do(func() {
			mu.Lock()
			inUse -= n
			close(changed)
			changed = make(chan struct{})
			mu.Unlock()
		})
	}
}

// Wait is Take for work that may wait its turn (one entry of an extract
// while another is being converted): it refuses at once only a need over
// the whole budget, else waits until the need fits or ctx ends. Only call
// it while holding nothing of the budget, or two waiters could wait for
// each other.
func Wait(ctx context.Context, what string, need int64) (release func(), err error) {
	for {
		mu.Lock()
		if need < 0 || need > Bytes() {
			mu.Unlock()
			return func() {}, &OverError{What: what, Need: need, Limit: Bytes()}
		}
		if need <= Bytes()-inUse {
			inUse += need
			mu.Unlock()
			return releaser(need), nil
		}
		ch := changed
		mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return func() {}, ctx.Err()
		}
	}
}

// Mul is a×b, or -1 when either is negative or the product overflows
// int64: sizes computed from header fields go through it, and a -1 need
// is refused.
func Mul(a int64, b ...int64) int64 {
	r := a
	if r < 0 {
		return -1
	}
	for _, x := range b {
		if x < 0 {
			return -1
		}
		if x != 0 && r > (1<<63-1)/x {
			return -1
		}
		r *= x
	}
	return r
}

// setGC makes the garbage collector keep the heap within the budget, so
// that memory given back by one entry is reused by the next rather than
// the heap growing by GOGC's factor (the garbage of decoding, never
// counted, is collected first: what is taken is what lives).
func setGC(mb int64) { debug.SetMemoryLimit(mb << 20) }
