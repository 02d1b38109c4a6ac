package app

import (
	"os"
	"path/filepath"
	"testing"

	"packsmith/backend/archive"
	"packsmith/backend/workspace/jobs"
	"packsmith/backend/workspace/session"
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

	s := testApp(t, &events{}, nil, nil)
	info, err := openNow(s, p, "")
	if err != nil {
		t.Fatal(err)
	}
	// Two files dropped on an entry go into its folder.
	src2 := filepath.Join(dir, "two.txt")
	os.WriteFile(src2, []byte("second"), 0o644)
	r, err := s.DropFiles(info.ID, "docs/utf8.txt", "", []string{src, src2})
	if err != nil || len(r.Changes) != 2 || r.Changes[0].Path != "docs/new.txt" || r.Changes[1].Path != "docs/two.txt" {
		t.Fatalf("two files on an entry: %+v %v", r, err)
	}
	s.DiscardChanges(info.ID)
	// One file of the same type replaces the entry; an archive opens instead.
	r, err = s.DropFiles(info.ID, "README.txt", "", []string{src})
	if err != nil || len(r.Changes) != 1 || r.Changes[0].Op != "replace" {
		t.Fatalf("a .txt on a .txt: %+v %v", r, err)
	}
	mod, _ := filepath.Abs("../testdata/demo/PACKSMITH_SAMPLE.MOD")
	r, err = s.DropFiles(info.ID, "", "docs", []string{src, mod})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Changes) != 2 || r.Changes[1].Op != "add" || r.Changes[1].Path != "docs/new.txt" || !r.Caps.Rename {
		t.Fatalf("%+v", r)
	}
	if len(r.Open) != 1 || r.Open[0] != mod {
		t.Fatalf("the dropped .MOD should open: %v", r.Open)
	}
	if st, _ := s.UndoChange(info.ID, 0); len(st.Changes) != 1 {
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

func TestOpenWithSystemCopiesTheEntry(t *testing.T) {
	t.Setenv("PACKSMITH_NO_LAUNCH", "1")
	s, _, info := newService(t)
	t.Setenv("TMPDIR", t.TempDir())
	p, err := s.OpenWithSystem(info.ID, "docs/utf8.txt")
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "UTF-8 text: héllo wörld — ✓\n" || filepath.Base(p) != "utf8.txt" {
		t.Fatalf("%s: %q", p, b)
	}
	if _, err := s.ShowInFolder(info.ID, "missing.txt"); err == nil {
		t.Fatal("a missing entry was shown")
	}
	all, err := s.MatchingPaths(info.ID, session.Query{Filter: "*.txt"})
	if err != nil || len(all) != 43 {
		t.Fatalf("%d paths, %v", len(all), err)
	}
}
