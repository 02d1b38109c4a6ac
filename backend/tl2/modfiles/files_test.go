package modfiles

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/archive"
	_ "packsmith/backend/drivers/all"
)

func write(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for rel, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestKeyAndRoots(t *testing.T) {
	for in, want := range map[string]string{
		"media/levelsets/x.mesh": "MEDIA/LEVELSETS/X.MESH",
		`\Media\Units\a.dat`:     "MEDIA/UNITS/A.DAT",
		"units/x.mesh":           "MEDIA/UNITS/X.MESH",
		" MEDIA/X ":              "MEDIA/X",
	} {
		if got := Key(in); got != want {
			t.Errorf("Key(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"MEDIA/A": "", "MyMod/media/A": "MyMod/", "x/y/MEDIA/z": "x/y/"} {
		if got, ok := ArchiveRoot(in); !ok || got != want {
			t.Errorf("ArchiveRoot(%q) = %q %v", in, got, ok)
		}
	}
	if _, ok := ArchiveRoot("MEDIAX/A"); ok {
		t.Error("MEDIAX/ read as MEDIA/")
	}
}

// A file finds its mod: under a MEDIA folder the folder above it (its key
// from there, relative paths too), under none its own folder as MEDIA/;
// the mod's files come before the game's, a compiled .DAT.BINDAT answers
// for its .DAT unless the text is there.
func TestForFile(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"Mod/MEDIA/UNITS/A.MESH":         "a",
		"Mod/MEDIA/UNITS/A.SKELETON":     "mod",
		"Mod/MEDIA/UNITS/B.DAT.BINDAT":   "compiled",
		"Game/MEDIA/UNITS/A.SKELETON":    "game",
		"Game/MEDIA/UNITS/GAME_ONLY.DAT": "g",
		"Loose/WOLF.MESH":                "w",
		"Loose/TEX/WOLF.DDS":             "dds",
	})
	f, key, err := ForFile(filepath.Join(root, "Mod", "MEDIA", "UNITS", "A.MESH"), filepath.Join(root, "Game"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if key != "MEDIA/UNITS/A.MESH" {
		t.Errorf("key %q", key)
	}
	for p, want := range map[string]string{"media/units/a.skeleton": "mod", "MEDIA/UNITS/B.DAT": "compiled", "UNITS/GAME_ONLY.DAT": "g"} {
		if b, found, err := f.ReadFile(p); err != nil || !found || string(b) != want {
			t.Errorf("%s: %q %v %v, want %q", p, b, found, err, want)
		}
	}
	if got := strings.Join(f.Files("media/units/", ".dat"), ","); got != "MEDIA/UNITS/B.DAT,MEDIA/UNITS/GAME_ONLY.DAT" {
		t.Errorf("Files: %s", got)
	}
	t.Chdir(filepath.Join(root, "Mod"))
	if _, key, err := ForFile(filepath.Join("MEDIA", "UNITS", "A.MESH"), ""); err != nil || key != "MEDIA/UNITS/A.MESH" {
		t.Errorf("relative: key %q, %v", key, err)
	}
	l, key, err := ForFile(filepath.Join(root, "Loose", "WOLF.MESH"), "")
	if err != nil || key != "MEDIA/WOLF.MESH" {
		t.Fatalf("loose: key %q, %v", key, err)
	}
	if got := strings.Join(l.Files("MEDIA/", ""), ","); got != "MEDIA/TEX/WOLF.DDS,MEDIA/WOLF.MESH" {
		t.Errorf("loose files: %s", got)
	}
}

// A folder standing in for MEDIA/ is capped: a Downloads folder is not
// indexed whole.
func TestForFileCap(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{}
	for i := range 30 {
		files[filepath.Join("x", strings.Repeat("a", i+1))] = ""
	}
	write(t, dir, files)
	old := maxLooseFolder
	maxLooseFolder = 10
	defer func() { maxLooseFolder = old }()
	if _, _, err := ForFile(filepath.Join(dir, "x", "a"), ""); err == nil || !strings.Contains(err.Error(), "more than 10 files") {
		t.Errorf("err %v", err)
	}
}

// An archive entry under no MEDIA folder, in an archive that is not files
// on disk, has no mod: ErrNoMod, naming the entry.
func TestForEntryNoMod(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{"A.MESH": "a"})
	a, err := archive.Open(dir, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if _, key, err := ForEntry(a, "A.MESH", ""); err != nil || key != "MEDIA/A.MESH" {
		t.Errorf("a folder's file: key %q, %v", key, err)
	}
	if _, _, err := ForEntry(noDisk{a}, "A.MESH", ""); !errors.Is(err, ErrNoMod) || err.Error() != "A.MESH is under no MEDIA folder" {
		t.Errorf("err %v", err)
	}
}

// noDisk is an archive whose entries are not files on disk (a zip).
type noDisk struct{ archive.Archive }

func (noDisk) Capabilities() archive.Capabilities { return archive.Capabilities{} }
