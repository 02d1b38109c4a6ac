package limits

import (
	"context"
	"fmt"
	"runtime/debug"
	"sync"
)

// Budget is a memory cap and what is taken of it. Every allocation sized
// from input takes its share with Take (or Wait) for as long as it lives
// and gives it back with the release function, so two entries decoded at
// once, or a layer and the entry read through it, count together rather
// than each passing its own check. Work that shares memory shares one
// Budget; NewBudget makes one with its own cap.
type Budget struct {
	mu      sync.Mutex
	limit   int64         // the cap in bytes
	inUse   int64         // taken now
	changed chan struct{} // closed and replaced on every release
}

// NewBudget returns a budget of mb megabytes (0: DefaultMB), refusing a
// size outside MinMB..MaxMB as the --max-memory flag does.
func NewBudget(mb int64) (*Budget, error) {
	mb, err := CheckMB(mb)
	if err != nil {
		return nil, err
	}
	return &Budget{limit: mb << 20, changed: make(chan struct{})}, nil
}

// or is b, or for a nil b a fresh DefaultMB budget (see the package doc).
func (b *Budget) or() *Budget {
	if b != nil {
		return b
	}
	d, _ := NewBudget(0)
	return d
}

// Bytes is the cap in bytes.
func (b *Budget) Bytes() int64 {
	if b == nil {
		return DefaultMB << 20
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.limit
}

// MB is the cap in megabytes.
func (b *Budget) MB() int64 { return b.Bytes() >> 20 }

// InUse is what is taken now.
func (b *Budget) InUse() int64 {
	if b == nil {
		return 0
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.inUse
}

// Available is the budget left: the cap to give a decoder now.
func (b *Budget) Available() int64 {
	if b == nil {
		return DefaultMB << 20
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return max(0, b.limit-b.inUse)
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
func (b *Budget) Check(what string, need int64) error {
	b = b.or()
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.check(what, need)
}

func (b *Budget) check(what string, need int64) error {
	if need < 0 || need > b.limit-b.inUse {
		return &OverError{What: what, Need: need, Limit: b.limit, Used: b.inUse}
	}
	return nil
}

// Take reserves need bytes of the budget, or refuses at once when they do
// not fit beside what is taken. Call release (idempotent) when the memory
// is no longer held.
func (b *Budget) Take(what string, need int64) (release func(), err error) {
	b = b.or()
	b.mu.Lock()
	defer b.mu.Unlock()
	if err := b.check(what, need); err != nil {
		return func() {}, err
	}
	b.inUse += need
	return b.releaser(need), nil
}

func (b *Budget) releaser(n int64) func() {
	var once sync.Once
	return func() {
		once.Do(func() {
			b.mu.Lock()
			b.inUse -= n
			close(b.changed)
			b.changed = make(chan struct{})
			b.mu.Unlock()
		})
	}
}

// Wait is Take for work that may wait its turn (one entry of an extract
// while another is being converted): it refuses at once only a need over
// the whole budget, else waits until the need fits or ctx ends. Only call
// it while holding nothing of the budget, or two waiters could wait for
// each other.
func (b *Budget) Wait(ctx context.Context, what string, need int64) (release func(), err error) {
	b = b.or()
	for {
		b.mu.Lock()
		if need < 0 || need > b.limit {
			b.mu.Unlock()
			return func() {}, &OverError{What: what, Need: need, Limit: b.limit}
		}
		if need <= b.limit-b.inUse {
			b.inUse += need
			b.mu.Unlock()
			return b.releaser(need), nil
		}
		ch := b.changed
		b.mu.Unlock()
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
//
// The soft limit sits an eighth below the budget: the runtime collects
// when the heap reaches it, but allocations go on while it marks, and a
// large one made with the heap full of the last entries' garbage went
// past it. With the limit at the budget itself, extract --png of eight
// 1100² walk grids peaked at 552–602 MB of RSS under a 512 MB budget;
// an eighth lower, 525–540 MB, within the budget plus the 64 MB overhead
// the CLI promises (TestPeakWithinBudget).
func setGC(mb int64) { debug.SetMemoryLimit(mb<<20 - mb<<17) }
