package modpack

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A touch (a new time, the same bytes) starts no pack; an edit after it
// does, with only the edited file changed. pack --watch repacked after
// every touch.
func TestWatchIgnoresTouch(t *testing.T) {
	dir, rels := sessionMod(t, 6)
	out := filepath.Join(t.TempDir(), "OUT.MOD")
	ch, stop := startWatch(dir, out)
	defer stop()
	if p := <-ch; p.err != nil {
		t.Fatal(p.err)
	}
	now := time.Now()
	if err := os.Chtimes(filepath.Join(dir, filepath.FromSlash(rels[2])), now, now); err != nil {
		t.Fatal(err)
	}
	select {
	case p := <-ch:
		t.Fatalf("a touch of %s started a pack (changed %v)", rels[2], p.changed)
	case <-time.After(1500 * time.Millisecond):
	}
	edit(t, dir, rels[3], "E_")
	select {
	case p := <-ch:
		if p.err != nil || len(p.changed) != 1 || p.changed[0] != rels[3] {
			t.Fatalf("after an edit: %v, changed %v", p.err, p.changed)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("an edit started no pack")
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
}
