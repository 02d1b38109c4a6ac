package safefile

import (
	"os"
	"path/filepath"
	"runtime"
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
