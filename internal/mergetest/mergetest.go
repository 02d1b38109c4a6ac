// Package mergetest builds, from the XOVER fixture, the inputs of a merged
// patch for tests: a base MEDIA folder and a user folder with two packed
// mods (A first in modlauncher.sch) that change different and the same
// properties of one skill .DAT and one .LAYOUT (added and removed blocks,
// a repeated property), and a file only A ships.
package mergetest

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/tl2/loadorder/loadordertest"
	"packsmith/backend/tl2/modpack"
	"packsmith/formats/tl2/dattext"
	"packsmith/internal/testfixtures"
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
	b, err := os.ReadFile(testfixtures.File(t, "tl2", "xover/"+rel))
	if err != nil {
		t.Fatal(err)
	}
	s, _, err := dattext.Decode(rel, b)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// edit replaces old (which must occur) once.
func edit(t *testing.T, s, old, new string) string {
	t.Helper()
	if !strings.Contains(s, old) {
		t.Fatalf("fixture text lacks %q", old)
	}
	return strings.Replace(s, old, new, 1)
}

func writeText(t *testing.T, root, rel, text string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, dattext.EncodeText(text, dattext.UTF16LEBOM), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Setup builds, from the XOVER fixture, a base MEDIA folder and a user
// folder with two packed mods (A first in modlauncher.sch) that change
// different and the same properties of one skill .DAT and one .LAYOUT;
// A alone ships an affix (OnlyA), B alone a unit (OnlyB).
func Setup(t *testing.T) (user, base string) {
	t.Helper()
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	dat, lay := Text(t, Dat), Text(t, Layout)
	base = t.TempDir()
	writeText(t, base, Dat, dat)
	writeText(t, base, Layout, lay)

	// A: COOLDOWNMS 5000 (B: 200, a conflict), removes [AFFIXESREMOVE],
	// adds an AFFIX to a block B also adds one to (a repeated property);
	// the layout's RADIUS 30 (B: 5, a conflict); a file only A ships.
	a := edit(t, dat, "<INTEGER>COOLDOWNMS:1000", "<INTEGER>COOLDOWNMS:5000")
	a = edit(t, a, "\t\t\t[AFFIXESREMOVE]\r\n\t\t\t\t<STRING>AFFIX:X_HEALTHVIAL_AFFIX\r\n\t\t\t[/AFFIXESREMOVE]\r\n", "")
	a = edit(t, a, "<STRING>AFFIX:X_HEALTHVIAL_CLEAR\r\n", "<STRING>AFFIX:X_HEALTHVIAL_CLEAR\r\n\t\t\t\t<STRING>AFFIX:FROM_A\r\n")
	la := edit(t, lay, "<FLOAT>RADIUS:12", "<FLOAT>RADIUS:30")
	// B: AFFIXLEVEL 3 where A added its AFFIX, a new block, the layout's
	// TIMER 2 and a new object.
	b := edit(t, dat, "<INTEGER>COOLDOWNMS:1000", "<INTEGER>COOLDOWNMS:200")
	b = edit(t, b, "<INTEGER>AFFIXLEVEL:1", "<INTEGER>AFFIXLEVEL:3")
	b = edit(t, b, "<STRING>AFFIX:X_HEALTHVIAL_CLEAR\r\n", "<STRING>AFFIX:X_HEALTHVIAL_CLEAR\r\n\t\t\t\t<STRING>AFFIX:FROM_B\r\n")
	b = edit(t, b, "\t[/LEVEL1]", "\t\t[EVENT_END]\r\n\t\t\t<STRING>FILE:media/skills/x_b.layout\r\n\t\t[/EVENT_END]\r\n\t[/LEVEL1]")
	lb := edit(t, lay, "<FLOAT>RADIUS:12", "<FLOAT>RADIUS:5")
	lb = edit(t, lb, "<FLOAT>TIMER:1", "<FLOAT>TIMER:2")
	lb = edit(t, lb, "\t[/OBJECTS]", "\t\t[BASEOBJECT]\r\n\t\t\t[PROPERTIES]\r\n\t\t\t\t<STRING>DESCRIPTOR:Sound\r\n\t\t\t\t<STRING>NAME:FromB\r\n\t\t\t\t<INTEGER64>PARENTID:-1\r\n\t\t\t\t<INTEGER64>ID:77\r\n\t\t\t\t<FLOAT>RADIUS:3\r\n\t\t\t[/PROPERTIES]\r\n\t\t[/BASEOBJECT]\r\n\t[/OBJECTS]")

	user = t.TempDir()
	mods := filepath.Join(user, "mods")
	for _, m := range []struct {
		name     string
		id       int64
		dat, lay string
		only     bool
	}{{"A", IDA, a, la, true}, {"B", IDB, b, lb, false}} {
		src := t.TempDir()
		md := &dattext.Node{Name: "MOD"}
		md.Add("STRING", "NAME", "Mod "+m.name).Add("INTEGER64", "MOD_ID", Itoa64(m.id))
		if err := os.WriteFile(filepath.Join(src, "MOD.DAT"), dattext.Encode(md), 0o644); err != nil {
			t.Fatal(err)
		}
		writeText(t, src, Dat, m.dat)
		writeText(t, src, Layout, m.lay)
		if m.only {
			writeText(t, src, OnlyA, Text(t, OnlyA))
		} else {
			writeText(t, src, OnlyB, "[UNIT]\r\n\t<STRING>NAME:Only_B_Sword\r\n\t<INTEGER64>UNIT_GUID:"+Itoa64(OnlyBGUID)+
				"\r\n\t<STRING>UNITTYPE:SWORD\r\n\t<INTEGER>LEVEL:7\r\n\t<STRING>CREATEAS:EQUIPMENT\r\n[/UNIT]\r\n")
		}
		if _, err := modpack.Pack(context.Background(), src, modpack.Options{Output: filepath.Join(mods, m.name+".MOD"), MPP: modpack.MPPNone}); err != nil {
			t.Fatal(err)
		}
	}
	if err := loadordertest.WriteSch(filepath.Join(user, "modlauncher.sch"), []int64{IDA, IDB}); err != nil {
		t.Fatal(err)
	}
	return user, base
}

func Itoa64(v int64) string { b, _ := json.Marshal(v); return string(b) }
