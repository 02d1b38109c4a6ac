package modpack

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"packsmith/formats/tl2/raw"
)

// layoutText is a layout of one object of descriptor desc with the given
// extra property lines.
func layoutText(desc string, props ...string) string {
	var b strings.Builder
	b.WriteString("[Layout]\r\n\t<INTEGER>VERSION:4\r\n\t<UNSIGNED INT>COUNT:1\r\n\t[OBJECTS]\r\n\t\t[BASEOBJECT]\r\n\t\t\t[PROPERTIES]\r\n")
	b.WriteString("\t\t\t\t<STRING>DESCRIPTOR:" + desc + "\r\n\t\t\t\t<STRING>NAME:" + desc + "0\r\n\t\t\t\t<INTEGER64>PARENTID:-1\r\n\t\t\t\t<INTEGER64>ID:77\r\n")
	for _, p := range props {
		b.WriteString("\t\t\t\t" + p + "\r\n")
	}
	b.WriteString("\t\t\t[/PROPERTIES]\r\n\t\t[/BASEOBJECT]\r\n\t[/OBJECTS]\r\n[/Layout]\r\n")
	return b.String()
}

// A repack takes what the RAW indices read of a missile or menu layout
// from the cache, and the grid plan takes a scenery layout's "no room
// piece" from it: an unchanged file (same size and time) is read by
// neither. Planted here by rewriting the three layouts with the same
// size and time: the missile's name changed, the menu's too, the scenery
// layout garbage. A repack that parsed them again would index the new
// names and try to bake the garbage as a level; one that trusts the cache,
// as it does for every other unchanged source, packs the first pack's
// bytes and findings again.
func TestRepackReadsNoLayoutItKnows(t *testing.T) {
	files := map[string]string{
		"MEDIA/MISSILES/FX/M.LAYOUT":      layoutText("Missile", "<STRING>MISSILE NAME:FIREBALL"),
		"MEDIA/UI/MENUS/X/MENU.LAYOUT":    layoutText("Menu Definition", "<STRING>MENU NAME:ALPHAMENU"),
		"MEDIA/LAYOUTS/TOWN/SCENE.LAYOUT": layoutText("Light", "<UNSIGNED INT>BRIGHTNESS:9"),
		"MEDIA/UNITS/U.DAT":               "[UNIT]\r\n\t<STRING>NAME:U\r\n\t<INTEGER>LEVEL:7\r\n[/UNIT]\r\n",
	}
	dir := makeMod(t, simpleModDat, files)
	backdate(dir)
	out := filepath.Join(t.TempDir(), "OUT.MOD")
	first, r := packIncremental(t, dir, out)
	if first.Compiled != 4 {
		t.Fatalf("first pack compiled %d, want 4", first.Compiled)
	}
	want, _ := os.ReadFile(out)
	if m := missileNames(t, entries(t, r)["MEDIA/MISSILES.RAW"]); m != "FIREBALL" {
		t.Fatalf("MISSILES.RAW holds %q", m)
	}
	same := func(rel, body string) {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		st, _ := os.Stat(p)
		if int64(len(body)) != st.Size() {
			t.Fatalf("%s: %d bytes, want %d", rel, len(body), st.Size())
		}
		os.WriteFile(p, []byte(body), 0o644)
		os.Chtimes(p, st.ModTime(), st.ModTime())
	}
	same("MEDIA/MISSILES/FX/M.LAYOUT", strings.Replace(files["MEDIA/MISSILES/FX/M.LAYOUT"], "FIREBALL", "FIREBOLT", 1))
	same("MEDIA/UI/MENUS/X/MENU.LAYOUT", strings.Replace(files["MEDIA/UI/MENUS/X/MENU.LAYOUT"], "ALPHAMENU", "OMEGAMENU", 1))
	same("MEDIA/LAYOUTS/TOWN/SCENE.LAYOUT", strings.Repeat("?", len(files["MEDIA/LAYOUTS/TOWN/SCENE.LAYOUT"])))
	time.Sleep(10 * time.Millisecond)
	again, _ := packIncremental(t, dir, out)
	if again.Compiled != 0 || again.Reused != first.Entries-len(first.RAWs) {
		t.Fatalf("repack compiled %d, reused %d of %d", again.Compiled, again.Reused, first.Entries)
	}
	if got, _ := os.ReadFile(out); !bytes.Equal(got, want) {
		t.Fatal("the repack of unchanged files differs from the first pack (a layout was read again)")
	}
	if !reflect.DeepEqual(again.Findings, first.Findings) {
		t.Fatalf("findings differ:\n got %v\nwant %v", again.Findings, first.Findings)
	}
}

