package cli

import (
	"os"
	"packsmith/formats/cp949"
	"path/filepath"
	"strings"
	"testing"
)

// `replace GAMEDIR ENTRY FILE` edits the pack that holds the entry and says
// which; `rm` of a name map.iop has too removes it there as well.
func TestGameFolderEditCommands(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	game := filepath.Join(t.TempDir(), "game")
	for _, n := range []string{"rs.iop", "map.iop", "info/delete_file_list.cfg.iop"} {
		b, err := os.ReadFile(filepath.Join("../../testdata/demo/lostsaga_game", n))
		if err != nil {
			t.Fatal(err)
		}
		os.MkdirAll(filepath.Dir(filepath.Join(game, n)), 0o755)
		os.WriteFile(filepath.Join(game, n), b, 0o644)
	}
	mapBefore, _ := os.ReadFile(filepath.Join(game, "map.iop"))
	src := filepath.Join(t.TempDir(), "new.txt")
	os.WriteFile(src, []byte("게임 폴더에서 바꿈"), 0o644)
	out, errs, code := run(t, "replace", game, "사운드/한글파일.txt", src)
	// The file is CP949 text: the UTF-8 given is written back as CP949.
	if code != 0 || out != "wrote "+game+"\n  replace 사운드/한글파일.txt: rs.iop\n  사운드/한글파일.txt: UTF-8 text written as CP949 (26 → 18 bytes)\n" {
		t.Fatalf("replace: %d %q %q", code, out, errs)
	}
	stored, _ := cp949.Encode("게임 폴더에서 바꿈")
	if out, _, _ = run(t, "cat", game, "사운드/한글파일.txt"); out != string(stored) {
		t.Fatalf("cat GAMEDIR: %q", out)
	}
	if out, _, _ = run(t, "cat", filepath.Join(game, "rs.iop"), "사운드/한글파일.txt"); out != string(stored) {
		t.Fatalf("cat rs.iop: %q", out)
	}
	if now, _ := os.ReadFile(filepath.Join(game, "map.iop")); string(now) != string(mapBefore) {
		t.Fatal("map.iop changed")
	}
	out, errs, code = run(t, "rename", game, "map/1번맵.txt", "map/2번맵.txt")
	if code != 0 || out != "wrote "+game+"\n  rename map/1번맵.txt → map/2번맵.txt: map.iop\n" {
		t.Fatalf("rename: %d %q %q", code, out, errs)
	}
	out, errs, code = run(t, "rm", game, "사운드/한글파일.txt")
	if code != 0 || !strings.Contains(out, "also removed from map.iop") {
		t.Fatalf("rm: %d %q %q", code, out, errs)
	}
	if _, errs, code = run(t, "cat", game, "사운드/한글파일.txt"); code == 0 || !strings.Contains(errs, "no such entry") {
		t.Fatalf("removed, but cat: %d %q", code, errs)
	}
}
