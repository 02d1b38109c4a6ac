package modunpack

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"

	"packsmith/backend/tl2/loadorder/loadordertest"
)

// While unpacks run, another goroutine keeps swapping DIR/MEDIA for a
// symlink to a folder outside DIR (with the entries' folders ready there)
// and back: whatever each unpack does, no file lands outside DIR.
func TestUnpackSymlinkSwapStaysInside(t *testing.T) {
	var names []string
	for i := range 120 {
		names = append(names, fmt.Sprintf("MEDIA/D%d/F%03d.BIN", i%4, i))
	}
	modPath := filepath.Join(t.TempDir(), "R.MOD")
	if err := loadordertest.WriteMod(modPath, loadordertest.Spec{Title: "R", ID: 5, Files: names}); err != nil {
		t.Fatal(err)
	}
	probe := t.TempDir()
	if err := os.Symlink(probe, filepath.Join(probe, "link")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	const trials = 20
	outsideFiles, failed := 0, 0
	for range trials {
		dir := filepath.Join(t.TempDir(), "out")
		outside := t.TempDir()
		for d := range 4 {
			os.MkdirAll(filepath.Join(outside, fmt.Sprint("D", d)), 0o755)
		}
		os.MkdirAll(dir, 0o755)
		var stop atomic.Bool
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			media, aside := filepath.Join(dir, "MEDIA"), filepath.Join(dir, "MEDIA.real")
			for !stop.Load() {
				if os.Rename(media, aside) == nil {
					os.Symlink(outside, media)
					os.Remove(media)
					os.Rename(aside, media)
				} else {
					os.Symlink(outside, media)
					os.Remove(media)
				}
			}
		}()
		_, err := Unpack(context.Background(), modPath, dir, Options{Overwrite: true})
		stop.Store(true)
		wg.Wait()
		if err != nil {
			if failed == 0 {
				t.Logf("first failure: %v", err)
			}
			failed++
		}
		filepath.Walk(outside, func(p string, info os.FileInfo, err error) error {
			if err == nil && !info.IsDir() {
				outsideFiles++
			}
			return nil
		})
	}
	t.Logf("%d trials: %d unpacks failed, %d files written outside the folder", trials, failed, outsideFiles)
	if outsideFiles != 0 {
		t.Fatalf("%d files written outside the folder", outsideFiles)
	}
}
