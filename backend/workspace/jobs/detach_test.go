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
