package filelock

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// cacheHome points os.UserCacheDir at a folder of the test's own and
// returns it: XDG_CACHE_HOME on Linux, LOCALAPPDATA on Windows.
func cacheHome(t *testing.T) string {
	d := t.TempDir()
	switch runtime.GOOS {
	case "windows":
		t.Setenv("LOCALAPPDATA", d)
	case "darwin", "ios":
		t.Setenv("HOME", d)
		d = filepath.Join(d, "Library", "Caches")
	default:
		t.Setenv("XDG_CACHE_HOME", d)
	}
	return d
}

func TestExcludesAndWaits(t *testing.T) {
	cache := cacheHome(t)
	target := filepath.Join(t.TempDir(), "a.zip")
	l1, err := Acquire(context.Background(), target, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	// Another spelling of the same file shares the lock.
	other := filepath.Join(filepath.Dir(target), ".", "a.zip")
	_, err = Acquire(context.Background(), other, 100*time.Millisecond)
	if !errors.Is(err, ErrBusy) || !strings.Contains(err.Error(), "in use by another Packsmith") {
		t.Fatalf("second lock: %v", err)
	}
	// A lock in the cache folder, not beside the target.
	if ents, _ := os.ReadDir(filepath.Dir(target)); len(ents) != 0 {
		t.Fatalf("files beside the target: %v", ents)
	}
	if !strings.HasPrefix(Dir(), cache) {
		t.Fatalf("Dir() = %s", Dir())
	}
	var got time.Time
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		l2, err := Acquire(context.Background(), target, 5*time.Second)
		if err != nil {
			t.Error(err)
			return
		}
		got = time.Now()
		l2.Unlock()
	}()
	time.Sleep(150 * time.Millisecond)
	released := time.Now()
	l1.Unlock()
	l1.Unlock() // twice is fine
	wg.Wait()
	if got.Before(released) {
		t.Fatal("the waiter got the lock while it was held")
	}
	// A different file is not blocked.
	l3, err := Acquire(context.Background(), target+".other", 100*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	l3.Unlock()
	ctx, cancel := context.WithCancel(context.Background())
	l4, _ := Acquire(context.Background(), target, time.Second)
	cancel()
	if _, err := Acquire(ctx, target, time.Second); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled wait: %v", err)
	}
	l4.Unlock()
}
