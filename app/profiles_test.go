package app

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"packsmith/backend/tl2/loadorder/loadordertest"
)

// The window's profile picker: save the open list, change and save the
// list, use the profile (modlauncher.sch back byte for byte, the view read
// again), a use refused while the list has unsaved changes, rm.
func TestLoadOrderProfileBound(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	dir := t.TempDir()
	if err := loadordertest.Write(dir, loadordertest.Standard()); err != nil {
		t.Fatal(err)
	}
	order := []int64{loadordertest.IDOverhaul, loadordertest.IDSpeed, loadordertest.IDPortraits}
	sch := filepath.Join(dir, "modlauncher.sch")
	if err := loadordertest.WriteSch(sch, order); err != nil {
		t.Fatal(err)
	}
	want, _ := os.ReadFile(sch)
	a := testApp(t, &events{}, nil, nil)
	do := result[*ProfileAnswer](a)
	if _, err := result[any](a)(a.LoadOrder(dir, "")); err != nil {
		t.Fatal(err)
	}
	ans, err := do(a.LoadOrderProfile("save", "Three"))
	if err != nil {
		t.Fatal(err)
	}
	if ans.Saved == nil || len(ans.Saved.Mods) != 3 || len(ans.Profiles) != 1 || ans.Profiles[0].Name != "Three" {
		t.Fatalf("save: %+v", ans)
	}
	id := strconv.FormatInt(loadordertest.IDPortraits, 10)
	if _, err := a.LoadOrderMove(id, 1); err != nil {
		t.Fatal(err)
	}
	if _, err := do(a.LoadOrderProfile("use", "three")); err == nil || !strings.Contains(err.Error(), "unsaved changes") {
		t.Errorf("use with unsaved changes: %v", err)
	}
	if _, err := a.LoadOrderSave(); err != nil {
		t.Fatal(err)
	}
	ans, err = do(a.LoadOrderProfile("use", "three"))
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(sch); !bytes.Equal(b, want) {
		t.Errorf("modlauncher.sch after use:\n%q\nwant\n%q", b, want)
	}
	if ans.View == nil || strings.Join(ans.View.Order, " ") != strings.Join(ans.Use.Order, " ") || ans.View.Order[0] != strconv.FormatInt(loadordertest.IDOverhaul, 10) ||
		!ans.Use.Save.Written || ans.Use.Save.BackupID == "" {
		t.Errorf("use: %+v, view order %v", ans.Use, ans.View)
	}
	if v, _ := a.LoadOrderView(); v == nil || v.Dirty || v.Order[0] != ans.View.Order[0] {
		t.Errorf("the open load order is not the one written: %+v", v)
	}
	if ans, err = do(a.LoadOrderProfile("rm", "THREE")); err != nil || len(ans.Profiles) != 0 {
		t.Errorf("rm: %v %+v", err, ans)
	}
	if _, err := a.LoadOrderProfile("zap", "x"); err == nil {
		t.Error("unknown action taken")
	}
	if _, err := a.LoadOrderProfile("save", "a/b"); err == nil {
		t.Error("bad name taken")
	}
}
