package watch

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// With the poll an hour away, only the system's notifications can report
// a change: a save, a new folder with a file in it, a folder removed, and
// nothing for an editor's temporary file or an ignored path.
func TestNotificationsReportWithoutAPoll(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "MEDIA", "UNITS", "A.DAT")
	os.MkdirAll(filepath.Dir(a), 0o755)
	os.WriteFile(a, []byte("1"), 0o644)
	ignored := filepath.Join(dir, "OUT.MOD")
	w, err := New(dir, Options{Interval: time.Hour, Debounce: 50 * time.Millisecond,
		Ignore: func(p string) bool { return p == ignored }})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if !w.Notified() {
		if runtime.GOOS == "linux" || runtime.GOOS == "windows" {
			t.Fatalf("no change notifications on %s", runtime.GOOS)
		}
		t.Skipf("%s: the watcher polls alone", runtime.GOOS)
	}
	next := func(what string, do func(), want string) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		do()
		t0 := time.Now()
		ch, err := w.Next(ctx)
		if err != nil || fmt.Sprint(ch) != want {
			t.Fatalf("%s: Next = %v, %v; want %s", what, ch, err, want)
		}
		t.Logf("%s: reported in %v", what, time.Since(t0).Round(time.Millisecond))
	}
	next("save", func() { os.WriteFile(a, []byte("22"), 0o644) }, "[MEDIA/UNITS/A.DAT]")
	next("new folder", func() {
		os.MkdirAll(filepath.Join(dir, "MEDIA", "SKILLS"), 0o755)
		os.WriteFile(filepath.Join(dir, "MEDIA", "SKILLS", "B.DAT"), []byte("b"), 0o644)
	}, "[MEDIA/SKILLS/B.DAT]")
	// The new folder is watched now: a save in it is seen.
	next("save in the new folder", func() {
		os.WriteFile(filepath.Join(dir, "MEDIA", "SKILLS", "B.DAT"), []byte("bb"), 0o644)
	}, "[MEDIA/SKILLS/B.DAT]")
	next("folder removed", func() { os.RemoveAll(filepath.Join(dir, "MEDIA", "UNITS")) }, "[MEDIA/UNITS/A.DAT]")
	// Editor files and ignored paths wake the watcher but are no change.
	os.WriteFile(filepath.Join(dir, "MEDIA", "SKILLS", ".B.DAT.swp"), []byte("x"), 0o644)
	os.WriteFile(ignored, []byte("x"), 0o644)
	short, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	if ch, err := w.Next(short); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("editor file or ignored path reported: %v %v", ch, err)
	}
}

// The pending set is bounded: past maxPending paths it asks for a walk.
func TestPendingBounded(t *testing.T) {
	p := newPending()
	for i := 0; i < maxPending+10; i++ {
		p.add(fmt.Sprintf("MEDIA/%d.DAT", i), false)
	}
	paths, rescan := p.take()
	if !rescan || len(paths) != 0 {
		t.Fatalf("after %d paths: %d kept, rescan %v", maxPending+10, len(paths), rescan)
	}
	p.add(`MEDIA\UNITS\A.DAT`, false)
	if paths, rescan := p.take(); rescan || fmt.Sprint(paths) != "[MEDIA/UNITS/A.DAT]" {
		t.Fatalf("after a take: %v %v", paths, rescan)
	}
}

// Close ends the notifier's goroutine: closing many watchers leaves no
// goroutine behind.
func TestCloseEndsTheNotifier(t *testing.T) {
	dir := t.TempDir()
	before := runtime.NumGoroutine()
	for i := 0; i < 20; i++ {
		w, err := New(dir, Options{})
		if err != nil {
			t.Fatal(err)
		}
		w.Close()
	}
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Fatalf("%d goroutines left after closing 20 watchers (%d before)", n, before)
	}
}

// Woken by notifications, the watcher settles for DefaultNotifiedDebounce
// unless told otherwise: a save is reported about that long after it, not
// after the poll's 300 ms; polling alone keeps DefaultDebounce, and a
// debounce given is kept.
func TestNotifiedDebounceDefault(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "A.DAT")
	os.WriteFile(a, []byte("1"), 0o644)
	for _, c := range []struct {
		o    Options
		want time.Duration
	}{
		{Options{Interval: time.Hour}, DefaultNotifiedDebounce},
		{Options{Interval: time.Hour, PollOnly: true}, DefaultDebounce},
		{Options{Interval: time.Hour, Debounce: 200 * time.Millisecond}, 200 * time.Millisecond},
	} {
		w, err := New(dir, c.o)
		if err != nil {
			t.Fatal(err)
		}
		want := c.want
		if !w.Notified() && !c.o.PollOnly && c.o.Debounce == 0 {
			want = DefaultDebounce // no notifications on this system
		}
		if w.opt.Debounce != want {
			t.Errorf("%+v: debounce %v, want %v", c.o, w.opt.Debounce, want)
		}
		if w.Notified() && c.o.Debounce == 0 {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			os.WriteFile(a, []byte(fmt.Sprint(time.Now().UnixNano())), 0o644)
			t0 := time.Now()
			ch, err := w.Next(ctx)
			cancel()
			if err != nil || len(ch) != 1 {
				t.Fatalf("Next = %v, %v", ch, err)
			}
			t.Logf("a save reported in %v", time.Since(t0).Round(time.Millisecond))
		}
		w.Close()
	}
}
