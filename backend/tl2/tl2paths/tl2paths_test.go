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
