package backups

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"packsmith/internal/savetest"
)

// A character save's backup restores byte for byte; a "save" record whose
// copy is not a save, or that goes back to another kind of file, is refused.
func TestSaveKind(t *testing.T) {
	s := &Store{Dir: t.TempDir()}
	dir := t.TempDir()
	p := filepath.Join(dir, "HERO_{AB}.SVB")
	old := savetest.File(savetest.Character("Hero", 0x44))
	if err := os.WriteFile(p, old, 0o644); err != nil {
		t.Fatal(err)
	}
	e, err := s.Copy(p, Options{Kind: KindSave, Lock: p})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("moved"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Restore(context.Background(), e.ID); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(p); !bytes.Equal(got, old) {
		t.Fatal("not the old bytes")
	}
	notSave := filepath.Join(dir, "FAKE.SVB")
	os.WriteFile(notSave, []byte("not a save, long enough"), 0o644)
	other := filepath.Join(dir, "notes.txt")
	os.WriteFile(other, old, 0o644)
	for _, f := range []string{notSave, other} {
		e, err := s.Copy(f, Options{Kind: KindSave})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Restore(context.Background(), e.ID); !errors.Is(err, ErrUntrusted) {
			t.Errorf("%s: %v", filepath.Base(f), err)
		}
	}
}
