package tl2game

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"

	"packsmith/internal/tl2test"
)

var pakFiles = map[string][]byte{
	"MEDIA/UNITS/PLAYERS/BASE.DAT":    []byte("[UNIT]\r\n<INTEGER>LEVEL:1\r\n[/UNIT]\r\n"),
	"MEDIA/UNITS/MONSTERS/BASE.DAT":   []byte("monsters"),
	"MEDIA/UNITS/ITEMS/SWORDS/A.DAT":  []byte("a"),
	"MEDIA/UI/ICON.DDS":               []byte(strings.Repeat("dds", 1000)),
	"MEDIA/LAYOUTS/TOWN/TOWN.LAYOUT":  []byte{1, 2, 3},
	"MEDIA/LAYOUTS/TOWN/TOWN.MPP":     nil,
	"MEDIA/SKILLS/X/Y/Z/DEEP.DAT":     []byte("deep"),
	"MEDIA/STATS/SPACE NAME .DAT":     []byte("space"),
	"MEDIA/UNITS/ITEMS/SWORDS/B.DAT":  []byte("b"),
	"MEDIA/UNITS/ITEMS/SHIELDS/C.DAT": []byte("c"),
}

func TestPakFS(t *testing.T) {
	dir := tl2test.WritePak(t, t.TempDir(), pakFiles)
	in, err := At(dir)
	if err != nil {
		t.Fatal(err)
	}
	p, err := in.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	var names []string
	for n := range pakFiles {
		names = append(names, n)
	}
	if err := fstest.TestFS(p, names...); err != nil {
		t.Fatal(err)
	}
	for n, want := range pakFiles {
		got, err := fs.ReadFile(p, n)
		if err != nil || string(got) != string(want) {
			t.Errorf("%s: %q %v", n, got, err)
		}
	}
	// Another case finds the stored name; a missing one is ErrNotExist.
	if b, err := fs.ReadFile(p, "media/units/players/base.dat"); err != nil || !strings.HasPrefix(string(b), "[UNIT]") {
		t.Errorf("lower case: %v", err)
	}
	if _, err := p.Open("MEDIA/NOPE.DAT"); !os.IsNotExist(err) {
		t.Errorf("missing: %v", err)
	}
	ents, err := fs.ReadDir(p, "MEDIA/UNITS")
	if err != nil || len(ents) != 3 || ents[0].Name() != "ITEMS" || !ents[0].IsDir() {
		t.Errorf("ReadDir %v %v", ents, err)
	}
}

func TestAt(t *testing.T) {
	dir := tl2test.WritePak(t, t.TempDir(), pakFiles)
	for _, p := range []string{dir, filepath.Join(dir, "PAKS"), filepath.Join(dir, "PAKS", "DATA.PAK")} {
		in, err := At(p)
		if err != nil || in.Dir != dir {
			t.Errorf("At(%s) = %+v, %v", p, in, err)
		}
	}
	if _, err := At(t.TempDir()); err == nil || !strings.Contains(err.Error(), "no PAKS/DATA.PAK") {
		t.Errorf("empty folder: %v", err)
	}
}

func TestFindSteamLibraryAndProton(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("~/.local/share/Steam and Proton prefixes are Linux places; Windows finds Steam through the registry (find_windows.go)")
	}
	home := t.TempDir()
	t.Setenv("HOME", home)
	if got := Find(); len(got) != 0 {
		t.Fatalf("found %v in an empty home", got)
	}
	// A second Steam library listed in libraryfolders.vdf, with the game.
	steam := filepath.Join(home, ".local", "share", "Steam")
	lib := filepath.Join(home, "games", "SteamLibrary")
	os.MkdirAll(filepath.Join(steam, "steamapps"), 0o755)
	vdf := "\"libraryfolders\"\n{\n\t\"0\"\n\t{\n\t\t\"path\"\t\t\"" + steam + "\"\n\t}\n\t\"1\"\n\t{\n\t\t\"path\"\t\t\"" + lib + "\"\n\t\t\"apps\"\n\t\t{\n\t\t\t\"200710\"\t\t\"123\"\n\t\t}\n\t}\n}\n"
	os.WriteFile(filepath.Join(steam, "steamapps", "libraryfolders.vdf"), []byte(vdf), 0o644)
	game := filepath.Join(lib, "steamapps", "common", "Torchlight II")
	tl2test.WritePak(t, game, pakFiles)
	got := Find()
	if len(got) != 1 || got[0].Dir != game || !strings.Contains(got[0].From, "library "+lib) {
		t.Fatalf("Find = %+v", got)
	}
	// A GOG copy inside the Proton prefix is found too, after Steam's.
	gog := filepath.Join(steam, "steamapps", "compatdata", "200710", "pfx", "drive_c", "GOG Games", "Torchlight 2")
	tl2test.WritePak(t, gog, pakFiles)
	got = Find()
	if len(got) != 2 || got[1].Dir != gog || !strings.Contains(got[1].From, "Proton") {
		t.Fatalf("Find = %+v", got)
	}
}
