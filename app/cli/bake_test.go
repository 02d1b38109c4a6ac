package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/formats/tl2/mpp"
	"packsmith/internal/testfixtures"
)

func copyCyber(t *testing.T, skipGrids bool) (src, dir string) {
	t.Helper()
	src = filepath.Join(testfixtures.Dir(t, "tl2"), "cyber_mod")
	dir = filepath.Join(t.TempDir(), "cyber")
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil {
			os.Chmod(p, info.Mode()|0o200)
			if skipGrids && strings.HasSuffix(p, ".MPP") {
				os.Remove(p)
			}
		}
		return nil
	})
	return src, dir
}

const city04b = "MEDIA/LAYOUTS/CITY04/1X1SINGLE_ROOM/CITY_04B"

// TestBakeCommand bakes CITY_04B over GUTS's grid: the report compares
// them before writing (same header, 243,739 of 243,750 cells), and the
// written grid is ours.
func TestBakeCommand(t *testing.T) {
	src, dir := copyCyber(t, false)
	lay := filepath.Join(dir, filepath.FromSlash(city04b+".LAYOUT"))
	out, errs, code := run(t, "bake", lay, "--json")
	if code != 0 {
		t.Fatal(errs)
	}
	var r struct {
		Width, Height, Placed, Baked, Pockets int
		Output                                string
		Against                               struct {
			SameHeader bool
			Diff       mpp.Diff
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	d := r.Against.Diff
	if r.Width != 375 || r.Height != 650 || r.Placed != 99 || r.Baked != 99 || !r.Against.SameHeader ||
		d.Unchanged != 243739 || d.Changes[0][1] != 0 || d.Changes[0][2] != 2 || d.Changes[2][0] != 9 {
		t.Fatalf("report %+v\n%s", r, out)
	}
	if r.Output != filepath.Join(dir, filepath.FromSlash(city04b+".MPP")) {
		t.Fatalf("output %q", r.Output)
	}
	gb, _ := os.ReadFile(filepath.Join(src, filepath.FromSlash(city04b+".MPP")))
	ob, _ := os.ReadFile(r.Output)
	if len(ob) != len(gb) || string(ob) == string(gb) || string(ob[:24]) != string(gb[:24]) {
		t.Fatal("the written grid is not our bake")
	}
	// Text output, written elsewhere, compared with the grid just written.
	other := filepath.Join(t.TempDir(), "x.mpp")
	out, errs, code = run(t, "bake", lay, "-o", other)
	if code != 0 || !strings.Contains(out, "375×650 cells: 105,083 walkable, 0 wall, 138,667 void") || !strings.Contains(out, "wrote    "+other) {
		t.Fatalf("%d %s %s", code, out, errs)
	}
	// CITY05's meshes are absent: exit 1 naming them, nothing written.
	c5 := filepath.Join(dir, "MEDIA/LAYOUTS/CITY05/CITY05.LAYOUT")
	before, _ := os.ReadFile(filepath.Join(dir, "MEDIA/LAYOUTS/CITY05/CITY05.MPP"))
	_, errs, code = run(t, "bake", c5)
	after, _ := os.ReadFile(filepath.Join(dir, "MEDIA/LAYOUTS/CITY05/CITY05.MPP"))
	if code != 1 || !strings.Contains(errs, "5 collision mesh(es) missing") || !strings.Contains(errs, "BLDGTOP_EDGE_COLLISION.MESH") || string(before) != string(after) {
		t.Fatalf("CITY05: %d %s", code, errs)
	}
	// A layout outside any MEDIA folder.
	loose := filepath.Join(t.TempDir(), "L.LAYOUT")
	os.WriteFile(loose, []byte("[Layout]\n[/Layout]\n"), 0o644)
	if _, errs, code = run(t, "bake", loose); code != 1 || !strings.Contains(errs, "not under a MEDIA folder") {
		t.Fatalf("loose: %d %s", code, errs)
	}
	if _, _, code = run(t, "bake"); code != 2 {
		t.Fatalf("no file: exit %d", code)
	}
}

// TestPackBakes: pack with the .MPP files removed bakes CITY_04B and names
// CITY05; --mpp is checked.
func TestPackBakes(t *testing.T) {
	src, dir := copyCyber(t, true)
	os.WriteFile(filepath.Join(dir, "MOD.DAT"), []byte("[MOD]\n<STRING>NAME:C\n<INTEGER64>MOD_ID:5\n[/MOD]\n"), 0o644)
	mod := filepath.Join(t.TempDir(), "C.MOD")
	out, errs, code := run(t, "pack", dir, "-o", mod)
	if code != 0 {
		t.Fatal(errs)
	}
	for _, w := range []string{
		"1 walk grid baked: CITY_04B.MPP",
		"CITY_04B.LAYOUT: baked (no .MPP), 375×650, 105,083 walkable, 0 wall, 0 pockets",
		"CITY05.LAYOUT: NOT BAKED (no .MPP): 5 missing",
		"CITY05.LAYOUT: WALK GRID NOT BAKED: 5 collision mesh(es) missing: MEDIA/LEVELSETS/CITY04/BLDG1_CORNER_COLLISION.MESH",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("no %q in\n%s", w, out)
		}
	}
	out, errs, code = run(t, "cat", mod, city04b+".MPP")
	gb, _ := os.ReadFile(filepath.Join(src, filepath.FromSlash(city04b+".MPP")))
	if code != 0 || len(out) != len(gb) || out[:24] != string(gb[:24]) {
		t.Fatalf("cat: %d %s (%d bytes)", code, errs, len(out))
	}
	if _, errs, code = run(t, "pack", dir, "-o", mod, "--mpp", "sometimes"); code != 2 || !strings.Contains(errs, "want bake, keep or none") {
		t.Fatalf("--mpp sometimes: %d %s", code, errs)
	}
}
