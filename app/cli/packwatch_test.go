package cli

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"packsmith/formats/tl2/bindat"
	"packsmith/formats/tl2/mod"
)

// syncBuf is a buffer a child's output goroutine writes while the test reads.
type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// swordLevel reads LEVEL of the sword unit from a .MOD ("" when the file
// is not there or not readable yet).
func swordLevel(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		return ""
	}
	r, err := mod.NewReader(bytes.NewReader(b), int64(len(b)), nil)
	if err != nil {
		return ""
	}
	e, ok := r.Lookup("MEDIA/UNITS/ITEMS/SWORD.DAT")
	if !ok {
		return ""
	}
	rc, err := r.Open(e)
	if err != nil {
		return ""
	}
	data, _ := io.ReadAll(rc)
	rc.Close()
	dec, err := bindat.Decompile("SWORD.DAT", data, nil)
	if err != nil {
		t.Fatalf("%s: %v", p, err)
	}
	level := bindat.UnknownName(bindat.NameHash("LEVEL"))
	for _, pr := range dec.Root.Props {
		if strings.EqualFold(pr.Key, level) || strings.EqualFold(pr.Key, "LEVEL") {
			return pr.Value
		}
	}
	t.Fatalf("%s: no LEVEL in %+v", p, dec.Root.Props)
	return ""
}

// tmpLeft lists the temporary files under dirs.
func tmpLeft(dirs ...string) []string {
	var out []string
	for _, d := range dirs {
		filepath.WalkDir(d, func(p string, e os.DirEntry, err error) error {
			if err == nil && !e.IsDir() && (strings.HasSuffix(e.Name(), ".tmp") || strings.Contains(e.Name(), ".packsmith-")) {
				out = append(out, p)
			}
			return nil
		})
	}
	return out
}

// pack --watch as a process of its own: it packs and deploys, packs again
// when a source is saved (the new value is in the .MOD and the deployed
// copy within 10 s), ignores an editor's swap file, and on SIGTERM exits 0
// leaving no temporary file.
func TestPackWatch(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("SIGTERM")
	}
	isolate(t)
	user := t.TempDir()
	mods := filepath.Join(user, "mods")
	os.MkdirAll(mods, 0o755)
	dir := noIDMod(t)
	sword := filepath.Join(dir, "MEDIA", "UNITS", "ITEMS", "SWORD.DAT")
	// An output inside the watched folder (the default was there once) is
	// written by the pack itself, never a change that packs again.
	out := filepath.Join(dir, "Loop.MOD")
	cmd := exec.Command(os.Args[0], "-test.run=^$", "--", "pack", dir, "-o", out, "--watch", "--deploy", "--mods", mods, "--enable", "--mpp", "none")
	cmd.Env = append(append(os.Environ(), childEnvs(t)...), childEnv+"=1")
	var stdout, stderr syncBuf
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	stopped := false
	defer func() {
		if !stopped {
			cmd.Process.Kill()
			<-done
		}
	}()
	waitFor := func(what string, d time.Duration, ok func() bool) {
		t.Helper()
		end := time.Now().Add(d)
		for !ok() {
			if time.Now().After(end) {
				t.Fatalf("no %s within %v\nstdout:\n%s\nstderr:\n%s", what, d, stdout.String(), stderr.String())
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	lines := func() int { return strings.Count(stdout.String(), "\n") }
	waitFor("first pack", 20*time.Second, func() bool { return lines() >= 1 })
	if l := swordLevel(t, out); l != "3" {
		t.Fatalf("first pack: LEVEL %q", l)
	}
	// An editor's swap file and backup alone pack nothing.
	os.WriteFile(sword+".swp", []byte("x"), 0o644)
	os.WriteFile(sword+"~", []byte("x"), 0o644)
	time.Sleep(1500 * time.Millisecond)
	if n := lines(); n != 1 {
		t.Fatalf("editor files packed again (%d lines):\n%s", n, stdout.String())
	}
	// The save.
	saved := time.Now()
	os.WriteFile(sword, []byte("[UNIT]\r\n\t<STRING>NAME:LOOP_SWORD\r\n\t<INTEGER64>UNIT_GUID:77\r\n\t<STRING>UNITTYPE:1H SWORD\r\n\t<INTEGER>LEVEL:9\r\n[/UNIT]\r\n"), 0o644)
	waitFor("new value in the .MOD", 10*time.Second, func() bool { return swordLevel(t, out) == "9" })
	t.Logf("saved → new .MOD in %v", time.Since(saved).Round(time.Millisecond))
	waitFor("second line", 5*time.Second, func() bool { return lines() >= 2 })
	if l := swordLevel(t, filepath.Join(mods, "Loop.MOD")); l != "9" {
		t.Fatalf("deployed copy: LEVEL %q", l)
	}
	second := strings.Split(stdout.String(), "\n")[1]
	if !strings.Contains(second, "MEDIA/UNITS/ITEMS/SWORD.DAT changed: packed "+out) || !strings.Contains(second, "deployed "+filepath.Join(mods, "Loop.MOD")) {
		t.Fatalf("second line %q", second)
	}
	time.Sleep(1200 * time.Millisecond) // the MOD_ID the first pack wrote into MOD.DAT is no change
	if n := lines(); n != 2 {
		t.Fatalf("%d lines:\n%s", n, stdout.String())
	}

	cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-done:
		stopped = true
		if err != nil {
			t.Fatalf("exit: %v\n%s", err, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("still running 10 s after SIGTERM")
	}
	if !strings.Contains(stderr.String(), "stopped watching") {
		t.Errorf("stderr: %s", stderr.String())
	}
	if left := tmpLeft(dir, user); len(left) != 0 {
		t.Errorf("left %v", left)
	}
	if got := names(t, mods); got != "Loop.MOD" {
		t.Errorf("mods folder: %s", got)
	}
	if got := schIDs(t, user); len(got) != 1 {
		t.Errorf("modlauncher.sch %v", got)
	}
}
