package mergepatch

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/tl2/loadorder"
	"packsmith/backend/tl2/loadorder/loadordertest"
	"packsmith/internal/mergetest"
)

// conflictLine words one conflict for comparison: "PATH won by W; merged
// A,B; lost C" (place-prefixed titles), plus " (stale)".
func conflictLine(c loadorder.Conflict) string {
	names := func(rs []loadorder.ModRef) string {
		var s []string
		for _, r := range rs {
			s = append(s, fmt.Sprintf("%d.%s", r.Place, r.Title))
		}
		return strings.Join(s, ",")
	}
	line := fmt.Sprintf("%s won by %d.%s; merged %s; lost %s", c.Path, c.Winner.Place, c.Winner.Title, names(c.Merged), names(c.Losers))
	if c.MergedStale {
		line += " (stale)"
	}
	return line
}

func viewOf(t *testing.T, user string) *loadorder.View {
	t.Helper()
	st, err := loadorder.Open(context.Background(), loadorder.Options{UserDir: user})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	return st.View()
}

func row(t *testing.T, v *loadorder.View, id int64) loadorder.Mod {
	t.Helper()
	for _, m := range v.Mods {
		if m.ID == id && m.Active {
			return m
		}
	}
	t.Fatalf("no active row for id %d", id)
	return loadorder.Mod{}
}

