package app

import (
	"os"
	"path/filepath"
	"testing"
)

// The bound views show a pending change as what the save will store, as
// the /api/ answers do: a replaced text entry's text view is the new text
// before anything is written.
func TestViewsShowPendingChanges(t *testing.T) {
	s, _, info := newService(t)
	f := filepath.Join(t.TempDir(), "new.txt")
	os.WriteFile(f, []byte("the pending text\n"), 0o644)
	if _, err := s.ReplaceEntry(info.ID, "README.txt", f); err != nil {
		t.Fatal(err)
	}
	txt, err := s.TextView(info.ID, "README.txt")
	if err != nil || txt.Text != "the pending text\n" {
		t.Fatalf("text view of the pending change: %q %v", txt.Text, err)
	}
	if _, err := s.DiscardChanges(info.ID); err != nil {
		t.Fatal(err)
	}
	if txt, _ := s.TextView(info.ID, "README.txt"); txt.Text == "the pending text\n" {
		t.Fatal("the discarded change still shows")
	}
}
