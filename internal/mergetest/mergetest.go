// Package mergetest builds, from the XOVER fixture, the inputs of a merged
// patch for tests: a base MEDIA folder and a user folder with two packed
// mods (A first in modlauncher.sch) that change different and the same
// properties of one skill .DAT and one .LAYOUT (added and removed blocks,
// a repeated property), and a file only A ships.
package mergetest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/tl2/loadorder"
	"packsmith/backend/tl2/loadorder/loadordertest"
	"packsmith/backend/tl2/modpack"
	"packsmith/formats/tl2/dattext"
	"packsmith/internal/testfixtures"
	"packsmith/internal/tl2test"
)

const (
	Dat    = "MEDIA/SKILLS/X_HEALTHVIAL/X_HEALTHVIAL.DAT"
	Layout = "MEDIA/SKILLS/X_DODGEROLL/X_DODGEROLL.LAYOUT"
	OnlyA  = "MEDIA/AFFIXES/X_HEALTHVIAL_CLEAR.DAT"
	// OnlyB is a unit only B ships: the patch's UNITDATA.RAW must still
	// list it (the patch comes first; see mergepatch's doc, RAW indices).
	OnlyB     = "MEDIA/UNITS/ITEMS/ONLY_B_SWORD.DAT"
	OnlyBGUID = int64(7770001)
	IDA       = int64(1001)
	IDB       = int64(1002)
)

// Text reads a fixture source as text.
func Text(t *testing.T, rel string) string {
	t.Helper()
	testfixtures.File(t, "tl2", "xover/"+rel) // skips when it is absent
	s, err := readText(filepath.Join(testfixtures.Dir(t, "tl2"), "xover"), rel)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// readText reads rel ("MEDIA/…") of the XOVER fixture folder xover as text.
func readText(xover, rel string) (string, error) {
	b, err := os.ReadFile(filepath.Join(xover, filepath.FromSlash(rel)))
	if err != nil {
		return "", err
	}
	s, _, err := dattext.Decode(rel, b)
	return s, err
}

// editor replaces, once, text that must occur; the first miss is kept.
type editor struct{ err error }

func (e *editor) edit(s, old, new string) string {
	if e.err == nil && !strings.Contains(s, old) {
		e.err = fmt.Errorf("mergetest: the fixture text lacks %q", old)
	}
	return strings.Replace(s, old, new, 1)
}

func writeText(root, rel, text string) error {
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, dattext.EncodeText(text, dattext.UTF16LEBOM), 0o644)
}

// Setup builds, from the XOVER fixture, a base MEDIA folder and a user
// folder with two packed mods (A first in modlauncher.sch) that change
// different and the same properties of one skill .DAT and one .LAYOUT;
// A alone ships an affix (OnlyA), B alone a unit (OnlyB).
func Setup(t *testing.T) (user, base string) {
	t.Helper()
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	Text(t, Dat) // skips when the fixture is absent
	xover := filepath.Join(testfixtures.Dir(t, "tl2"), "xover")
	user, base = t.TempDir(), t.TempDir()
	if err := Write(xover, user, base); err != nil {
		t.Fatal(err)
	}
	return user, base
}

