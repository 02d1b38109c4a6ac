package session

import (
	"os"
	"path/filepath"
	"testing"

	"packsmith/backend/archive"
	_ "packsmith/backend/drivers/all"
)

// A save to a file inside a folder another session shows is seen by that
// session once it reopens: Overlapping finds the folder's session (and
// one on the file itself, and none on an unrelated file), and Reopen
// lists the new size.
func TestOverlappingAndReopen(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "data")
	os.MkdirAll(sub, 0o755)
	file := filepath.Join(sub, "a.txt")
	other := filepath.Join(dir, "b.txt")
	os.WriteFile(file, []byte("one"), 0o644)
	os.WriteFile(other, []byte("two"), 0o644)
	m := NewManager(nil)
	defer m.CloseAll()
	ids := map[string]string{}
	for _, p := range []string{dir, file, other} {
		in, err := m.Open(p, archive.OpenOptions{})
		if err != nil {
			t.Fatal(err)
		}
		ids[p] = in.ID
	}
	got := m.Overlapping(ids[file], file)
	if len(got) != 1 || got[0].ID != ids[dir] {
		t.Fatalf("Overlapping(file) = %v, want the folder's session %s", sessionIDs(got), ids[dir])
	}
	if got := m.Overlapping("", sub); len(got) != 2 {
		t.Fatalf("Overlapping(the data folder) = %v, want the folder's and the file's", sessionIDs(got))
	}
	if got := m.Overlapping(ids[dir], filepath.Join(t.TempDir(), "x")); len(got) != 0 {
		t.Fatalf("an unrelated path overlaps %v", sessionIDs(got))
	}

	os.WriteFile(file, []byte("longer bytes"), 0o644)
	s, _ := m.Get(ids[dir])
	if sizeOf(t, s, "data/a.txt") != 3 {
		t.Fatal("the folder session did not list the old size first")
	}
	if err := s.Reopen(); err != nil {
		t.Fatal(err)
	}
	if n := sizeOf(t, s, "data/a.txt"); n != 12 {
		t.Fatalf("after Reopen: size %d, want 12", n)
	}
}

func sessionIDs(ss []*Session) []string {
	var out []string
	for _, s := range ss {
		out = append(out, s.ID)
	}
	return out
}

func sizeOf(t *testing.T, s *Session, p string) int64 {
	t.Helper()
	e, ok := archive.Find(s.Archive, p)
	if !ok {
		t.Fatalf("%s not listed", p)
	}
	return e.Size
}
