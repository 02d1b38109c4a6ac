package cli

import (
	"encoding/json"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/view/render"
	"packsmith/formats/tl2/mpp"
)

// editedGridFile writes ROOM_EDIT.MPP: gridFile's room with cells (1,1)
// and (2,1) made wall (2 no longer walkable), wall (0,3) made walkable
// (1 became walkable) and void (5,3) made wall (1 wall <-> void).
func editedGridFile(t *testing.T, dir string, g *mpp.Grid) string {
	t.Helper()
	e := g.Clone()
	e.Set(1, 1, mpp.Wall)
	e.Set(2, 1, mpp.Wall)
	e.Set(0, 3, mpp.Walkable)
	e.Set(5, 3, mpp.Wall)
	b, err := mpp.Encode(e)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "ROOM_EDIT.MPP")
	os.WriteFile(p, b, 0o644)
	return p
}

func TestRenderDiffFiles(t *testing.T) {
	dir := t.TempDir()
	a, g := gridFile(t, dir)
	b := editedGridFile(t, dir, g)
	out := filepath.Join(dir, "diff.png")
	stdout, errs, code := run(t, "render", a, "--diff", b, "-o", out, "--scale", "4")
	if code != 0 {
		t.Fatalf("code %d: %s", code, errs)
	}
	want := "wrote " + out + ": "
	if !strings.HasPrefix(stdout, want) || !strings.Contains(stdout, "MPP walk grid difference\n") ||
		!strings.HasSuffix(stdout, a+" -> "+b+": 4 of 24 cells changed (16.67%): 1 became walkable, 2 no longer walkable, 1 wall <-> void\n") {
		t.Fatalf("stdout %q", stdout)
	}
	img := readPNG(t, out)
	if bd := img.Bounds(); bd.Dx() < 24 || bd.Dy() <= 16 {
		t.Fatalf("picture %v: want the 24×16 grid and a legend below", bd)
	}
	at := func(x, y int) color.RGBA { return color.RGBAModel.Convert(img.At(4*x+2, 4*y+2)).(color.RGBA) }
	if at(1, 1) != render.ColorLost || at(2, 1) != render.ColorLost || at(0, 3) != render.ColorGained || at(5, 3) != render.ColorOtherDiff {
		t.Fatalf("changed cells %v %v %v %v", at(1, 1), at(2, 1), at(0, 3), at(5, 3))
	}
	if c := at(3, 1); c == render.ColorWalkable || c == render.ColorLost || c == render.ColorGained {
		t.Fatalf("unchanged walkable cell drawn %v, want faded", c)
	}

	// --json: the counts, no picture needed.
	stdout, errs, code = run(t, "render", a, "--diff", b, "--json")
	if code != 0 {
		t.Fatalf("json: %d %s", code, errs)
	}
	var rep struct {
		Before, After                          string
		Width, Height, Changed, Unchanged      int
		BecameWalkable, LostWalkable, WallVoid int
		SizeChanged                            bool
		Changes                                [3][3]int
		ChangedPercent                         float64
		Output                                 *string
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatalf("%v: %s", err, stdout)
	}
	if rep.Before != a || rep.After != b || rep.Width != 6 || rep.Height != 4 || rep.Changed != 4 || rep.Unchanged != 20 ||
		rep.BecameWalkable != 1 || rep.LostWalkable != 2 || rep.WallVoid != 1 || rep.SizeChanged ||
		rep.Changes != [3][3]int{{6, 2, 0}, {1, 14, 0}, {0, 1, 0}} || rep.ChangedPercent != 16.67 || rep.Output != nil {
		t.Fatalf("json %+v\n%s", rep, stdout)
	}
	// The same grid against itself: nothing changed, exit 0.
	stdout, _, code = run(t, "render", a, "--diff", a)
	if code != 0 || !strings.Contains(stdout, ": 0 of 24 cells changed (0.00%)") {
		t.Fatalf("self: %d %q", code, stdout)
	}
}

