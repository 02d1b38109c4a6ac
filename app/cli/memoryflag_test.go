package cli

import (
	"strings"
	"testing"

	"packsmith/backend/sys/limits"
)

// --max-memory is refused past limits.MaxMB (and below MinMB) and leaves
// the budget as it was; MaxMB itself is accepted.
func TestMemoryFlagBounds(t *testing.T) {
	t.Cleanup(func() { limits.SetMB(0) })
	if _, err := memoryFlag([]string{"--max-memory", "1048576", "info"}); err != nil || limits.MB() != limits.MaxMB {
		t.Fatalf("--max-memory %d: %v, budget %d MB", limits.MaxMB, err, limits.MB())
	}
	limits.SetMB(0)
	for _, v := range []string{"1048577", "8796093022208", "63"} {
		args, err := memoryFlag([]string{"info", "--max-memory=" + v})
		if err == nil || !strings.Contains(err.Error(), "--max-memory") {
			t.Errorf("--max-memory=%s: %v %v", v, args, err)
		}
		if limits.MB() != limits.DefaultMB {
			t.Errorf("--max-memory=%s moved the budget to %d MB", v, limits.MB())
		}
	}
}
