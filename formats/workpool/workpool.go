package workpool

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// Workers is want, or GOMAXPROCS when want ≤ 0.
func Workers(want int) int {
	if want <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return want
}

// Size is how many workers Each and Ranges start for n items: Workers(want)
// but no more than n, and at least 1.
func Size(want, n int) int {
	return max(1, min(Workers(want), n))
}

// Each calls fn(ctx, i) for every i in [0,n) on Size(workers, n)
// goroutines, handing out indexes in increasing order. The first error fn
// returns stops the handing out and cancels the ctx the running calls were
// given; Each waits for them and returns that error. Otherwise it returns
// ctx.Err(): when the caller's ctx ends, no further index is handed out.
func Each(ctx context.Context, n, workers int, fn func(ctx context.Context, i int) error) error {
	return EachWith(ctx, n, workers, func() struct{} { return struct{}{} },
		func(ctx context.Context, _ struct{}, i int) error { return fn(ctx, i) })
}

// EachWith is Each where every worker first calls setup once for state of
// its own (a buffer, a decoder) that its calls to fn are given.
func EachWith[S any](ctx context.Context, n, workers int, setup func() S, fn func(ctx context.Context, s S, i int) error) error {
	if n <= 0 {
		return ctx.Err()
	}
	inner, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		next     atomic.Int64
		errOnce  sync.Once
		firstErr error
		wg       sync.WaitGroup
	)
	for range Size(workers, n) {
		wg.Go(func() {
			s := setup()
			for inner.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				if err := fn(inner, s, i); err != nil {
					errOnce.Do(func() { firstErr = err; cancel() })
					return
				}
			}
		})
	}
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	return ctx.Err()
}

// Map is Each collecting fn's results: out[i] is fn's result for i. On an
// error or the end of ctx it returns nil and the error.
func Map[T any](ctx context.Context, n, workers int, fn func(ctx context.Context, i int) (T, error)) ([]T, error) {
	out := make([]T, max(n, 0))
	err := Each(ctx, n, workers, func(ctx context.Context, i int) error {
		v, err := fn(ctx, i)
		out[i] = v // each index is written by one worker only
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Ranges cuts [0,n) into Size(workers, n) contiguous ranges of near equal
// length and calls fn on each at once, returning when all have returned.
// With one worker (or n < 2) it calls fn(0, n) on the calling goroutine.
func Ranges(n, workers int, fn func(lo, hi int)) {
	p := Size(workers, n)
	if p < 2 {
		fn(0, n)
		return
	}
	var wg sync.WaitGroup
	for i := range p {
		lo, hi := n*i/p, n*(i+1)/p
		wg.Go(func() { fn(lo, hi) })
	}
	wg.Wait()
}

// Go runs fn on Workers(workers) goroutines and returns a function that
// waits until they have all returned. It is for work that arrives as a
// stream: fn typically ranges over a channel the caller closes when the
// stream ends.
func Go(workers int, fn func()) (wait func()) {
	var wg sync.WaitGroup
	for range Workers(workers) {
		wg.Go(fn)
	}
	return wg.Wait
}
