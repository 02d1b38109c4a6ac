package jobs

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestDetach(t *testing.T) {
	v, err := Detach(context.Background(), func() (int, error) { return 7, nil })
	if v != 7 || err != nil {
		t.Fatalf("%d, %v", v, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	release := make(chan struct{})
	go func() { time.Sleep(20 * time.Millisecond); cancel() }()
	t0 := time.Now()
	_, err = Detach(ctx, func() (int, error) { <-release; return 1, nil })
	close(release)
	if !errors.Is(err, context.Canceled) || time.Since(t0) > 2*time.Second {
		t.Fatalf("%v after %v", err, time.Since(t0))
	}
}

// An abandoned result is dropped once f gives it; one given in time, or an
// error, is not.
func TestDetachDropping(t *testing.T) {
	dropped := make(chan int, 3)
	drop := func(v int) { dropped <- v }
	if v, err := DetachDropping(context.Background(), func() (int, error) { return 7, nil }, drop); v != 7 || err != nil {
		t.Fatalf("%d, %v", v, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	release := make(chan struct{})
	if _, err := DetachDropping(ctx, func() (int, error) { <-release; return 9, nil }, drop); !errors.Is(err, context.Canceled) {
		t.Fatal(err)
	}
	failed := make(chan struct{})
	if _, err := DetachDropping(ctx, func() (int, error) { <-failed; return 5, errors.New("no") }, drop); !errors.Is(err, context.Canceled) {
		t.Fatal(err)
	}
	close(release)
	close(failed)
	select {
	case v := <-dropped:
		if v != 9 {
			t.Fatalf("dropped %d, want the abandoned 9", v)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the abandoned result was not dropped")
	}
	select {
	case v := <-dropped:
		t.Fatalf("dropped %d too (a result in time, or a failed one)", v)
	case <-time.After(50 * time.Millisecond):
	}
}
