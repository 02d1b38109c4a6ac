package mergepatch

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"packsmith/backend/sys/limits"
	"packsmith/backend/tl2/modpack"
	"packsmith/internal/mergetest"
)

const sword = "MEDIA/UNITS/ITEMS/SAMPLE_SWORD.DAT"

// swordWithValue is merged after Item("Sword", 3) to something neither
// copy is (LEVEL 3, VALUE 9), so the patch holds the file.
var swordWithValue = mergetest.ItemValue("Sword", 7, 9)

// hostile writes a user folder of mods (mergetest.WriteShared) and returns
// Options merging it into a patch in a temporary folder.
func hostile(t *testing.T, mods ...mergetest.Shared) Options {
	t.Helper()
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	user, base := t.TempDir(), t.TempDir()
	if err := mergetest.WriteShared(user, base, mods...); err != nil {
		t.Fatal(err)
	}
	return Options{UserDir: user, BaseDir: base, Output: filepath.Join(t.TempDir(), FileName)}
}

// Two mods storing one file under names that differ only in letter case
// (…/SAMPLE_SWORD.DAT, …/sample_sword.dat) are one file to the game and
// merge as one. Build looked the lower-case copy up by the upper-cased
// key, ignored the "not found" and read a nil entry: a nil-pointer panic.
func TestCaseOnlyNamesMerge(t *testing.T) {
	o := hostile(t,
		mergetest.Shared{Files: map[string][]byte{sword: mergetest.Item("Sword", 3)}},
		// M1 adds a VALUE too, so the merge differs from M0's copy and
		// the patch holds the file.
		mergetest.Shared{Files: map[string][]byte{sword: swordWithValue}, LowerCase: []string{sword}})
	rep, err := Build(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Files) != 1 || rep.Files[0].Path != sword || strings.Join(rep.Files[0].Mods, ",") != "M0,M1" || len(rep.Skipped) != 0 {
		t.Fatalf("files %+v skipped %+v", rep.Files, rep.Skipped)
	}
	if len(rep.Conflicts) != 1 || rep.Conflicts[0].Property != "LEVEL" || rep.Conflicts[0].Winner != "M0" {
		t.Fatalf("conflicts %+v", rep.Conflicts)
	}
}

// A third mod's copy that cannot be read is left out, with its reason;
// the two readable copies still merge into the patch. Build skipped the
// whole file and then refused with a false reason ("no text source is
// shipped by two or more active mods").
func TestUnreadableCopyLeftOut(t *testing.T) {
	o := hostile(t,
		mergetest.Shared{Files: map[string][]byte{sword: mergetest.Item("Sword", 3)}},
		mergetest.Shared{Files: map[string][]byte{sword: swordWithValue}},
		mergetest.Shared{Files: map[string][]byte{sword: []byte("\x00\x01garbage, not a .DAT")}})
	rep, err := Build(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Files) != 1 || strings.Join(rep.Files[0].Mods, ",") != "M0,M1" {
		t.Fatalf("files %+v", rep.Files)
	}
	if len(rep.Skipped) != 1 || rep.Skipped[0].Path != sword || rep.Skipped[0].Mod != "M2" ||
		!strings.Contains(rep.Skipped[0].Reason, "M2's copy (MEDIA/UNITS/ITEMS/SAMPLE_SWORD.DAT) cannot be read, left out of the merge: ") {
		t.Fatalf("skipped %+v", rep.Skipped)
	}
	if _, err := os.Stat(o.Output); err != nil {
		t.Fatalf("no patch: %v", err)
	}
}

// With one readable copy left, nothing merges, and the refusal says why
// per file instead of claiming that no file is shared.
func TestNothingMergedSaysWhy(t *testing.T) {
	o := hostile(t,
		mergetest.Shared{Files: map[string][]byte{sword: mergetest.Item("Sword", 3)}},
		mergetest.Shared{Files: map[string][]byte{sword: []byte("[UNIT]\r\nnot a property\r\n")}})
	rep, err := Build(context.Background(), o)
	if err == nil || !strings.Contains(err.Error(), "none of the 1 text sources") || !strings.Contains(err.Error(), "M1's copy") ||
		strings.Contains(err.Error(), "no text source is shipped") {
		t.Fatalf("err %v", err)
	}
	if rep == nil || len(rep.Skipped) != 2 || rep.Skipped[1].Mod != "" || !strings.Contains(rep.Skipped[1].Reason, "only 1 of the 2") {
		t.Fatalf("report %+v", rep)
	}
	if _, err := os.Stat(o.Output); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a patch was written: %v", err)
	}
}

