package safefile

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
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

// CommitUnsynced replaces the file as Commit does (the rename) and
// leaves no temporary file; a target that cannot be written is named.
func TestCommitUnsynced(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "cache.bin")
	for _, body := range []string{"first", "second, longer"} {
		f, err := Create(target)
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte(body))
		if err := f.CommitUnsynced(); err != nil {
			t.Fatal(err)
		}
		if b, _ := os.ReadFile(target); string(b) != body {
			t.Fatalf("got %q, want %q", b, body)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Fatalf("temp files left: %v", ents)
	}
	bad := filepath.Join(dir, "missing", "cache.bin")
	if _, err := Create(bad); err == nil || !strings.Contains(err.Error(), filepath.Join("missing", "cache.bin")) {
		t.Fatalf("a folder that is not there: %v", err)
	}
}

// StartWriteback leaves the file as it was (it only starts a write-out),
// before and after Commit.
func TestStartWriteback(t *testing.T) {
	target := filepath.Join(t.TempDir(), "W.BIN")
	f, err := Create(target)
	if err != nil {
		t.Fatal(err)
	}
	data := bytes.Repeat([]byte("packsmith"), 100000)
	f.Write(data)
	f.StartWriteback()
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	f.StartWriteback() // closed: nothing happens
	if got, _ := os.ReadFile(target); !bytes.Equal(got, data) {
		t.Fatalf("after a write-out: %d bytes, want %d", len(got), len(data))
	}
}
