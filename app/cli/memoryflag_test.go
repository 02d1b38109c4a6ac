package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/sys/limits"
	"packsmith/internal/crafted"
)

// --max-memory is refused past limits.MaxMB (and below MinMB); MaxMB itself
// is accepted and is the command's budget; with no flag the budget is the
// default (the setting is unset in the test's own config).
func TestMemoryFlagBounds(t *testing.T) {
	args, b, err := memoryFlag([]string{"--max-memory", "1048576", "info"})
	if err != nil || b.MB() != limits.MaxMB || len(args) != 1 || args[0] != "info" {
		t.Fatalf("--max-memory %d: %v %v, budget %d MB", limits.MaxMB, args, err, b.MB())
	}
	for _, v := range []string{"1048577", "8796093022208", "63"} {
		args, b, err := memoryFlag([]string{"info", "--max-memory=" + v})
		if err == nil || !strings.Contains(err.Error(), "--max-memory") || b != nil {
			t.Errorf("--max-memory=%s: %v %v %v", v, args, b, err)
		}
	}
	if _, b, err := memoryFlag([]string{"info"}); err != nil || b.MB() != limits.DefaultMB {
		t.Fatalf("no flag: %v, budget %d MB", err, b.MB())
	}
}

// Each run has its own budget: a run with --max-memory 64 refuses an MLZ0
// layer of 80 MB, the next run in the same process (no flag: 512 MB)
// lists it, and a third with the flag refuses it again. A budget kept
// between runs (a global the flag set) fails the second or the third.
func TestEachRunItsOwnBudget(t *testing.T) {
	p := filepath.Join(t.TempDir(), "mlz0.dat")
	if err := os.WriteFile(p, crafted.MLZ0Dat(80<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	refused := func(step string) {
		t.Helper()
		_, stderr, code := run(t, "--max-memory", "64", "ls", p)
		if code != ExitFailure || !strings.Contains(stderr, "over the 64 MB memory limit") {
			t.Fatalf("%s: exit %d: %s", step, code, stderr)
		}
	}
	refused("first run, --max-memory 64")
	if _, stderr, code := run(t, "ls", p); code != ExitOK {
		t.Fatalf("second run, default budget: exit %d: %s", code, stderr)
	}
	refused("third run, --max-memory 64")
}
