package limits

import (
	"context"
	"testing"
)

func TestNewBudgetSizes(t *testing.T) {
	for _, c := range []struct{ mb, want int64 }{{0, DefaultMB}, {2048, 2048}, {MinMB, MinMB}, {MaxMB, MaxMB}} {
		b, err := NewBudget(c.mb)
		if err != nil || b.MB() != c.want || b.Bytes() != c.want<<20 || b.Available() != c.want<<20 {
			t.Fatalf("NewBudget(%d): %v, %d MB", c.mb, err, b.MB())
		}
	}
}

// The upper bound is what keeps mb << 20, and sums of needs under it, from
// overflowing: a budget over MaxMB (up to 2^43 MB wraps negative, refusing
// everything; past that it wraps to nonsense) must be refused, as one
// under MinMB is.
func TestUpperBound(t *testing.T) {
	for _, mb := range []int64{MaxMB + 1, 1 << 43, 1 << 44, 1<<63 - 1} {
		if nb, err := NewBudget(mb); err == nil {
			t.Errorf("NewBudget(%d) accepted: %d bytes", mb, nb.Bytes())
		}
		if _, err := CheckMB(mb); err == nil {
			t.Errorf("CheckMB(%d) accepted", mb)
		}
	}
	for _, mb := range []int64{MinMB - 1, 10, -1, -(1 << 40)} {
		if _, err := NewBudget(mb); err == nil {
			t.Errorf("NewBudget(%d) accepted", mb)
		}
	}
}

// Two budgets count apart: what one has taken is not refused by the other.
func TestBudgetsApart(t *testing.T) {
	a, err := NewBudget(MinMB)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := NewBudget(0)
	release, err := a.Take("all of a", a.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Check("one more byte", 1); err == nil {
		t.Fatal("a full budget accepted more")
	}
	if err := b.Check("b's own", b.Bytes()); err != nil {
		t.Fatalf("b refused because of a: %v", err)
	}
	if b.InUse() != 0 {
		t.Fatalf("b counts a's %d bytes", b.InUse())
	}
	release()
	if a.InUse() != 0 || a.Available() != MinMB<<20 {
		t.Fatalf("after release: in use %d, available %d", a.InUse(), a.Available())
	}
}

// A nil budget is a DefaultMB cap of each call's own: it refuses a need
// over the default, accepts one under it, and shares nothing between calls.
func TestNilBudget(t *testing.T) {
	var b *Budget
	if b.Bytes() != DefaultMB<<20 || b.MB() != DefaultMB || b.Available() != DefaultMB<<20 || b.InUse() != 0 {
		t.Fatalf("nil: bytes %d, MB %d, available %d, in use %d", b.Bytes(), b.MB(), b.Available(), b.InUse())
	}
	if err := b.Check("over", DefaultMB<<20+1); err == nil {
		t.Fatal("nil budget accepted more than the default")
	}
	r1, err := b.Take("all", DefaultMB<<20)
	if err != nil {
		t.Fatal(err)
	}
	defer r1()
	r2, err := b.Wait(context.Background(), "all again", DefaultMB<<20)
	if err != nil {
		t.Fatalf("a nil budget shared what another call took: %v", err)
	}
	r2()
	if _, err := b.Wait(context.Background(), "over", DefaultMB<<20+1); err == nil {
		t.Fatal("nil budget's Wait accepted more than the default")
	}
}
