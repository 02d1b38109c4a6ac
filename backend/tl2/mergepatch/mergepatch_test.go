package mergepatch

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"packsmith/backend/tl2/loadorder/loadordertest"
	"packsmith/backend/tl2/modpack"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/raw"
	"packsmith/internal/mergetest"
	"packsmith/internal/tl2test"
)

func TestNoBase(t *testing.T) {
	if _, err := Build(context.Background(), Options{UserDir: t.TempDir()}); !errors.Is(err, ErrNoBase) {
		t.Fatalf("err %v, want ErrNoBase", err)
	}
}

// A shared source that is not text (the generated demo mods hold junk
// under .DAT names) is skipped with its reason, not a failure; with nothing
// left to merge no patch is written.
func TestUnreadableSkipped(t *testing.T) {
	user := t.TempDir()
	if err := loadordertest.Write(user, []loadordertest.Spec{
		{Rel: "mods/A.MOD", Title: "A", ID: 1, Files: []string{"MEDIA/X.DAT"}},
		{Rel: "mods/B.MOD", Title: "B", ID: 2, Files: []string{"MEDIA/X.DAT"}},
	}); err != nil {
		t.Fatal(err)
	}
	if err := loadordertest.WriteSch(filepath.Join(user, "modlauncher.sch"), []int64{1, 2}); err != nil {
		t.Fatal(err)
	}
	base := filepath.Join(t.TempDir(), "MEDIA")
	if err := os.MkdirAll(base, 0o755); err != nil {
		t.Fatal(err)
	}
	rep, err := Build(context.Background(), Options{UserDir: user, BaseDir: base})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Shared != 1 || len(rep.Files) != 0 || len(rep.Skipped) != 3 || rep.Skipped[0].Path != "MEDIA/X.DAT" ||
		!strings.Contains(rep.Skipped[0].Reason, "A's copy (MEDIA/X.DAT) cannot be read") ||
		!strings.Contains(rep.Skipped[1].Reason, "B's copy (MEDIA/X.DAT) cannot be read") ||
		!strings.Contains(rep.Skipped[2].Reason, "only 0 of the 2 mods' copies could be read") {
		t.Fatalf("shared %d files %d skipped %+v", rep.Shared, len(rep.Files), rep.Skipped)
	}
	_, err = Build(context.Background(), Options{UserDir: user, BaseDir: base, Output: filepath.Join(t.TempDir(), "P.MOD")})
	if err == nil || !strings.Contains(err.Error(), "could be merged, no patch written") {
		t.Errorf("err %v", err)
	}
}

// readPatch opens a built patch.
func readPatch(t *testing.T, p string) *mod.Reader {
	t.Helper()
	return tl2test.OpenMod(t, p)
}