// The merged patch, first in the load order, wins every file it ships; the
// conflicts view says the mods' text sources and RAW indices it was built
// from are merged into it, not lost. What it does not carry for a mod is a
// loss: a RAW index that did not decode (its records are not in the
// patch's), a file of a mod added after the build. A stale patch's merges
// are marked as maybe out of date.
func TestConflictsMergedIntoPatch(t *testing.T) {
	user, base := mergetest.Setup(t)
	// C ships a SKILLS.RAW that does not decode, and an unmergeable asset.
	const idC = int64(1003)
	if err := loadordertest.WriteMod(filepath.Join(user, "mods", "C.MOD"), loadordertest.Spec{
		Title: "Mod C", ID: idC, Files: []string{"MEDIA/SKILLS.RAW", "MEDIA/UI/C.DDS"}}); err != nil {
		t.Fatal(err)
	}
	if err := loadordertest.WriteSch(filepath.Join(user, "modlauncher.sch"), []int64{mergetest.IDA, mergetest.IDB, idC}); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), FileName)
	rep, err := Build(context.Background(), Options{UserDir: user, BaseDir: base, Output: out})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Skipped) != 1 || !strings.Contains(rep.Skipped[0].Reason, "Mod C's SKILLS.RAW cannot be read") {
		t.Fatalf("skipped %+v", rep.Skipped)
	}
	if err := mergetest.PatchFirst(user, out, FileName, mergetest.IDA, mergetest.IDB, idC); err != nil {
		t.Fatal(err)
	}
	v := viewOf(t, user)
	var got []string
	for _, c := range v.Conflicts {
		got = append(got, conflictLine(c))
	}
	want := []string{
		"MEDIA/AFFIXES.RAW won by 1.Merged patch (Packsmith); merged 2.Mod A; lost ",
		"MEDIA/SKILLS.RAW won by 1.Merged patch (Packsmith); merged 2.Mod A,3.Mod B; lost 4.Mod C",
		"MEDIA/SKILLS/X_DODGEROLL/X_DODGEROLL.LAYOUT won by 1.Merged patch (Packsmith); merged 2.Mod A,3.Mod B; lost ",
		"MEDIA/SKILLS/X_HEALTHVIAL/X_HEALTHVIAL.DAT won by 1.Merged patch (Packsmith); merged 2.Mod A,3.Mod B; lost ",
		"MEDIA/UNITDATA.RAW won by 1.Merged patch (Packsmith); merged 3.Mod B; lost ",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("conflicts:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if v.MergedPatch != (loadorder.MergedPatch{ID: PatchID, Title: Title, Place: 1}) {
		t.Errorf("mergedPatch %+v", v.MergedPatch)
	}
	for _, w := range []struct {
		id                          int64
		wins, loses, merged, unique int
	}{{PatchID, 5, 0, 0, 0}, {mergetest.IDA, 0, 0, 4, 1}, {mergetest.IDB, 0, 0, 4, 1}, {idC, 0, 1, 0, 1}} {
		m := row(t, v, w.id)
		if m.Wins != w.wins || m.Loses != w.loses || m.Merged != w.merged || m.Unique != w.unique || m.Overridden {
			t.Errorf("%s: wins %d loses %d merged %d unique %d overridden %v, want %+v", m.Title, m.Wins, m.Loses, m.Merged, m.Unique, m.Overridden, w)
		}
	}
	if ps := row(t, v, PatchID).Problems; len(ps) != 0 {
		t.Errorf("a current patch has problems %+v", ps)
	}

	// B moved above A: the patch is stale, its merges may be out of date;
	// D, added after the build, loses the skill to it.
	const idD = int64(1004)
	if err := loadordertest.WriteMod(filepath.Join(user, "mods", "D.MOD"), loadordertest.Spec{
		Title: "Mod D", ID: idD, Files: []string{mergetest.Dat}}); err != nil {
		t.Fatal(err)
	}
	if err := loadordertest.WriteSch(filepath.Join(user, "modlauncher.sch"), []int64{PatchID, mergetest.IDB, mergetest.IDA, idC, idD}); err != nil {
		t.Fatal(err)
	}
	v = viewOf(t, user)
	why := "it was built from 3 mods and 4 are loaded now: build it again (packsmith merge)"
	if v.MergedPatch.Stale != why {
		t.Errorf("stale %q, want %q", v.MergedPatch.Stale, why)
	}
	for _, c := range v.Conflicts {
		if c.Path == mergetest.Dat {
			if l := conflictLine(c); l != "MEDIA/SKILLS/X_HEALTHVIAL/X_HEALTHVIAL.DAT won by 1.Merged patch (Packsmith); merged 2.Mod B,3.Mod A; lost 5.Mod D (stale)" {
				t.Errorf("stale conflict: %s", l)
			}
		}
		if c.Path == "MEDIA/UNITDATA.RAW" && !c.MergedStale {
			t.Errorf("%s: not marked stale", c.Path)
		}
	}
	ps := row(t, v, PatchID).Problems
	if len(ps) != 1 || ps[0].Code != StaleCode || ps[0].Message != "The merged patch is out of date: "+why+"." {
		t.Errorf("patch problems %+v", ps)
	}
	if m := row(t, v, idD); m.Loses != 1 || !m.Overridden {
		t.Errorf("D: loses %d overridden %v", m.Loses, m.Overridden)
	}

	// Same mods, another order: stale for the order.
	if err := loadordertest.WriteSch(filepath.Join(user, "modlauncher.sch"), []int64{PatchID, mergetest.IDB, mergetest.IDA, idC}); err != nil {
		t.Fatal(err)
	}
	v = viewOf(t, user)
	if s := v.MergedPatch.Stale; !strings.HasPrefix(s, "the load order changed since it was built (place 1 was \"Mod A\", is now \"Mod B\")") {
		t.Errorf("stale %q", s)
	}

	// The order it was built for, but C rewritten since: stale for C.
	if err := loadordertest.WriteMod(filepath.Join(user, "mods", "C.MOD"), loadordertest.Spec{
		Title: "Mod C", ID: idC, Files: []string{"MEDIA/SKILLS.RAW", "MEDIA/UI/C2.DDS"}}); err != nil {
		t.Fatal(err)
	}
	if err := loadordertest.WriteSch(filepath.Join(user, "modlauncher.sch"), []int64{PatchID, mergetest.IDA, mergetest.IDB, idC}); err != nil {
		t.Fatal(err)
	}
	v = viewOf(t, user)
	if s := v.MergedPatch.Stale; s != `"Mod C" changed since it was built: build it again (packsmith merge)` {
		t.Errorf("stale %q", s)
	}
}

