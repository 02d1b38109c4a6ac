package edits

import (
	"bytes"
	"context"
	"os"
	"packsmith/formats/cp949"
	"path/filepath"
	"strings"
	"testing"
)

// A Lost Saga game folder saves like an archive: each change goes into the
// pack that holds the entry, the result says which, and the session shows
// the folder again.
func TestSaveGameFolder(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	t.Setenv("TMPDIR", t.TempDir())
	dir := filepath.Join(t.TempDir(), "game")
	for _, n := range []string{"rs.iop", "map.iop", "info/delete_file_list.cfg.iop"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "demo", "lostsaga_game", n))
		if err != nil {
			t.Fatal(err)
		}
		os.MkdirAll(filepath.Dir(filepath.Join(dir, n)), 0o755)
		if err := os.WriteFile(filepath.Join(dir, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rsBefore, _ := os.ReadFile(filepath.Join(dir, "rs.iop"))
	_, s := openSession(t, dir, "")
	if s.Archive.Family() != "iop-game" {
		t.Fatalf("family %s", s.Archive.Family())
	}
	pend := &Pending{}
	if _, err := pend.Replace(s.Archive, "사운드/한글파일.txt", file(t, "한글 교체")); err != nil {
		t.Fatal(err)
	}
	if _, err := pend.Replace(s.Archive, "map/1번맵.txt", file(t, "map edit")); err != nil {
		t.Fatal(err)
	}
	if _, err := pend.Rename(s.Archive, "config/설정.ini", "config/설정2.ini"); err != nil {
		t.Fatal(err)
	}
	res, err := Save(context.Background(), s, pend, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	krStored, _ := cp949.Encode("한글 교체")
	if !res.OK || res.Output != dir || res.Backup != "" || len(res.Checks) != 3 {
		t.Fatalf("%+v", res)
	}
	want := "replace 사운드/한글파일.txt: rs.iop|replace map/1번맵.txt: map.iop|rename config/설정.ini → config/설정2.ini: rs.iop"
	if got := strings.Join(res.Notes, "|"); got != want {
		t.Fatalf("notes\n got %q\nwant %q", got, want)
	}
	if s.Archive.Family() != "iop-game" || string(entry(t, s.Archive, "사운드/한글파일.txt")) != string(krStored) /* CP949, as the file was */ || string(entry(t, s.Archive, "map/1번맵.txt")) != "map edit" {
		t.Fatal("the session does not show the saved folder")
	}
	if rsAfter, _ := os.ReadFile(filepath.Join(dir, "rs.iop")); !bytes.HasPrefix(rsAfter, rsBefore) {
		t.Fatal("rs.iop was rewritten, not appended to")
	}
	if pend.Len() != 0 {
		t.Fatalf("%d still pending", pend.Len())
	}
}

// Removing an entry map.iop has too: it is removed there as well, and the
// read-back finds it gone from the folder view.
func TestSaveGameFolderRemove(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	t.Setenv("TMPDIR", t.TempDir())
	dir := filepath.Join(t.TempDir(), "game")
	for _, n := range []string{"rs.iop", "map.iop", "info/delete_file_list.cfg.iop"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "demo", "lostsaga_game", n))
		if err != nil {
			t.Fatal(err)
		}
		os.MkdirAll(filepath.Dir(filepath.Join(dir, n)), 0o755)
		os.WriteFile(filepath.Join(dir, n), b, 0o644)
	}
	_, s := openSession(t, dir, "")
	pend := &Pending{}
	if _, err := pend.Remove(s.Archive, "사운드/한글파일.txt"); err != nil {
		t.Fatal(err)
	}
	res, err := Save(context.Background(), s, pend, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !res.OK || len(res.Checks) != 1 || res.Checks[0].Message != "removed" || len(res.Notes) != 1 || !strings.Contains(res.Notes[0], "also removed from map.iop") {
		t.Fatalf("%+v", res)
	}
	if len(s.Archive.Entries()) != 4 {
		t.Fatalf("%d entries after the remove", len(s.Archive.Entries()))
	}
}