// The memory budget covers the merge: three 2 MB copies (96 MB to hold
// as trees and texts) under a 64 MB budget are refused with the budget's
// reason, where a fixed 256 MB cap per entry let them through.
func TestMergeHonoursBudget(t *testing.T) {
	big := mergetest.Blocks(60000, 0)
	if len(big) < 2<<20 {
		t.Fatalf("generator: %d bytes", len(big))
	}
	o := hostile(t,
		mergetest.Shared{Files: map[string][]byte{sword: big}},
		mergetest.Shared{Files: map[string][]byte{sword: mergetest.Blocks(60000, 1)}},
		mergetest.Shared{Files: map[string][]byte{sword: mergetest.Blocks(60000, 2)}})
	b, err := limits.NewBudget(limits.MinMB)
	if err != nil {
		t.Fatal(err)
	}
	o.Budget = b
	rep, err := Build(context.Background(), o)
	if err == nil || !strings.Contains(err.Error(), "over the 64 MB memory limit") {
		t.Fatalf("err %v", err)
	}
	if len(rep.Files) != 0 || len(rep.Skipped) != 1 || !strings.Contains(rep.Skipped[0].Reason, "merging "+sword+" needs") {
		t.Fatalf("files %d skipped %+v", len(rep.Files), rep.Skipped)
	}
	if b.InUse() != 0 {
		t.Errorf("%d bytes of the budget still taken", b.InUse())
	}
}

// Two mods sharing a .DAT of many same-named blocks: a cancel is answered
// inside the merge, not after the file (the "time bomb" ran 46 s and
// answered SIGTERM after 31). The context ends while the versions are
// read; Build returns its error at once.
func TestMergeCancelInsideFile(t *testing.T) {
	o := hostile(t,
		mergetest.Shared{Files: map[string][]byte{sword: mergetest.Blocks(40000, 0)}},
		mergetest.Shared{Files: map[string][]byte{sword: mergetest.Blocks(40000, 1)}})
	ctx, cancel := context.WithCancel(context.Background())
	var after []modpack.Progress // what was heard after the cancel
	o.Progress = func(p modpack.Progress) {
		if ctx.Err() != nil {
			after = append(after, p)
		}
		if p.Stage == StageMerge && p.File == sword {
			cancel()
		}
	}
	start := time.Now()
	_, err := Build(ctx, o)
	if !errors.Is(err, context.Canceled) || len(after) != 0 {
		t.Fatalf("err %v; heard after the cancel: %+v (the merge ran to its end)", err, after)
	}
	t.Logf("answered in %v", time.Since(start))
	if _, err := os.Stat(o.Output); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a patch was written: %v", err)
	}
}

// Two shared files that each fit in the budget alone but not together:
// merged on two workers, the one that meets the other's share of the
// budget is merged again alone at the end, so both are in the patch and
// nothing is skipped; the report keeps path order.
func TestBudgetSharedByWorkers(t *testing.T) {
	if mergeWorkers() < 2 {
		t.Skip("one core: files merge one at a time")
	}
	const other = "MEDIA/UNITS/ITEMS/OTHER.DAT"
	o := hostile(t,
		mergetest.Shared{Files: map[string][]byte{sword: mergetest.Blocks(30000, 0), other: mergetest.Blocks(30000, 0)}},
		mergetest.Shared{Files: map[string][]byte{sword: mergetest.Blocks(30001, 0), other: mergetest.Blocks(30001, 0)}}) // a block more: the merge is not M0's copy
	b, err := limits.NewBudget(limits.MinMB)
	if err != nil {
		t.Fatal(err)
	}
	o.Budget = b
	var once sync.Once
	testHookTaken = func(string) { once.Do(func() { time.Sleep(300 * time.Millisecond) }) } // the first holds its share a while
	defer func() { testHookTaken = nil }()
	rep, err := Build(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Files) != 2 || rep.Files[0].Path != other || rep.Files[1].Path != sword || len(rep.Skipped) != 0 {
		t.Fatalf("files %d skipped %+v, want OTHER then SAMPLE_SWORD merged, none skipped", len(rep.Files), rep.Skipped)
	}
	if b.InUse() != 0 {
		t.Errorf("%d bytes of the budget still taken", b.InUse())
	}
}
