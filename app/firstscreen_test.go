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
}
