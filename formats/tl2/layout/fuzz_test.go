package layout

import (
	"bytes"
	"testing"
)

// seedText exercises every part of the format: a Group tree with a
// datagroup, a Timeline with property and event tracks, a Logic Group.
const seedText = `[Layout]
<INTEGER>VERSION:4
<UNSIGNED INT>COUNT:5
[OBJECTS]
[BASEOBJECT]
[PROPERTIES]
<STRING>DESCRIPTOR:Group
<STRING>NAME:G
<INTEGER64>ID:1
<STRING>CHOICE:Random Chance
<INTEGER64>DEACTIVE THEMES:9
[/PROPERTIES]
[CHILDREN]
[BASEOBJECT]
[PROPERTIES]
<STRING>DESCRIPTOR:Damage Shape
<INTEGER64>ID:2
<FLOAT>POSITIONY:0.01
<STRING>MAX RADIUS:0,2
[/PROPERTIES]
[/BASEOBJECT]
[/CHILDREN]
[/BASEOBJECT]
[BASEOBJECT]
[PROPERTIES]
<STRING>DESCRIPTOR:Timeline
<STRING>NAME:T
<INTEGER64>ID:3
<FLOAT>DURATION:0.4
[TIMELINEDATA]
[TIMELINEOBJECT]
<INTEGER64>OBJECTID:2
[TIMELINEOBJECTPROPERTY]
<STRING>OBJECTPROPERTYNAME:POSITION
[TIMELINEPOINT]
<FLOAT>TIMEPERCENT:0.5
<STRING>INTERPOLATION:Spline
<STRING>VALUE:0,0.01,6
[/TIMELINEPOINT]
[/TIMELINEOBJECTPROPERTY]
[TIMELINEOBJECTEVENT]
<STRING>OBJECTEVENTNAME:Enable
[TIMELINEPOINT]
<FLOAT>TIMEPERCENT:1
<STRING>INTERPOLATION:Linear
[/TIMELINEPOINT]
[/TIMELINEOBJECTEVENT]
[/TIMELINEOBJECT]
[/TIMELINEDATA]
[/PROPERTIES]
[/BASEOBJECT]
[BASEOBJECT]
[PROPERTIES]
<STRING>DESCRIPTOR:Logic Group
<INTEGER64>ID:4
[LOGICGROUP]
[LOGICOBJECT]
<UNSIGNED INT>ID:0
<INTEGER64>OBJECTID:3
<FLOAT>X:1
<FLOAT>Y:2
[LOGICLINK]
<INTEGER>LINKINGTO:1
<STRING>OUTPUTNAME:Activated
<STRING>INPUTNAME:Show
[/LOGICLINK]
[/LOGICOBJECT]
[LOGICOBJECT]
<UNSIGNED INT>ID:1
<INTEGER64>OBJECTID:2
[/LOGICOBJECT]
[/LOGICGROUP]
[/PROPERTIES]
[/BASEOBJECT]
[BASEOBJECT]
[PROPERTIES]
<STRING>DESCRIPTOR:Stat
<STRING>NAME:S
<INTEGER64>ID:5
<TRANSLATE>TEXT:Convert:<STAT2>
<INTEGER>SORT OFFSET:-3
[/PROPERTIES]
[/BASEOBJECT]
[/OBJECTS]
[/Layout]
`

func TestSeedRoundTrip(t *testing.T) {
	b, lint, err := Compile("SEED.LAYOUT", []byte(seedText))
	if err != nil {
		t.Fatal(err)
	}
	if len(lint) != 0 {
		t.Errorf("lint: %v", lint)
	}
	l, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if l.Objects[1].Timeline == nil || l.Objects[2].Logic == nil || len(l.DataGroup) != 2 {
		t.Fatalf("seed lost its timeline, logic or datagroup")
	}
	text, err := Decompile(b, "")
	if err != nil {
		t.Fatal(err)
	}
	again, _, err := Compile("SEED2.LAYOUT", text)
	if err != nil || !bytes.Equal(again, b) {
		t.Fatalf("decompile→compile: %v", err)
	}
}

// FuzzDecode: any input either fails with an error or decodes to a layout
// whose encoding is stable and whose text form compiles.
func FuzzDecode(f *testing.F) {
	if b, _, err := Compile("SEED.LAYOUT", []byte(seedText)); err == nil {
		f.Add(b)
	}
	f.Add([]byte{Magic, Version, 0, 0, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		l, err := Decode(b)
		if err != nil {
			return
		}
		e1, err := Encode(l)
		if err != nil {
			t.Fatalf("encode after decode: %v", err)
		}
		l2, err := Decode(e1)
		if err != nil {
			t.Fatalf("re-decode: %v", err)
		}
		e2, err := Encode(l2)
		if err != nil || !bytes.Equal(e1, e2) {
			t.Fatalf("encoding not stable: %v", err)
		}
		text, err := Decompile(e1, "")
		if err != nil {
			return
		}
		if _, _, err := Compile("FUZZ.LAYOUT", text); err != nil {
			t.Fatalf("decompiled text does not compile: %v", err)
		}
	})
}
