package app

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"packsmith/backend/tl2/check"
	"packsmith/internal/checktest"
)

// The bound check (issue 32): a mod folder against the load order open in
// the view (with an unsaved change: what the user is about to save), and
// the active mods alone; the job's result is the report the Pack view and
// Load order draw.
func TestCheckModsBound(t *testing.T) {
	in := checktest.Setup(t)
	a := testApp(t, &events{}, nil, nil)
	checkNow := result[*check.Report](a)

	// Nothing open, no user folder in the settings: the target alone.
	rep, err := checkNow(a.CheckMods(in.Target, ""))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Mods) != 1 || rep.Target != checktest.TargetName || rep.Errors != 0 || rep.NotChecked != 7 {
		t.Errorf("alone: %d mods, %d errors, %d not checked: %+v", len(rep.Mods), rep.Errors, rep.NotChecked, rep.Findings)
	}

	if _, err := result[any](a)(a.LoadOrder(in.User, "")); err != nil {
		t.Fatal(err)
	}
	rep, err = checkNow(a.CheckMods(in.Target, in.Base))
	if err != nil {
		t.Fatal(err)
	}
	var mine []string
	for _, f := range rep.Findings {
		if check.Concerns(f, rep.Target) {
			mine = append(mine, f.String())
		}
	}
	want := []string{
		checktest.TargetName + ": " + checktest.Material + ":7: texture " + checktest.MissingTex + ": no active mod and not the game provide it",
		"EDITOR: " + checktest.XoverUnit + ":64: UNIT_GUID " + checktest.GUID + " is also " + checktest.TargetName + "'s " + checktest.CopyDat + ": the game keeps one of them",
	}
	if strings.Join(mine, "\n") != strings.Join(want, "\n") || len(rep.Mods) != 3 || rep.Game != in.Base {
		t.Errorf("with the load order: %d mods, game %q\n%s", len(rep.Mods), rep.Game, strings.Join(mine, "\n"))
	}
	t.Logf("target against the load order: %d findings (%d concern it), %d errors, %d ms", len(rep.Findings), len(mine), rep.Errors, rep.Millis)

	// The view's unsaved change counts: XOVER disabled, its duplicate is gone.
	if _, err := a.LoadOrderEnable(strconv.FormatInt(checktest.XoverID, 10), false); err != nil {
		t.Fatal(err)
	}
	rep, err = checkNow(a.CheckMods("", in.Base))
	if err != nil {
		t.Fatal(err)
	}
	if rep.Target != "" || len(rep.Mods) != 1 || rep.Mods[0].ID != checktest.NetherimID || len(rep.Findings) != 0 {
		t.Errorf("active mods alone: %+v", rep)
	}
	if _, err := a.LoadOrderEnable(strconv.FormatInt(checktest.NetherimID, 10), false); err != nil {
		t.Fatal(err)
	}
	if _, err := checkNow(a.CheckMods("", "")); err == nil || !strings.Contains(err.Error(), "no mod is active") {
		t.Errorf("nothing active: %v", err)
	}
	if _, err := checkNow(a.CheckMods(filepath.Join(in.Target, "nope"), "")); err == nil || !strings.Contains(err.Error(), "nope") {
		t.Errorf("no such target: %v", err)
	}
}
