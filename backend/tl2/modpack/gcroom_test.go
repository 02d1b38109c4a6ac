package modpack

import (
	"context"
	"path/filepath"
	"runtime/debug"
	"testing"
)

// gcPercent reads GOGC's current setting (SetGCPercent is the only way).
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// Packs at once share the repack's GOGC: the setting goes back when the
// last one ends, a second call of a restore does nothing, and a GOGC the
// user set is left alone. A pack, full or not, ends with the setting it
// found.
func TestRoomyGCSharedAndRestored(t *testing.T) {
	t.Setenv("GOGC", "")
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	a, b := roomyGC(), roomyGC()
	if got := gcPercent(); got != repackGCPercent {
		t.Fatalf("during two packs GOGC is %d, want %d", got, repackGCPercent)
	}
	a()
	a()
	if got := gcPercent(); got != repackGCPercent {
		t.Fatalf("one of two packs ended (its restore called twice): GOGC is %d, want %d", got, repackGCPercent)
	}
	b()
	if got := gcPercent(); got != 100 {
		t.Fatalf("both packs ended: GOGC is %d, want 100", got)
	}

	t.Setenv("GOGC", "50")
	debug.SetGCPercent(50)
	c := roomyGC()
	if got := gcPercent(); got != 50 {
		t.Fatalf("with GOGC=50 in the environment a pack set %d", got)
	}
	c()

	t.Setenv("GOGC", "")
	debug.SetGCPercent(100)
	dir := makeMod(t, simpleModDat, map[string]string{"MEDIA/UNITS/ITEMS/A.DAT": "[UNIT]\n<STRING>NAME:A\n[/UNIT]\n"})
	backdate(dir)
	opt := Options{Output: filepath.Join(t.TempDir(), "G.MOD"), Incremental: true}
	for _, what := range []string{"the first (full) pack", "a repack"} {
		res, err := Pack(context.Background(), dir, opt)
		if err != nil {
			t.Fatal(err)
		}
		if what == "a repack" && res.Reused == 0 {
			t.Fatal("the repack reused nothing")
		}
		if got := gcPercent(); got != 100 {
			t.Fatalf("after %s (reused %d) GOGC is %d, want 100", what, res.Reused, got)
		}
	}
}
