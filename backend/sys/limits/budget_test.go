package limits

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestTakeAddsUp(t *testing.T) {
	b, _ := NewBudget(0)
	total := b.Bytes()
	r1, err := b.Take("first", total/2)
	if err != nil {
		t.Fatal(err)
	}
	if b.Available() != total-total/2 {
		t.Fatalf("available %d", b.Available())
	}
	// A second need that fits alone but not beside the first is refused,
	// saying what is in use.
	_, err = b.Take("second", total/2+1)
	var oe *OverError
	if !errors.As(err, &oe) || !strings.Contains(err.Error(), "already in use") || !strings.Contains(err.Error(), "512 MB memory limit") {
		t.Fatalf("err %v", err)
	}
	r1()
	r1() // idempotent
	if b.InUse() != 0 {
		t.Fatalf("in use %d after release", b.InUse())
	}
	if _, err := b.Take("negative", Mul(1<<40, 1<<40)); err == nil || !strings.Contains(err.Error(), "overflow") {
		t.Fatalf("overflowing need: %v", err)
	}
}

func TestWaitTakesItsTurn(t *testing.T) {
	b, _ := NewBudget(0)
	total := b.Bytes()
	r1, _ := b.Take("first", total-10)
	got := make(chan time.Time)
	go func() {
		r2, err := b.Wait(context.Background(), "second", 100)
		if err != nil {
			t.Error(err)
		}
		at := time.Now()
		r2() // given back before the test goes on to take the whole budget
		got <- at
	}()
	time.Sleep(50 * time.Millisecond)
	released := time.Now()
	r1()
	if at := <-got; at.Before(released) {
		t.Fatal("Wait returned before the budget was given back")
	}
	// Over the whole budget: refused at once; a cancelled wait returns.
	if _, err := b.Wait(context.Background(), "huge", total+1); err == nil {
		t.Fatal("need over the budget waited or passed")
	}
	r3, err := b.Take("hold", total)
	if err != nil {
		t.Fatalf("the whole budget, with nothing held: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	if _, err := b.Wait(ctx, "blocked", 1); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("cancelled wait: %v", err)
	}
	r3()
}

func TestMul(t *testing.T) {
	if Mul(1e6, 1e6, 4) != 4e12 || Mul(1<<32, 1<<32) != -1 || Mul(-1, 2) != -1 || Mul(0, 1<<62, 1<<62) != 0 {
		t.Fatal(Mul(1e6, 1e6, 4), Mul(1<<32, 1<<32))
	}
}
