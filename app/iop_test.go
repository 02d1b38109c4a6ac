package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"packsmith/backend/drivers/iopdrv"
	"packsmith/backend/workspace/jobs"
	"packsmith/backend/workspace/settings"
	"packsmith/formats/iop"
)

func waitJob(t *testing.T, s *App, id string) jobs.Status {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		st, err := s.Job(id)
		if err != nil {
			t.Fatal(err)
		}
		if st.State != jobs.Running {
			return st
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("job did not finish")
	return jobs.Status{}
}

func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Dir(dst), 0o755)
	if err := os.WriteFile(dst, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestPackPasswordAskedAndRemembered(t *testing.T) {
	s, _, _ := newService(t)
	p := filepath.Join(t.TempDir(), "locked.iop")
	copyFile(t, "../testdata/demo/locked.iop", p)
	info, err := openNow(s, p, "")
	if err != nil {
		t.Fatal(err)
	}
	if m := info.Meta.(iopdrv.Info); m.PasswordOK || m.PasswordSource != "unknown" {
		t.Fatalf("no region password should open it: %+v", m)
	}
	s.Close(info.ID)
	// The job carries the error as its text (the window matches it so).
	if _, err := openNow(s, p, "wrong"); err == nil || !strings.Contains(err.Error(), iop.ErrWrongPassword.Error()) {
		t.Fatalf("wrong password: %v", err)
	}
	if s.rememberedPassword(p) {
		t.Fatal("a wrong password was remembered")
	}
	info, err = openNow(s, p, "packsmith-demo")
	if err != nil {
		t.Fatal(err)
	}
	s.Close(info.ID)
	// a new window (settings read again from disk) opens it without asking
	s2 := testApp(t, nil, nil, nil)
	info, err = openNow(s2, p, "")
	if err != nil {
		t.Fatal(err)
	}
	if m := info.Meta.(iopdrv.Info); !m.PasswordOK || m.PasswordSource != "given" {
		t.Fatalf("remembered password not used: %+v", m)
	} else if m.Password != "" {
		t.Fatalf("the user's own password is shown back in the info: %q", m.Password)
	}
	s2.Close(info.ID)
	if err := s2.ForgetPassword(p); err != nil || s2.rememberedPassword(p) || settings.Load().Get().Passwords[passwordKey(p)] != "" {
		t.Fatalf("forget: %v", err)
	}
}

func TestOptimizeAndCreateJobs(t *testing.T) {
	s, _, _ := newService(t)
	dir := t.TempDir()
	for _, n := range []string{"rs.iop", "map.iop", "info/delete_file_list.cfg.iop"} {
		copyFile(t, filepath.Join("../testdata/demo/lostsaga_game", n), filepath.Join(dir, n))
	}
	info, err := openNow(s, dir, "")
	if err != nil {
		t.Fatal(err)
	}
	if info.Family != "iop-game" || info.Entries != 5 {
		t.Fatalf("game folder %+v", info)
	}
	s.Close(info.ID)
	id, err := s.OptimizePack(filepath.Join(dir, "rs.iop"), "", "")
	if err != nil {
		t.Fatal(err)
	}
	st := waitJob(t, s, id)
	res, ok := st.Result.(OptimizeResult)
	if st.State != jobs.Done || !ok || res.EntriesBefore != 6 || res.EntriesAfter != 5 || res.SizeAfter >= res.SizeBefore || res.Backup == "" {
		t.Fatalf("optimize %+v %+v", st, res)
	}
	src := t.TempDir()
	os.WriteFile(filepath.Join(src, "a.ini"), []byte("[a]\r\nb=1\r\n"), 0o644)
	out := filepath.Join(t.TempDir(), "new.iop")
	id, err = s.CreatePack(out, src, "secret")
	if err != nil {
		t.Fatal(err)
	}
	if st := waitJob(t, s, id); st.State != jobs.Done {
		t.Fatalf("create %+v", st)
	}
	info, err = openNow(s, out, "")
	if err != nil {
		t.Fatal(err)
	}
	if m := info.Meta.(iopdrv.Info); !m.PasswordOK || m.INIScrambled != 1 {
		t.Fatalf("created pack %+v", m)
	}
	if _, err := s.CreatePack(filepath.Join(t.TempDir(), "x.zip"), src, ""); err == nil || !strings.Contains(err.Error(), ".iop") {
		t.Fatalf("%v", err)
	}
}

// rememberedPassword says whether a password is remembered for path.
// (a test's helper: the window asks for no such thing)
func (s *App) rememberedPassword(path string) bool {
	return s.Settings.Get().Passwords[passwordKey(path)] != ""
}
