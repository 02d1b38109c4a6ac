package installs

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"packsmith/internal/hermetic"
)

func TestMain(m *testing.M) { hermetic.Main(m) }

func touch(t *testing.T, p string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A fake home: Reborn in a second Steam library (found through
// libraryfolders.vdf, under a folder name of its own), Lost Saga inside a
// Proton prefix and inside ~/.wine; folders that only look like them
// (an empty Data, a map.iop that is a folder) are not listed.
func TestFindRebornAndLostSaga(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Linux places; Windows reads Steam's registry")
	}
	home := t.TempDir()
	t.Setenv("HOME", home)
	if got := Find(); len(got) != 0 {
		t.Fatalf("found %+v in an empty home", got)
	}
	steam := filepath.Join(home, ".steam", "steam")
	lib := filepath.Join(home, "SteamLibrary")
	vdf := "\"libraryfolders\" { \"0\" { \"path\" \"" + steam + "\" } \"1\" { \"path\" \"" + lib + "\" } }"
	touch(t, filepath.Join(steam, "steamapps", "libraryfolders.vdf"))
	os.WriteFile(filepath.Join(steam, "steamapps", "libraryfolders.vdf"), []byte(vdf), 0o644)
	touch(t, filepath.Join(lib, "steamapps", "common", "TO Reborn", "DATA", "FILETABLE.BIN"))
	os.MkdirAll(filepath.Join(lib, "steamapps", "common", "Other", "Data"), 0o755)
	os.MkdirAll(filepath.Join(lib, "steamapps", "common", "Fake", "map.iop"), 0o755)
	touch(t, filepath.Join(steam, "steamapps", "compatdata", "4242", "pfx", "drive_c", "Program Files (x86)", "Lost Saga", "RS.IOP"))
	touch(t, filepath.Join(home, ".wine", "drive_c", "LostSaga", "map.iop"))

	got := Find()
	want := []Found{
		{Reborn, "game data (FileTable.bin and .dat files)", filepath.Join(lib, "steamapps", "common", "TO Reborn", "DATA"), "Steam library " + lib},
		{LostSaga, "game folder (rs.iop, map.iop)", filepath.Join(home, ".wine", "drive_c", "LostSaga"), "wine prefix ~/.wine"},
		{LostSaga, "game folder (rs.iop, map.iop)", filepath.Join(steam, "steamapps", "compatdata", "4242", "pfx", "drive_c", "Program Files (x86)", "Lost Saga"), "Proton prefix " + filepath.Join(steam, "steamapps", "compatdata", "4242", "pfx")},
	}
	if len(got) != len(want) {
		t.Fatalf("Find = %+v\nwant %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("#%d = %+v\nwant %+v", i, got[i], want[i])
		}
	}
}
