package saves

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"packsmith/backend/tl2/loadorder"
	"packsmith/backend/tl2/loadorder/loadordertest"
	"packsmith/backend/tl2/profiles"
	"packsmith/backend/workspace/backups"
	"packsmith/formats/tl2/save"
	"packsmith/internal/savetest"
)

// idX is the trial's combined mod: its header records the three trial
// mods as a combine writes it.
const idX int64 = 4800999

// trialWithCombined is savetest.Trial's folder plus a combined mod of its
// three mods, and modlauncher.sch listing order.
func trialWithCombined(t *testing.T, order ...int64) (user, hero string) {
	t.Helper()
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	user = t.TempDir()
	if err := savetest.Trial(user); err != nil {
		t.Fatal(err)
	}
	desc := loadorder.CombinedDescription([]loadorder.PatchSource{{ID: savetest.IDTrialA}, {ID: savetest.IDTrialB}, {ID: savetest.IDTrialC}})
	if err := loadordertest.Write(user, []loadordertest.Spec{{Rel: "mods/COMBINED.MOD", Title: "All three", Version: 1, ID: idX,
		Files: []string{"MEDIA/X.DAT"}, Description: desc}}); err != nil {
		t.Fatal(err)
	}
	setOrder(t, user, order...)
	return user, filepath.Join(user, "modsave", "HERO_{4800}.SVB")
}

func setOrder(t *testing.T, user string, ids ...int64) *loadorder.View {
	t.Helper()
	if err := loadordertest.WriteSch(filepath.Join(user, "modlauncher.sch"), ids); err != nil {
		t.Fatal(err)
	}
	st, err := loadorder.Open(context.Background(), loadorder.Options{UserDir: user})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	return st.View()
}

