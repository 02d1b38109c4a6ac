package journal

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"packsmith/backend/sys/procalive"
)

const head = "packsmith test journal: what a test step records"

func TestRoundTrip(t *testing.T) {
	p := filepath.Join(t.TempDir(), "j")
	fields := []Field{{"length", "1234"}, {"target", `C:\Mods\A B.MOD`}, {"retire", " lead"}, {"retire", "line\nbreak"}, {"retire", `"quoted"`}, {"empty", ""}}
	if err := Write(p, head, fields...); err != nil {
		t.Fatal(err)
	}
	j, err := Read(p, head)
	if err != nil {
		t.Fatal(err)
	}
	if j.PID != os.Getpid() || !slices.Equal(j.Fields, fields) || j.Path != p {
		t.Fatalf("read back %+v", j)
	}
	if j.Value("target") != `C:\Mods\A B.MOD` || len(j.Values("retire")) != 3 || j.Value("none") != "" {
		t.Fatalf("values %+v", j)
	}
	if !j.Live() {
		t.Fatal("this process's journal is not live")
	}
	if err := Write(p, head, Field{"pid", "1"}); err == nil {
		t.Fatal("a field named pid was written")
	}
}

// The layout doc.go gives, byte for byte: iopdrv's append journals written
// before this package keep reading.
func TestLayout(t *testing.T) {
	got := string(Encode(head, 42, Field{"length", "7"}, Field{"dat", "/a b"}, Field{"x", " y"}))
	want := head + "\nlength 7\ndat /a b\nx \" y\"\npid 42\n"
	if got != want {
		t.Fatalf("%q, want %q", got, want)
	}
	j, err := Parse([]byte(head+"\nlength 7\npid 42\n"), head)
	if err != nil || j.PID != 42 || j.Value("length") != "7" {
		t.Fatalf("%+v %v", j, err)
	}
	for _, bad := range []string{"", "other head\npid 1\n", head, head + "\npid x\n", head + "\nk \"open\n"} {
		if _, err := Parse([]byte(bad), head); !errors.Is(err, ErrDamaged) {
			t.Errorf("%q: %v, want ErrDamaged", bad, err)
		}
	}
	if _, err := Read(filepath.Join(t.TempDir(), "none"), head); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing: %v", err)
	}
	if j, _ := Parse([]byte(head+"\nlength 7\n"), head); j.Live() {
		t.Error("a journal without a pid has a live owner")
	}
}

// Sweep leaves live steps' journals, removes damaged ones, and keeps one
// whose finish failed.
func TestSweep(t *testing.T) {
	dir := t.TempDir()
	dead := exec.Command(os.Args[0], "-test.run=^$")
	if err := dead.Run(); err != nil {
		t.Skip("no child processes here:", err)
	}
	if procalive.Alive(dead.Process.Pid) {
		t.Skipf("pid %d was reused already", dead.Process.Pid)
	}
	write := func(name string, pid int, v string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, Encode(head, pid, Field{"v", v}), 0o644)
		return p
	}
	mine := NewPath(dir, "test")
	if err := Write(mine, head, Field{"v", "mine"}); err != nil {
		t.Fatal(err)
	}
	done := write(fmt.Sprintf(".packsmith-test-%d-1.journal", dead.Process.Pid), dead.Process.Pid, "done")
	fails := write(fmt.Sprintf(".packsmith-test-%d-2.journal", dead.Process.Pid), dead.Process.Pid, "fails")
	// Named by the dead child's pid too: a fixed pid (9 once) may be a live
	// process on the machine, whose journal Sweep rightly keeps.
	damaged := filepath.Join(dir, fmt.Sprintf(".packsmith-test-%d-3.journal", dead.Process.Pid))
	os.WriteFile(damaged, []byte("cut"), 0o644)
	other := write(".packsmith-other-1-1.journal", dead.Process.Pid, "other kind")
	var seen []string
	Sweep(dir, "test", head, func(j *Journal) error {
		seen = append(seen, j.Value("v"))
		if j.Value("v") == "fails" {
			return errors.New("not now")
		}
		return nil
	})
	slices.Sort(seen)
	if !slices.Equal(seen, []string{"done", "fails"}) {
		t.Fatalf("finished %v", seen)
	}
	for p, want := range map[string]bool{mine: true, done: false, fails: true, damaged: false, other: true} {
		if _, err := os.Stat(p); (err == nil) != want {
			t.Errorf("%s: kept %v, want %v", filepath.Base(p), err == nil, want)
		}
	}
	if got := List(dir, "test"); len(got) != 2 {
		t.Errorf("left %v", got)
	}
}

// A journal an earlier version left (one JSON object, the pid in the name)
// reads as fields and is finished like the others.
func TestEarlierJSON(t *testing.T) {
	dir := t.TempDir()
	dead := exec.Command(os.Args[0], "-test.run=^$")
	if err := dead.Run(); err != nil {
		t.Skip("no child processes here:", err)
	}
	if procalive.Alive(dead.Process.Pid) {
		t.Skipf("pid %d was reused already", dead.Process.Pid)
	}
	p := filepath.Join(dir, fmt.Sprintf(".packsmith-deploy-%d.journal", dead.Process.Pid))
	os.WriteFile(p, []byte(`{"modId":"4242","target":"/m/NEW.MOD","retire":["/m/a","/m/b"]}`), 0o644)
	j, err := Read(p, head)
	if err != nil {
		t.Fatal(err)
	}
	if j.PID != dead.Process.Pid || j.Value("modId") != "4242" || j.Value("target") != "/m/NEW.MOD" || !slices.Equal(j.Values("retire"), []string{"/m/a", "/m/b"}) || j.Live() {
		t.Fatalf("%+v", j)
	}
	var n int
	Sweep(dir, "deploy", head, func(*Journal) error { n++; return nil })
	if _, err := os.Stat(p); n != 1 || err == nil {
		t.Fatalf("finished %d, still there: %v", n, err == nil)
	}
	// Cut short while a live process wrote it: left to that process.
	live := filepath.Join(dir, fmt.Sprintf(".packsmith-deploy-%d.journal", os.Getpid()))
	os.WriteFile(live, []byte(`{"modId":"42`), 0o644)
	Sweep(dir, "deploy", head, func(*Journal) error { t.Fatal("a damaged journal was finished"); return nil })
	if _, err := os.Stat(live); err != nil {
		t.Fatal("a live writer's damaged journal was removed")
	}
}
