package combine

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/sys/limits"
	"packsmith/internal/mergetest"
)

const sword = "MEDIA/UNITS/ITEMS/SWORD.DAT"

// budgeted is a user folder of the mods (WriteShared: M0.MOD, M1.MOD, …),
// its empty game MEDIA folder, and a budget of limits.MinMB (64 MB).
func budgeted(t *testing.T, mods ...mergetest.Shared) (user, base string, b *limits.Budget) {
	t.Helper()
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	user, base = t.TempDir(), t.TempDir()
	if err := mergetest.WriteShared(user, base, mods...); err != nil {
		t.Fatal(err)
	}
	b, err := limits.NewBudget(limits.MinMB)
	if err != nil {
		t.Fatal(err)
	}
	return user, base, b
}

// Under --max-memory 64, a constituent whose RAW indices alone (6 MB,
// decoded at 8 bytes a byte) would take more than is left is refused
// before anything is written: an *limits.OverError naming the mod's file
// and the limit, no output, nothing left of the budget taken. Under the
// default budget the same mods combine.
func TestCombineHonoursBudget(t *testing.T) {
	user, _, b := budgeted(t,
		mergetest.Shared{Files: map[string][]byte{"MEDIA/A.DAT": mergetest.Item("A", 1), "MEDIA/UNITDATA.RAW": make([]byte, 6<<20)}},
		mergetest.Shared{Files: map[string][]byte{"MEDIA/B.DAT": mergetest.Item("B", 1)}})
	dir := t.TempDir()
	out := filepath.Join(dir, "C.MOD")
	_, err := Build(context.Background(), Options{UserDir: user, Output: out, Budget: b})
	var over *limits.OverError
	if !errors.As(err, &over) || !strings.Contains(err.Error(), filepath.Join(user, "mods", "M0.MOD")) || !strings.Contains(err.Error(), "over the 64 MB memory limit") {
		t.Fatalf("err %v, want an OverError naming M0.MOD and the 64 MB limit", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("written: %v", ents)
	}
	if b.InUse() != 0 {
		t.Errorf("%d bytes of the budget still taken", b.InUse())
	}
	if _, err := Build(context.Background(), Options{UserDir: user, Output: out}); err != nil {
		t.Fatalf("default budget: %v", err)
	}
}

// The budget is the merge's too: three 2.5 MB copies of one shared .DAT
// (about 120 MB to merge at mergepatch's 16 bytes a byte) are left to the
// load order under 64 MB, the skip naming the file and the limit, and
// merged under the default 512 MB. Each later copy adds ten blocks, so
// the merge differs from the first copy (a merge that gives the first
// copy back is left to the load order, not counted as merged).
func TestCombineMergeWithinBudget(t *testing.T) {
	var mods []mergetest.Shared
	for v := range 3 {
		mods = append(mods, mergetest.Shared{Files: map[string][]byte{sword: mergetest.Blocks(60000+10*v, 0)}})
	}
	user, base, b := budgeted(t, mods...)
	rep, err := Build(context.Background(), Options{UserDir: user, BaseDir: base, Output: filepath.Join(t.TempDir(), "C.MOD"), Budget: b})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Files) != 0 || len(rep.Skipped) != 1 || !strings.Contains(rep.Skipped[0].Reason, "merging "+sword+" needs") || !strings.Contains(rep.Skipped[0].Reason, "64 MB memory limit") {
		t.Fatalf("64 MB: files %d, skipped %+v", len(rep.Files), rep.Skipped)
	}
	if b.InUse() != 0 {
		t.Errorf("%d bytes of the budget still taken", b.InUse())
	}
	rep, err = Build(context.Background(), Options{UserDir: user, BaseDir: base, Output: filepath.Join(t.TempDir(), "C.MOD")})
	if err != nil || len(rep.Files) != 1 {
		t.Fatalf("512 MB: %v, %d files merged, skipped %+v", err, len(rep.Files), rep.Skipped)
	}
}
