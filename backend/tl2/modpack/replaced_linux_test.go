package modpack

import (
	"context"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

// A repack holds the .MOD it replaces open through the rename
// (holdReplaced) and closes it after: the replaced file is gone from the
// process's open files soon after each pack, however many packs run.
func TestRepackClosesTheReplacedMod(t *testing.T) {
	dir, opt := xoverRepackable(t)
	out := opt.Output
	// No collection: an *os.File left open is closed by its finalizer,
	// which would hide a handle the pack forgot.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	for i := 0; i < 5; i++ {
		if _, err := Pack(context.Background(), dir, opt); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		held := heldDeleted(t, out)
		if held == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d replaced copies of %s are still open 10 s after the packs", held, out)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// heldDeleted counts this process's open files that are out, deleted.
func heldDeleted(t *testing.T, out string) int {
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skip("no /proc/self/fd")
	}
	n := 0
	for _, fd := range fds {
		if target, err := os.Readlink(filepath.Join("/proc/self/fd", fd.Name())); err == nil && strings.HasPrefix(target, out) && strings.HasSuffix(target, "(deleted)") {
			n++
		}
	}
	return n
}
