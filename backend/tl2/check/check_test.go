package check

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/formats/tl2/dattext"
	"packsmith/internal/testfixtures"
)

type mapGame map[string]bool

func (g mapGame) Has(p string) bool { return g[p] }
func (g mapGame) HasDir(d string) bool {
	for p := range g {
		if strings.HasPrefix(p, d) {
			return true
		}
	}
	return false
}

func lines(fs []Finding) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString(f.String() + "\n")
	}
	return b.String()
}

// memMod is a mod of in-memory files.
func memMod(name string, files map[string]string) *Mod {
	m := &Mod{Name: name, Files: map[string]func() ([]byte, error){}}
	for p, s := range files {
		b := []byte(s)
		m.Files[p] = func() ([]byte, error) { return b, nil }
	}
	return m
}

func fixtureMods(t *testing.T) (xover, monster *Mod) {
	fx := testfixtures.Dir(t, "tl2")
	x, err := DirMod("XOVER", filepath.Join(fx, "xover"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := DirMod("NETHERIM", filepath.Join(fx, "monster"))
	if err != nil {
		t.Fatal(err)
	}
	return x, m
}

func TestCheckFixtures(t *testing.T) {
	x, m := fixtureMods(t)
	hum, err := os.ReadFile(filepath.Join(testfixtures.Dir(t, "tl2"), "xover", "MEDIA", "UNITS", "PLAYERS", "XOVER", "HUM_F.DAT"))
	if err != nil {
		t.Fatal(err)
	}
	text, _, err := dattext.Decode("HUM_F.DAT", hum)
	if err != nil {
		t.Fatal(err)
	}
	unit := "[UNIT]\n<STRING>NAME:Flyer\n<INTEGER64>UNIT_GUID:42\n<STRING>RESOURCEDIRECTORY:media/units/monsters/netherim/netherim_flyera\n<STRING>MESHFILE:netherim_flyer\n[/UNIT]\n"
	other := memMod("OTHER", map[string]string{
		"MEDIA/UNITS/MONSTERS/FLYER.DAT":                                         unit,
		"MEDIA/UNITS/PLAYERS/COPY/HUM_F.DAT":                                     text,                                     // same GUID, another unit
		"MEDIA/UNITS/PLAYERS/XOVER/HUM_M.DAT":                                    "[UNIT]\n<STRING>UNIT_GUID:1\n[/UNIT]\n", // XOVER wins it: not checked here
		"MEDIA/SKILLS/A/A.DAT":                                                   "[SKILL]\n<INTEGER64>UNIQUE_GUID:3715097919661813805\n[/SKILL]\n",
		"MEDIA/UNITS/MONSTERS/NETHERIM/NETHERIM_FLYERA/NETHERIM_FLYER.MATERIAL":  "material m\n{\n\ttexture_unit\n\t{\n\t\ttexture netherim_flyer.png\n\t\ttexture nope.tga // gone\n\t}\n}\n",
		"MEDIA/UNITS/MONSTERS/NETHERIM/NETHERIM_FLYERA/NETHERIM_FLYER.ANIMATION": "[ANIMATIONS]\n[ANIMATION]\n<STRING>FILE:attack1.skeleton\n[/ANIMATION]\n[ANIMATION]\n<STRING>FILE:gone.skeleton\n[/ANIMATION]\n[/ANIMATIONS]\n",
	})
	// OTHER before NETHERIM: its .MATERIAL and .ANIMATION win.
	mods := []*Mod{x, other, m}
	const want = `XOVER: MEDIA/UNITS/PLAYERS/XOVER/HUM_F.DAT:5: MESHFILE MEDIA/MODELS/PCS/HUM_F/HUM_F.MESH: no active mod provides it; not checked against the game (its data was not given)
XOVER: MEDIA/UNITS/PLAYERS/XOVER/HUM_M.DAT:5: MESHFILE MEDIA/MODELS/PCS/HUM_M/HUM_M.MESH: no active mod provides it; not checked against the game (its data was not given)
XOVER: MEDIA/UNITS/PLAYERS/XOVER/HUM_XOVER_BASE.DAT:2: BASEFILE MEDIA/UNITS/PLAYERS/BASE.DAT: no active mod provides it; not checked against the game (its data was not given)
OTHER: MEDIA/SKILLS/A/A.DAT:2: UNIQUE_GUID 3715097919661813805 is also XOVER's MEDIA/SKILLS/X_YEET/X_YEET.DAT: the game keeps one of them
OTHER: MEDIA/UNITS/MONSTERS/NETHERIM/NETHERIM_FLYERA/NETHERIM_FLYER.ANIMATION:6: animation FILE MEDIA/UNITS/MONSTERS/NETHERIM/NETHERIM_FLYERA/GONE.SKELETON: no active mod provides it; not checked against the game (its data was not given)
OTHER: MEDIA/UNITS/MONSTERS/NETHERIM/NETHERIM_FLYERA/NETHERIM_FLYER.MATERIAL:6: texture MEDIA/UNITS/MONSTERS/NETHERIM/NETHERIM_FLYERA/NOPE.DDS: no active mod provides it; not checked against the game (its data was not given)
OTHER: MEDIA/UNITS/PLAYERS/COPY/HUM_F.DAT:5: MESHFILE MEDIA/MODELS/PCS/HUM_F/HUM_F.MESH: no active mod provides it; not checked against the game (its data was not given)
OTHER: MEDIA/UNITS/PLAYERS/COPY/HUM_F.DAT:64: UNIT_GUID 178306522735963159 is also XOVER's MEDIA/UNITS/PLAYERS/XOVER/HUM_F.DAT: the game keeps one of them
`
	fs := Check(mods, Options{})
	var rest []Finding
	anims := 0
	for _, f := range fs {
		if f.Mod == "XOVER" && strings.HasSuffix(f.File, ".ANIMATION") {
			anims++ // XOVER's HUM_M/HUM_F.ANIMATION name the base game's skeletons
			if f.Status != NotChecked {
				t.Errorf("%v", f)
			}
			continue
		}
		rest = append(rest, f)
	}
	if got := lines(rest); got != want {
		t.Errorf("findings:\n%s\nwant:\n%s", got, want)
	}
	t.Logf("%d findings, %d of them XOVER's animation files", len(fs), anims)

	// With the game's data: what it has is found, the rest is missing.
	game := mapGame{"MEDIA/UNITS/PLAYERS/BASE.DAT": true, "MEDIA/MODELS/PCS/HUM_F/HUM_F.MESH": true}
	fs = Check(mods, Options{Game: game})
	counts := map[Status]int{}
	for _, f := range fs {
		counts[f.Status]++
		if strings.Contains(f.Ref, "HUM_F.MESH") || strings.HasSuffix(f.Ref, "PLAYERS/BASE.DAT") {
			t.Errorf("found in the game, still reported: %v", f)
		}
	}
	if counts[NotChecked] != 0 || counts[Missing] != len(fs)-2 {
		t.Errorf("with the game: %v of %d", counts, len(fs))
	}
}

// FuzzCheck: any material script and unit text give findings, never a
// panic; every texture has a name and a line within the text.
func FuzzCheck(f *testing.F) {
	f.Add([]byte("material m\n{\n texture a.png\n}\n"), "[UNIT]\n<STRING>RESOURCEDIRECTORY:media/x\n<STRING>MESHFILE:m\n<STRING>BASEFILE:b.dat\n[/UNIT]\n")
	f.Add([]byte("texture"), "[SKILL]\n<INTEGER64>UNIQUE_GUID:1\n[/SKILL]\n")
	f.Fuzz(func(t *testing.T, mat []byte, unit string) {
		n := strings.Count(string(mat), "\n") + 1
		for _, tx := range MaterialTextures(mat) {
			if tx.Name == "" || tx.Line < 1 || tx.Line > n {
				t.Fatalf("%+v of %d lines", tx, n)
			}
		}
		m := memMod("M", map[string]string{"MEDIA/UNITS/X.DAT": unit, "MEDIA/SKILLS/S.DAT": unit, "MEDIA/X/M.MATERIAL": string(mat), "MEDIA/X/M.ANIMATION": unit})
		for _, f := range Check([]*Mod{m, m}, Options{Game: mapGame{}}) {
			if f.Mod != "M" || f.Message == "" {
				t.Fatalf("%+v", f)
			}
		}
	})
}