// lostLines words each conflict's Lost: "PATH: 3.Mod B lost 2 to 2.Mod A".
func lostLines(v *loadorder.View) []string {
	var out []string
	for _, c := range v.Conflicts {
		for _, l := range c.Lost {
			var to []string
			for _, w := range l.To {
				to = append(to, fmt.Sprintf("%d.%s", w.Place, w.Title))
			}
			out = append(out, fmt.Sprintf("%s: %d.%s lost %d to %s", c.Path, l.Place, l.Title, l.Conflicts, strings.Join(to, ",")))
		}
	}
	return out
}

// Issue 43: a mod whose change lost a conflict inside a file merged into
// the patch is named, in the conflicts view, with how many it lost and to
// whom, from the record the build wrote (no second merge); the mod that
// won is only merged. The record is keyed by the patch's hash: another
// patch (here, rebuilt with another winner picked) has its own, and a patch with
// none says only "merged".
func TestConflictsNameWhoLostInsideThePatch(t *testing.T) {
	user, base := mergetest.Setup(t)
	out := filepath.Join(t.TempDir(), FileName)
	rep, err := Build(context.Background(), Options{UserDir: user, BaseDir: base, Output: out})
	if err != nil {
		t.Fatal(err)
	}
	if err := mergetest.PatchFirst(user, out, FileName); err != nil {
		t.Fatal(err)
	}
	v := viewOf(t, user)
	want := "MEDIA/SKILLS/X_DODGEROLL/X_DODGEROLL.LAYOUT: 3.Mod B lost 1 to 2.Mod A\n" +
		"MEDIA/SKILLS/X_HEALTHVIAL/X_HEALTHVIAL.DAT: 3.Mod B lost 1 to 2.Mod A"
	if got := strings.Join(lostLines(v), "\n"); got != want {
		t.Errorf("lost:\n%s\nwant:\n%s", got, want)
	}
	if a, b := row(t, v, mergetest.IDA), row(t, v, mergetest.IDB); a.LostInPatch != 0 || b.LostInPatch != 2 || b.Merged != 4 {
		t.Errorf("lostInPatch A %d B %d (B merged %d), want 0, 2 (4)", a.LostInPatch, b.LostInPatch, b.Merged)
	}

	// B picked the winner of the skill's conflict: the rebuilt patch (its
	// own hash, its own record) has A lose it, B the layout's.
	var key string
	for _, c := range rep.Conflicts {
		if c.Path == mergetest.Dat {
			key = c.Key
		}
	}
	if _, err := Build(context.Background(), Options{UserDir: user, BaseDir: base, Output: out, Winners: map[string]string{key: "Mod B"}}); err != nil {
		t.Fatal(err)
	}
	if err := mergetest.PatchFirst(user, out, FileName); err != nil {
		t.Fatal(err)
	}
	want = "MEDIA/SKILLS/X_DODGEROLL/X_DODGEROLL.LAYOUT: 3.Mod B lost 1 to 2.Mod A\n" +
		"MEDIA/SKILLS/X_HEALTHVIAL/X_HEALTHVIAL.DAT: 2.Mod A lost 1 to 3.Mod B"
	if got := strings.Join(lostLines(viewOf(t, user)), "\n"); got != want {
		t.Errorf("after the pick, lost:\n%s\nwant:\n%s", got, want)
	}

	// No record (another machine's cache, a cleared one): not known, the
	// mods are merged as before, and nothing fails.
	if err := os.RemoveAll(loadorder.LossesDir()); err != nil {
		t.Fatal(err)
	}
	v = viewOf(t, user)
	if l := lostLines(v); len(l) != 0 || row(t, v, mergetest.IDB).LostInPatch != 0 || row(t, v, mergetest.IDB).Merged != 4 {
		t.Errorf("without a record: lost %q, B %+v", l, row(t, v, mergetest.IDB))
	}
}
