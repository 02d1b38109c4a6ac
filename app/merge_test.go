package app

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"packsmith/backend/tl2/mergepatch"
	"packsmith/backend/workspace/jobs"
	"packsmith/internal/mergetest"
)

// The window's flow (issue 32): the files and conflicts listed with their
// values, a merged file's three-way texts, a winner picked and kept, built
// and deployed first; a load order changed afterwards shows the patch stale.
func TestMergedPatchWindowFlow(t *testing.T) {
	user, base := mergetest.Setup(t)
	a := testApp(t, &events{}, nil, nil)

	if _, err := result[*MergedPatchView](a)(a.MergedPatch(user, "", "")); err == nil || !strings.Contains(err.Error(), "--game") {
		t.Errorf("no base anywhere: err %v, want the one-line ErrNoBase", err)
	}
	v, err := result[*MergedPatchView](a)(a.MergedPatch(user, "", base))
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Files) != 2 || len(v.Conflicts) != 2 || v.Deployed != "" || v.Stale != "" {
		t.Fatalf("view: %d files, %d conflicts, deployed %q stale %q", len(v.Files), len(v.Conflicts), v.Deployed, v.Stale)
	}
	d, err := result[*MergedPatchDiff](a)(a.MergedPatchDiff(user, "", base, mergetest.Dat))
	if err != nil {
		t.Fatal(err)
	}
	if !d.InBase || !strings.Contains(d.Base, "COOLDOWNMS:1000") || len(d.Mods) != 2 ||
		!strings.Contains(d.Mods[1].Text, "COOLDOWNMS:200") || !strings.Contains(d.Merged, "COOLDOWNMS:5000") {
		t.Errorf("diff texts: base/mods/merged do not hold their COOLDOWNMS")
	}
	if _, err := result[*MergedPatchDiff](a)(a.MergedPatchDiff(user, "", base, "MEDIA/NOPE.DAT")); err == nil {
		t.Error("a path no two mods ship: no error")
	}

	key := v.Conflicts[1].Key
	pick, err := result[*MergedPatchFile](a)(a.MergedPatchSetWinner(user, "", base, key, "Mod B"))
	if err != nil {
		t.Fatal(err)
	}
	if pick.Path != v.Conflicts[1].Path || len(pick.Conflicts) != 1 || pick.Conflicts[0].Winner != "Mod B" || pick.Winners[key] != "Mod B" ||
		pick.File == nil || pick.File.Path != pick.Path {
		t.Errorf("winner not applied to its file: %+v", pick)
	}
	v, err = result[*MergedPatchView](a)(a.MergedPatchBuild(user, "", base))
	if err != nil {
		t.Fatal(err)
	}
	if v.Deployed == "" || !v.Enabled || v.Stale != "" {
		t.Fatalf("after build: deployed %q enabled %v stale %q", v.Deployed, v.Enabled, v.Stale)
	}
	d, err = result[*MergedPatchDiff](a)(a.MergedPatchDiff(user, "", base, mergetest.Dat))
	if err != nil || !strings.Contains(d.Merged, "COOLDOWNMS:200") {
		t.Errorf("the kept pick is not in the next merge: %v", err)
	}
	// Mod B changes on disk: the patch is stale.
	bmod := filepath.Join(user, "mods", "B.MOD")
	b, _ := os.ReadFile(bmod)
	if err := os.WriteFile(bmod, append(b[:len(b):len(b)], 0), 0o644); err != nil {
		t.Fatal(err)
	}
	v, err = result[*MergedPatchView](a)(a.MergedPatch(user, "", base))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(v.Stale, `"Mod B" changed`) {
		t.Errorf("stale %q, want Mod B named", v.Stale)
	}
}

// The base field takes the game too: DATA.PAK itself (the demo's layout).
func TestMergedPatchBaseIsPak(t *testing.T) {
	user, base := mergetest.Setup(t)
	game := mergetest.GameInstall(t, base)
	a := testApp(t, &events{}, nil, nil)
	v, err := result[*MergedPatchView](a)(a.MergedPatch(user, "", filepath.Join(game, "PAKS", "DATA.PAK")))
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Conflicts) != 2 || !v.Conflicts[1].BasePresent || v.Conflicts[1].Base != "1000" {
		t.Errorf("conflicts %+v", v.Conflicts)
	}
}

