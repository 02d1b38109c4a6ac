package lastdir

import (
	"os"
	"path/filepath"
	"testing"
)

func TestStart(t *testing.T) {
	root := t.TempDir()
	mods := filepath.Join(root, "mods")
	out := filepath.Join(root, "out")
	for _, d := range []string{mods, out} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	dirs := map[string]string{Open: mods, Save: out}
	if got := Start(dirs, Open); got != mods {
		t.Errorf("open: %q, want %q", got, mods)
	}
	if got := Start(dirs, Save); got != out {
		t.Errorf("save: %q, want %q", got, out)
	}
	// no folder dialog yet: the open dialog's folder
	if got := Start(dirs, Folder); got != mods {
		t.Errorf("folder fallback: %q, want %q", got, mods)
	}
	// a folder that was removed: its nearest existing parent
	dirs[Save] = filepath.Join(out, "gone", "deeper")
	if got := Start(dirs, Save); got != out {
		t.Errorf("removed: %q, want %q", got, out)
	}
	// a remembered path that is now a file: its folder
	f := filepath.Join(root, "file.zip")
	os.WriteFile(f, []byte("x"), 0o644)
	if got := Start(map[string]string{Open: f}, Open); got != root {
		t.Errorf("file: %q, want %q", got, root)
	}
	// relative or empty: nothing
	if got := Start(map[string]string{Open: "relative/dir"}, Open); got != "" {
		t.Errorf("relative: %q", got)
	}
	if got := Start(nil, Open); got != "" {
		t.Errorf("nothing known: %q", got)
	}
}

func TestChosen(t *testing.T) {
	p := filepath.Join(string(filepath.Separator)+"games", "tl2", "mods", "A.MOD")
	if got := Chosen(Open, p); got != filepath.Dir(p) {
		t.Errorf("open: %q", got)
	}
	if got := Chosen(Save, p); got != filepath.Dir(p) {
		t.Errorf("save: %q", got)
	}
	if got := Chosen(Folder, filepath.Dir(p)+string(filepath.Separator)); got != filepath.Dir(p) {
		t.Errorf("folder: %q", got)
	}
	if got := Chosen(Open, ""); got != "" {
		t.Errorf("cancelled: %q", got)
	}
}
