package settings

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

func TestStoreRoundTrip(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	st := Load()
	if st.Get().Theme != "dark" {
		t.Fatal("default theme is not dark")
	}
	if err := st.Update(func(s *Settings) { s.Recent = PushRecent(s.Recent, `C:\Games\A.MOD`) }); err != nil {
		t.Fatal(err)
	}
	if got := Load().Get().Recent; len(got) != 1 || got[0] != `C:\Games\A.MOD` {
		t.Fatalf("reloaded %v", got)
	}
}

func TestPushRecent(t *testing.T) {
	var l []string
	for i := 0; i < 20; i++ {
		l = PushRecent(l, fmt.Sprintf("f%d", i))
	}
	l = PushRecent(l, "F15")
	if len(l) != MaxRecent || l[0] != "F15" || l[1] != "f19" {
		t.Fatalf("%v", l)
	}
	for _, p := range l[1:] {
		if p == "f15" {
			t.Fatal("duplicate kept")
		}
	}
}

// The settings hold remembered pack passwords in clear: the file is the
// user's alone (0600), also after a save over an older 0644 file (issue 46).
func TestSettingsFileIsPrivate(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows keeps the folder's ACL")
	}
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	path := filepath.Join(Dir(), "settings.json")
	if err := os.WriteFile(path, []byte(`{"theme":"dark"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	st := Load()
	if err := st.Update(func(s *Settings) { s.Passwords = map[string]string{"/p/rs.iop": "secret"} }); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("settings.json mode %v, want 0600", fi.Mode().Perm())
	}
	if got := Load().Get().Passwords["/p/rs.iop"]; got != "secret" {
		t.Errorf("password read back %q", got)
	}
}
