package limits

import "testing"

func TestSetMB(t *testing.T) {
	if Bytes() != DefaultMB<<20 {
		t.Fatalf("default %d", Bytes())
	}
	if err := SetMB(2048); err != nil || MB() != 2048 {
		t.Fatalf("SetMB(2048): %v, %d", err, MB())
	}
	if err := SetMB(10); err == nil || MB() != 2048 {
		t.Fatalf("SetMB(10): %v, %d", err, MB())
	}
	if err := SetMB(0); err != nil || MB() != DefaultMB {
		t.Fatalf("SetMB(0): %v, %d", err, MB())
	}
}

// The upper bound is what keeps mb << 20, and sums of needs under it, from
// overflowing: a budget over MaxMB (up to 2^43 MB wraps negative, refusing
// everything; past that it wraps to nonsense) must be refused, by the flag's
// SetMB and by NewBudget alike.
func TestUpperBound(t *testing.T) {
	t.Cleanup(func() { SetMB(0) })
	if err := SetMB(MaxMB); err != nil || MB() != MaxMB {
		t.Fatalf("SetMB(MaxMB): %v, %d", err, MB())
	}
	for _, mb := range []int64{MaxMB + 1, 1 << 43, 1 << 44, 1<<63 - 1} {
		if err := SetMB(mb); err == nil || MB() != MaxMB {
			t.Errorf("SetMB(%d) accepted (budget now %d MB)", mb, MB())
		}
		if b, err := NewBudget(mb); err == nil {
			t.Errorf("NewBudget(%d) accepted: %d bytes", mb, b.Bytes())
		}
	}
	for _, mb := range []int64{MinMB - 1, -1, -(1 << 40)} {
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
	if InUse() != 0 {
		t.Fatalf("the command's budget counts a's %d bytes", InUse())
	}
	release()
	if a.InUse() != 0 || a.Available() != MinMB<<20 {
		t.Fatalf("after release: in use %d, available %d", a.InUse(), a.Available())
	}
}
