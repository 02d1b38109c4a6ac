package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"packsmith/backend/tl2/check"
	"packsmith/backend/tl2/modpack"
	"packsmith/internal/checktest"
)

// The findings that name the target: the duplicate GUID (both files), and
// its references into the game, notes without the game's data.
func TestCheckCLI(t *testing.T) {
	in := checktest.Setup(t)
	start := time.Now()
	out, errs, code := run(t, "check", in.Target, "--dir", in.User)
	t.Logf("check over the fixtures: %v", time.Since(start))
	if code != 1 || errs != "packsmith check: 1 error about \""+checktest.TargetName+"\" (listed above)\n" {
		t.Fatalf("exit %d, stderr %q\n%s", code, errs, out)
	}
	for _, want := range []string{
		"game data: none: references into the base game are not checked",
		"\n" + checktest.TargetName + " (the mod checked, place 1):\n",
		"  note  " + checktest.FlyerDat + ":2: BASEFILE " + checktest.BaseRef + ": no active mod provides it; not checked against the game",
		"  note  " + checktest.Material + ":7: texture " + checktest.MissingTex + ": no active mod provides it; not checked against the game",
		"\nEDITOR (place 2, XOVER.MOD):\n  error " + checktest.XoverUnit + ":64: UNIT_GUID " + checktest.GUID + " is also " + checktest.TargetName + "'s " + checktest.CopyDat + ": the game keeps one of them\n",
		"\n1 error, 3 not checked about \"" + checktest.TargetName + "\"; the other mods have 443 findings of their own (--all lists them)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "Netherim") || strings.Contains(out, "TNETHERIM") {
		t.Errorf("the unit using NETHERIM's folder resolves through that mod:\n%s", out)
	}

	// --all: XOVER's own findings too, its 443 notes (one per place: a
	// shared .ANIMATION once gave 649) folded after 3.
	out, _, code = run(t, "check", in.Target, "--dir", in.User, "--all")
	if code != 1 || strings.Count(out, "\n  note  ") != 7 || !strings.Contains(out, "\n  note  … and 440 more like them (--json lists every one)\n") ||
		!strings.Contains(out, "\n1 error, 446 not checked in the active mods (") {
		t.Errorf("--all: exit %d\n%s", code, out)
	}

	// With the game's data: the texture nothing ships is missing, at its line.
	out, _, code = run(t, "check", in.Target, "--dir", in.User, "--base", in.Base)
	if code != 1 || !strings.Contains(out, "  error "+checktest.Material+":7: texture "+checktest.MissingTex+": no active mod and not the game provide it\n") ||
		strings.Contains(out, "note ") || !strings.Contains(out, "\n2 errors, 0 not checked") {
		t.Errorf("with --base: exit %d\n%s", code, out)
	}

	// Nothing but notes: exit 0.
	if err := os.Remove(filepath.Join(in.Target, filepath.FromSlash(checktest.CopyDat))); err != nil {
		t.Fatal(err)
	}
	out, errs, code = run(t, "check", in.Target, "--dir", in.User)
	if code != 0 || errs != "" || !strings.Contains(out, "\n0 errors, 2 not checked") {
		t.Errorf("notes only: exit %d, stderr %q\n%s", code, errs, out)
	}
}

// The target packed: its .MOD is read as players have it (compiled,
// decompiled for the check) and gives the same findings at the same lines.
func TestCheckCLIModFileAndJSON(t *testing.T) {
	in := checktest.Setup(t)
	modFile := filepath.Join(t.TempDir(), "TARGET.MOD")
	if _, err := modpack.Pack(context.Background(), in.Target, modpack.Options{Output: modFile, MPP: modpack.MPPNone}); err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{in.Target, modFile} {
		out, _, code := run(t, "check", target, "--dir", in.User, "--base", in.Base, "--json")
		if code != 1 {
			t.Fatalf("%s: exit %d", target, code)
		}
		var keys map[string]json.RawMessage
		if err := json.Unmarshal([]byte(out), &keys); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		var names []string
		for k := range keys {
			names = append(names, k)
		}
		sort.Strings(names)
		if strings.Join(names, " ") != "errors findings game millis mods notChecked others target" {
			t.Errorf("keys %v", names)
		}
		var r checkJSON
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		if r.Target != checktest.TargetName || r.Game != in.Base || r.Errors != 2 || r.NotChecked != 0 || r.Others != 442 || len(r.Mods) != 3 ||
			r.Mods[0] != (check.Source{Name: checktest.TargetName, Path: target, ID: checktest.TargetID, Place: 1, Target: true}) {
			t.Errorf("%s: %+v", target, r)
		}
		want := []check.Finding{
			{Kind: check.Reference, Severity: check.SevError, Status: check.Missing, Mod: checktest.TargetName, File: checktest.Material, Line: 7, Ref: checktest.MissingTex,
				Message: "texture " + checktest.MissingTex + ": no active mod and not the game provide it"},
			{Kind: check.DupUnitGUID, Severity: check.SevError, Mod: "EDITOR", File: checktest.XoverUnit, Line: 64, Ref: checktest.GUID, Other: checktest.TargetName + ": " + checktest.CopyDat,
				Message: "UNIT_GUID " + checktest.GUID + " is also " + checktest.TargetName + "'s " + checktest.CopyDat + ": the game keeps one of them"},
		}
		if !reflect.DeepEqual(r.Findings, want) {
			t.Errorf("%s: findings\n%+v\nwant\n%+v", target, r.Findings, want)
		}
		if !strings.Contains(out, `"id": "3003"`) {
			t.Errorf("ids are decimal strings: %s", out)
		}
	}

	// --all: every active mod's findings, none left over.
	out, _, _ := run(t, "check", in.Target, "--dir", in.User, "--all", "--json")
	var r checkJSON
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.Others != 0 || len(r.Findings) != 447 || r.Errors != 1 || r.NotChecked != 446 {
		t.Errorf("--all: %d findings, %d errors, %d not checked, %d others", len(r.Findings), r.Errors, r.NotChecked, r.Others)
	}
}

func TestCheckCLIUsage(t *testing.T) {
	for _, args := range [][]string{{"check"}, {"check", "a", "b"}, {"check", "a", "--base", "x", "--game", "y"}} {
		_, errs, code := run(t, args...)
		if code != ExitUsage || !strings.HasPrefix(errs, "packsmith check: ") || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, %q", args, code, errs)
		}
	}
	in := checktest.Setup(t)
	_, errs, code := run(t, "check", filepath.Join(in.Target, "nope"), "--dir", in.User)
	if code != ExitFailure || !strings.Contains(errs, "nope") {
		t.Errorf("missing target: exit %d, %q", code, errs)
	}
}
