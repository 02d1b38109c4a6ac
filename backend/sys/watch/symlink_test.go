package watch

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"testing"
	"time"
)

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		if runtime.GOOS == "windows" {
			t.Skip("symbolic links need a privilege here:", err)
		}
		t.Fatal(err)
	}
}

// quiet drives polls with no waiting to speak of until at least n walks
// were made, and fails on any change reported.
func quiet(t *testing.T, w *Watcher, n int) {
	t.Helper()
	start := w.scansSeen()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		for w.scansSeen() < start+n {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	if ch, err := w.Next(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("no edit, yet Next reported %v %v (after %d walks)", ch, err, w.scansSeen()-start)
	}
}

// nextUntil gathers what successive Next calls report until n distinct
// names are seen (sorted), or an error.
func nextUntil(ctx context.Context, w *Watcher, n int) ([]string, error) {
	seen := map[string]bool{}
	for len(seen) < n {
		ch, err := w.Next(ctx)
		if err != nil {
			return nil, err
		}
		for _, c := range ch {
			seen[c] = true
		}
	}
	out := make([]string, 0, len(seen))
	for c := range seen {
		out = append(out, c)
	}
	sort.Strings(out)
	return out, nil
}

// Links of every sort, made after the watch began, are one change; then
// a hundred polls see none (the issue: a link loop was a change on every
// poll). A link re-pointed, and the file a link names saved, are changes.
func TestLinksAreNoChangeOnEveryPoll(t *testing.T) {
	if runtime.GOOS == "windows" {
		// Under wine a Unix link reads as a plain file on the Windows side,
		// and on Windows a link needs a privilege: the bug this guards (a
		// link changing on every poll) was the Unix side's.
		t.Skip("links are tested where they are the Unix kind")
	}
	dir := t.TempDir()
	outside := t.TempDir()
	a := filepath.Join(dir, "A.DAT")
	os.WriteFile(a, []byte("1"), 0o644)
	ext := filepath.Join(outside, "B.DAT")
	os.WriteFile(ext, []byte("b"), 0o644)
	w, err := New(dir, Options{Interval: time.Millisecond, Debounce: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	symlink(t, "loop", filepath.Join(dir, "loop"))        // a loop
	symlink(t, "missing", filepath.Join(dir, "dangling")) // nothing
	symlink(t, ".", filepath.Join(dir, "self"))           // its own folder
	symlink(t, ext, filepath.Join(dir, "B.DAT"))          // a file outside
	symlink(t, outside, filepath.Join(dir, "OUT"))        // a folder outside
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// Five links are five calls: on a busy machine a poll can fall between
	// two of them, so the changes are gathered until all five are seen.
	if ch, err := nextUntil(ctx, w, 5); err != nil || fmt.Sprint(ch) != "[B.DAT OUT dangling loop self]" {
		t.Fatalf("links made: %v %v", ch, err)
	}
	quiet(t, w, 100)

	os.Remove(filepath.Join(dir, "dangling"))
	symlink(t, "A.DAT", filepath.Join(dir, "dangling"))
	if ch, err := w.Next(ctx); err != nil || fmt.Sprint(ch) != "[dangling]" {
		t.Fatalf("link re-pointed: %v %v", ch, err)
	}
	os.WriteFile(ext, []byte("saved"), 0o644)
	if ch, err := w.Next(ctx); err != nil || fmt.Sprint(ch) != "[B.DAT]" {
		t.Fatalf("linked file saved: %v %v", ch, err)
	}
	quiet(t, w, 100)
}
