package tl2paths

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

func TestChildCI(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "Mods"), 0o755)
	if got := ChildCI(dir, "mods"); got != filepath.Join(dir, "Mods") {
		t.Fatalf("ChildCI found %s", got)
	}
	if got := ChildCI(dir, "absent"); got != filepath.Join(dir, "absent") {
		t.Fatalf("missing name: %s", got)
	}
}

func TestProtonUserDir(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the Proton prefix is a Linux place")
	}
	home := t.TempDir()
	t.Setenv("HOME", home)
	if _, err := DefaultUserDir(); err != ErrNoUserDir {
		t.Fatalf("empty home: %v", err)
	}
	user := filepath.Join(home, ".local", "share", "Steam", "steamapps", "compatdata", "200710", "pfx", "drive_c", "users", "steamuser", "Documents", UserSubdir)
	os.MkdirAll(filepath.Join(user, "MODS"), 0o755)
	if d, err := DefaultUserDir(); err != nil || d != user {
		t.Fatalf("DefaultUserDir = %q, %v", d, err)
	}
	if got := DefaultModsDir(); got != filepath.Join(user, "MODS") {
		t.Fatalf("DefaultModsDir = %q", got)
	}
}

// Linux's native build keeps its user folder inside the game's folder of
// a Steam library (as the macOS build does), found through
// libraryfolders.vdf; with a Proton prefix too, both are listed, the
// native one first (issue 46).
func TestNativeUserDirInSteamLibrary(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("a Linux place")
	}
	home := t.TempDir()
	t.Setenv("HOME", home)
	steam := filepath.Join(home, ".local", "share", "Steam")
	lib := filepath.Join(home, "games", "lib")
	os.MkdirAll(filepath.Join(steam, "steamapps"), 0o755)
	vdf := "\"libraryfolders\" { \"0\" { \"path\" \"" + steam + "\" } \"1\" { \"path\" \"" + lib + "\" } }"
	os.WriteFile(filepath.Join(steam, "steamapps", "libraryfolders.vdf"), []byte(vdf), 0o644)
	native := filepath.Join(lib, "steamapps", "common", "Torchlight II", "my games", "Runic Games", "Torchlight 2")
	os.MkdirAll(native, 0o755)
	if got := UserDirs(); len(got) != 1 || got[0] != native {
		t.Fatalf("UserDirs = %q, want [%s]", got, native)
	}
	proton := filepath.Join(steam, "steamapps", "compatdata", "200710", "pfx", "drive_c", "users", "steamuser", "Documents", UserSubdir)
	os.MkdirAll(proton, 0o755)
	if got := UserDirs(); len(got) != 2 || got[0] != native || got[1] != proton {
		t.Fatalf("UserDirs = %q, want [%s %s]", got, native, proton)
	}
}
