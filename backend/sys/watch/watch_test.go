package watch

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestIsEditorTemp(t *testing.T) {
	for name, want := range map[string]bool{
		"A.DAT~": true, ".#A.DAT": true, "#A.DAT#": true, ".A.DAT.swp": true, ".A.DAT.swx": true, "4913": true,
		"x.tmp": true, ".X.MOD.packsmith-12-34.tmp": true, "~$book.xlsx": true, "._A.DAT": true, ".DS_Store": true,
		"A.DAT": false, "4914": false, "SWAP.DAT": false, "A.LAYOUT": false, "#A.DAT": false, "MOD.DAT": false,
	} {
		if got := IsEditorTemp(name); got != want {
			t.Errorf("IsEditorTemp(%q) = %v", name, got)
		}
	}
}

// A burst of writes (an editor saving through a temporary file, then
// writing again) is one change, reported once things are quiet; editor
// files and ignored paths are no change; a removal is one.
func TestNextDebouncesAndIgnores(t *testing.T) {
	for _, pollOnly := range []bool{true, false} {
		t.Run(fmt.Sprintf("pollOnly=%v", pollOnly), func(t *testing.T) { debouncesAndIgnores(t, pollOnly) })
	}
}

func debouncesAndIgnores(t *testing.T, pollOnly bool) {
	dir := t.TempDir()
	a := filepath.Join(dir, "MEDIA", "A.DAT")
	os.MkdirAll(filepath.Dir(a), 0o755)
	os.WriteFile(a, []byte("1"), 0o644)
	ignored := filepath.Join(dir, "OUT.MOD")
	w, err := New(dir, Options{Interval: 50 * time.Millisecond, Debounce: 150 * time.Millisecond, Ignore: func(p string) bool { return p == ignored }, PollOnly: pollOnly})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	go func() {
		time.Sleep(100 * time.Millisecond)
		for i := 2; i < 6; i++ {
			os.WriteFile(a+".tmp", []byte("x"), 0o644)
			os.WriteFile(a, []byte(fmt.Sprint(i*11)), 0o644)
			os.Remove(a + ".tmp")
			os.WriteFile(filepath.Join(dir, "MEDIA", ".A.DAT.swp"), []byte(fmt.Sprint(i)), 0o644)
			os.WriteFile(ignored, []byte(fmt.Sprint(i)), 0o644)
			time.Sleep(60 * time.Millisecond)
		}
	}()
	t0 := time.Now()
	ch, err := w.Next(ctx)
	if err != nil || fmt.Sprint(ch) != "[MEDIA/A.DAT]" {
		t.Fatalf("Next: %v %v", ch, err)
	}
	if d := time.Since(t0); d < 100*time.Millisecond+3*60*time.Millisecond+150*time.Millisecond {
		t.Fatalf("reported after %v, before the writes stopped and settled", d)
	}
	// Quiet: nothing until the context ends.
	short, cancel2 := context.WithTimeout(context.Background(), 400*time.Millisecond)
	defer cancel2()
	if ch, err := w.Next(short); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("quiet folder: %v %v", ch, err)
	}
	os.Remove(a)
	if ch, err := w.Next(ctx); err != nil || fmt.Sprint(ch) != "[MEDIA/A.DAT]" {
		t.Fatalf("removal: %v %v", ch, err)
	}
	// Accept: a change the caller made itself is not reported.
	b := filepath.Join(dir, "MOD.DAT")
	os.WriteFile(b, []byte("id"), 0o644)
	w.Accept("MOD.DAT")
	short3, cancel3 := context.WithTimeout(context.Background(), 400*time.Millisecond)
	defer cancel3()
	if ch, err := w.Next(short3); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("accepted change reported: %v %v", ch, err)
	}
}
