package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"packsmith/backend/workspace/backups"
	"packsmith/backend/workspace/jobs"
	"packsmith/formats/tl2/sch"
	"packsmith/internal/hermetic"
)

// The window's loop: Pack on save packs, deploys and enables, packs again
// after a save (one id: MOD_ID was written into MOD.DAT by the first pack),
// keeps the last result, and stops when its job is cancelled. Then Load
// order → History lists the backups and restores modlauncher.sch.
func TestPackOnSaveAndHistory(t *testing.T) {
	s, dir, src, user, mods := loopMod(t)
	id, err := s.PackOnSave(PackRequest{ModDir: dir, Deploy: true, ModsDir: mods, Enable: true, WriteModID: true})
	if err != nil {
		t.Fatal(err)
	}
	waitPacks := func(n int) *PackOnSaveStatus {
		t.Helper()
		end := time.Now().Add(15 * time.Second)
		for time.Now().Before(end) {
			if st, err := s.PackOnSaveResult(id); err == nil && st.Packs >= n {
				return st
			}
			time.Sleep(50 * time.Millisecond)
		}
		t.Fatalf("fewer than %d packs", n)
		return nil
	}
	// Asked again (the view was left and opened again): the same job.
	if again, err := s.PackOnSave(PackRequest{ModDir: dir, Deploy: true, ModsDir: mods, Enable: true, WriteModID: true}); err != nil || again != id {
		t.Fatalf("a second Pack on save of one folder: %q %v, want %q", again, err, id)
	}
	first := waitPacks(1)
	if first.Error != "" || first.Result == nil || !first.Result.ModIDWritten || first.Result.Deploy == nil || !first.Result.Deploy.Enabled {
		t.Fatalf("first pack %+v", first)
	}
	time.Sleep(100 * time.Millisecond)
	os.WriteFile(src, []byte("[UNIT]\r\n\t<STRING>NAME:A\r\n\t<INTEGER>LEVEL:22\r\n[/UNIT]\r\n"), 0o644)
	second := waitPacks(2)
	if second.Error != "" || second.Result.ModID != first.Result.ModID || strings.Join(second.Changed, ",") != "MEDIA/UNITS/A.DAT" || second.Result.Reused != 0 || second.Result.Compiled != 1 {
		t.Fatalf("second pack %+v %+v", second, second.Result)
	}
	if st, _ := s.Jobs.Get(id); st.State != jobs.Running || st.Stage != "waiting" || !strings.Contains(st.What, "packed Loop.MOD") {
		t.Fatalf("job %+v", st)
	}
	if !s.CancelJob(id) {
		t.Fatal("cancel")
	}
	if st, _ := s.Jobs.Wait(id); st.State != jobs.Cancelled {
		t.Fatalf("after cancel: %+v", st)
	}
	b, _ := os.ReadFile(filepath.Join(user, "modlauncher.sch"))
	f, _ := sch.Parse(b)
	if ids := f.IDs(); len(ids) != 2 || ids[0] != first.Result.ModID || ids[1] != 55 {
		t.Fatalf("modlauncher.sch %v", ids)
	}
	ents, _ := os.ReadDir(mods)
	if len(ents) != 1 || ents[0].Name() != "Loop.MOD" {
		t.Fatalf("mods folder %v", ents)
	}

	// History: the sch backup (before the first deploy), MOD.DAT's, and
	// (issue 34) the first build, which the second deploy replaced.
	list, err := s.Backups()
	if err != nil || list.Keep != 10 || len(list.Backups) != 3 {
		t.Fatalf("backups %+v %v", list, err)
	}
	if e := list.Backups[0]; e.Kind != backups.KindMod || e.Of != filepath.Join(mods, "Loop.MOD") || e.Build == nil || e.Build.ModID != first.Result.ModID || e.Size != first.Result.Size {
		t.Fatalf("the first build's backup %+v", e)
	}
	var schID string
	for _, e := range list.Backups {
		if e.Kind == "modlauncher.sch" {
			schID = e.ID
		}
	}
	r, err := result[*backups.Restored](s)(s.RestoreBackup(schID))
	if err != nil || r.Path != filepath.Join(user, "modlauncher.sch") || r.Backup == nil {
		t.Fatalf("restore %+v %v", r, err)
	}
	b, _ = os.ReadFile(filepath.Join(user, "modlauncher.sch"))
	if f, _ := sch.Parse(b); len(f.IDs()) != 1 || f.IDs()[0] != 55 {
		t.Fatalf("restored %v", f.IDs())
	}
	// The Settings panel's keep count, checked.
	if _, err := s.SavePreferences(Prefs{BackupsKeep: 0}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SavePreferences(Prefs{BackupsKeep: -3}); err == nil || !strings.Contains(err.Error(), "from 1 to 1000") {
		t.Fatalf("keep -3: %v", err)
	}
	if v, err := s.SavePreferences(Prefs{BackupsKeep: 3}); err != nil || v.BackupsKeep != 3 || s.Settings.Get().BackupsKeep != 3 {
		t.Fatalf("keep 3: %+v %v", v, err)
	}
	if l, _ := s.Backups(); l.Keep != 3 {
		t.Fatalf("keep in History %d", l.Keep)
	}
	// The space used is shown, and a lower number takes effect at once.
	v := s.Preferences()
	l, _ := s.Backups()
	if v.BackupsUsed.Copies != len(l.Backups) || v.BackupsUsed.Bytes != l.Bytes || l.Bytes <= 0 {
		t.Fatalf("used %+v, History %d copies, %d bytes", v.BackupsUsed, len(l.Backups), l.Bytes)
	}
	files := map[string]bool{}
	for _, e := range l.Backups {
		files[e.Of] = true
	}
	if len(files) == len(l.Backups) {
		t.Fatalf("want a file with two copies to prune, have %d copies of %d files", len(l.Backups), len(files))
	}
	if v, err := s.SavePreferences(Prefs{BackupsKeep: 1}); err != nil || v.BackupsUsed.Copies != len(files) {
		t.Fatalf("keep 1: %+v %v, want one copy of each of %d files", v.BackupsUsed, err, len(files))
	}
}

// loopMod is the window with its own settings and backups, a mod folder
// "loop" with one unit source, and a user folder whose modlauncher.sch
// holds one other mod.
func loopMod(t *testing.T) (s *App, dir, src, user, mods string) {
	t.Helper()
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	// the backups folder is the test's own (under wine the package's
	// earlier tests' backups were listed too)
	hermetic.OwnCache(t)
	s = testApp(t, &events{}, nil, nil)
	dir = filepath.Join(t.TempDir(), "loop")
	src = filepath.Join(dir, "MEDIA", "UNITS", "A.DAT")
	os.MkdirAll(filepath.Dir(src), 0o755)
	os.WriteFile(filepath.Join(dir, "MOD.DAT"), []byte("[MOD]\r\n\t<STRING>NAME:Loop\r\n[/MOD]\r\n"), 0o644)
	os.WriteFile(src, []byte("[UNIT]\r\n\t<STRING>NAME:A\r\n\t<INTEGER>LEVEL:1\r\n[/UNIT]\r\n"), 0o644)
	user = t.TempDir()
	mods = filepath.Join(user, "mods")
	os.MkdirAll(mods, 0o755)
	os.WriteFile(filepath.Join(user, "modlauncher.sch"), sch.New([]int64{55}).Bytes(), 0o644)
	return s, dir, src, user, mods
}
