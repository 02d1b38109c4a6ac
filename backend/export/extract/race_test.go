package extract

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"

	"packsmith/backend/drivers/drivertest"
)

// While extracts run, another goroutine keeps swapping target/MEDIA for a
// symlink to a folder outside the target and back. Whatever each extract
// does (it may fail), no file may land outside the target (issue 22:
// 134-226 files outside in 5 of 30 trials, twice with exit 0).
func TestSymlinkSwapRaceStaysInside(t *testing.T) {
	files := map[string][]byte{}
	for i := range 200 {
		files[fmt.Sprintf("MEDIA/D%d/F%03d.TXT", i%4, i)] = []byte(fmt.Sprint("entry ", i))
	}
	a := drivertest.NewMem("race.zip", files)
	probe := t.TempDir()
	symlink(t, probe, filepath.Join(probe, "probe-link"))
	const trials = 30
	outsideFiles, failed := 0, 0
	for range trials {
		target := filepath.Join(t.TempDir(), "target")
		outside := t.TempDir()
		for d := range 4 { // the folders the entries go in, ready outside
			os.MkdirAll(filepath.Join(outside, fmt.Sprint("D", d)), 0o755)
		}
		os.MkdirAll(target, 0o755)
		var stop atomic.Bool
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			media := filepath.Join(target, "MEDIA")
			aside := filepath.Join(target, "MEDIA.real")
			for !stop.Load() {
				// Put the real folder aside and a link in its place, then back.
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
		_, err := Extract(context.Background(), a, target, nil, nil, Options{Workers: 2})
		stop.Store(true)
		wg.Wait()
		if err != nil {
			failed++
		}
		filepath.Walk(outside, func(p string, info os.FileInfo, err error) error {
			if err == nil && !info.IsDir() {
				outsideFiles++
			}
			return nil
		})
	}
	t.Logf("%d trials: %d extracts failed, %d files written outside the target", trials, failed, outsideFiles)
	if outsideFiles != 0 {
		t.Fatalf("%d files written outside the target", outsideFiles)
	}
}
