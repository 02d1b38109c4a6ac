package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/workspace/jobs"
	"packsmith/backend/workspace/session"
)

// The window asks before replacing files: ExtractExisting names them, a
// plain Extract refuses them, ExtractReplacing overwrites them.
func TestExtractAsksBeforeReplacing(t *testing.T) {
	s, _, info := newService(t)
	dir := t.TempDir()
	target := ExtractTarget{Paths: []string{"levels/level_07.txt", "levels/level_08.txt"}}
	ex, err := s.ExtractExisting(info.ID, target, dir)
	if err != nil || len(ex) != 0 {
		t.Fatalf("empty folder: %v %v", ex, err)
	}
	os.MkdirAll(filepath.Join(dir, "levels"), 0o755)
	os.WriteFile(filepath.Join(dir, "levels", "level_07.txt"), []byte("mine"), 0o644)
	ex, err = s.ExtractExisting(info.ID, target, dir)
	if err != nil || strings.Join(ex, ",") != "levels/level_07.txt" {
		t.Fatalf("existing: %v %v", ex, err)
	}
	filtered := ExtractTarget{Filtered: true, Query: session.Query{Filter: "level_07"}}
	if ex, err := s.ExtractExisting(info.ID, filtered, dir); err != nil || len(ex) != 1 {
		t.Fatalf("filtered: %v %v", ex, err)
	}
	id, _ := s.Extract(info.ID, target.Paths, dir)
	if st, _ := s.Jobs.Wait(id); st.State != jobs.Failed || !strings.Contains(st.Error, "already exists") {
		t.Fatalf("plain extract: %s %s", st.State, st.Error)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "levels", "level_07.txt")); string(b) != "mine" {
		t.Fatalf("overwritten without asking: %q", b)
	}
	id, err = s.ExtractReplacing(info.ID, target, dir)
	if err != nil {
		t.Fatal(err)
	}
	if st, _ := s.Jobs.Wait(id); st.State != jobs.Done {
		t.Fatalf("replacing: %s %s", st.State, st.Error)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "levels", "level_07.txt")); string(b) != "level 7\nmonsters: 21\n" {
		t.Fatalf("not replaced: %q", b)
	}
}
