package check

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/tl2/loadorder"
	"packsmith/internal/checktest"
)

func activeOf(t *testing.T, user string) []Source {
	t.Helper()
	st, err := loadorder.Open(context.Background(), loadorder.Options{UserDir: user})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	return ActiveMods(st.View())
}

// Run on real files: a target mod folder checked against GUTS's XOVER
// .MOD (compiled sources, decompiled here) and a packed NETHERIM mod.
// What concerns the target is exactly: the UNIT_GUID its copy of HUM_F
// shares with XOVER's (both files named), and its references into the
// game, not checked without the game's data; with it, the one texture
// nothing ships is missing and the rest resolve. The target's unit using
// NETHERIM's resource folder resolves through that mod.
func TestRunTarget(t *testing.T) {
	in := checktest.Setup(t)
	act := activeOf(t, in.User)
	if len(act) != 2 || act[0].ID != checktest.XoverID || act[1].ID != checktest.NetherimID {
		t.Fatalf("active %+v", act)
	}
	concern := func(rep *Report) string {
		var b strings.Builder
		for _, f := range rep.Findings {
			if Concerns(f, rep.Target) {
				b.WriteString(f.Severity + " " + f.String() + "\n")
			}
		}
		return b.String()
	}
	xover := act[0].Name
	dup := "error " + xover + ": " + checktest.XoverUnit + ":64: UNIT_GUID " + checktest.GUID + " is also " + checktest.TargetName + "'s " + checktest.CopyDat + ": the game keeps one of them\n"
	tn := checktest.TargetName + ": "
	rep, err := Run(context.Background(), RunOptions{Target: in.Target, Active: act})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Target != checktest.TargetName || len(rep.Mods) != 3 || !rep.Mods[0].Target || rep.Mods[0].Place != 1 || rep.Game != "" {
		t.Fatalf("report %+v", rep)
	}
	want := "info " + tn + checktest.CopyDat + ":5: MESHFILE MEDIA/MODELS/PCS/HUM_F/HUM_F.MESH: no active mod provides it; not checked against the game (its data was not given)\n" +
		"info " + tn + checktest.FlyerDat + ":2: BASEFILE " + checktest.BaseRef + ": no active mod provides it; not checked against the game (its data was not given)\n" +
		"info " + tn + checktest.Material + ":7: texture " + checktest.MissingTex + ": no active mod provides it; not checked against the game (its data was not given)\n" +
		dup
	if got := concern(rep); got != want {
		t.Errorf("without the game:\n%s\nwant:\n%s", got, want)
	}
	t.Logf("without the game: %d findings, %d errors, %d not checked, %d ms", len(rep.Findings), rep.Errors, rep.NotChecked, rep.Millis)

	rep, err = Run(context.Background(), RunOptions{Target: in.Target, Active: act, BaseDir: filepath.Dir(in.Base)})
	if err != nil {
		t.Fatal(err)
	}
	want = "error " + tn + checktest.Material + ":7: texture " + checktest.MissingTex + ": no active mod and not the game provide it\n" + dup
	if got := concern(rep); got != want || rep.Game != in.Base || rep.NotChecked != 0 {
		t.Errorf("with the game (%q, %d not checked):\n%s\nwant:\n%s", rep.Game, rep.NotChecked, got, want)
	}
	t.Logf("with the base folder: %d findings, %d errors, %d ms", len(rep.Findings), rep.Errors, rep.Millis)

	// The target deployed and active takes its own place: checked once.
	rep, err = Run(context.Background(), RunOptions{Target: in.Target, Active: append(act, Source{Name: "old build", Path: act[1].Path, ID: checktest.TargetID})})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Mods) != 3 || rep.Mods[2].Name != checktest.TargetName || rep.Mods[2].Place != 3 {
		t.Errorf("mods %+v", rep.Mods)
	}

	// Cancelled: the context's error, no report.
	cx, cancel := context.WithCancel(context.Background())
	cancel()
	if rep, err := Run(cx, RunOptions{Target: in.Target, Active: act}); err != context.Canceled || rep != nil {
		t.Errorf("cancelled: %v, %v", rep, err)
	}
	if fs := Check([]*Mod{{Name: "M", Files: map[string]func() ([]byte, error){"MEDIA/UNITS/A.DAT": func() ([]byte, error) { return []byte("[UNIT]\n<STRING>BASEFILE:x.dat\n[/UNIT]\n"), nil }}}}, Options{Context: cx}); len(fs) != 0 {
		t.Errorf("a cancelled check went on: %v", fs)
	}

	// A base folder without MEDIA, or no game at --game: an error naming it.
	if _, err := Run(context.Background(), RunOptions{Active: act, BaseDir: in.Target + "/MEDIA/UNITS"}); err == nil || !strings.Contains(err.Error(), "no MEDIA folder") {
		t.Errorf("bad base: %v", err)
	}
	if _, err := Run(context.Background(), RunOptions{Active: act, GameDir: in.User}); err == nil || !strings.Contains(err.Error(), "--game "+in.User) {
		t.Errorf("bad game: %v", err)
	}
}

// BenchmarkRunFixtures: a target folder checked against GUTS's XOVER .MOD
// and the packed NETHERIM mod, with a base MEDIA folder (a figure for
// make bench: the whole Run, .MOD reading and decompiling included).
func BenchmarkRunFixtures(b *testing.B) {
	in := checktest.Setup(b)
	st, err := loadorder.Open(context.Background(), loadorder.Options{UserDir: in.User})
	if err != nil {
		b.Fatal(err)
	}
	act := ActiveMods(st.View())
	st.Close()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rep, err := Run(context.Background(), RunOptions{Target: in.Target, Active: act, BaseDir: in.Base})
		if err != nil || len(rep.Findings) != 444 { // 650 before one finding per place
			b.Fatalf("%v, %d findings", err, len(rep.Findings))
		}
	}
}
