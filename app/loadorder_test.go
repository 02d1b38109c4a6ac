package app

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/tl2/loadorder"
	"packsmith/backend/tl2/loadorder/loadordertest"
)

// The view the window receives from LoadOrder (as JSON, the way the
// bridge carries it): a mod listing a path twice shows one duplicate-path
// finding on its row and no conflict with itself.
func TestLoadOrderViewDuplicatePath(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	dir := t.TempDir()
	if err := loadordertest.Write(dir, []loadordertest.Spec{
		{Rel: "mods/OTHER.MOD", Title: "OTHER", ID: 1, Files: []string{"MEDIA/A.DAT"}},
		{Rel: "mods/EDITOR.MOD", Title: "EDITOR", ID: 3, Files: []string{"MEDIA/X.DAT", "MEDIA/Y.DAT", "MEDIA/X.DAT"}},
	}); err != nil {
		t.Fatal(err)
	}
	if err := loadordertest.WriteSch(filepath.Join(dir, "modlauncher.sch"), []int64{1, 3}); err != nil {
		t.Fatal(err)
	}
	a := testApp(t, &events{}, nil, nil)
	v, err := result[*loadorder.View](a)(a.LoadOrder(dir, ""))
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Conflicts []json.RawMessage `json:"conflicts"`
		Mods      []struct {
			Title               string
			Place               int
			Wins, Loses, Unique int
			Problems            []struct{ Code, Message string }
		} `json:"mods"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Conflicts) != 0 || len(got.Mods) != 2 {
		t.Fatalf("view: %s", b)
	}
	ed := got.Mods[1]
	if ed.Title != "EDITOR" || ed.Place != 2 || ed.Wins != 0 || ed.Loses != 0 || ed.Unique != 2 || len(ed.Problems) != 1 ||
		ed.Problems[0].Code != "duplicate-path" || !strings.HasPrefix(ed.Problems[0].Message, "This .MOD lists MEDIA/X.DAT twice:") {
		t.Errorf("EDITOR row: %+v", ed)
	}
}
