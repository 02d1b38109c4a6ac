package raw

import (
	"fmt"
	"testing"

	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/layout"
)

// benchSource is a synthetic mod: 2,000 affixes, 1,000 skills, 1,000 units
// two BASEFILE levels deep, 200 triggerables, 100 levelsets of 20 pieces
// and 100 menu layouts.
func benchSource(b *testing.B) *MapSource {
	src := &MapSource{Dats: map[string]*dattext.Node{}, Layouts: map[string]*layout.Layout{}}
	for i := range 2000 {
		n := &dattext.Node{Name: "AFFIX"}
		n.Add("STRING", "NAME", fmt.Sprintf("affix_%d", i)).Add("INTEGER", "MIN_SPAWN_RANGE", "1").Add("INTEGER", "WEIGHT", "5")
		n.AddChild("UNITTYPES").Add("STRING", "UNITTYPE", "PLAYER")
		src.Dats[fmt.Sprintf("MEDIA/AFFIXES/G%d/A%d.DAT", i%20, i)] = n
	}
	for i := range 1000 {
		n := &dattext.Node{Name: "SKILL"}
		n.Add("STRING", "NAME", fmt.Sprintf("skill_%d", i)).Add("INTEGER64", "UNIQUE_GUID", fmt.Sprint(i*7919))
		src.Dats[fmt.Sprintf("MEDIA/SKILLS/S%d/S%d.DAT", i%50, i)] = n
	}
	base := &dattext.Node{Name: "UNIT"}
	base.Add("STRING", "UNITTYPE", "MONSTER").Add("INTEGER", "LEVEL", "4").Add("STRING", "CREATEAS", "EQUIPMENT")
	src.Dats["MEDIA/UNITS/MONSTERS/BASE.DAT"] = base
	for i := range 1000 {
		mid := &dattext.Node{Name: "UNIT"}
		mid.Add("STRING", "BASEFILE", "media/units/monsters/base.dat").Add("INTEGER", "RARITY", "2")
		src.Dats[fmt.Sprintf("MEDIA/UNITS/MONSTERS/M%d/BASE%d.DAT", i%10, i)] = mid
		n := &dattext.Node{Name: "UNIT"}
		n.Add("STRING", "BASEFILE", fmt.Sprintf("media/units/monsters/m%d/base%d.dat", i%10, i)).
			Add("STRING", "NAME", fmt.Sprintf("unit_%d", i)).Add("STRING", "UNIT_GUID", fmt.Sprint(i))
		src.Dats[fmt.Sprintf("MEDIA/UNITS/MONSTERS/M%d/U%d.DAT", i%10, i)] = n
	}
	for i := range 200 {
		n := &dattext.Node{Name: "TRIGGERABLEACTION"}
		n.Add("STRING", "NAME", fmt.Sprint("t", i))
		src.Dats[fmt.Sprintf("MEDIA/TRIGGERABLES/T%d.DAT", i)] = n
	}
	for i := range 100 {
		n := &dattext.Node{Name: "TILESET"}
		for j := range 20 {
			n.AddChild("PIECE").Add("INTEGER64", "GUID", fmt.Sprint(i*100+j))
		}
		src.Dats[fmt.Sprintf("MEDIA/LEVELSETS/L%d.DAT", i)] = n
	}
	menuText := []byte("[UI]\n<INTEGER>VERSION:4\n[OBJECTS]\n[BASEOBJECT]\n[PROPERTIES]\n<STRING>DESCRIPTOR:Menu Definition\n<INTEGER64>ID:1\n<STRING>MENU NAME:M\n<STRING>TYPE:HUD MENU\n<BOOL>CREATE ON LOAD:true\n[/PROPERTIES]\n[/BASEOBJECT]\n[/OBJECTS]\n[/UI]\n")
	root, err := dattext.Parse("M.LAYOUT", menuText)
	if err != nil {
		b.Fatal(err)
	}
	menu, _, err := layout.FromText("M.LAYOUT", root)
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
		if len(res.Outputs) != 6 || len(res.Unresolved) != 0 {
			b.Fatalf("%d outputs, %d unresolved", len(res.Outputs), len(res.Unresolved))
		}
	}
}
