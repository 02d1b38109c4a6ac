package app

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// The first screen lists Torchlight II's user folder where the game keeps
// it on this system (on Linux: the Proton prefix under HOME), and nothing
// that does not exist.
func TestFoundFolders(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the Proton prefix is Linux's")
	}
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	s := testApp(t, &events{}, nil, nil)
	if got := s.FoundFolders(); len(got) != 0 {
		t.Fatalf("found %+v in an empty home", got)
	}
	user := filepath.Join(home, ".local", "share", "Steam", "steamapps", "compatdata", "200710", "pfx", "drive_c", "users", "steamuser", "Documents", "My Games", "Runic Games", "Torchlight 2")
	if err := os.MkdirAll(user, 0o755); err != nil {
		t.Fatal(err)
	}
	got := s.FoundFolders()
	if len(got) != 1 || got[0].Path != user || got[0].Opens != "loadorder" || got[0].From != "Steam Play (Proton) prefix" {
		t.Fatalf("%+v", got)
	}
	// The native build's user folder, a Reborn and a Lost Saga install in
	// the same Steam library: all listed, each opened with one click.
	common := filepath.Join(home, ".local", "share", "Steam", "steamapps", "common")
	native := filepath.Join(common, "Torchlight II", "my games", "runic games", "torchlight 2")
	reborn := filepath.Join(common, "Tactics Ogre Reborn", "Data")
	saga := filepath.Join(common, "Lost Saga")
	for _, d := range []string{native, reborn, saga} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(reborn, "FileTable.bin"), []byte{0xf1, 0x1e}, 0o644)
	os.WriteFile(filepath.Join(saga, "rs.iop"), []byte("PK"), 0o644)
	got = s.FoundFolders()
	want := []FoundFolder{
		{"Torchlight II", "user folder (load order, mods)", native, "the native build's game folder", "loadorder"},
		{"Torchlight II", "user folder (load order, mods)", user, "Steam Play (Proton) prefix", "loadorder"},
		{"Lost Saga", "game folder (rs.iop, map.iop)", saga, "Steam library " + filepath.Join(home, ".local", "share", "Steam"), "open"},
		{"Tactics Ogre: Reborn", "game data (FileTable.bin and .dat files)", reborn, "Steam library " + filepath.Join(home, ".local", "share", "Steam"), "open"},
	}
	if len(got) != len(want) {
		t.Fatalf("FoundFolders = %+v\nwant %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("#%d = %+v\nwant %+v", i, got[i], want[i])
		}
	}
}

// The tabs open at the last quit come back at the next start, once, when
// the window is given nothing to open; a tab closed by the user does not
// (issue 46: tabs were not reopened after a restart).
func TestOpenTabsComeBack(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	zip, _ := filepath.Abs("../testdata/demo/demo.zip")
	mod, _ := filepath.Abs("../testdata/demo/PACKSMITH_SAMPLE.MOD")
	first := testApp(t, &events{}, nil, nil)
	if got := first.Hello().Startup; len(got) != 0 {
		t.Fatalf("a first start reopens %v", got)
	}
	a, err := openNow(first, zip, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := openNow(first, mod, ""); err != nil {
		t.Fatal(err)
	}
	if err := first.Close(a.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := openNow(first, zip, ""); err != nil {
		t.Fatal(err)
	}
	first.Shutdown(t.Context())

	again := testApp(t, &events{}, nil, nil)
	if got := again.Hello().Startup; len(got) != 2 || got[0] != mod || got[1] != zip {
		t.Errorf("restart reopens %v, want [%s %s]", got, mod, zip)
	}
	if got := again.Hello().Startup; len(got) != 0 {
		t.Errorf("a reloaded page reopens %v again", got)
	}
	given := testApp(t, &events{}, nil, []string{mod})
	if got := given.Hello().Startup; len(got) != 1 || got[0] != mod {
		t.Errorf("with a path given: %v", got)
	}
}

// A user folder chosen in Settings comes first on the first screen, said
// to be from Settings, and a folder the search also finds is listed once.
func TestFoundFoldersOffersTheSettingsUserFolder(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the Proton prefix is Linux's")
	}
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	s := testApp(t, &events{}, nil, nil)
	mine := filepath.Join(t.TempDir(), "My TL2")
	proton := filepath.Join(home, ".local", "share", "Steam", "steamapps", "compatdata", "200710", "pfx", "drive_c", "users", "steamuser", "Documents", "My Games", "Runic Games", "Torchlight 2")
	for _, d := range []string{mine, proton} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.SavePreferences(Prefs{TL2UserDir: mine}); err != nil {
		t.Fatal(err)
	}
	got := s.FoundFolders()
	if len(got) != 2 || got[0].Path != mine || got[0].From != "Settings" || got[0].Opens != "loadorder" || got[1].Path != proton {
		t.Fatalf("%+v", got)
	}
	if _, err := s.SavePreferences(Prefs{TL2UserDir: proton + string(filepath.Separator)}); err != nil {
		t.Fatal(err)
	}
	if got = s.FoundFolders(); len(got) != 1 || got[0].From != "Settings" {
		t.Fatalf("the searched folder chosen in Settings: %+v", got)
	}
}
