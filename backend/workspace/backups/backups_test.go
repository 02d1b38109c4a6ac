package backups

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/internal/hermetic"
)

func ls(t *testing.T, dir string) []string {
	t.Helper()
	ents, _ := os.ReadDir(dir)
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}

func TestDirIsInTheUserCache(t *testing.T) {
	cache := hermetic.OwnCache(t)
	if d := Dir(); d != filepath.Join(cache, "Packsmith", "backups") {
		t.Fatalf("Dir() = %s", d)
	}
}

// Copies are kept per original file, newest first in List, the oldest
// pruned beyond Keep; the folder the file is in gets nothing.
func TestCopyKeepsTheLastN(t *testing.T) {
	s := &Store{Dir: t.TempDir(), Keep: 3}
	work := t.TempDir()
	a := filepath.Join(work, "modlauncher.sch")
	b := filepath.Join(work, "other", "modlauncher.sch") // same name, another file
	os.MkdirAll(filepath.Dir(b), 0o755)
	for i := 1; i <= 5; i++ {
		os.WriteFile(a, []byte(fmt.Sprintf("a%d", i)), 0o644)
		if e, err := s.Copy(a, Options{Kind: KindSch, Why: "test"}); err != nil || e == nil {
			t.Fatal(e, err)
		}
	}
	os.WriteFile(b, []byte("b1"), 0o644)
	if _, err := s.Copy(b, Options{Kind: KindSch}); err != nil {
		t.Fatal(err)
	}
	list, err := s.List()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range list {
		body, _ := os.ReadFile(e.Path)
		got = append(got, string(body))
		if e.Kind != KindSch || (e.Of != a && e.Of != b) || e.Size != 2 || !strings.HasPrefix(e.ID, "modlauncher.sch-") {
			t.Errorf("entry %+v", e)
		}
	}
	if fmt.Sprint(got) != "[b1 a5 a4 a3]" {
		t.Fatalf("kept %v, want [b1 a5 a4 a3]", got)
	}
	if l := ls(t, work); fmt.Sprint(l) != "[modlauncher.sch other]" {
		t.Fatalf("the file's folder holds %v", l)
	}
	// A missing file needs no backup.
	if e, err := s.Copy(filepath.Join(work, "none"), Options{}); e != nil || err != nil {
		t.Fatal(e, err)
	}
}

func TestMoveTakesTheFileAway(t *testing.T) {
	s := &Store{Dir: t.TempDir()}
	mods := t.TempDir()
	p := filepath.Join(mods, "OLD.MOD")
	os.WriteFile(p, []byte("old mod"), 0o644)
	e, err := s.Move(p, Options{Kind: KindMod, Lock: mods})
	if err != nil {
		t.Fatal(err)
	}
	if l := ls(t, mods); len(l) != 0 {
		t.Fatalf("mods folder holds %v", l)
	}
	if b, _ := os.ReadFile(e.Path); string(b) != "old mod" || e.Lock != mods {
		t.Fatalf("moved copy %q, %+v", b, e)
	}
}

// Restore backs up what is there, writes through a temporary file, and
// leaves the backup in place; it refuses IDs that are not a backup's.
func TestRestore(t *testing.T) {
	s := &Store{Dir: t.TempDir(), Keep: 2}
	work := t.TempDir()
	p := filepath.Join(work, "modlauncher.sch")
	// Restore checks that a modlauncher.sch backup parses as one: the
	// bodies are real lists (schText names them for the checks below).
	os.WriteFile(p, schBytes(1), 0o644)
	first, _ := s.Copy(p, Options{Kind: KindSch, Lock: p})
	os.WriteFile(p, schBytes(2), 0o644)
	s.Copy(p, Options{Kind: KindSch, Lock: p})
	os.WriteFile(p, schBytes(3), 0o644)
	// Keep 2: backing up "now" would prune "first", the copy restored.
	r, err := s.Restore(context.Background(), first.ID)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); schText(b) != "first" {
		t.Fatalf("restored %q", b)
	}
	if r.Backup == nil {
		t.Fatal("the current file was not backed up")
	}
	if b, _ := os.ReadFile(r.Backup.Path); schText(b) != "now" || !strings.Contains(r.Backup.Why, first.ID) {
		t.Fatalf("backup of the current file %q %+v", b, r.Backup)
	}
	if l := ls(t, work); fmt.Sprint(l) != "[modlauncher.sch]" {
		t.Fatalf("left %v", l)
	}
	list, _ := s.List()
	var bodies []string
	for _, e := range list {
		b, _ := os.ReadFile(e.Path)
		bodies = append(bodies, schText(b))
	}
	if fmt.Sprint(bodies) != "[now first]" {
		t.Fatalf("kept %v", bodies)
	}
	for _, bad := range []string{"", "x", "../x", first.ID + ".json", strings.Split(first.ID, "/")[0] + "/../../etc", "nope/20261201-000000.000000-1.x"} {
		if _, err := s.Restore(context.Background(), bad); !errors.Is(err, ErrNoBackup) {
			t.Errorf("restore %q: %v", bad, err)
		}
	}
}
