package app

import (
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"packsmith/backend/workspace/jobs"
	"packsmith/backend/workspace/session"
)

// refreshEvents records the sessions-refreshed events.
type refreshEvents struct {
	events
	mu  sync.Mutex
	got [][]string
}

func (e *refreshEvents) Emit(name string, data any) {
	if name == SessionsRefreshed {
		e.mu.Lock()
		e.got = append(e.got, data.([]string))
		e.mu.Unlock()
		return
	}
	e.events.Emit(name, data)
}

// A folder tab shows the sizes and bytes a save from another tab wrote
// (issue 46: a game-folder tab kept the old size and hex of a file saved
// in another tab): the save reads the folder's session again and names it
// in the sessions-refreshed event; a tab with pending changes of its own
// is left alone.
func TestSaveRefreshesTheFolderTab(t *testing.T) {
	dir := t.TempDir()
	zip := filepath.Join(dir, "demo.zip")
	b, err := os.ReadFile("../testdata/demo/demo.zip")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(zip, b, 0o644)
	src := filepath.Join(dir, "new.txt")
	os.WriteFile(src, []byte("a much longer README than before, to change the zip's size"), 0o644)

	ev := &refreshEvents{}
	s := testApp(t, ev, nil, nil)
	folder, err := openNow(s, dir, "")
	if err != nil {
		t.Fatal(err)
	}
	busy, err := openNow(s, zip, "") // a second tab on the zip, with a change of its own
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ReplaceEntry(busy.ID, "docs/utf8.txt", src); err != nil {
		t.Fatal(err)
	}
	tab, err := openNow(s, zip, "")
	if err != nil {
		t.Fatal(err)
	}
	before := listedSize(t, s, folder.ID, "demo.zip")
	if before != int64(len(b)) {
		t.Fatalf("folder lists demo.zip as %d bytes, want %d", before, len(b))
	}
	if _, err := s.ReplaceEntry(tab.ID, "README.txt", src); err != nil {
		t.Fatal(err)
	}
	old, err := s.EntryText(busy.ID, "README.txt")
	if err != nil {
		t.Fatal(err)
	}
	id, err := s.SaveChanges(tab.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	if fin, _ := s.Jobs.Wait(id); fin.State != jobs.Done {
		t.Fatalf("save: %+v", fin)
	}
	st, _ := os.Stat(zip)
	if got := listedSize(t, s, folder.ID, "demo.zip"); got != st.Size() || got == before {
		t.Fatalf("after the save the folder tab lists demo.zip as %d bytes; the file is %d (was %d)", got, st.Size(), before)
	}
	if got := listedSize(t, s, busy.ID, "README.txt"); got != 71 {
		t.Errorf("the tab with pending changes was read again (README.txt %d bytes)", got)
	}
	// and it still reads the zip it opened: on Windows the save renamed
	// over a file this tab holds open (safefile.OpenShared, Replace)
	if got, err := s.EntryText(busy.ID, "README.txt"); err != nil || got.Text != old.Text {
		t.Errorf("the busy tab reads README.txt as %q (%v), want the old %q", got.Text, err, old.Text)
	}
	ev.mu.Lock()
	defer ev.mu.Unlock()
	if len(ev.got) != 1 || !slices.Equal(ev.got[0], []string{folder.ID}) {
		t.Fatalf("sessions-refreshed events %v, want [[%s]]", ev.got, folder.ID)
	}
}

func listedSize(t *testing.T, s *App, id, p string) int64 {
	t.Helper()
	pg, err := s.List(id, session.Query{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range pg.Entries {
		if e.Path == p {
			return e.Size
		}
	}
	t.Fatalf("%s not listed in %s", p, id)
	return 0
}