// The build is a job: its progress names the merge, the pack and the
// deploy; a build cancelled from the job bar deploys nothing and leaves
// modlauncher.sch as it was.
func TestMergedPatchBuildJob(t *testing.T) {
	user, base := mergetest.Setup(t)
	sch := filepath.Join(user, "modlauncher.sch")
	before, err := os.ReadFile(sch)
	if err != nil {
		t.Fatal(err)
	}
	// Cancelled on its first event, as the preview's test does: a Cancel
	// sent after the call returned raced a build this small.
	c := cancelling(t, "merged-patch", "")
	id, err := c.MergedPatchBuild(user, "", base)
	if err != nil {
		t.Fatal(err)
	}
	if st, _ := c.Jobs.Wait(id); st.State != jobs.Cancelled {
		t.Fatalf("state %v, want cancelled", st.State)
	}
	ev := &events{}
	a := testApp(t, ev, nil, nil)
	after, _ := os.ReadFile(sch)
	ents, _ := filepath.Glob(filepath.Join(user, "mods", "*"))
	if !bytes.Equal(before, after) || len(ents) != 2 {
		t.Errorf("a cancelled build changed the user folder: sch changed %v, mods %v", !bytes.Equal(before, after), ents)
	}

	v, err := result[*MergedPatchView](a)(a.MergedPatchBuild(user, "", base))
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(v.Deployed) != "PACKSMITH_MERGED_PATCH.MOD" || !v.Enabled {
		t.Errorf("deployed %q enabled %v", v.Deployed, v.Enabled)
	}
	ev.mu.Lock()
	last := ev.jobs[len(ev.jobs)-1]
	ev.mu.Unlock()
	if last.Kind != "merged-patch" || last.State != jobs.Done || !strings.HasPrefix(last.Title, "Building the merged patch") {
		t.Errorf("last job event %+v", last)
	}
	if _, err := a.MergedPatchBuild("", "", base); err == nil {
		t.Error("no user folder: no error")
	}
}

// With no base typed and no game folder in Settings, the install found on
// the system is the base (a player with the game installed types
// nothing); with none found the error says what to type in the window.
func TestMergedPatchFindsTheGame(t *testing.T) {
	user, base := mergetest.Setup(t)
	home := t.TempDir()
	t.Setenv("HOME", home)
	a := testApp(t, &events{}, nil, nil)
	_, err := result[*MergedPatchView](a)(a.MergedPatch(user, "", ""))
	if !errors.Is(err, mergepatch.ErrNoBase) || !strings.Contains(err.Error(), "in the base box") {
		t.Fatalf("no install: err %v", err)
	}
	// Where Steam keeps the game on each system (tl2game.Find): under
	// HOME on Linux and macOS, under Program Files on Windows.
	steam := filepath.Join(home, ".local", "share", "Steam")
	switch runtime.GOOS {
	case "windows":
		pf := t.TempDir()
		t.Setenv("ProgramFiles(x86)", pf)
		t.Setenv("ProgramFiles", pf)
		steam = filepath.Join(pf, "Steam")
	case "darwin":
		steam = filepath.Join(home, "Library", "Application Support", "Steam")
	}
	game := mergetest.GameInstallIn(t, filepath.Join(steam, "steamapps", "common", "Torchlight II"), base)
	v, err := result[*MergedPatchView](a)(a.MergedPatch(user, "", ""))
	if err != nil {
		t.Fatal(err)
	}
	if v.Base != game || len(v.Conflicts) != 2 || v.Conflicts[1].Base != "1000" {
		t.Errorf("base %q (want %q), conflicts %+v", v.Base, game, v.Conflicts)
	}
}

// The preview is a job too: it names the merge in the job bar, and a
// cancel stops it with nothing written; the build's result is the view of
// the merge it deployed (one merge: the view's files are the report's).
func TestMergedPatchPreviewJob(t *testing.T) {
	user, base := mergetest.Setup(t)
	// Cancelled on its first event, before its work starts: a Cancel sent
	// after MergedPatch returns raced the merge, which on two small mods
	// can finish first (CI, after the merge got its workers).
	c := cancelling(t, "merged-patch-preview", "")
	id, err := c.MergedPatch(user, "", base)
	if err != nil {
		t.Fatal(err)
	}
	if st, _ := c.Jobs.Wait(id); st.State != jobs.Cancelled {
		t.Fatalf("state %v, want cancelled", st.State)
	}
	ev := &events{}
	a := testApp(t, ev, nil, nil)
	v, err := result[*MergedPatchView](a)(a.MergedPatch(user, "", base))
	if err != nil || len(v.Files) != 2 {
		t.Fatalf("preview: %v, %+v", err, v)
	}
	ev.mu.Lock()
	last := ev.jobs[len(ev.jobs)-1]
	ev.mu.Unlock()
	if last.Kind != "merged-patch-preview" || last.State != jobs.Done || !strings.HasPrefix(last.Title, "Merging what the active mods") {
		t.Errorf("last job event %+v", last)
	}
	if ents, _ := filepath.Glob(filepath.Join(user, "mods", "*")); len(ents) != 2 {
		t.Errorf("a preview wrote into the mods folder: %v", ents)
	}
}
