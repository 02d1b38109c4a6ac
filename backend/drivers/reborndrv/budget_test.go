package reborndrv

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/archive"
	"packsmith/backend/sys/limits"
	"packsmith/internal/crafted"
)

// The budget in the open options is the one decoding takes from: a 70 MB
// MLZ0 layer is refused under a 64 MB budget of its own, fits the default,
// and holds its share of the budget it was opened with, not the command's.
func TestOpenOptionsBudget(t *testing.T) {
	p := filepath.Join(t.TempDir(), "mlz0.dat")
	if err := os.WriteFile(p, crafted.MLZ0Dat(70<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	small, err := limits.NewBudget(limits.MinMB)
	if err != nil {
		t.Fatal(err)
	}
	if a, err := (Driver{}).Open(p, archive.OpenOptions{Budget: small}); err == nil {
		a.Close()
		t.Fatal("a 70 MB layer opened under a 64 MB budget")
	} else if !strings.Contains(err.Error(), "memory limit") {
		t.Fatalf("refusal %v does not name the memory limit", err)
	}
	own, _ := limits.NewBudget(0)
	a, err := (Driver{}).Open(p, archive.OpenOptions{Budget: own})
	if err != nil {
		t.Fatal(err)
	}
	other, _ := limits.NewBudget(0)
	b, err := (Driver{}).Open(p, archive.OpenOptions{Budget: other})
	if err != nil {
		t.Fatal(err)
	}
	if own.InUse() == 0 || own.InUse() != other.InUse() {
		t.Errorf("while open: %d taken of its budget, %d of the other's", own.InUse(), other.InUse())
	}
	b.Close()
	a.Close()
	if own.InUse() != 0 {
		t.Errorf("%d bytes still taken after Close", own.InUse())
	}
}