func TestRenderDiffArchiveEntries(t *testing.T) {
	dir := t.TempDir()
	a, g := gridFile(t, dir)
	b := editedGridFile(t, dir, g)
	ab, _ := os.ReadFile(a)
	bb, _ := os.ReadFile(b)
	z := writeZip(t, dir, map[string][]byte{"MEDIA/ROOM.MPP": ab, "MEDIA/ROOM_EDIT.MPP": bb, "MEDIA/X.DDS": bc1DDS()})
	stdout, errs, code := run(t, "render", z, "MEDIA/ROOM.MPP", "--diff-entry", "MEDIA/ROOM_EDIT.MPP", "--json", "-o", filepath.Join(dir, "d.png"))
	if code != 0 || !strings.Contains(stdout, `"changed": 4,`) || !strings.Contains(stdout, `"after": `+jsonString(z+": MEDIA/ROOM_EDIT.MPP")) ||
		!strings.Contains(stdout, `"output": `+jsonString(filepath.Join(dir, "d.png"))) {
		t.Fatalf("same archive: %d %s %s", code, stdout, errs)
	}
	// An entry of another archive, and a loose file against an entry.
	stdout, errs, code = run(t, "render", b, "--diff-archive", z, "--diff-entry", "MEDIA/ROOM.MPP")
	if code != 0 || !strings.HasSuffix(stdout, b+" -> "+z+": MEDIA/ROOM.MPP: 4 of 24 cells changed (16.67%): 2 became walkable, 1 no longer walkable, 1 wall <-> void\n") {
		t.Fatalf("other archive: %d %q %s", code, stdout, errs)
	}

	for _, c := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{a, "--diff-entry", "MEDIA/ROOM.MPP"}, 2, "packsmith render: --diff-entry ENTRY needs an archive: give ARCHIVE ENTRY first, or --diff-archive ARCHIVE"},
		{[]string{a, "--diff", b, "--diff-entry", "X"}, 2, "packsmith render: use --diff FILE, or --diff-entry ENTRY [--diff-archive ARCHIVE], not both"},
		{[]string{a, "--diff-archive", z}, 2, "packsmith render: --diff-archive needs --diff-entry ENTRY"},
		{[]string{a, "--diff", b, "--overlay"}, 2, "packsmith render: --overlay, --mip and --face do not apply to --diff"},
		{[]string{a, "--diff", b, "--json", "-o", "-"}, 2, "packsmith render: --json and -o - both write to standard output"},
		{[]string{a, "--json", "-o", "x.png"}, 2, "packsmith render: --json goes with --diff"},
		{[]string{z, "MEDIA/ROOM.MPP", "--diff-entry", "MEDIA/X.DDS"}, 1, "packsmith render: " + z + ": MEDIA/X.DDS: only walk grids (.MPP) can be compared\n"},
		{[]string{z, "MEDIA/ROOM.MPP", "--diff-entry", "MEDIA/NOPE.MPP"}, 1, "packsmith render: " + z + ": MEDIA/NOPE.MPP: no such entry\n"},
		{[]string{a, "--diff", filepath.Join(dir, "missing.MPP")}, 1, "packsmith render: "},
		{[]string{a, "--diff", z}, 1, "packsmith render: " + z + ": only walk grids (.MPP) can be compared\n"},
	} {
		_, errs, code := run(t, append([]string{"render"}, c.args...)...)
		if code != c.code || !strings.HasPrefix(errs, c.err) {
			t.Errorf("%v: %d %q, want %d %q", c.args, code, errs, c.code, c.err)
		}
	}
	// A grid that does not decode is named.
	bad := filepath.Join(dir, "BAD.MPP")
	os.WriteFile(bad, []byte{1, 2, 3}, 0o644)
	_, errs, code = run(t, "render", a, "--diff", bad)
	if code != 1 || !strings.HasPrefix(errs, "packsmith render: "+bad+": walk grid: ") {
		t.Errorf("bad grid: %d %q", code, errs)
	}
}

// jsonString is s as JSON writes it (a Windows path's \ escaped).
func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
