package jobs

import (
	"context"
	"testing"
	"time"
)

func TestCancelAllWaitAll(t *testing.T) {
	m := NewManager(nil)
	cleaned := make(chan bool, 2)
	for range 2 {
		m.Start("x", "x", func(ctx context.Context, r *Reporter) (any, error) {
			<-ctx.Done()
			time.Sleep(20 * time.Millisecond) // removing temp files
			cleaned <- true
			return nil, ctx.Err()
		})
	}
	if m.WaitAll(30 * time.Millisecond) {
		t.Fatal("WaitAll returned true while jobs run")
	}
	m.CancelAll()
	if !m.WaitAll(5 * time.Second) {
		t.Fatal("jobs did not end after CancelAll")
	}
	if len(cleaned) != 2 {
		t.Fatalf("%d jobs finished their cleanup", len(cleaned))
	}
}
