package app

import (
	"context"
	"os"
	"packsmith/backend/workspace/backups"
	"path/filepath"
	"testing"

	"packsmith/backend/workspace/jobs"
	"packsmith/formats/reborn/filetable"
)

// rebornFixture is the driver's sample .dat in a Data folder with its
// FileTable.bin; it returns the .dat's path.
func rebornFixture(t *testing.T) string {
	t.Helper()
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
	return p
}

func TestRebornSetText(t *testing.T) {
	p := rebornFixture(t)
	dat, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Dir(filepath.Dir(p))
	data := filepath.Join(dir, "Data")
	s := testApp(t, &events{}, nil, nil)
	info, err := openNow(s, p, "")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := result[TextTable](s)(s.TableTexts(info.ID, "#0"))
	if err != nil || len(tab.Rows) != 2 || tab.Rows[1].Text != "Vyce" {
		t.Fatalf("%v %+v", err, tab)
	}
	saved, err := result[TableSaved](s)(s.TableSetText(info.ID, "#0", 1, "Vyce Bozeck, now a longer name {U+F8FF}"))
	if err != nil {
		t.Fatal(err)
	}
	// A pending change, like every edit in the window: nothing written yet.
	if !saved.Pending || saved.Rows[1].Text != "Vyce Bozeck, now a longer name {U+F8FF}" || len(saved.Changes.Changes) != 1 || saved.Changes.Changes[0].Path != "#0" {
		t.Fatalf("saved %+v", saved)
	}
	if now, _ := os.ReadFile(p); string(now) != string(dat) {
		t.Fatal("the .dat was written before Save")
	}
	// The table shows the pending rows, and a second row edit builds on them.
	if tab, _ := result[TextTable](s)(s.TableTexts(info.ID, "#0")); tab.Rows[1].Text != saved.Rows[1].Text {
		t.Errorf("the table shows %q, not the pending row", tab.Rows[1].Text)
	}
	two, err := result[TableSaved](s)(s.TableSetText(info.ID, "#0", 0, "Denam"))
	if err != nil || two.Rows[0].Text != "Denam" || two.Rows[1].Text != saved.Rows[1].Text || len(two.Changes.Changes) != 1 {
		t.Fatalf("second edit: %v %+v", err, two)
	}
	id, err := s.SaveChanges(info.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	if st := waitJob(t, s, id); st.State != jobs.Done {
		t.Fatalf("save: %+v", st)
	}
	st, _ := os.Stat(p)
	b, _ := os.ReadFile(filepath.Join(data, "FileTable.bin"))
	got, _ := filetable.Decode(b)
	if int64(got.Rows[0].Size) != st.Size() || st.Size() == int64(len(dat)) {
		t.Fatalf("table %d, file %d (was %d)", got.Rows[0].Size, st.Size(), len(dat))
	}
	// The .dat and its table are kept in the backups folder, nothing beside them (issue 34).
	if baks, _ := filepath.Glob(filepath.Join(data, "*.bak")); len(baks) != 0 {
		t.Fatalf("backups beside the files: %v", baks)
	}
	kept := map[string]int{}
	list, _ := backups.Default().List()
	for _, e := range list {
		kept[e.Of]++
	}
	if kept[p] != 1 || kept[filepath.Join(data, "FileTable.bin")] != 1 {
		t.Fatalf("backups %v", kept)
	}
	// The session reads the new file.
	if tab, _ := result[TextTable](s)(s.TableTexts(info.ID, "#0")); tab.Rows[1].Text != saved.Rows[1].Text || tab.Rows[0].Text != "Denam" {
		t.Errorf("session shows %+v", tab.Rows)
	}
	if _, err := result[TableSaved](s)(s.TableSetText(info.ID, "#0", 9, "x")); err == nil {
		t.Error("row 9 accepted")
	}
	s.Shutdown(context.Background())
}
