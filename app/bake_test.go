package app

import (
	"context"
	"image"
	"image/png"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/tl2/modpack"
	"packsmith/backend/view/render"
	"packsmith/internal/testfixtures"
)

// bakeFixture copies the fixture's cyber_mod to a mod folder (dir) and
// packs it to a .MOD (out) with GUTS's grids kept.
func bakeFixture(t *testing.T) (dir, out string) {
	t.Helper()
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	src := filepath.Join(testfixtures.Dir(t, "tl2"), "cyber_mod")
	dir = filepath.Join(t.TempDir(), "cyber")
	if err := os.CopyFS(filepath.Join(dir, "MEDIA"), os.DirFS(filepath.Join(src, "MEDIA"))); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "MOD.DAT"), []byte("[MOD]\n<STRING>NAME:C\n<INTEGER64>MOD_ID:5\n[/MOD]\n"), 0o644)
	out = filepath.Join(t.TempDir(), "C.MOD")
	if res, err := modpack.Pack(context.Background(), dir, modpack.Options{Output: out, MPP: modpack.MPPKeep}); err != nil {
		t.Fatalf("%v %v", err, res.Findings)
	}
	return dir, out
}

// TestBakeGrid: "Bake walk grid" on CITY_04B.LAYOUT inside a .MOD packed
// from the fixture (GUTS's grid kept) bakes from the .MOD's own pieces and
// meshes and compares with GUTS's grid beside it.
func TestBakeGrid(t *testing.T) {
	dir, out := bakeFixture(t)
	src := filepath.Join(testfixtures.Dir(t, "tl2"), "cyber_mod")
	s := testApp(t, &events{}, nil, nil)
	info, err := openNow(s, out, "")
	if err != nil {
		t.Fatal(err)
	}
	v, err := result[*BakeView](s)(s.BakeGrid(info.ID, "MEDIA/LAYOUTS/CITY04/1X1SINGLE_ROOM/CITY_04B.LAYOUT"))
	if err != nil {
		t.Fatal(err)
	}
	if v.Report.Width != 375 || v.Report.Height != 650 || v.Report.Baked != 99 {
		t.Fatalf("view %+v", v.Report)
	}
	// The pictures come from /api/, never as base64 in the JSON, once each.
	if w := fetchedPNG(t, s, v.Image); w.Width < 375 {
		t.Fatalf("baked picture %dx%d", w.Width, w.Height)
	}
	if fetchedPNG(t, s, v.Against.Image).Width == 0 {
		t.Fatal("the difference's picture is empty")
	}
	if u, _ := url.Parse(v.Image); get(t, s.APIHandler(), u.Path, u.Query()).Code != http.StatusNotFound {
		t.Fatal("a bake's picture was served twice")
	}
	if v.Against == nil || !v.Against.SameHeader || v.Against.Entry != "MEDIA/LAYOUTS/CITY04/1X1SINGLE_ROOM/CITY_04B.MPP" {
		t.Fatalf("against %+v", v.Against)
	}
	d := v.Against.Meta.(*render.GridDiffMeta).Diff
	if d.Unchanged != 243739 || d.Changes[0][2] != 2 || d.Changes[2][0] != 9 || d.Changes[0][1] != 0 || d.BecameWalkable != 9 || d.LostWalkable != 2 {
		t.Fatalf("diff %+v", d)
	}
	// CITY05's meshes are not in the .MOD.
	if _, err := result[*BakeView](s)(s.BakeGrid(info.ID, "MEDIA/LAYOUTS/CITY05/CITY05.LAYOUT")); err == nil || !strings.Contains(err.Error(), "5 collision mesh(es) missing") {
		t.Fatalf("CITY05: %v", err)
	}
	if _, err := result[*BakeView](s)(s.BakeGrid(info.ID, "MEDIA/LEVELSETS/CITY04.DAT")); err == nil || !strings.Contains(err.Error(), "only a .LAYOUT") {
		t.Fatalf("a .DAT: %v", err)
	}
	// The same level on disk, as the Pack view bakes it: compared with
	// GUTS's grid beside it, nothing written.
	lay := filepath.Join(dir, "MEDIA/LAYOUTS/CITY04/1X1SINGLE_ROOM/CITY_04B.LAYOUT")
	fv, err := result[*BakeView](s)(s.BakeLayoutFile(lay))
	if err != nil {
		t.Fatal(err)
	}
	fd := fv.Against.Meta.(*render.GridDiffMeta).Diff
	if fd.Unchanged != 243739 || !fv.Against.SameHeader || fv.Report.Baked != 99 {
		t.Fatalf("from disk: %+v", fd)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "MEDIA/LAYOUTS/CITY04/1X1SINGLE_ROOM/CITY_04B.MPP"))
	want, _ := os.ReadFile(filepath.Join(src, "MEDIA/LAYOUTS/CITY04/1X1SINGLE_ROOM/CITY_04B.MPP"))
	if len(want) != 243774 || string(got) != string(want) {
		t.Fatal("the grid on disk changed")
	}
}

// fetchedPNG fetches a picture a bound call answered with a URL, as the
// window does (bridge.js), and returns its size.
func fetchedPNG(t *testing.T, s *App, ref string) image.Config {
	t.Helper()
	u, err := url.Parse(ref)
	if err != nil || u.Path != "/api/rendered" {
		t.Fatalf("%.60q is not an /api/rendered URL", ref)
	}
	rec := get(t, s.APIHandler(), u.Path, u.Query())
	if rec.Code != http.StatusOK {
		t.Fatalf("%s: %d %s", ref, rec.Code, rec.Body)
	}
	c, err := png.DecodeConfig(rec.Body)
	if err != nil {
		t.Fatalf("%s: %v", ref, err)
	}
	return c
}

// The Pack view's Bake walk grid on a scenery layout: refused in words,
// without a Go package prefix.
func TestBakeLayoutFileScenery(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	lay := filepath.Join(t.TempDir(), "MEDIA", "LAYOUTS", "URBAN", "ENVIRONMENT_URBAN.LAYOUT")
	if err := os.MkdirAll(filepath.Dir(lay), 0o755); err != nil {
		t.Fatal(err)
	}
	text := "[Layout]\n<INTEGER>VERSION:4\n[OBJECTS]\n[BASEOBJECT]\n[PROPERTIES]\n<STRING>DESCRIPTOR:Sound\n<INTEGER64>ID:1\n[/PROPERTIES]\n[/BASEOBJECT]\n[/OBJECTS]\n[/Layout]\n"
	if err := os.WriteFile(lay, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	s := testApp(t, &events{}, nil, nil)
	_, err := result[*BakeView](s)(s.BakeLayoutFile(lay))
	if err == nil || err.Error() != "ENVIRONMENT_URBAN.LAYOUT places no room piece, so it is not a level and has no walk grid to bake" {
		t.Errorf("%v", err)
	}
}
