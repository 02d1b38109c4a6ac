package cli

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"os/exec"
	"packsmith/backend/sys/filelock"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// bigZip writes a zip of many stored 1 MB entries, so that rewriting it
// takes long enough to be interrupted.
func bigZip(t *testing.T, p string, n int) {
	t.Helper()
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	block := bytes.Repeat([]byte("packsmith"), 1<<17)
	for i := range n {
		w, _ := zw.CreateHeader(&zip.FileHeader{Name: "e" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + "/" + time.Unix(int64(i), 0).UTC().Format("150405") + ".bin", Method: zip.Store})
		w.Write(block)
	}
	zw.Close()
	f.Close()
}

func tempFiles(dir string) []string {
	m, _ := filepath.Glob(filepath.Join(dir, ".*.tmp"))
	return m
}

// startReplace starts `replace` in a child process and waits until its
// temporary file exists (the rewrite is under way).
func startReplace(t *testing.T, zp, src string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$", "--", "replace", zp, "e"+"a/000000.bin", src)
	cmd.Env = append(append(os.Environ(), childEnvs(t)...), childEnv+"=1")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for len(tempFiles(filepath.Dir(zp))) == 0 {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("the rewrite never started")
		}
		time.Sleep(time.Millisecond)
	}
	return cmd
}

func zipIntact(t *testing.T, zp string, n int) {
	t.Helper()
	zr, err := zip.OpenReader(zp)
	if err != nil {
		t.Fatalf("archive damaged: %v", err)
	}
	defer zr.Close()
	if len(zr.File) != n {
		t.Fatalf("%d entries, want %d", len(zr.File), n)
	}
	rc, _ := zr.File[n-1].Open()
	if n, _ := io.Copy(io.Discard, rc); n != 9<<17 {
		t.Fatalf("last entry %d bytes", n)
	}
	rc.Close()
}

// SIGTERM during an in-place edit is a cancel: the child exits, its
// temporary file is gone, the archive is whole. SIGKILL leaves the
// temporary file (nothing can run), and the next run removes it.
func TestSignalsLeaveNothingBehind(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("signals")
	}
	if testing.Short() {
		t.Skip("writes 150 MB archives")
	}
	isolate(t)
	dir := t.TempDir()
	zp := filepath.Join(dir, "big.zip")
	const n = 150
	bigZip(t, zp, n)
	src := filepath.Join(dir, "new.bin")
	os.WriteFile(src, []byte("new"), 0o644)

	cmd := startReplace(t, zp, src)
	cmd.Process.Signal(syscall.SIGTERM)
	err := cmd.Wait()
	t.Logf("after SIGTERM: %v", err)
	if ws := cmd.ProcessState.Sys().(syscall.WaitStatus); ws.Signaled() {
		t.Fatalf("SIGTERM killed the child instead of cancelling it")
	}
	if left := tempFiles(dir); len(left) != 0 {
		t.Fatalf("SIGTERM left %v", left)
	}
	zipIntact(t, zp, n)

	cmd = startReplace(t, zp, src)
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	if left := tempFiles(dir); len(left) != 1 || !strings.Contains(left[0], ".packsmith-") {
		t.Fatalf("after SIGKILL: %v, want the killed run's temp file", left)
	}
	if locks, _ := filepath.Glob(filepath.Join(dir, "*"+filelock.Suffix)); len(locks) != 1 {
		t.Fatalf("after SIGKILL: lock files %v, want the killed run's", locks)
	}
	zipIntact(t, zp, n)
	// The next run in that folder removes them (its pid is dead; nobody
	// holds the lock).
	code, _, stderr, _ := runChild(t, childEnvs(t), "replace", zp, "ea/000000.bin", src)
	if code != 0 {
		t.Fatalf("next run: %s", stderr)
	}
	if left := tempFiles(dir); len(left) != 0 {
		t.Fatalf("the next run left %v", left)
	}
	if locks, _ := filepath.Glob(filepath.Join(dir, "*"+filelock.Suffix)); len(locks) != 0 {
		t.Fatalf("the next run left lock files %v", locks)
	}
	zipIntact(t, zp, n)
}
