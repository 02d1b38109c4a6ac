package iopdrv

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"packsmith/backend/archive"
	"packsmith/backend/edit/writeback"
	"packsmith/formats/cp949"
	"packsmith/internal/ioptest"
)

const demoGame = "../../../testdata/demo/lostsaga_game"

// gameCopy copies the demo game folder into a temporary folder.
func gameCopy(t *testing.T) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "game")
	for _, n := range []string{"rs.iop", "map.iop", "info/delete_file_list.cfg.iop"} {
		b, err := os.ReadFile(filepath.Join(demoGame, n))
		if err != nil {
			t.Fatal(err)
		}
		os.MkdirAll(filepath.Dir(filepath.Join(dst, n)), 0o755)
		if err := os.WriteFile(filepath.Join(dst, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

func srcFile(t *testing.T, data string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "src.txt")
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// winner reads name (UTF-8) from pack with the independent reader.
func winner(t *testing.T, pack, name string) (ioptest.Entry, bool) {
	t.Helper()
	b, err := os.ReadFile(pack)
	if err != nil {
		t.Fatal(err)
	}
	es, err := ioptest.Read(b, krPW)
	if err != nil {
		t.Fatalf("%s: %v", pack, err)
	}
	raw, err := cp949.Encode(strings.ReplaceAll(name, "/", `\`))
	if err != nil {
		t.Fatal(err)
	}
	e, ok := ioptest.Winners(es)[ioptest.Fold(raw)]
	return e, ok
}

func mustRead(t *testing.T, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestGameFolderReplaceKoreanEntry(t *testing.T) {
	dir := gameCopy(t)
	rsBefore, mapBefore := mustRead(t, filepath.Join(dir, "rs.iop")), mustRead(t, filepath.Join(dir, "map.iop"))
	const data = "바뀐 한글 파일입니다. replaced through the game folder."
	res, err := writeback.Apply(context.Background(), dir, "", []archive.Edit{
		{Op: archive.EditReplace, Path: "사운드/한글파일.txt", Source: srcFile(t, data)}}, archive.OpenOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Output != dir || res.Backup != "" || strings.Join(res.Notes, "|") != "replace 사운드/한글파일.txt: rs.iop" {
		t.Fatalf("result %+v", res)
	}
	rsAfter := mustRead(t, filepath.Join(dir, "rs.iop"))
	if !bytes.HasPrefix(rsAfter, rsBefore) || len(rsAfter) <= len(rsBefore) {
		t.Fatalf("rs.iop was not appended to: %d → %d bytes", len(rsBefore), len(rsAfter))
	}
	if !bytes.Equal(mustRead(t, filepath.Join(dir, "map.iop")), mapBefore) {
		t.Fatal("map.iop changed")
	}
	// The file was CP949: the UTF-8 text given goes back as CP949
	// (backend/edit/intake), and the result says so.
	stored, err := cp949.Encode(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Conversions) != 1 || res.Conversions[0].Label != "UTF-8 text written as CP949" {
		t.Fatalf("conversions %+v", res.Conversions)
	}
	if e, ok := winner(t, filepath.Join(dir, "rs.iop"), "사운드/한글파일.txt"); !ok || string(e.Data) != string(stored) {
		t.Fatalf("second reader: %q %v", e.Data, ok)
	}
	if e, _ := winner(t, filepath.Join(dir, "map.iop"), "사운드/한글파일.txt"); !strings.Contains(string(e.Data), "map.iop") {
		t.Fatalf("map.iop's copy: %q", e.Data)
	}
	a, err := archive.Open(dir, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if s := readEntry(t, a, "사운드/한글파일.txt"); s != string(stored) {
		t.Fatalf("the view reads %q", s)
	}
	if len(a.Entries()) != 5 {
		t.Fatalf("%d entries", len(a.Entries()))
	}
}

func TestGameFolderRemoveAlsoFromLaterPack(t *testing.T) {
	dir := gameCopy(t)
	res, err := writeback.Apply(context.Background(), dir, "", []archive.Edit{
		{Op: archive.EditRemove, Path: "사운드/한글파일.txt"}}, archive.OpenOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := "remove 사운드/한글파일.txt: rs.iop (also removed from map.iop, whose copy would show again)"; strings.Join(res.Notes, "|") != want {
		t.Fatalf("notes %q", res.Notes)
	}
	for _, p := range []string{"rs.iop", "map.iop"} {
		if _, ok := winner(t, filepath.Join(dir, p), "사운드/한글파일.txt"); ok {
			t.Fatalf("%s still has it", p)
		}
	}
	a, err := archive.Open(dir, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if _, ok := archive.Find(a, "사운드/한글파일.txt"); ok || len(a.Entries()) != 4 {
		t.Fatalf("the view has %d entries, removed one found: %v", len(a.Entries()), ok)
	}
}

func TestGameFolderAddRenameRouting(t *testing.T) {
	dir := gameCopy(t)
	mapBefore := mustRead(t, filepath.Join(dir, "map.iop"))
	res, err := writeback.Apply(context.Background(), dir, "", []archive.Edit{
		{Op: archive.EditAdd, Path: "map/2번맵.txt", Source: srcFile(t, "second map")},
		{Op: archive.EditAdd, Path: "새폴더/new.txt", Source: srcFile(t, "new folder")},
		{Op: archive.EditRename, Path: "텍스트/용병.txt", NewPath: "텍스트/용병2.txt"},
	}, archive.OpenOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := "add map/2번맵.txt: map.iop (the pack of map/)|add 새폴더/new.txt: rs.iop (the first pack)|rename 텍스트/용병.txt → 텍스트/용병2.txt: rs.iop"
	if strings.Join(res.Notes, "|") != want {
		t.Fatalf("notes\n got %q\nwant %q", strings.Join(res.Notes, "|"), want)
	}
	if !bytes.HasPrefix(mustRead(t, filepath.Join(dir, "map.iop")), mapBefore) {
		t.Fatal("map.iop was rewritten, not appended to")
	}
	if e, ok := winner(t, filepath.Join(dir, "map.iop"), "map/2번맵.txt"); !ok || string(e.Data) != "second map" {
		t.Fatalf("map.iop: %q %v", e.Data, ok)
	}
	if e, ok := winner(t, filepath.Join(dir, "rs.iop"), "새폴더/new.txt"); !ok || string(e.Data) != "new folder" {
		t.Fatalf("rs.iop: %q %v", e.Data, ok)
	}
	if _, ok := winner(t, filepath.Join(dir, "rs.iop"), "텍스트/용병.txt"); ok {
		t.Fatal("the old name is still in rs.iop")
	}
	if _, ok := winner(t, filepath.Join(dir, "rs.iop"), "텍스트/용병2.txt"); !ok {
		t.Fatal("the new name is not in rs.iop")
	}
}

func TestGameFolderRefusals(t *testing.T) {
	dir := gameCopy(t)
	rsBefore, mapBefore := mustRead(t, filepath.Join(dir, "rs.iop")), mustRead(t, filepath.Join(dir, "map.iop"))
	src := srcFile(t, "x")
	for _, c := range []struct {
		edits []archive.Edit
		want  string
	}{
		{[]archive.Edit{{Op: archive.EditAdd, Path: "resource/old.txt", Source: src}},
			"resource/old.txt: the delete list (info/delete_file_list.cfg.iop) hides this name in rs.iop, so the game would not see it"},
		{[]archive.Edit{{Op: archive.EditAdd, Path: "MAP/1번맵.TXT", Source: src}}, "MAP/1번맵.TXT: already in the game folder (map.iop; use replace)"},
		{[]archive.Edit{{Op: archive.EditRename, Path: "map/1번맵.txt", NewPath: "xml/items.xml"}}, "xml/items.xml: already in the game folder (rs.iop)"},
		{[]archive.Edit{{Op: archive.EditReplace, Path: "map/removed.map", Source: src}}, "map/removed.map: no such entry"},
		// the second edit fails its pack's check: nothing is written to either
		{[]archive.Edit{{Op: archive.EditReplace, Path: "xml/items.xml", Source: src}, {Op: archive.EditAdd, Path: "map/bad\u00e9\u0301.txt", Source: src}}, "cannot"},
	} {
		_, err := writeback.Apply(context.Background(), dir, "", c.edits, archive.OpenOptions{}, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Fatalf("%v: %v, want %q", c.edits, err, c.want)
		}
	}
	if !bytes.Equal(mustRead(t, filepath.Join(dir, "rs.iop")), rsBefore) || !bytes.Equal(mustRead(t, filepath.Join(dir, "map.iop")), mapBefore) {
		t.Fatal("a refused edit wrote")
	}
	if _, err := writeback.Apply(context.Background(), dir, filepath.Join(t.TempDir(), "out"), []archive.Edit{{Op: archive.EditReplace, Path: "xml/items.xml", Source: src}}, archive.OpenOptions{}, nil); err == nil || !strings.Contains(err.Error(), "edited in place") {
		t.Fatalf("save as: %v", err)
	}
}

// cancelAt cancels the context when progress reaches an entry.
type cancelAt struct {
	what   string
	cancel context.CancelFunc
	once   sync.Once
}

func (c *cancelAt) Progress(_, _ int64, what string) {
	if what == c.what {
		c.once.Do(c.cancel)
	}
}

func TestGameFolderRollbackAcrossPacks(t *testing.T) {
	dir := gameCopy(t)
	rsBefore, mapBefore := mustRead(t, filepath.Join(dir, "rs.iop")), mustRead(t, filepath.Join(dir, "map.iop"))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// rs.iop is appended first; the cancel comes while map.iop is written
	_, err := writeback.Apply(ctx, dir, "", []archive.Edit{
		{Op: archive.EditReplace, Path: "사운드/한글파일.txt", Source: srcFile(t, "rs edit")},
		{Op: archive.EditReplace, Path: "map/1번맵.txt", Source: srcFile(t, "map edit")},
	}, archive.OpenOptions{}, &cancelAt{what: "map/1번맵.txt", cancel: cancel})
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "rolled back") {
		t.Fatalf("err %v", err)
	}
	if !bytes.Equal(mustRead(t, filepath.Join(dir, "rs.iop")), rsBefore) {
		t.Fatal("rs.iop was not rolled back")
	}
	if !bytes.Equal(mustRead(t, filepath.Join(dir, "map.iop")), mapBefore) {
		t.Fatal("map.iop was not rolled back")
	}
	for _, p := range []string{"rs.iop", "map.iop"} {
		if _, err := os.Stat(filepath.Join(dir, p+JournalSuffix)); !os.IsNotExist(err) {
			t.Fatalf("%s: journal left: %v", p, err)
		}
	}
}
