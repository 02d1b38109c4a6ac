package modpack

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"packsmith/backend/sys/watch"
)

// Issue 30: a symbolic link loop made in the mod folder while it is
// watched is one change, one pack; the polls after it (hundreds here, at
// 2 ms) pack nothing more. Before, the watcher's scan and its settling
// stat disagreed on links and every poll was a change: a pack a second.
func TestWatchLinkLoopPacksOnce(t *testing.T) {
	if runtime.GOOS == "windows" {
		// Under wine a Unix link reads as a plain file on the Windows side,
		// and on Windows a link needs a privilege: the bug this guards (a
		// link changing on every poll) was the Unix side's.
		t.Skip("links are tested where they are the Unix kind")
	}
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "MEDIA", "UNITS"), 0o755)
	os.WriteFile(filepath.Join(dir, "MOD.DAT"), []byte("[MOD]\r\n\t<STRING>NAME:Links\r\n[/MOD]\r\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "MEDIA", "UNITS", "A.DAT"), []byte("[UNIT]\r\n\t<STRING>NAME:A\r\n\t<INTEGER>LEVEL:1\r\n[/UNIT]\r\n"), 0o644)
	ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
	defer cancel()
	packs, failed := 0, 0
	var changes [][]string
	err := Watch(ctx, dir, Options{Incremental: true}, watch.Options{Interval: 2 * time.Millisecond, Debounce: 2 * time.Millisecond},
		func(res *Result, err error, changed []string) {
			packs++
			if err != nil {
				failed++
			}
			changes = append(changes, changed)
			if packs == 1 {
				if err := os.Symlink("loop", filepath.Join(dir, "MEDIA", "loop")); err != nil {
					if runtime.GOOS == "windows" {
						t.Skip("symbolic links need a privilege here:", err)
					}
					t.Error(err)
				}
			}
		})
	if err != nil {
		t.Fatal(err)
	}
	if packs != 2 {
		t.Fatalf("%d packs (%d failed), want 2 (the first, the link made): changes %v", packs, failed, changes)
	}
}

// The issue's own case: the loop is there before the watch starts; the
// watch packs once and never again.
func TestWatchOverLinkLoopPacksOnce(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "MEDIA", "UNITS"), 0o755)
	os.WriteFile(filepath.Join(dir, "MOD.DAT"), []byte("[MOD]\r\n\t<STRING>NAME:Links\r\n[/MOD]\r\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "MEDIA", "UNITS", "A.DAT"), []byte("[UNIT]\r\n\t<STRING>NAME:A\r\n[/UNIT]\r\n"), 0o644)
	if err := os.Symlink("loop", filepath.Join(dir, "MEDIA", "loop")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if err := os.Symlink(dir, filepath.Join(dir, "MEDIA", "up")); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	packs := 0
	err := Watch(ctx, dir, Options{Incremental: true}, watch.Options{Interval: 2 * time.Millisecond, Debounce: 2 * time.Millisecond},
		func(*Result, error, []string) { packs++ })
	if err != nil || packs != 1 {
		t.Fatalf("%d packs (%v), want 1", packs, err)
	}
}
