package app

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/formats/reborn/filetable"
)

func TestRebornSetText(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	dir := t.TempDir()
	t.Setenv("TMPDIR", dir)
	data := filepath.Join(dir, "Data")
	dat, err := os.ReadFile("../backend/drivers/reborndrv/testdata/sample.dat")
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(data, "scene.dat")
	os.MkdirAll(data, 0o755)
	os.WriteFile(p, dat, 0o644)
	tb, _ := filetable.Encode(filetable.New("REBORN", []filetable.File{{Path: "scene.dat", Size: uint32(len(dat))}}))
	os.WriteFile(filepath.Join(data, "FileTable.bin"), tb, 0o644)
	s := NewApp(&events{}, nil, nil)
	info, err := s.Open(p, "")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := s.RebornTexts(info.ID, "#0")
	if err != nil || len(tab.Rows) != 2 || tab.Rows[1].Text != "Vyce" {
		t.Fatalf("%v %+v", err, tab)
	}
	saved, err := s.RebornSetText(info.ID, "#0", 1, "Vyce Bozeck, now a longer name {U+F8FF}")
	if err != nil {
		t.Fatal(err)
	}
	if saved.Rows[1].Text != "Vyce Bozeck, now a longer name {U+F8FF}" || saved.Backup == "" || !strings.Contains(strings.Join(saved.Notes, " "), "FileTable.bin: scene.dat") {
		t.Fatalf("saved %+v", saved)
	}
	st, _ := os.Stat(p)
	b, _ := os.ReadFile(filepath.Join(data, "FileTable.bin"))
	got, _ := filetable.Decode(b)
	if int64(got.Rows[0].Size) != st.Size() {
		t.Fatalf("table %d, file %d", got.Rows[0].Size, st.Size())
	}
	// The session reads the new file.
	if tab, _ := s.RebornTexts(info.ID, "#0"); tab.Rows[1].Text != saved.Rows[1].Text {
		t.Errorf("session still shows %q", tab.Rows[1].Text)
	}
	if _, err := s.RebornSetText(info.ID, "#0", 9, "x"); err == nil {
		t.Error("row 9 accepted")
	}
	s.Shutdown(context.Background())
}
