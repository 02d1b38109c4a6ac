package mergepatch

// Boundary cases go-gremlins found no test reaching (make mutate,
// backend/tl2/mergepatch: "not covered"): each asserts the outcome a
// mutant of that line would change. Two stay unreached, on purpose:
// read.go's check of what was read against the limit when the size said
// less (a DATA.PAK whose manifest lies about an entry's size: the size
// check before it catches every honest file), and SaveWinners' error from
// json.MarshalIndent (a map of strings always encodes).

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/tl2/loadorder/loadordertest"
	"packsmith/internal/mergetest"
)

// A conflict names a mod by its title, with its id when two mods share
// the title or it has none (mergepatch.go titles).
func TestTitlesTable(t *testing.T) {
	for _, c := range []struct {
		srcs []Source
		want string
	}{
		{[]Source{{Title: "A", ID: 1}, {Title: "B", ID: 2}}, "A|B"},
		{[]Source{{Title: "A", ID: 1}, {Title: "A", ID: -2}}, "A (1)|A (-2)"},
		{[]Source{{Title: "", ID: 7}, {Title: "B", ID: 2}}, " (7)|B"},
		{[]Source{{Title: "A", ID: 10}, {Title: "B", ID: 2}, {Title: "A", ID: 123456789012}}, "A (10)|B|A (123456789012)"},
	} {
		if got := strings.Join(titles(c.srcs), "|"); got != c.want {
			t.Errorf("titles(%+v) = %q, want %q", c.srcs, got, c.want)
		}
	}
}

// The refusal lists at most 8 skipped files and counts the rest.
func TestNothingMergedListsEight(t *testing.T) {
	for _, n := range []int{8, 9, 12} {
		rep := &Report{Shared: n}
		for i := range n {
			rep.Skipped = append(rep.Skipped, Skipped{Path: fmt.Sprintf("F%d", i), Reason: "bad"})
		}
		msg := nothingMerged(rep).Error()
		listed := strings.Count(msg, ": bad")
		more := fmt.Sprintf("and %d more", n-8)
		if listed != 8 || (n > 8) != strings.HasSuffix(msg, "; "+more) || !strings.HasPrefix(msg, fmt.Sprintf("none of the %d text sources", n)) {
			t.Errorf("%d skipped: %q (%d listed)", n, msg, listed)
		}
	}
}

// The game's copy over the limit is refused by its size before reading
// and by what was read when the size lies; the message gives the budget
// (the limit × treeFactor) in MB. At the limit it reads.
func TestBaseReadLimit(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "X.DAT")
	os.WriteFile(p, make([]byte, 1<<20), 0o644)
	b := &base{index: map[string]string{"MEDIA/X.DAT": p}}
	if data, ok, err := b.read("MEDIA/X.DAT", 1<<20); err != nil || !ok || len(data) != 1<<20 {
		t.Fatalf("at the limit: %d bytes, %v, %v", len(data), ok, err)
	}
	_, ok, err := b.read("MEDIA/X.DAT", 1<<20-1)
	want := fmt.Sprintf("%d bytes: over the memory limit of %d MB", 1<<20, (1<<20-1)*treeFactor>>20)
	if !errors.Is(err, errBaseTooLarge) || ok || err.Error() != want {
		t.Fatalf("over the limit: %v (ok %v), want %q", err, ok, want)
	}
	if _, ok, err := b.read("MEDIA/Y.DAT", 10); ok || err != nil {
		t.Fatalf("absent: %v %v", ok, err)
	}
	// A compiled copy stands for its source.
	b.index = map[string]string{"MEDIA/X.DAT.BINDAT": p}
	if _, ok, err := b.read("MEDIA/X.DAT", 1<<20); !ok || err != nil {
		t.Fatalf("compiled copy: %v %v", ok, err)
	}
}

// No winners file is no choices; a damaged one is an error naming it; a
// file without the map is an empty map, never nil (the window adds to it).
func TestLoadWinnersEdges(t *testing.T) {
	user := t.TempDir()
	if w, err := LoadWinners(user); err != nil || w == nil || len(w) != 0 {
		t.Fatalf("none: %v %v", w, err)
	}
	p := filepath.Join(user, WinnersFile)
	os.WriteFile(p, []byte("{"), 0o644)
	if _, err := LoadWinners(user); err == nil || !strings.HasPrefix(err.Error(), p+": ") {
		t.Fatalf("damaged: %v", err)
	}
	os.WriteFile(p, []byte(`{"winners": null}`), 0o644)
	if w, err := LoadWinners(user); err != nil || w == nil {
		t.Fatalf("null map: %v %v", w, err)
	}
	os.Remove(p)
	os.Mkdir(p, 0o755) // unreadable as a file
	if _, err := LoadWinners(user); err == nil {
		t.Fatal("a folder named like the winners file read as no choices")
	}
	if err := SaveWinners(t.TempDir(), map[string]string{"k": "Mod A"}); err != nil {
		t.Fatal(err)
	}
}

// --game that is no install, or whose DATA.PAK does not read, is
// refused by name.
func TestGameDirRefused(t *testing.T) {
	dir := t.TempDir()
	_, err := openBase(Options{GameDir: dir})
	if err == nil || !strings.HasPrefix(err.Error(), "--game "+dir+": ") {
		t.Fatalf("no install: %v", err)
	}
	os.MkdirAll(filepath.Join(dir, "PAKS"), 0o755)
	os.WriteFile(filepath.Join(dir, "PAKS", "DATA.PAK"), []byte("not a pak"), 0o644)
	os.WriteFile(filepath.Join(dir, "PAKS", "DATA.PAK.MAN"), []byte("not a manifest"), 0o644)
	b, err := openBase(Options{GameDir: dir})
	if err == nil || !strings.HasPrefix(err.Error(), "--game "+dir+": ") {
		if b != nil {
			b.close()
		}
		t.Fatalf("damaged DATA.PAK: %v", err)
	}
}

// The state Publish reports says why the deployed patch is stale once
// the load order changed under it, and a user folder whose load order
// does not open gives the zero State.
func TestPatchStateStale(t *testing.T) {
	user, base := mergetest.Setup(t)
	rep, err := Publish(context.Background(), Options{UserDir: user, BaseDir: base}, Target{Deploy: true, Enable: true})
	if err != nil || rep.Patch.Stale != "" {
		t.Fatalf("fresh patch: %v, %+v", err, rep)
	}
	if err := loadordertest.WriteSch(filepath.Join(user, "modlauncher.sch"), []int64{PatchID, mergetest.IDB, mergetest.IDA}); err != nil {
		t.Fatal(err)
	}
	s := PatchState(context.Background(), user, "")
	if !s.Enabled || s.Deployed == "" || !strings.Contains(s.Stale, "the load order changed since it was built") {
		t.Fatalf("after a reorder: %+v", s)
	}
	if s := PatchState(context.Background(), filepath.Join(user, "none"), filepath.Join(user, "none", "mods")); s != (State{}) {
		t.Fatalf("no load order: %+v", s)
	}
}
