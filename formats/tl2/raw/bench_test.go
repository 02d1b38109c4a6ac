package raw

import (
	"fmt"
	"testing"

	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/layout"
)

// benchSource is a synthetic mod shaped like the packer's RAW stage input
// for the 33,000-source corpus of backend/modpack's BenchmarkPackLarge
// (units : skills : affixes = 8 : 3 : 2), about 13,000 records: 8,000
// units in ITEMS, MONSTERS and PROPS (a fifth with a BASEFILE to another
// unit, chains up to two deep; a tenth to one of 40 shared bases that
// inherit from one root base, spelt in lower case with backslashes as
// mods do; a tenth to a base-game BASE.DAT the mod lacks, so unresolved),
// 3,000 skills, 2,000 affixes with [UNITTYPES], 200 triggerables, 100
// levelsets of 20 pieces and 100 menu layouts. Keys are upper-case entry
// names, as the packer passes them; the trees hold only what raw.Prune
// keeps.
func benchSource(b testing.TB) *MapSource {
	src := &MapSource{Dats: map[string]*dattext.Node{}, Layouts: map[string]*layout.Layout{}}
	for i := range 2000 {
		n := &dattext.Node{Name: "AFFIX"}
		n.Add("STRING", "NAME", fmt.Sprintf("AFFIX_%06d", i)).Add("INTEGER", "WEIGHT", fmt.Sprint(i%20))
		n.AddChild("UNITTYPES").Add("STRING", "UNITTYPE", "1H SWORD").Add("STRING", "UNITTYPE", "2H SWORD")
		src.Dats[fmt.Sprintf("MEDIA/AFFIXES/A%03d/AFFIX_%06d.DAT", i%100, i)] = n
	}
	for i := range 3000 {
		n := &dattext.Node{Name: "SKILL"}
		n.Add("STRING", "NAME", fmt.Sprintf("SKILL_%06d", i)).Add("INTEGER64", "UNIQUE_GUID", fmt.Sprint(7000000+i))
		src.Dats[fmt.Sprintf("MEDIA/SKILLS/S%03d/SKILL_%06d.DAT", i%200, i)] = n
	}
	cats := []string{"ITEMS", "MONSTERS", "PROPS"}
	root := &dattext.Node{Name: "UNIT"}
	root.Add("STRING", "UNITTYPE", "MONSTER").Add("INTEGER", "MINLEVEL", "1").Add("INTEGER", "MAXLEVEL", "100").Add("STRING", "CREATEAS", "EQUIPMENT")
	src.Dats["MEDIA/UNITS/BASE/ROOT.DAT"] = root
	for j := range 40 {
		n := &dattext.Node{Name: "UNIT"}
		n.Add("STRING", "BASEFILE", `media\units\base\root.dat`).Add("INTEGER", "RARITY_HC", fmt.Sprint(j)).Add("STRING", "SET", "")
		src.Dats[fmt.Sprintf("MEDIA/UNITS/%s/BASE/BASE_%02d.DAT", cats[j%3], j)] = n
	}
	const units = 8000
	for i := range units {
		cat := cats[i%3]
		n := &dattext.Node{Name: "UNIT"}
		n.Add("STRING", "NAME", fmt.Sprintf("UNIT_%06d", i)).Add("INTEGER64", "UNIT_GUID", fmt.Sprint(1000003*int64(i)+7)).
			Add("STRING", "UNITTYPE", fmt.Sprintf("TYPE %d", i%40)).Add("INTEGER", "LEVEL", fmt.Sprint(i%100)).Add("INTEGER", "RARITY", fmt.Sprint(i%1000))
		switch i % 10 {
		case 0, 5: // chains of one or two units inside the mod
			o := i + 5 - i%10/5*4
			n.Add("STRING", "BASEFILE", fmt.Sprintf("MEDIA/UNITS/%s/G%03d/UNIT_%06d.DAT", cats[o%3], o%300, o))
		case 3:
			n.Add("STRING", "BASEFILE", fmt.Sprintf(`media\units\%s\base\base_%02d.dat`, cats[i%40%3], i%40))
		case 7: // a base-game file the mod lacks: unresolved without base data
			n.Add("STRING", "BASEFILE", fmt.Sprintf("MEDIA/UNITS/%s/BASE.DAT", cats[i%3]))
		}
		src.Dats[fmt.Sprintf("MEDIA/UNITS/%s/G%03d/UNIT_%06d.DAT", cat, i%300, i)] = n
	}
	for i := range 200 {
		n := &dattext.Node{Name: "TRIGGERABLEACTION"}
		n.Add("STRING", "NAME", fmt.Sprint("t", i))
		src.Dats[fmt.Sprintf("MEDIA/TRIGGERABLES/T%d/T%d.DAT", i%4, i)] = n
	}
	for i := range 100 {
		n := &dattext.Node{Name: "TILESET"}
		for j := range 20 {
			n.AddChild("PIECE").Add("INTEGER64", "GUID", fmt.Sprint(i*100+j))
		}
		src.Dats[fmt.Sprintf("MEDIA/LEVELSETS/L%d.DAT", i)] = n
	}
	menuText := []byte("[UI]\n<INTEGER>VERSION:4\n[OBJECTS]\n[BASEOBJECT]\n[PROPERTIES]\n<STRING>DESCRIPTOR:Menu Definition\n<INTEGER64>ID:1\n<STRING>MENU NAME:M\n<STRING>TYPE:HUD MENU\n<BOOL>CREATE ON LOAD:true\n[/PROPERTIES]\n[/BASEOBJECT]\n[/OBJECTS]\n[/UI]\n")
	menuRoot, err := dattext.Parse("M.LAYOUT", menuText)
	if err != nil {
		b.Fatal(err)
	}
	menu, _, err := layout.FromText("M.LAYOUT", menuRoot)
	if err != nil {
		b.Fatal(err)
	}
	for i := range 100 {
		src.Layouts[fmt.Sprintf("MEDIA/UI/MENUS/D%d/M%d.LAYOUT", i%5, i)] = menu
	}
	return src
}

func BenchmarkGenerate(b *testing.B) {
	src := benchSource(b)
	b.ReportAllocs()
	for b.Loop() {
		res, err := Generate(src, Options{})
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Outputs) != 6 || len(res.Unresolved) != 800 || len(res.Warnings) != 0 {
			b.Fatalf("%d outputs, %d unresolved, %d warnings", len(res.Outputs), len(res.Unresolved), len(res.Warnings))
		}
	}
}

// BenchmarkCompileText compiles the table of an 8,000-unit UNITDATA.RAW
// (the size of the packer benchmark's), as the editor's lint does on each
// pause in typing.
func BenchmarkCompileText(b *testing.B) {
	f := &File{Kind: UnitData}
	for i := range 8000 {
		f.Units[i%4] = append(f.Units[i%4], Unit{GUID: int64(i) * 7919, Name: fmt.Sprintf("UNIT_%06d", i),
			File: fmt.Sprintf("MEDIA/UNITS/%s/U%03d/UNIT_%06d.DAT", UnitCategories[i%4], i%100, i), Flags: uint8(i % 4),
			Level: int32(i % 100), MaxLevel: 100, Rarity: int32(i % 1000), RarityHC: 1, UnitType: "MONSTER"})
	}
	text := Text(f)
	want, _ := Encode(f)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		got, _, err := Compile(UnitData, "UNITDATA.RAW", text)
		if err != nil || len(got) != len(want) {
			b.Fatal(err)
		}
	}
}