func readIndex(t *testing.T, r *mod.Reader, k raw.Kind) *raw.File {
	t.Helper()
	e, ok := r.Lookup("MEDIA/" + k.FileName())
	if !ok {
		t.Fatalf("the patch ships no %s", k.FileName())
	}
	b, err := r.ReadEntry(e, 1<<24)
	if err != nil {
		t.Fatal(err)
	}
	f, err := raw.Decode(k, b)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// The patch comes first in the load order, so its RAW indices must hide
// none of the mods' own: a unit only B ships and an affix only A ships are
// listed, the merged skill once (from the merged file), nothing twice.
func TestRAWIndicesHideNothing(t *testing.T) {
	user, base := mergetest.Setup(t)
	out := filepath.Join(t.TempDir(), FileName)
	rep, err := Build(context.Background(), Options{UserDir: user, BaseDir: base, Output: out})
	if err != nil {
		t.Fatal(err)
	}
	r := readPatch(t, out)
	if _, ok := r.Lookup(mergetest.OnlyB); ok {
		t.Error("the patch holds B's own unit file")
	}
	units := readIndex(t, r, raw.UnitData).Units[0]
	if len(units) != 1 || units[0].GUID != mergetest.OnlyBGUID || units[0].File != mergetest.OnlyB ||
		units[0].Level != 7 || units[0].Flags != raw.FlagEquipment || units[0].Name != "ONLY_B_SWORD" {
		t.Errorf("UNITDATA.RAW items %+v, want B's unit alone", units)
	}
	skills := readIndex(t, r, raw.Skills).Skills
	if len(skills) != 1 || skills[0].File != mergetest.Dat {
		t.Errorf("SKILLS.RAW %+v, want the merged skill once", skills)
	}
	affixes := readIndex(t, r, raw.Affixes).Affixes
	if len(affixes) != 1 || affixes[0].File != mergetest.OnlyA {
		t.Errorf("AFFIXES.RAW %+v, want A's affix", affixes)
	}
	got := map[string]Index{}
	for _, x := range rep.Indices {
		got[x.Path] = x
	}
	if len(got) != 3 || got["MEDIA/SKILLS.RAW"] != (Index{"MEDIA/SKILLS.RAW", 1, 1}) ||
		got["MEDIA/UNITDATA.RAW"] != (Index{"MEDIA/UNITDATA.RAW", 1, 0}) || got["MEDIA/AFFIXES.RAW"] != (Index{"MEDIA/AFFIXES.RAW", 1, 0}) {
		t.Errorf("indices %+v", rep.Indices)
	}
}

// A build cancelled while it packs leaves nothing: no patch, no temporary
// folder or file; the progress named the merge and the pack's stages.
func TestCancelledBuildLeavesNothing(t *testing.T) {
	user, base := mergetest.Setup(t)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	outDir := t.TempDir()
	out := filepath.Join(outDir, FileName)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stages []string
	_, err := Build(ctx, Options{UserDir: user, BaseDir: base, Output: out, Progress: func(p modpack.Progress) {
		if len(stages) == 0 || stages[len(stages)-1] != string(p.Stage) {
			stages = append(stages, string(p.Stage))
		}
		if p.Stage == modpack.StageWrite {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	if len(stages) < 2 || stages[0] != string(StageMerge) || !slices.Contains(stages, string(modpack.StageWrite)) {
		t.Errorf("stages %v", stages)
	}
	for _, d := range []string{tmp, outDir} {
		if ents, _ := os.ReadDir(d); len(ents) != 0 {
			t.Errorf("%s holds %d entries after a cancelled build (first %s)", d, len(ents), ents[0].Name())
		}
	}
	// Not cancelled, the same build writes the patch.
	if _, err := Build(context.Background(), Options{UserDir: user, BaseDir: base, Output: out}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(out); err != nil {
		t.Fatal(err)
	}
}

// A mod index that does not decode is left out with its reason (the
// patch's index then lacks its records); the other mods' records stay.
func TestUnreadableIndexSkipped(t *testing.T) {
	dir := t.TempDir()
	if err := loadordertest.Write(dir, []loadordertest.Spec{
		{Rel: "A.MOD", Title: "A", ID: 1, Files: []string{"MEDIA/SKILLS.RAW"}},
	}); err != nil {
		t.Fatal(err)
	}
	a := readPatch(t, filepath.Join(dir, "A.MOD"))
	user, _ := mergetest.Setup(t)
	b := readPatch(t, filepath.Join(user, "mods", "B.MOD"))
	outs, skipped := modRecords([]*mod.Reader{a, b}, []string{"A", "Mod B"}, nil)
	if len(skipped) != 1 || skipped[0].Path != "MEDIA/SKILLS.RAW" || !strings.Contains(skipped[0].Reason, "A's SKILLS.RAW cannot be read") {
		t.Fatalf("skipped %+v", skipped)
	}
	var paths []string
	for _, o := range outs {
		paths = append(paths, o.Kind.FileName())
	}
	// B's own indices: its skill (the shared file, which no merge claims
	// here) and its unit.
	if strings.Join(paths, ",") != "SKILLS.RAW,UNITDATA.RAW" || outs[0].Len() != 1 || outs[1].Len() != 1 {
		t.Errorf("indices %v", paths)
	}
}
