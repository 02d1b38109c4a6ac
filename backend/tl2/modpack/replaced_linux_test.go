package modpack

import (
	"context"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"packsmith/formats/tl2/dattext"
)

// A repack holds the .MOD it replaces open through the rename
// (holdReplaced) and closes it after: the replaced file is gone from the
// process's open files soon after each pack, however many packs run.
func TestRepackClosesTheReplacedMod(t *testing.T) {
	dir, _ := xoverSources(t)
	os.WriteFile(filepath.Join(dir, "mod.dat"), dattext.EncodeText("[MOD]\r\n\t<STRING>NAME:XOVER\r\n\t<INTEGER64>MOD_ID:77\r\n[/MOD]\r\n", dattext.UTF16LEBOM), 0o644)
	backdate(dir)
	out := filepath.Join(t.TempDir(), "X.MOD")
	opt := Options{Output: out, Incremental: true, GameVersion: "1.25.5.6"}
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