// missileNames is the missile names MISSILES.RAW lists, joined by ",".
func missileNames(t *testing.T, b []byte) string {
	t.Helper()
	f, err := raw.Decode(raw.Missiles, b)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, m := range f.Missiles {
		names = append(names, m.Names...)
	}
	return strings.Join(names, ",")
}

// A scenery layout saved again unchanged (a new time, the same bytes) is
// reused, not compiled, and still no level: its reuse carries the
// cache's word on it to the grids stage, which bakes nothing and says
// nothing about a walk grid.
func TestRepackTouchedSceneryStaysScenery(t *testing.T) {
	dir := makeMod(t, simpleModDat, map[string]string{
		"MEDIA/LAYOUTS/TOWN/SCENE.LAYOUT": layoutText("Light", "<UNSIGNED INT>BRIGHTNESS:9"),
	})
	backdate(dir)
	out := filepath.Join(t.TempDir(), "OUT.MOD")
	first, _ := packIncremental(t, dir, out)
	p := filepath.Join(dir, "MEDIA", "LAYOUTS", "TOWN", "SCENE.LAYOUT")
	later := time.Now().Add(-time.Minute)
	os.Chtimes(p, later, later)
	again, _ := packIncremental(t, dir, out)
	if again.Compiled != 0 || again.Reused != 1 {
		t.Fatalf("repack compiled %d, reused %d", again.Compiled, again.Reused)
	}
	if len(again.Grids) != 0 || !reflect.DeepEqual(again.Findings, first.Findings) {
		t.Fatalf("grids %+v, findings %v (first pack: %v)", again.Grids, again.Findings, first.Findings)
	}
}

// A repack that changes one missile layout of two indexes the new name
// beside the one it took from the cache, and is the full pack's bytes.
func TestRepackOfAMissileIsTheFullPack(t *testing.T) {
	dir := makeMod(t, simpleModDat, map[string]string{
		"MEDIA/MISSILES/A.LAYOUT":    layoutText("Missile", "<STRING>MISSILE NAME:ARROW"),
		"MEDIA/MISSILES/B.LAYOUT":    layoutText("Missile", "<STRING>MISSILE NAME:BOLT"),
		"MEDIA/UI/MENUS/MENU.LAYOUT": layoutText("Menu Definition", "<STRING>MENU NAME:ALPHAMENU"),
		"MEDIA/UNITS/U.DAT":          "[UNIT]\r\n\t<STRING>NAME:U\r\n\t<INTEGER>LEVEL:7\r\n[/UNIT]\r\n",
	})
	backdate(dir)
	out := filepath.Join(t.TempDir(), "OUT.MOD")
	packIncremental(t, dir, out)
	os.WriteFile(filepath.Join(dir, "MEDIA", "MISSILES", "B.LAYOUT"), []byte(layoutText("Missile", "<STRING>MISSILE NAME:BLAST")), 0o644)
	incr, r := packIncremental(t, dir, out)
	if incr.Compiled != 1 {
		t.Fatalf("repack compiled %d, want 1", incr.Compiled)
	}
	if m := missileNames(t, entries(t, r)["MEDIA/MISSILES.RAW"]); m != "ARROW,BLAST" {
		t.Fatalf("MISSILES.RAW holds %q", m)
	}
	full, _ := packIncremental(t, dir, filepath.Join(t.TempDir(), "OUT.MOD"))
	bi, _ := os.ReadFile(out)
	bf, _ := os.ReadFile(full.Output)
	if full.Reused != 0 || !bytes.Equal(bi, bf) {
		t.Fatalf("repack (%d bytes) ≠ full pack (%d bytes, %d reused)", len(bi), len(bf), full.Reused)
	}
}
