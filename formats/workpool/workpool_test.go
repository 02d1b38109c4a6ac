package workpool

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
)

func TestSize(t *testing.T) {
	p := runtime.GOMAXPROCS(0)
	for _, c := range []struct{ want, n, size int }{
		{0, 1000, p}, {-1, 1000, p}, {3, 1000, 3}, {8, 2, 2}, {0, 0, 1}, {5, 0, 1},
	} {
		if got := Size(c.want, c.n); got != c.size {
			t.Errorf("Size(%d, %d) = %d, want %d", c.want, c.n, got, c.size)
		}
	}
	if Workers(0) != p || Workers(7) != 7 {
		t.Error("Workers: ≤ 0 is GOMAXPROCS, else as asked")
	}
}

// Every index runs exactly once, and Map keeps index order whatever the
// order the workers finish in.
func TestMapOrder(t *testing.T) {
	const n = 1000
	var calls [n]atomic.Int32
	out, err := Map(context.Background(), n, 4, func(_ context.Context, i int) (int, error) {
		calls[i].Add(1)
		if i%7 == 0 {
			runtime.Gosched() // let later indexes finish first
		}
		return i * i, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if calls[i].Load() != 1 || out[i] != i*i {
			t.Fatalf("index %d: %d calls, result %d", i, calls[i].Load(), out[i])
		}
	}
}

// A failing worker stops the handing out, cancels the others' ctx and its
// error is what comes back.
func TestFailingWorkerStops(t *testing.T) {
	boom := errors.New("boom")
	const n = 100000
	var ran atomic.Int64
	var sawCancel atomic.Bool
	err := Each(context.Background(), n, 4, func(ctx context.Context, i int) error {
		ran.Add(1)
		switch i {
		case 0: // held until the failure cancels its ctx
			<-ctx.Done()
			sawCancel.Store(true)
		case 10:
			return boom
		}
		return nil
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err %v, want boom", err)
	}
	if r := ran.Load(); r >= n {
		t.Fatalf("all %d items ran after the failure", r)
	}
	if !sawCancel.Load() {
		t.Fatal("the running calls' ctx was not cancelled")
	}
	if _, err := Map(context.Background(), 50, 2, func(_ context.Context, i int) (int, error) {
		if i == 20 {
			return 0, boom
		}
		return i, nil
	}); !errors.Is(err, boom) {
		t.Fatalf("Map: err %v, want boom", err)
	}
}

// When the caller's ctx ends, no new index is handed out and ctx.Err()
// comes back even though no call failed.
func TestCancellation(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	const n = 100000
	var ran, late atomic.Int64
	var cancelled atomic.Bool
	err := Each(ctx, n, 3, func(_ context.Context, i int) error {
		if cancelled.Load() {
			late.Add(1)
		}
		if ran.Add(1) == 50 {
			cancel()
			cancelled.Store(true)
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	// A worker may have taken one index just before the cancel, no more.
	if l := late.Load(); l > 3 {
		t.Fatalf("%d items started after the cancel on 3 workers", l)
	}
	// A ctx already ended runs nothing.
	if err := Each(ctx, 10, 2, func(context.Context, int) error { t.Error("ran"); return nil }); !errors.Is(err, context.Canceled) {
		t.Fatalf("ended ctx: %v", err)
	}
}

func TestEachWithSetupPerWorker(t *testing.T) {
	var setups atomic.Int32
	var mu sync.Mutex
	seen := map[*[]int]bool{}
	err := EachWith(context.Background(), 500, 3, func() *[]int {
		setups.Add(1)
		return new([]int)
	}, func(_ context.Context, s *[]int, i int) error {
		*s = append(*s, i) // unshared: no lock needed
		mu.Lock()
		seen[s] = true
		mu.Unlock()
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for s := range seen {
		total += len(*s)
	}
	if setups.Load() > 3 || total != 500 {
		t.Fatalf("%d setups for 3 workers, %d items done", setups.Load(), total)
	}
}

func TestRangesCover(t *testing.T) {
	for _, n := range []int{0, 1, 2, 7, 1000} {
		for _, w := range []int{1, 2, 3, 16} {
			var mu sync.Mutex
			covered := make([]int, n)
			calls := 0
			Ranges(n, w, func(lo, hi int) {
				mu.Lock()
				defer mu.Unlock()
				calls++
				for i := lo; i < hi; i++ {
					covered[i]++
				}
			})
			for i, c := range covered {
				if c != 1 {
					t.Fatalf("n %d workers %d: index %d covered %d times", n, w, i, c)
				}
			}
			if calls != Size(w, n) {
				t.Fatalf("n %d workers %d: %d calls, want %d", n, w, calls, Size(w, n))
			}
		}
	}
}

func TestGo(t *testing.T) {
	ch := make(chan int)
	var sum atomic.Int64
	wait := Go(3, func() {
		for v := range ch {
			sum.Add(int64(v))
		}
	})
	for i := 1; i <= 100; i++ {
		ch <- i
	}
	close(ch)
	wait()
	if sum.Load() != 5050 {
		t.Fatalf("sum %d", sum.Load())
	}
}