// Write is Setup into given folders (created as needed), from the XOVER
// fixture folder xover: base gets MEDIA/ with the game's two sources,
// user the mods folder and modlauncher.sch. internal/mergedemo writes
// the window's end-to-end inputs with it.
func Write(xover, user, base string) error {
	dat, err := readText(xover, Dat)
	if err != nil {
		return err
	}
	lay, err := readText(xover, Layout)
	if err != nil {
		return err
	}
	onlyA, err := readText(xover, OnlyA)
	if err != nil {
		return err
	}
	if err := writeText(base, Dat, dat); err != nil {
		return err
	}
	if err := writeText(base, Layout, lay); err != nil {
		return err
	}
	var e editor
	// A: COOLDOWNMS 5000 (B: 200, a conflict), removes [AFFIXESREMOVE],
	// adds an AFFIX to a block B also adds one to (a repeated property);
	// the layout's RADIUS 30 (B: 5, a conflict); a file only A ships.
	a := e.edit(dat, "<INTEGER>COOLDOWNMS:1000", "<INTEGER>COOLDOWNMS:5000")
	a = e.edit(a, "\t\t\t[AFFIXESREMOVE]\r\n\t\t\t\t<STRING>AFFIX:X_HEALTHVIAL_AFFIX\r\n\t\t\t[/AFFIXESREMOVE]\r\n", "")
	a = e.edit(a, "<STRING>AFFIX:X_HEALTHVIAL_CLEAR\r\n", "<STRING>AFFIX:X_HEALTHVIAL_CLEAR\r\n\t\t\t\t<STRING>AFFIX:FROM_A\r\n")
	la := e.edit(lay, "<FLOAT>RADIUS:12", "<FLOAT>RADIUS:30")
	// B: AFFIXLEVEL 3 where A added its AFFIX, a new block, the layout's
	// TIMER 2 and a new object; a unit only B ships.
	b := e.edit(dat, "<INTEGER>COOLDOWNMS:1000", "<INTEGER>COOLDOWNMS:200")
	b = e.edit(b, "<INTEGER>AFFIXLEVEL:1", "<INTEGER>AFFIXLEVEL:3")
	b = e.edit(b, "<STRING>AFFIX:X_HEALTHVIAL_CLEAR\r\n", "<STRING>AFFIX:X_HEALTHVIAL_CLEAR\r\n\t\t\t\t<STRING>AFFIX:FROM_B\r\n")
	b = e.edit(b, "\t[/LEVEL1]", "\t\t[EVENT_END]\r\n\t\t\t<STRING>FILE:media/skills/x_b.layout\r\n\t\t[/EVENT_END]\r\n\t[/LEVEL1]")
	lb := e.edit(lay, "<FLOAT>RADIUS:12", "<FLOAT>RADIUS:5")
	lb = e.edit(lb, "<FLOAT>TIMER:1", "<FLOAT>TIMER:2")
	lb = e.edit(lb, "\t[/OBJECTS]", "\t\t[BASEOBJECT]\r\n\t\t\t[PROPERTIES]\r\n\t\t\t\t<STRING>DESCRIPTOR:Sound\r\n\t\t\t\t<STRING>NAME:FromB\r\n\t\t\t\t<INTEGER64>PARENTID:-1\r\n\t\t\t\t<INTEGER64>ID:77\r\n\t\t\t\t<FLOAT>RADIUS:3\r\n\t\t\t[/PROPERTIES]\r\n\t\t[/BASEOBJECT]\r\n\t[/OBJECTS]")
	if e.err != nil {
		return e.err
	}

	mods := filepath.Join(user, "mods")
	for _, m := range []struct {
		name     string
		id       int64
		dat, lay string
		only     bool
	}{{"A", IDA, a, la, true}, {"B", IDB, b, lb, false}} {
		src, err := os.MkdirTemp("", "mergetest-")
		if err != nil {
			return err
		}
		err = writeMod(src, filepath.Join(mods, m.name+".MOD"), m.name, m.id, m.dat, m.lay, m.only, onlyA)
		os.RemoveAll(src)
		if err != nil {
			return err
		}
	}
	return loadordertest.WriteSch(filepath.Join(user, "modlauncher.sch"), []int64{IDA, IDB})
}

// writeMod writes one mod's sources into src and packs them to out.
func writeMod(src, out, name string, id int64, dat, lay string, onlyA bool, onlyAText string) error {
	md := &dattext.Node{Name: "MOD"}
	md.Add("STRING", "NAME", "Mod "+name).Add("INTEGER64", "MOD_ID", Itoa64(id))
	if err := os.WriteFile(filepath.Join(src, "MOD.DAT"), dattext.Encode(md), 0o644); err != nil {
		return err
	}
	files := map[string]string{Dat: dat, Layout: lay}
	if onlyA {
		files[OnlyA] = onlyAText
	} else {
		files[OnlyB] = "[UNIT]\r\n\t<STRING>NAME:Only_B_Sword\r\n\t<INTEGER64>UNIT_GUID:" + Itoa64(OnlyBGUID) +
			"\r\n\t<STRING>UNITTYPE:SWORD\r\n\t<INTEGER>LEVEL:7\r\n\t<STRING>CREATEAS:EQUIPMENT\r\n[/UNIT]\r\n"
	}
	for rel, text := range files {
		if err := writeText(src, rel, text); err != nil {
			return err
		}
	}
	_, err := modpack.Pack(context.Background(), src, modpack.Options{Output: out, MPP: modpack.MPPNone})
	return err
}

func Itoa64(v int64) string { b, _ := json.Marshal(v); return string(b) }

// GameInstall writes, under a new temporary folder, an install holding
// PAKS/DATA.PAK with base's two shared sources compiled as the game ships
// them (BINDAT, BINLAYOUT), and returns the install folder: the base a
// merge reads from the game rather than from a MEDIA folder.
func GameInstall(t *testing.T, base string) string {
	t.Helper()
	return GameInstallIn(t, t.TempDir(), base)
}

// GameInstallIn is GameInstall into the install folder dir (a test that
// places the game where the window looks for it: Steam's folder under HOME).
func GameInstallIn(t *testing.T, dir, base string) string {
	t.Helper()
	files := map[string][]byte{}
	for _, p := range []string{Dat, Layout} {
		src, err := os.ReadFile(filepath.Join(base, filepath.FromSlash(p)))
		if err != nil {
			t.Fatal(err)
		}
		c, err := modpack.CompileSource(p, "", src, false)
		if err != nil {
			t.Fatal(err)
		}
		files[p] = c.Data
	}
	return tl2test.WritePak(t, dir, files)
}

// PatchFirst puts a built merged patch (the file patch) into user's mods
// folder as name and lists it first in modlauncher.sch, before the mods
// ids (A then B when none are given), as `merge --deploy --enable` does:
// the user folder a player has after building the patch.
func PatchFirst(user, patch, name string, ids ...int64) error {
	b, err := os.ReadFile(patch)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(user, "mods", name), b, 0o644); err != nil {
		return err
	}
	if len(ids) == 0 {
		ids = []int64{IDA, IDB}
	}
	return loadordertest.WriteSch(filepath.Join(user, "modlauncher.sch"), append([]int64{loadorder.MergedPatchID}, ids...))
}