// across finds Hero stranded in the load order ids and moves it.
func across(t *testing.T, user string, ids ...int64) *MoveResult {
	t.Helper()
	ctx := context.Background()
	sw := Swaps(setOrder(t, user, ids...))
	cs, err := Stranded(ctx, Options{UserDir: user}, sw)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 1 || cs[0].Name != "Hero" {
		t.Fatalf("stranded %+v (swaps %+v)", cs, sw)
	}
	r, err := MoveAcross(ctx, Options{UserDir: user}, cs[0], nil, backups.Default())
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Swaps reads, from the load order alone, which way a combined mod and
// the mods it holds replace each other.
func TestSwaps(t *testing.T) {
	user, _ := trialWithCombined(t, idX)
	a, b, c := savetest.IDTrialA, savetest.IDTrialB, savetest.IDTrialC
	sw := Swaps(setOrder(t, user, idX))
	if len(sw) != 1 || sw[0].Back || !slices.Equal(sw[0].From, []string{"48001", "48002", "48003"}) || !slices.Equal(sw[0].To, []string{"4800999"}) {
		t.Errorf("combined active: %+v", sw)
	}
	sw = Swaps(setOrder(t, user, c, a))
	if len(sw) != 1 || !sw[0].Back || !slices.Equal(sw[0].From, []string{"4800999"}) || !slices.Equal(sw[0].To, []string{"48003", "48001"}) {
		t.Errorf("two of its mods active: %+v", sw)
	}
	if sw = Swaps(setOrder(t, user, idX, a, b, c)); len(sw) != 0 {
		t.Errorf("all active: %+v", sw)
	}
}

// Forward, back, forward: nothing played, each way restores the bytes of
// the move before (the journal's hash); played, the way back moves each
// object to the mod providing its unit, read from the mods' UNITDATA.RAW.
func TestMoveAcrossAndBack(t *testing.T) {
	user, hero := trialWithCombined(t, savetest.IDTrialA, savetest.IDTrialB, savetest.IDTrialC)
	a, b, c := savetest.IDTrialA, savetest.IDTrialB, savetest.IDTrialC
	orig, _ := os.ReadFile(hero)
	if r := across(t, user, idX); r.Restored || r.To != "4800999" {
		t.Fatalf("forward: %+v", r)
	}
	moved, _ := os.ReadFile(hero)
	if r := across(t, user, a, b, c); !r.Restored {
		t.Fatalf("back, not played: %+v", r)
	}
	if got, _ := os.ReadFile(hero); !bytes.Equal(got, orig) {
		t.Fatal("back: not the bytes before the move")
	}
	if r := across(t, user, idX); !r.Restored {
		t.Fatalf("forward again: %+v", r)
	}
	if got, _ := os.ReadFile(hero); !bytes.Equal(got, moved) {
		t.Fatal("forward again: not the bytes the first move wrote")
	}
	// Played: the save's bytes change.
	s, err := save.Parse(moved, save.Options{})
	if err != nil {
		t.Fatal(err)
	}
	cont := *s.Container
	cont.Body = append(append([]byte(nil), cont.Body...), 'P')
	if err := os.WriteFile(hero, cont.Encode(), 0o644); err != nil {
		t.Fatal(err)
	}
	r := across(t, user, a, b, c)
	if r.Restored || r.ByUnit != 4 || r.Fallback != 0 {
		t.Fatalf("back after play: %+v", r)
	}
	got, _ := os.ReadFile(hero)
	s, err = save.Parse(got, save.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int64{"Hero": a, "Birch bow": b, "Cinder cloak": c, "Birch wolf": b}
	for _, o := range s.Objects {
		if w, ok := want[o.Name]; ok && !slices.Equal(o.IDs, []int64{w}) {
			t.Errorf("%s %q holds %v, want [%d]", o.Kind, o.Name, o.IDs, w)
		}
	}
	if len(s.Bound.Mods) != 3 {
		t.Errorf("bound %v", s.Bound.Mods)
	}
}

// A profile activating a combined build the mods folder lost, with no
// copy kept: the switch goes on and says which mod is gone and why.
func TestUseProfileWithoutKeptBuild(t *testing.T) {
	user, _ := trialWithCombined(t, savetest.IDTrialA)
	st := profiles.Store{Dir: filepath.Join(t.TempDir(), "profiles")}
	p := &profiles.Profile{Name: "combined", Mods: []profiles.Mod{{ID: idX, Title: "All three", File: "COMBINED.MOD", SHA256: strings.Repeat("ab", 32)}},
		Combined: &profiles.Combined{File: "COMBINED.MOD", SHA256: strings.Repeat("ab", 32), ID: idX}}
	if err := os.Remove(filepath.Join(user, "mods", "COMBINED.MOD")); err != nil {
		t.Fatal(err)
	}
	res, err := UseProfile(context.Background(), UseOptions{Load: loadorder.Options{UserDir: user}, Profiles: st, Profile: p})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Needs) != 1 || res.Needs[0].Kind != profiles.NeedGone || !strings.Contains(res.Needs[0].Message, "keeps no copy of that combined build") {
		t.Errorf("needs %+v", res.Needs)
	}
}

// A move made with the user folder given relative (--dir from inside its
// parent) is found in the journal by the way back given it absolute.
func TestJournalRelativeUserDir(t *testing.T) {
	user, hero := trialWithCombined(t, idX)
	orig, _ := os.ReadFile(hero)
	t.Chdir(filepath.Dir(user))
	ctx := context.Background()
	rel := Options{UserDir: filepath.Base(user)}
	cs, err := Stranded(ctx, rel, Swaps(setOrder(t, user, idX)))
	if err != nil || len(cs) != 1 {
		t.Fatalf("stranded %+v %v", cs, err)
	}
	if _, err := MoveAcross(ctx, rel, cs[0], nil, backups.Default()); err != nil {
		t.Fatal(err)
	}
	if r := across(t, user, savetest.IDTrialA, savetest.IDTrialB, savetest.IDTrialC); !r.Restored {
		t.Fatalf("back: %+v", r)
	}
	if got, _ := os.ReadFile(hero); !bytes.Equal(got, orig) {
		t.Fatal("not the bytes before the move")
	}
}
