package app

import (
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// askEvents records the "close-asked" events.
type askEvents struct {
	mu    sync.Mutex
	asked []CloseAsked
}

func (e *askEvents) Emit(name string, data any) {
	if c, ok := data.(CloseAsked); ok && name == "close-asked" {
		e.mu.Lock()
		e.asked = append(e.asked, c)
		e.mu.Unlock()
	}
}

// Closing the window: nothing unsaved closes at once; a pending change
// keeps the window and tells the front end what would be lost; after the
// user's answer (CloseWindow) the window quits and the close that quit
// brings about is let through (no question asked again, no loop).
func TestCloseWindowAsksWithUnsavedChanges(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	t.Setenv("TMPDIR", t.TempDir())
	dir := t.TempDir()
	b, err := os.ReadFile("../testdata/demo/demo.zip")
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "demo.zip")
	os.WriteFile(p, b, 0o644)

	ev := &askEvents{}
	a := testApp(t, ev, nil, nil)
	quits := 0
	a.SetQuit(func() {
		quits++
		// Wails' Quit asks OnBeforeClose again: it must now let it go.
		if a.BeforeClose() {
			t.Error("the close after the answer was held again")
		}
	})

	// Nothing open, then an archive open with nothing pending: closes.
	if a.BeforeClose() {
		t.Fatal("nothing open: the window was kept")
	}
	info, err := openNow(a, p, "")
	if err != nil {
		t.Fatal(err)
	}
	if a.BeforeClose() || len(ev.asked) != 0 {
		t.Fatalf("nothing unsaved: kept the window or asked %v", ev.asked)
	}

	// Two pending changes: kept, asked once per close, with the counts.
	if _, err := a.RemoveEntries(info.ID, []string{"README.txt", "docs/utf8.txt"}); err != nil {
		t.Fatal(err)
	}
	if !a.BeforeClose() {
		t.Fatal("two unsaved changes: the window closed without asking")
	}
	if !a.BeforeClose() {
		t.Fatal("a second close before the answer closed the window")
	}
	want := CloseAsked{Changes: 2, Archives: 1}
	if len(ev.asked) != 2 || ev.asked[0] != want {
		t.Fatalf("close-asked events %+v, want two of %+v", ev.asked, want)
	}
	if quits != 0 {
		t.Fatal("quit before the answer")
	}

	// Cancel answers nothing; Discard or Save (done) calls CloseWindow.
	a.CloseWindow()
	if quits != 1 {
		t.Fatalf("CloseWindow quit %d times, want 1", quits)
	}
	if a.BeforeClose() || len(ev.asked) != 2 {
		t.Fatalf("after the answer: kept the window, or asked again (%d events)", len(ev.asked))
	}
}

// Discarded changes are nothing unsaved: the window closes without asking.
func TestCloseWindowAfterDiscard(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	t.Setenv("TMPDIR", t.TempDir())
	ev := &askEvents{}
	a := testApp(t, ev, nil, nil)
	p, _ := filepath.Abs("../testdata/demo/demo.zip")
	info, err := openNow(a, p, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.RemoveEntries(info.ID, []string{"README.txt"}); err != nil {
		t.Fatal(err)
	}
	if !a.BeforeClose() || len(ev.asked) != 1 || ev.asked[0].Changes != 1 {
		t.Fatalf("one change: asked %+v", ev.asked)
	}
	a.DiscardChanges(info.ID)
	if a.BeforeClose() {
		t.Fatal("changes discarded: the window was kept")
	}
	// A signal (log-out) lets the window go with changes pending.
	a.RemoveEntries(info.ID, []string{"README.txt"})
	a.AllowClose()
	if a.BeforeClose() {
		t.Fatal("after AllowClose the window was kept")
	}
}
