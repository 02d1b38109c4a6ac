package backups

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Pruning removes only copies the store made (a record beside them): a
// *.modlauncher.sch with a copy's name but no record, put in the slot by
// hand, stays; a slot that is a symbolic link to a user's folder is
// neither written into nor pruned. Pruning deleted both.
func TestPruneOnlyRecordedCopies(t *testing.T) {
	s := &Store{Dir: t.TempDir(), Keep: 2}
	work := t.TempDir()
	sch := filepath.Join(work, "modlauncher.sch")
	os.WriteFile(sch, []byte("sch"), 0o644)
	slot := filepath.Join(s.Dir, slotOf(absPath(sch)))
	os.MkdirAll(slot, 0o755)
	hand := []string{"20200101-000000.000000-1.modlauncher.sch", "20200101-000000.000001-1.modlauncher.sch", "20200101-000000.000002-1.modlauncher.sch"}
	for _, n := range hand {
		os.WriteFile(filepath.Join(slot, n), []byte("the user's own"), 0o644)
	}
	for range 4 {
		if _, err := s.Copy(sch, Options{Kind: KindSch}); err != nil {
			t.Fatal(err)
		}
	}
	for _, n := range hand {
		if _, err := os.Stat(filepath.Join(slot, n)); err != nil {
			t.Errorf("%s, unrecorded, was pruned", n)
		}
	}
	if list, _ := s.List(); len(list) != 2 {
		t.Errorf("%d recorded copies kept, want 2", len(list))
	}

	// A slot that is a symbolic link to a folder of the user's.
	user := t.TempDir()
	for _, n := range hand {
		os.WriteFile(filepath.Join(user, n), []byte("the user's own"), 0o644)
		os.WriteFile(filepath.Join(user, n)+".json", []byte("{}"), 0o644)
	}
	other := filepath.Join(work, "x", "modlauncher.sch")
	os.MkdirAll(filepath.Dir(other), 0o755)
	os.WriteFile(other, []byte("sch"), 0o644)
	link := filepath.Join(s.Dir, slotOf(absPath(other)))
	if err := os.Symlink(user, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if _, err := os.Lstat(link); err != nil {
		// wine 8's CreateSymbolicLinkW is a stub that reports success
		// and makes nothing: the slot would be a real folder made by Copy.
		// (On Windows a directory symlink or junction is a name-surrogate
		// reparse point, which os.Lstat reports without ModeDir.)
		t.Skip("os.Symlink made no link here:", err)
	}
	if _, err := s.Copy(other, Options{Kind: KindSch}); err == nil {
		t.Error("a copy was made through a symbolic-link slot")
	}
	s.prune(link, "")
	if err := s.PruneAll(); err != nil {
		t.Fatal(err)
	}
	ents, _ := os.ReadDir(user)
	if len(ents) != 2*len(hand) {
		t.Errorf("the linked folder holds %d files, want %d", len(ents), 2*len(hand))
	}
}

// A record whose "why" was edited by hand no longer matches its seal:
// List marks it Unsealed (it was listed like any other), and the
// untouched one is not marked.
func TestListMarksEditedRecord(t *testing.T) {
	s := &Store{Dir: t.TempDir(), KeyFile: filepath.Join(t.TempDir(), "k")}
	f := filepath.Join(t.TempDir(), "A.MOD")
	os.WriteFile(f, []byte("x"), 0o644)
	a, err := s.Copy(f, Options{Why: "before an edit"})
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(f, []byte("y"), 0o644)
	if _, err := s.Copy(f, Options{Why: "kept"}); err != nil {
		t.Fatal(err)
	}
	rec, _ := os.ReadFile(a.Path + ".json")
	edited := strings.Replace(string(rec), "before an edit", "SAFE: restore me", 1)
	if edited == string(rec) {
		t.Fatal("no why in the record")
	}
	os.WriteFile(a.Path+".json", []byte(edited), 0o644)
	list, err := s.List()
	if err != nil || len(list) != 2 {
		t.Fatal(list, err)
	}
	for _, e := range list {
		if e.Unsealed != (e.Why == "SAFE: restore me") {
			t.Errorf("%s (why %q): unsealed %v", e.ID, e.Why, e.Unsealed)
		}
	}
}
