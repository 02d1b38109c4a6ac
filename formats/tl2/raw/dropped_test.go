package raw

import (
	"testing"

	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/layout"
)

// A unit whose BASEFILE resolves nowhere is left out of UNITDATA, as GUTS
// leaves it: always when the path is outside MEDIA/ (even when the unit
// sets every field itself), and when the game's data is complete and
// lacks the file; with partial base data it stays, its fields defaulted.
func TestUnitDroppedWhenBaseFileIsNowhere(t *testing.T) {
	u := func(name, base string, all bool) *dattext.Node {
		n := &dattext.Node{Name: "UNIT"}
		n.Add("STRING", "NAME", name).Add("INTEGER64", "UNIT_GUID", "1")
		n.Props = append(n.Props, dattext.Prop{Type: "STRING", Key: "BASEFILE", Value: base, Line: 4})
		if all {
			for _, k := range unitFields {
				n.Add("STRING", k, "1")
			}
		}
		return n
	}
	ms := &MapSource{Dats: map[string]*dattext.Node{
		"MEDIA/UNITS/MONSTERS/TYPO.DAT": u("typo", `mmedia\units\monsters\base.dat`, true),
		"MEDIA/UNITS/MONSTERS/GONE.DAT": u("gone", `media\units\monsters\nothere.dat`, false),
		"MEDIA/UNITS/MONSTERS/OK.DAT":   u("ok", `media\units\monsters\base.dat`, false),
	}, Layouts: map[string]*layout.Layout{}}
	base := mapBase{"MEDIA/UNITS/MONSTERS/BASE.DAT": &dattext.Node{Name: "UNIT"}}
	for _, c := range []struct {
		complete bool
		units    string
		dropped  string
	}{{false, "GONE OK", "MMEDIA/UNITS/MONSTERS/BASE.DAT"}, {true, "OK", "MEDIA/UNITS/MONSTERS/NOTHERE.DAT MMEDIA/UNITS/MONSTERS/BASE.DAT"}} {
		opt := Options{Base: base}
		if c.complete {
			opt.Nowhere = func(string) bool { return true }
		}
		res, err := Generate(ms, opt)
		if err != nil {
			t.Fatal(err)
		}
		var units, dropped string
		for _, o := range res.Outputs {
			if o.Path != "MEDIA/UNITDATA.RAW" {
				continue
			}
			for _, x := range o.File.Units[1] {
				units += " " + x.Name
			}
		}
		for _, x := range res.Unresolved {
			if x.Dropped {
				dropped += " " + x.BaseFile
				if x.Line != 4 || x.In != x.File {
					t.Errorf("%+v: want line 4 of the unit", x)
				}
			}
		}
		if units != " "+c.units || dropped != " "+c.dropped {
			t.Errorf("complete %v: units%s, dropped%s; want %s / %s", c.complete, units, dropped, c.units, c.dropped)
		}
	}
}
