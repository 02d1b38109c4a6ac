package modpack

import (
	"os"
	"path/filepath"
	"testing"

	"packsmith/backend/sys/peres/perestest"
	"packsmith/formats/tl2/mod"
)

// The game version from an install folder: Torchlight2.exe's version
// resource (backend/sys/peres reads it; its tests cover the PE side).
func TestResolveGameVersion(t *testing.T) {
	// The install-folder route, with the exe name in another case.
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "TORCHLIGHT2.EXE"), perestest.VersionExe(false, 1<<16|25, 5<<16|6), 0o644)
	v, from, err := ResolveGameVersion("", dir)
	if err != nil || v != DefaultGameVersion || filepath.Base(from) != "TORCHLIGHT2.EXE" {
		t.Errorf("ResolveGameVersion(dir) = %v %q %v", v, from, err)
	}
	if v, from, _ := ResolveGameVersion("1.26.0.1", dir); v != (mod.GameVersion{1, 26, 0, 1}) || from != "given" {
		t.Errorf("explicit version: %v %s", v, from)
	}
	if v, from, _ := ResolveGameVersion("", ""); v != DefaultGameVersion || from != "default" {
		t.Errorf("default: %v %s", v, from)
	}
	if _, _, err := ResolveGameVersion("", t.TempDir()); err == nil {
		t.Error("no exe in the folder: want an error")
	}
}

func TestParseGameVersion(t *testing.T) {
	if v, err := ParseGameVersion(" 1.25.5.6 "); err != nil || v != DefaultGameVersion {
		t.Errorf("%v %v", v, err)
	}
	for _, s := range []string{"", "1.2.3", "1.2.3.4.5", "1.2.3.x", "1.2.3.70000", "-1.2.3.4"} {
		if _, err := ParseGameVersion(s); err == nil {
			t.Errorf("%q: want an error", s)
		}
	}
}
