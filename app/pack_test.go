package app

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/tl2/modpack"
	"packsmith/backend/workspace/jobs"
)

func TestPackBindings(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	demo, _ := filepath.Abs("../testdata/demo")
	t.Setenv("PACKSMITH_DEMO", demo)
	ev := &events{}
	s := testApp(t, ev, nil, nil)
	setup := s.PackSetup()
	if setup.Sample != filepath.Join(demo, "sample_mod") || setup.DefaultGameVer != "1.25.5.6" || len(setup.Stages) != 8 {
		t.Fatalf("%+v", setup)
	}
	in, err := result[*modpack.Inspection](s)(s.InspectMod(setup.Sample, ""))
	if err != nil || in.Mod.Name != "Packsmith Sample" || len(in.Findings) != 0 {
		t.Fatalf("%+v %v", in, err)
	}
	if r := s.PackSetup().Recent; len(r) != 1 || r[0] != setup.Sample {
		t.Errorf("recent %v", r)
	}
	user := t.TempDir()
	out := filepath.Join(t.TempDir(), "S.MOD")
	req := PackRequest{ModDir: setup.Sample, Output: out, Deploy: true, ModsDir: filepath.Join(user, "mods"), Enable: true}
	id, err := s.PackMod(req)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := s.Jobs.Wait(id)
	if st.State != jobs.Done {
		t.Fatalf("%+v", st)
	}
	res := st.Result.(*modpack.Result)
	if res.Entries != 12 || res.Deploy == nil || !res.Deploy.Enabled {
		t.Errorf("%+v", res)
	}
	if _, err := os.Stat(filepath.Join(user, "mods", "S.MOD")); err != nil {
		t.Error(err)
	}
	// The button's pack shows the file's SHA-256, a repack's too (a
	// plain repack skips it: modpack.Options.SHA256).
	for _, what := range []string{"the first pack", "a repack"} {
		r := res
		if what == "a repack" {
			id2, err := s.PackMod(req)
			if err != nil {
				t.Fatal(err)
			}
			st2, _ := s.Jobs.Wait(id2)
			if r = st2.Result.(*modpack.Result); st2.State != jobs.Done || r.Reused == 0 {
				t.Fatalf("%s: %+v, reused %d", what, st2, r.Reused)
			}
		}
		b, _ := os.ReadFile(out)
		if want := fmt.Sprintf("%x", sha256.Sum256(b)); r.Hashes.SHA256 != want {
			t.Errorf("%s: SHA-256 %q, the file's is %s", what, r.Hashes.SHA256, want)
		}
	}
	stages := map[string]bool{}
	ev.mu.Lock()
	for _, j := range ev.jobs {
		if j.ID == id && j.Stage != "" {
			stages[j.Stage] = true
			if strings.Contains(j.What, ": ") {
				t.Errorf("job event item %q carries its stage", j.What)
			}
		}
	}
	ev.mu.Unlock()
	// Updates are throttled (10 a second) but every stage change is sent.
	if len(stages) < 6 {
		t.Error("no stage progress in job events")
	}
	for k := range stages {
		if !strings.Contains(strings.Join(setup.Stages, ","), k) {
			t.Errorf("job event names stage %q", k)
		}
	}
	if r, err := s.packResult(id); err != nil || r != res {
		t.Errorf("PackResult %v %v", r, err)
	}
	// The view's toggles are remembered; the mods folder typed for the
	// deploy is not saved (only Settings changes it), and the next Pack
	// view shows what Settings shows.
	set := s.Settings.Get()
	if !set.PackDeploy || !set.PackEnable || set.ModsDir != "" || set.GameDir != "" {
		t.Errorf("settings %+v", set)
	}
	if got, want := s.PackSetup().ModsDir, s.Preferences().DetectedModsDir; got != want {
		t.Errorf("Pack view shows mods folder %q, Settings %q", got, want)
	}

	// A failing pack keeps its findings for the view.
	bad := t.TempDir()
	os.WriteFile(filepath.Join(bad, "MOD.DAT"), []byte("[MOD]\n<INTEGER64>MOD_ID:3\n[/MOD]\n"), 0o644)
	os.MkdirAll(filepath.Join(bad, "MEDIA"), 0o755)
	os.WriteFile(filepath.Join(bad, "MEDIA", "X.DAT"), []byte("[X]\n"), 0o644)
	id, _ = s.PackMod(PackRequest{ModDir: bad, Output: filepath.Join(t.TempDir(), "B.MOD")})
	st, _ = s.Jobs.Wait(id)
	r, err := s.packResult(id)
	if st.State != jobs.Failed || err != nil || modpack.Count(r.Findings, modpack.SevError) != 1 || r.Findings[0].File != "MEDIA/X.DAT" {
		t.Errorf("failed pack: %+v %+v %v", st, r, err)
	}
	// The failed job's own status carries the same result (no second call).
	if sr, _ := st.Result.(*modpack.Result); sr != r {
		t.Errorf("failed job's status result %v, PackResult %v", st.Result, r)
	}
	if _, err := s.packResult("job-999"); err == nil {
		t.Error("PackResult of an unknown job")
	}
	if _, err := s.PackMod(PackRequest{ModDir: " "}); err == nil {
		t.Error("empty folder accepted")
	}
}

// packResult returns a pack job's result, findings included, also when
// the pack failed: it is the job's own (the status's Result).
// (a test's helper: the window reads the result from the job's status)
func (s *PackService) packResult(jobID string) (*modpack.Result, error) {
	st, ok := s.jobs.Get(jobID)
	if !ok || st.Kind != "pack" {
		return nil, fmt.Errorf("no pack job %q", jobID)
	}
	r, _ := st.Result.(*modpack.Result)
	if r == nil {
		return nil, fmt.Errorf("pack job %q has no result (%s)", jobID, st.State)
	}
	return r, nil
}

// A mods folder saved in Settings while the Pack view is open (its folder
// box left empty) is where the next Pack & Deploy goes, not "this system's
// default" (issue 46: "no mods folder on this system" after setting one).
func TestPackDeploysToTheModsFolderSavedInSettings(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	demo, _ := filepath.Abs("../testdata/demo")
	t.Setenv("PACKSMITH_DEMO", demo)
	s := testApp(t, &events{}, nil, nil)
	setup := s.PackSetup() // the view arrives first
	mods := filepath.Join(t.TempDir(), "mods")
	if err := os.MkdirAll(mods, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SavePreferences(Prefs{ModsDir: mods}); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "S.MOD")
	id, err := s.PackMod(PackRequest{ModDir: setup.Sample, Output: out, Deploy: true, ModsDir: " "})
	if err != nil {
		t.Fatal(err)
	}
	st, _ := s.Jobs.Wait(id)
	if st.State != jobs.Done {
		t.Fatalf("%s: %s", st.State, st.Error)
	}
	if _, err := os.Stat(filepath.Join(mods, "S.MOD")); err != nil {
		t.Errorf("not deployed to the folder saved in Settings: %v", err)
	}
}
