package app

import (
	"os"
	"path/filepath"
	"testing"

	"packsmith/backend/archive"
	"packsmith/backend/jobs"
)

func TestSaveChangesJob(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	t.Setenv("TMPDIR", t.TempDir())
	dir := t.TempDir()
	b, _ := os.ReadFile("../testdata/demo/demo.zip")
	p := filepath.Join(dir, "demo.zip")
	os.WriteFile(p, b, 0o644)
	src := filepath.Join(dir, "new.txt")
	os.WriteFile(src, []byte("dropped"), 0o644)

	s := NewService(&events{}, nil, nil)
	info, err := s.Open(p, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.DropFiles(info.ID, "README.txt", "", []string{src, src}); err == nil {
		t.Fatal("two files dropped on one entry were taken")
	}
	if _, err := s.DropFiles(info.ID, "README.txt", "", []string{src}); err != nil {
		t.Fatal(err)
	}
	st, err := s.DropFiles(info.ID, "", "docs", []string{src})
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Changes) != 2 || st.Changes[1].Op != "add" || st.Changes[1].Path != "docs/new.txt" || !st.Caps.Rename {
		t.Fatalf("%+v", st)
	}
	if st, _ = s.UndoChange(info.ID, 0); len(st.Changes) != 1 {
		t.Fatalf("undo: %+v", st.Changes)
	}
	id, err := s.SaveChanges(info.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	fin, _ := s.Jobs.Wait(id)
	if fin.State != jobs.Done {
		t.Fatalf("save job: %+v", fin)
	}
	res := fin.Result.(SavedArchive)
	if !res.Save.OK || res.Info.Entries != info.Entries {
		t.Fatalf("%+v", res)
	}
	a, err := archive.Open(p, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	e, _ := archive.Find(a, "README.txt")
	if e.Size != 7 {
		t.Fatalf("saved README.txt is %d bytes", e.Size)
	}
	if st, _ := s.Changes(info.ID); len(st.Changes) != 0 {
		t.Fatal("changes still pending after the save")
	}
	if _, err := s.SaveChanges(info.ID, ""); err == nil {
		t.Fatal("a save with nothing pending started")
	}
}
