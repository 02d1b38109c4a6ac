// Package benchutil measures what benchmarks report besides time: the peak
// Go heap while an operation runs.
package benchutil

import (
	"runtime"
	"sync"
	"testing"
	"time"
)

// PeakHeap samples the heap in use every few milliseconds while fn runs
// and returns the highest value seen, in bytes.
func PeakHeap(fn func()) uint64 {
	var (
		peak uint64
		mu   sync.Mutex
		stop = make(chan struct{})
		done = make(chan struct{})
	)
	sample := func() {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		mu.Lock()
		if ms.HeapInuse > peak {
			peak = ms.HeapInuse
		}
		mu.Unlock()
	}
	runtime.GC()
	go func() {
		defer close(done)
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				sample()
			}
		}
	}()
	fn()
	sample()
	close(stop)
	<-done
	return peak
}

// ReportPeakHeap runs fn under PeakHeap and reports "peak-heap-MB".
func ReportPeakHeap(b *testing.B, fn func()) {
	b.Helper()
	p := PeakHeap(fn)
	b.ReportMetric(float64(p)/(1<<20), "peak-heap-MB")
}
