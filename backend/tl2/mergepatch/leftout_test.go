package mergepatch

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/internal/mergetest"
)

// leftOutUser writes two mods sharing four units over a base that has
// them all (mergetest.Item("X", 1)):
//
//	SAME      both mods ship the same change           → M0's copy
//	MINE      M0 changed it, M1 ships the base's        → M0's copy
//	SPELLED   M0 changed it, M1 only respelled numbers  → M0's copy
//	THEIRS    M1 changed it, M0 ships the base's        → M1's: the patch's
//
// Only THEIRS differs from what the load order alone gives (M0 first).
func leftOutUser(t *testing.T) Options {
	t.Helper()
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	user, base := t.TempDir(), t.TempDir()
	path := func(n string) string { return "MEDIA/UNITS/ITEMS/" + n + ".DAT" }
	respelled := []byte("[UNIT]\r\n<STRING>NAME:X\r\n<INTEGER>LEVEL:01\r\n<INTEGER>RARITY:5abc\r\n[/UNIT]\r\n")
	m0 := map[string][]byte{path("SAME"): mergetest.Item("X", 4), path("MINE"): mergetest.Item("X", 5), path("SPELLED"): mergetest.Item("X", 6), path("THEIRS"): mergetest.Item("X", 1)}
	m1 := map[string][]byte{path("SAME"): mergetest.Item("X", 4), path("MINE"): mergetest.Item("X", 1), path("SPELLED"): respelled, path("THEIRS"): mergetest.Item("X", 8)}
	if err := mergetest.WriteShared(user, base, mergetest.Shared{Files: m0}, mergetest.Shared{Files: m1}); err != nil {
		t.Fatal(err)
	}
	for p := range m0 {
		dst := filepath.Join(base, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, mergetest.Item("X", 1), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return Options{UserDir: user, BaseDir: base, Output: filepath.Join(t.TempDir(), FileName)}
}

// TestPatchHoldsOnlyWhatDiffers: of four shared units the patch holds the
// one whose merge is not M0's copy; the report counts the three left out.
// Before, the patch held all four (the issue: 224 of 255 merged files
// identical to the load order's winner), owning files the load order
// already gives and going stale when either mod changed them.
func TestPatchHoldsOnlyWhatDiffers(t *testing.T) {
	o := leftOutUser(t)
	rep, err := Build(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, f := range rep.Files {
		files = append(files, f.Path)
	}
	if strings.Join(files, " ") != "MEDIA/UNITS/ITEMS/THEIRS.DAT" || rep.LeftOut != 3 || rep.Shared != 4 {
		t.Fatalf("files %v, left out %d, shared %d; want only THEIRS, 3 left out of 4", files, rep.LeftOut, rep.Shared)
	}
	if len(rep.Conflicts) != 0 {
		t.Errorf("conflicts %+v, want none (SPELLED's respelling is no change)", rep.Conflicts)
	}
	rs, closeAll, err := OpenMods([]Source{{File: o.Output}})
	if err != nil {
		t.Fatal(err)
	}
	defer closeAll()
	var dats []string
	for _, e := range rs[0].Entries {
		if strings.HasSuffix(e.Path, ".DAT") && e.Path != "MOD.DAT" {
			dats = append(dats, e.Path)
		}
	}
	if strings.Join(dats, " ") != "MEDIA/UNITS/ITEMS/THEIRS.DAT" {
		t.Errorf("the patch ships %v, want only THEIRS.DAT", dats)
	}
}

// TestNothingToPatch: when every shared file merges to the first mod's
// copy, no patch is written and the refusal says so.
func TestNothingToPatch(t *testing.T) {
	o := hostile(t,
		mergetest.Shared{Files: map[string][]byte{sword: mergetest.Item("Sword", 3)}},
		mergetest.Shared{Files: map[string][]byte{sword: mergetest.Item("Sword", 3)}})
	_, err := Build(context.Background(), o)
	if !errors.Is(err, ErrNothingToPatch) || !strings.Contains(err.Error(), "each of the 1 text sources") {
		t.Fatalf("err %v, want ErrNothingToPatch naming 1 source", err)
	}
	if _, err := os.Stat(o.Output); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a patch was written: %v", err)
	}
}
