package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The session, as a new user types it: Korean names, an append,
// a rename, optimize, create, and the game folder.
func TestLostSagaCommands(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	os.MkdirAll(filepath.Join(src, "사운드"), 0o755)
	os.WriteFile(filepath.Join(src, "사운드", "한글파일.txt"), []byte("원본\r\n"), 0o644)
	os.WriteFile(filepath.Join(src, "client.ini"), []byte("[a]\r\nb=1\r\n"), 0o644)
	pack := filepath.Join(dir, "rs.iop")
	out, errs, code := run(t, "create", pack, src, "--password", "iosuccess#@")
	if code != 0 || !strings.Contains(out, "2 entries") || !strings.Contains(out, "1 .ini scrambled") {
		t.Fatalf("create: %d %s %s", code, out, errs)
	}
	out, _, _ = run(t, "ls", pack, "--json")
	if strings.ContainsRune(out, '\uFFFD') || !strings.Contains(out, `"path": "사운드/한글파일.txt"`) {
		t.Fatalf("ls: %s", out)
	}
	if out, errs, code = run(t, "cat", pack, "사운드/한글파일.txt"); code != 0 || out != "원본\r\n" {
		t.Fatalf("cat: %d %q %s", code, out, errs)
	}
	newf := filepath.Join(dir, "new.txt")
	os.WriteFile(newf, []byte("새"), 0o644)
	before, _ := os.ReadFile(pack)
	if _, errs, code = run(t, "add", pack, "한글/new.txt", newf); code != 0 {
		t.Fatalf("add: %s", errs)
	}
	if _, errs, code = run(t, "replace", pack, "사운드/한글파일.txt", newf); code != 0 {
		t.Fatalf("replace: %s", errs)
	}
	if _, errs, code = run(t, "rename", pack, "한글/new.txt", "한글/이름.txt"); code != 0 {
		t.Fatalf("rename: %s", errs)
	}
	after, _ := os.ReadFile(pack)
	if !strings.HasPrefix(string(after), string(before)) {
		t.Fatal("in-place edits did not append")
	}
	if baks, _ := filepath.Glob(pack + ".*.bak"); len(baks) != 0 {
		t.Fatalf("appends made backups: %v", baks)
	}
	if out, _, _ = run(t, "cat", pack, "한글/이름.txt"); out != "새" {
		t.Fatalf("renamed: %q", out)
	}
	_, errs, code = run(t, "add", pack, "😀.txt", newf)
	if code != 1 || !strings.Contains(errs, "U+1F600") {
		t.Fatalf("emoji: %d %s", code, errs)
	}
	out, errs, code = run(t, "optimize", pack, "-o", filepath.Join(dir, "opt.iop"), "--json")
	var res struct {
		Output                      string
		EntriesBefore, EntriesAfter int
		SizeBefore, SizeAfter       int64
	}
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil || res.EntriesBefore != 4 || res.EntriesAfter != 3 || res.SizeAfter >= res.SizeBefore {
		t.Fatalf("optimize: %d %s %s", code, out, errs)
	}
	if out, _, _ = run(t, "cat", res.Output, "사운드/한글파일.txt"); out != "새" {
		t.Fatalf("optimized: %q", out)
	}
	// the game folder
	out, errs, code = run(t, "ls", "../../testdata/demo/lostsaga_game")
	if code != 0 || !strings.Contains(out, "사운드/한글파일.txt  [rs.iop]") || !strings.Contains(out, "map/1번맵.txt  [map.iop]") || strings.Contains(out, "removed.map") {
		t.Fatalf("ls GAMEDIR: %d %s %s", code, out, errs)
	}
}
