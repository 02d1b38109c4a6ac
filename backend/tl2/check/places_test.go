package check

import (
	"context"
	"strings"
	"testing"

	"packsmith/backend/tl2/loadorder"
	"packsmith/backend/tl2/loadorder/loadordertest"
)

// One finding per place: three units sharing one mesh folder whose
// .ANIMATION names a missing FILE and whose .MATERIAL names a missing
// texture give each of those once (before: once per unit), and a
// duplicate GUID held three times gives two findings, one per other file.
func TestOneFindingPerPlace(t *testing.T) {
	unit := func(guid string) string {
		return "[UNIT]\n<INTEGER64>UNIT_GUID:" + guid + "\n<STRING>RESOURCEDIRECTORY:media/units/monsters/bat\n<STRING>MESHFILE:bat\n[/UNIT]\n"
	}
	m := memMod("BATS", map[string]string{
		"MEDIA/UNITS/MONSTERS/BAT1.DAT":          unit("7"),
		"MEDIA/UNITS/MONSTERS/BAT2.DAT":          unit("7"),
		"MEDIA/UNITS/MONSTERS/BAT3.DAT":          unit("7"),
		"MEDIA/UNITS/MONSTERS/BAT/BAT.MESH":      "mesh",
		"MEDIA/UNITS/MONSTERS/BAT/BAT.ANIMATION": "[ANIMATIONS]\n[ANIMATION]\n<STRING>FILE:FLY.SKELETON\n[/ANIMATION]\n[/ANIMATIONS]\n",
		"MEDIA/UNITS/MONSTERS/BAT/BAT.MATERIAL":  "material bat\n{\n technique\n {\n  pass\n  {\n   texture_unit\n   {\n    texture wing.png\n   }\n  }\n }\n}\n",
	})
	fs := Check([]*Mod{m}, Options{Game: mapGame{}})
	got := lines(fs)
	want := "BATS: MEDIA/UNITS/MONSTERS/BAT/BAT.ANIMATION:3: animation FILE MEDIA/UNITS/MONSTERS/BAT/FLY.SKELETON: no active mod and not the game provide it\n" +
		"BATS: MEDIA/UNITS/MONSTERS/BAT/BAT.MATERIAL:9: texture MEDIA/UNITS/MONSTERS/BAT/WING.DDS: no active mod and not the game provide it\n" +
		"BATS: MEDIA/UNITS/MONSTERS/BAT2.DAT:2: UNIT_GUID 7 is also BATS's MEDIA/UNITS/MONSTERS/BAT1.DAT: the game keeps one of them\n" +
		"BATS: MEDIA/UNITS/MONSTERS/BAT3.DAT:2: UNIT_GUID 7 is also BATS's MEDIA/UNITS/MONSTERS/BAT1.DAT: the game keeps one of them\n"
	if got != want {
		t.Errorf("findings:\n%s\nwant\n%s", got, want)
	}
}

// A BASEFILE no game path can match (the "mmedia/" typo of real GUTS
// builds) is an error that says GUTS drops the unit, with or without the
// game's data; a BASEFILE under MEDIA/ without the game's data stays a note.
func TestBaseFileNowhere(t *testing.T) {
	m := memMod("TYPO", map[string]string{
		"MEDIA/UNITS/MONSTERS/A.DAT": "[UNIT]\n<STRING>BASEFILE:mmedia/units/monsters/base.dat\n[/UNIT]\n",
		"MEDIA/UNITS/MONSTERS/B.DAT": "[UNIT]\n<STRING>BASEFILE:media/units/monsters/base.dat\n[/UNIT]\n",
	})
	for _, g := range []Game{nil, mapGame{"MEDIA/UNITS/MONSTERS/BASE.DAT": true}} {
		fs := Check([]*Mod{m}, Options{Game: g})
		if len(fs) == 0 || fs[0].Status != Nowhere || fs[0].Severity != SevError || fs[0].Ref != "MMEDIA/UNITS/MONSTERS/BASE.DAT" ||
			!strings.Contains(fs[0].Message, "BASEFILE mmedia/units/monsters/base.dat: no game path starts so") ||
			!strings.Contains(fs[0].Message, "GUTS leaves this unit out of UNITDATA.RAW") {
			t.Errorf("game %v: %+v", g != nil, fs)
		}
		wantNotes := 1
		if g != nil {
			wantNotes = 0
		}
		if len(fs) != 1+wantNotes || (wantNotes == 1 && fs[1].Status != NotChecked) {
			t.Errorf("game %v: findings %+v", g != nil, fs)
		}
	}
}

// The load order's own findings: two .MOD files with one MOD_ID are one
// error naming both; more active mods than the game takes is one error
// naming those left out.
func TestLoadOrderFindings(t *testing.T) {
	dir := t.TempDir()
	specs := loadordertest.Many(12, 1)
	specs = append(specs, loadordertest.Spec{Rel: "mods/COPY.MOD", Title: "Copy", ID: specs[0].ID, Files: []string{"MEDIA/C.DAT"}})
	if err := loadordertest.Write(dir, specs); err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for _, s := range specs[:12] {
		ids = append(ids, s.ID)
	}
	if err := loadordertest.WriteSch(dir+"/modlauncher.sch", ids); err != nil {
		t.Fatal(err)
	}
	st, err := loadorder.Open(context.Background(), loadorder.Options{UserDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	fs := LoadOrderFindings(st.View())
	if len(fs) != 2 {
		t.Fatalf("findings %+v", fs)
	}
	dup, over := fs[0], fs[1]
	if dup.Kind != DupModID || dup.Severity != SevError || !strings.Contains(dup.Message, "is carried by 2 files of the mods folder") ||
		!strings.Contains(dup.Message, "COPY.MOD") || !AboutLoadOrder(dup) {
		t.Errorf("duplicate: %+v", dup)
	}
	if over.Kind != OverLimit || !strings.HasPrefix(over.Message, "12 mods are active and the game activates 10 at most: 11. ") ||
		!strings.Contains(over.Message, ", 12. ") || !strings.Contains(over.Message, " are not loaded") {
		t.Errorf("over the limit: %+v", over)
	}
}
