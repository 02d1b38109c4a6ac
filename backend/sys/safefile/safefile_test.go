package safefile

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

func TestCommitAndAbort(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "out.bin")
	f, err := Create(target)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("hello"))
	if _, err := os.Stat(target); !os.IsNotExist(err) {
		t.Fatalf("target exists before commit: %v", err)
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(target); string(b) != "hello" {
		t.Fatalf("got %q", b)
	}
	if st, _ := os.Stat(target); runtime.GOOS != "windows" && st.Mode().Perm() != 0o644 {
		t.Fatalf("mode %v, want 0644", st.Mode().Perm())
	}
	g, _ := Create(target)
	g.Write([]byte("partial"))
	g.Abort()
	if b, _ := os.ReadFile(target); string(b) != "hello" {
		t.Fatalf("abort changed target: %q", b)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Fatalf("temp files left: %v", ents)
	}
}

func TestBackup(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "modlauncher.sch")
	if name, err := Backup(p); name != "" || err != nil {
		t.Fatalf("missing file: %q %v", name, err)
	}
	os.WriteFile(p, []byte("v1"), 0o644)
	now := time.Date(2026, 11, 30, 4, 5, 6, 0, time.UTC)
	a, err := backupAt(p, now)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(a) != "modlauncher.sch.20261130-040506.bak" {
		t.Fatalf("name %q", a)
	}
	b, _ := backupAt(p, now)
	if filepath.Base(b) != "modlauncher.sch.20261130-040506-2.bak" {
		t.Fatalf("second name %q", b)
	}
	if c, _ := os.ReadFile(b); string(c) != "v1" {
		t.Fatalf("content %q", c)
	}
}
