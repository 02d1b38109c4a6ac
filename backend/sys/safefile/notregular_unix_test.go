//go:build unix

package safefile

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestCreateRefusesAPipe(t *testing.T) {
	p := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Skip("mkfifo:", err)
	}
	if _, err := Create(p); !errors.Is(err, ErrNotRegular) {
		t.Fatalf("Create over a pipe: %v", err)
	}
	if st, err := os.Lstat(p); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Fatalf("the pipe is gone: %v", err)
	}
}
