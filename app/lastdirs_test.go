package app

import (
	"os"
	"path/filepath"
	"testing"

	"packsmith/backend/workspace/settings"
)

// dirDialogs answers every dialog with the next path of its kind and notes
// the folder it was asked to start in.
type dirDialogs struct {
	answer  map[string]string // kind → path chosen
	started []string          // "kind:dir" per call
}

func (d *dirDialogs) OpenFile(string, []FilePattern) (string, error) {
	panic("the folder-aware call is used")
}
func (d *dirDialogs) OpenFolder(string) (string, error) { panic("the folder-aware call is used") }
func (d *dirDialogs) OpenFileIn(dir, _ string, _ []FilePattern) (string, error) {
	d.started = append(d.started, "open:"+dir)
	return d.answer["open"], nil
}
func (d *dirDialogs) OpenFolderIn(dir, _ string) (string, error) {
	d.started = append(d.started, "folder:"+dir)
	return d.answer["folder"], nil
}
func (d *dirDialogs) SaveFileIn(dir, _, _ string) (string, error) {
	d.started = append(d.started, "save:"+dir)
	return d.answer["save"], nil
}

func TestDialogsStartInTheLastFolder(t *testing.T) {
	cfg := t.TempDir()
	t.Setenv("PACKSMITH_CONFIG_DIR", cfg)
	root := t.TempDir()
	mods, out, pick := filepath.Join(root, "mods"), filepath.Join(root, "out"), filepath.Join(root, "pick")
	for _, d := range []string{mods, out, pick} {
		os.Mkdir(d, 0o755)
	}
	dd := &dirDialogs{answer: map[string]string{"open": filepath.Join(mods, "A.MOD")}}
	s := testApp(t, nil, dd, nil)

	// Nothing remembered, nothing opened: the home folder (GTK's own
	// choice is "Recent", a list of files).
	home, _ := os.UserHomeDir()
	if p, err := s.PickArchive(); err != nil || p != filepath.Join(mods, "A.MOD") {
		t.Fatalf("pick: %q %v", p, err)
	}
	// The next open dialog starts where the file was; a folder dialog,
	// never used, starts there too.
	s.PickFile("Replace with", "")
	dd.answer["folder"] = pick
	s.PickFolder("Extract to")
	// A save dialog with nothing saved yet starts beside the default path.
	dd.answer["save"] = filepath.Join(out, "B.MOD")
	s.PickSaveAs("Save as", filepath.Join(root, "A.MOD"))
	s.PickSaveAs("Save as", filepath.Join(root, "A.MOD"))
	s.PickFolder("Extract to")
	// Cancelled dialogs ("") change nothing.
	dd.answer["open"] = ""
	s.PickArchive()
	s.PickArchive()
	want := []string{"open:" + home, "open:" + mods, "folder:" + mods, "save:" + root, "save:" + out, "folder:" + pick, "open:" + mods, "open:" + mods}
	if len(dd.started) != len(want) {
		t.Fatalf("started %q, want %q", dd.started, want)
	}
	for i := range want {
		if dd.started[i] != want[i] {
			t.Fatalf("dialog %d started in %q, want %q (all: %q)", i, dd.started[i], want[i], dd.started)
		}
	}
	// Remembered in the settings file: a new window starts there too.
	got := settings.Load().Get().LastDirs
	if got["open"] != mods || got["folder"] != pick || got["save"] != out {
		t.Fatalf("saved lastDirs %v", got)
	}
	dd2 := &dirDialogs{answer: map[string]string{}}
	testApp(t, nil, dd2, nil).PickFolder("x")
	if len(dd2.started) != 1 || dd2.started[0] != "folder:"+pick {
		t.Fatalf("after restart: %q", dd2.started)
	}
}

// No dialog used yet, but an archive opened (command line, drop, path
// box): the dialogs start in its folder.
func TestDialogsStartBesideTheLastArchive(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	dd := &dirDialogs{answer: map[string]string{}}
	s := testApp(t, nil, dd, nil)
	if _, err := openNow(s, "../testdata/demo/demo.zip", ""); err != nil {
		t.Fatal(err)
	}
	s.PickArchive()
	s.PickFolder("Extract to")
	demo, _ := filepath.Abs("../testdata/demo")
	if want := []string{"open:" + demo, "folder:" + demo}; len(dd.started) != 2 || dd.started[0] != want[0] || dd.started[1] != want[1] {
		t.Fatalf("started %q, want %q", dd.started, want)
	}
}

func TestNoDialogsStaysNil(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	if _, err := testApp(t, nil, nil, nil).PickArchive(); err == nil || err.Error() != "no file dialog in this build" {
		t.Fatalf("nil dialogs: %v", err)
	}
}

// Each tab's Replace…/Add… dialog starts in that tab's own folder (its
// archive's, then the last file chosen in it), not in the folder another
// tab last used; a folder that is gone falls back to the remembered one.
func TestTabDialogsStartInTheirOwnFolder(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	root := t.TempDir()
	a, b, pick := filepath.Join(root, "a"), filepath.Join(root, "b"), filepath.Join(root, "pick")
	for _, d := range []string{a, b, pick} {
		os.Mkdir(d, 0o755)
	}
	os.WriteFile(filepath.Join(a, "A.MOD"), []byte("x"), 0o644)
	os.WriteFile(filepath.Join(b, "B.zip"), []byte("x"), 0o644)
	dd := &dirDialogs{answer: map[string]string{"open": filepath.Join(pick, "NEW.DDS")}}
	s := testApp(t, nil, dd, nil)
	s.PickFile("Replace with", filepath.Join(a, "A.MOD"))
	s.PickFile("Replace with", filepath.Join(b, "B.zip"))
	s.PickFile("Replace with", pick)
	s.PickFile("Replace with", filepath.Join(root, "gone", "X.MOD"))
	want := []string{"open:" + a, "open:" + b, "open:" + pick, "open:" + pick}
	if len(dd.started) != len(want) {
		t.Fatalf("started %q, want %q", dd.started, want)
	}
	for i := range want {
		if dd.started[i] != want[i] {
			t.Fatalf("dialog %d started in %q, want %q", i, dd.started[i], want[i])
		}
	}
}
