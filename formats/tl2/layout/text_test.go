package layout

import (
	"bytes"
	"encoding/binary"
	"math"
	"strings"
	"testing"

	"packsmith/formats/tl2/dattext"
)

func compileText(t *testing.T, text string) (*Layout, []Finding) {
	t.Helper()
	b, lint, err := Compile("T.LAYOUT", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	l, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	return l, lint
}

const header = "[Layout]\n<INTEGER>VERSION:4\n<UNSIGNED INT>COUNT:%d\n[OBJECTS]\n"

func TestTransformDefaultsAndVectors(t *testing.T) {
	l, lint := compileText(t, `[Layout]
<INTEGER>VERSION:4
<UNSIGNED INT>COUNT:1
[OBJECTS]
[BASEOBJECT]
[PROPERTIES]
<STRING>DESCRIPTOR:Room Piece
<STRING>NAME:Room Piece
<INTEGER64>ID:7
<FLOAT>POSITIONX:1.5
<FLOAT>FORWARDX:0
<FLOAT>FORWARDY:0
<FLOAT>FORWARDZ:1
<FLOAT>RIGHTX:0
<FLOAT>RIGHTZ:-1
<FLOAT>UPY:1
<STRING>GUID:42
[/PROPERTIES]
[/BASEOBJECT]
[/OBJECTS]
[/Layout]
`)
	if len(lint) != 0 {
		t.Errorf("lint: %v", lint)
	}
	o := l.Objects[0]
	if o.Name != "" || o.ID != 7 || o.Descriptor != 11 {
		t.Fatalf("object %+v", o)
	}
	// FORWARD (Z==1) and UP (Y==1) are identity and dropped; RIGHT is not.
	var ids []uint8
	for _, p := range o.Props {
		ids = append(ids, p.ID)
	}
	if string(ids) != string([]uint8{42, 41, 100}) {
		t.Fatalf("property ids %v, want [42 41 100]", ids)
	}
	pos := o.Props[0].Value
	if math.Float32frombits(binary.LittleEndian.Uint32(pos)) != 1.5 || len(pos) != 12 {
		t.Errorf("POSITION %x", pos)
	}
	// RIGHTY unset keeps the default 0; RIGHTX given 0.
	if got := o.Props[1].Value; !bytes.Equal(got, []byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80, 0xbf}) {
		t.Errorf("RIGHT %x", got)
	}
}

func TestLint(t *testing.T) {
	_, lint := compileText(t, `[Layout]
<INTEGER>VERSION:4
<UNSIGNED INT>COUNT:1
[OBJECTS]
[BASEOBJECT]
[PROPERTIES]
<STRING>DESCRIPTOR:Sound
<STRING>NAME:Sound0
<INTEGER64>ID:1
<FLOAT>VOLUMEE:1
<STRING>RADIUS:10
<INTEGER64>GUID:5
[/PROPERTIES]
[/BASEOBJECT]
[/OBJECTS]
[/Layout]
`)
	want := []string{
		`T.LAYOUT:10: unknown property "VOLUMEE" for Sound: GUTS does not write it`,
		`T.LAYOUT:11: RADIUS is FLOAT in the schema (float) but written <STRING>; compiled as FLOAT`,
		`T.LAYOUT:12: GUID is STRING in the schema (string) but written <INTEGER64>; compiled as STRING`,
	}
	var got []string
	for _, f := range lint {
		got = append(got, f.String())
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("lint:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestCompileErrorsNameLine(t *testing.T) {
	cases := map[string]string{
		"[Layout]\n[OBJECTS]\n[BASEOBJECT]\n[PROPERTIES]\n<STRING>DESCRIPTOR:Nope\n<INTEGER64>ID:1\n[/PROPERTIES]\n[/BASEOBJECT]\n[/OBJECTS]\n[/Layout]\n":  `T.LAYOUT:5: unknown DESCRIPTOR "Nope"`,
		"[Layout]\n[OBJECTS]\n[BASEOBJECT]\n[PROPERTIES]\n<STRING>DESCRIPTOR:Sound\n<INTEGER64>ID:x\n[/PROPERTIES]\n[/BASEOBJECT]\n[/OBJECTS]\n[/Layout]\n": `T.LAYOUT:6: ID "x" is not a 64-bit integer`,
		"[Layout]\n<INTEGER>VERSION:999\n[/Layout]\n": `T.LAYOUT:2: VERSION "999" is not 0..255`,
	}
	for text, want := range cases {
		_, _, err := Compile("T.LAYOUT", []byte(text))
		if err == nil || err.Error() != want {
			t.Errorf("error %v, want %s", err, want)
		}
	}
}

// A numeric value that is not a number as a whole is read the C way, as
// GUTS does, with a lint finding marked CNumber.
func TestCompileCNumbers(t *testing.T) {
	text := "[Layout]\n[OBJECTS]\n[BASEOBJECT]\n[PROPERTIES]\n<STRING>DESCRIPTOR:Sound\n<INTEGER64>ID:1\n<FLOAT>RADIUS:big\n[/PROPERTIES]\n[/BASEOBJECT]\n[/OBJECTS]\n[/Layout]\n"
	b, lint, err := Compile("T.LAYOUT", []byte(text))
	if err != nil || len(lint) != 1 || !lint[0].CNumber || lint[0].Line != 7 || !strings.Contains(lint[0].Msg, `RADIUS: <FLOAT> value "big" is not a number as a whole; packed as 0`) {
		t.Fatalf("%v %+v", err, lint)
	}
	l, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	l.Walk(func(o *Object) {
		for _, p := range o.Props {
			found = found || (len(p.Value) == 4 && string(p.Value) == "\x00\x00\x00\x00")
		}
	})
	if !found {
		t.Error("RADIUS not packed as 0")
	}
	for _, c := range []struct {
		enc      Enc
		in, want string
	}{
		{EncInt, "12abc", "12"}, {EncInt64, "339886767DIE31069", "339886767"}, {EncBool, "1yes", "true"}, {EncFloat, "-.5e1x", "-5"},
	} {
		if _, got, ok := encodeValueC(c.enc, c.in); !ok || got != c.want {
			t.Errorf("%v %q → %q", c.enc, c.in, got)
		}
	}
}

func TestGroupDatagroup(t *testing.T) {
	l, lint := compileText(t, `[Layout]
<INTEGER>VERSION:4
<UNSIGNED INT>COUNT:3
[OBJECTS]
[BASEOBJECT]
[PROPERTIES]
<STRING>DESCRIPTOR:Group
<STRING>NAME:Outer
<INTEGER64>ID:10
<STRING>CHOICE:Weight
<UNSIGNED INT>NUMBER:2
<STRING>TAG:CHESTS RARE
<STRING>GAME MODE:NEW GAME PLUS
<BOOL>LEVEL UNIQUE:true
<INTEGER64>ACTIVE THEMES:5
<INTEGER64>ACTIVE THEMES:6
[/PROPERTIES]
[CHILDREN]
[BASEOBJECT]
[PROPERTIES]
<STRING>DESCRIPTOR:Group
<STRING>NAME:Group
<INTEGER64>ID:11
<STRING>CHOICE:weight
<UNSIGNED INT>RANDOMIZATION:7
[/PROPERTIES]
[/BASEOBJECT]
[/CHILDREN]
[/BASEOBJECT]
[BASEOBJECT]
[PROPERTIES]
<STRING>DESCRIPTOR:Sound
<INTEGER64>ID:12
[/PROPERTIES]
[/BASEOBJECT]
[/OBJECTS]
[/Layout]
`)
	if len(lint) != 1 || !strings.Contains(lint[0].String(), `T.LAYOUT:24: CHOICE "weight"`) {
		t.Errorf("lint %v", lint)
	}
	dg := l.DataGroup
	if len(dg) != 3 {
		t.Fatalf("%d records", len(dg))
	}
	if r := dg[0]; r.ID != -1 || r.Offset != 6 || r.Tag != -1 || r.Randomization != 0 || r.Number != 0 || r.Children != 1 {
		t.Errorf("root %+v", r)
	}
	if r := dg[1]; r.ID != 10 || r.Offset != 8 || r.Choice != 1 || r.Number != 2 || r.Tag != 5 || r.GameMode != 2 ||
		r.LevelUnique != 1 || len(r.ActiveThemes) != 2 || r.Children != 1 || r.Randomization != 1 {
		t.Errorf("outer %+v", r)
	}
	if r := dg[2]; r.ID != 11 || r.Choice != 0 || r.Randomization != 7 || r.Number != 1 || r.Children != 0 {
		t.Errorf("inner %+v", r)
	}
	if len(l.Objects[0].Props) != 0 {
		t.Errorf("group properties leaked into the object: %v", l.Objects[0].Props)
	}
	// And back through text.
	b, _ := Encode(l)
	text, err := Decompile(b, "")
	if err != nil {
		t.Fatal(err)
	}
	again, _, err := Compile("R.LAYOUT", text)
	if err != nil || !bytes.Equal(again, b) {
		t.Errorf("decompile→compile: %v", err)
	}
}

func TestDecodeErrorsNameOffset(t *testing.T) {
	good, _, err := Compile("T.LAYOUT", []byte(strings.Replace(header, "%d", "1", 1)+
		"[BASEOBJECT]\n[PROPERTIES]\n<STRING>DESCRIPTOR:Sound\n<INTEGER64>ID:1\n<FLOAT>RADIUS:2\n[/PROPERTIES]\n[/BASEOBJECT]\n[/OBJECTS]\n[/Layout]\n"))
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; n < len(good); n++ {
		if _, err := Decode(good[:n]); err == nil {
			t.Errorf("truncated to %d bytes: no error", n)
		} else if !strings.Contains(err.Error(), "offset") {
			t.Errorf("error without offset: %v", err)
		}
	}
	bad := append([]byte(nil), good...)
	binary.LittleEndian.PutUint32(bad[8:], 0xFFFFFFF0) // block size
	if _, err := Decode(bad); err == nil || !strings.Contains(err.Error(), "offset 8 ") {
		t.Errorf("huge block size: %v", err)
	}
}

func TestSchemaTables(t *testing.T) {
	s := DefaultSchema()
	for _, c := range []struct {
		name string
		id   uint8
	}{{"Group", 1}, {"Room Piece", 11}, {"Box Collision", 32}, {"Plane Collision", 33}, {"Music Object", 14}, {"Music", 14}, {"Timeline", 35}, {"Logic Group", 36}, {"Menu Definition", 74}} {
		d, ok := s.Descriptor(c.name)
		if !ok || d.ID != c.id {
			t.Errorf("%s: %v %v", c.name, d, ok)
		}
	}
	if d, _ := s.Descriptor("Music Object"); len(d.Props) != 4 {
		t.Errorf("Music Object has %d properties, want 4", len(d.Props))
	}
	if v, ok := s.Tag("CHESTS RARE"); !ok || v != 5 {
		t.Errorf("tag %d %v", v, ok)
	}
}

// A Room Piece at any depth makes a level; a layout without one is not.
func TestPlacesRoomPiece(t *testing.T) {
	compile := func(objs string) *Layout {
		t.Helper()
		bin, _, err := Compile("X.LAYOUT", []byte("[Layout]\n<INTEGER>VERSION:4\n[OBJECTS]\n"+objs+"[/OBJECTS]\n[/Layout]\n"))
		if err != nil {
			t.Fatal(err)
		}
		l, err := Decode(bin)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	obj := func(desc string, id int, children string) string {
		s := "[BASEOBJECT]\n[PROPERTIES]\n<STRING>DESCRIPTOR:" + desc + "\n<INTEGER64>ID:" + string(rune('0'+id)) + "\n[/PROPERTIES]\n"
		if children != "" {
			s += "[CHILDREN]\n" + children + "[/CHILDREN]\n"
		}
		return s + "[/BASEOBJECT]\n"
	}
	for _, c := range []struct {
		objs string
		want bool
	}{
		{"", false},
		{obj("Sound", 1, ""), false},
		{obj("Group", 1, obj("Sound", 2, obj("Layout Link", 3, ""))), false},
		{obj("Room Piece", 1, ""), true},
		{obj("Group", 1, obj("Group", 2, obj("Room Piece", 3, ""))), true},
	} {
		if got := compile(c.objs).PlacesRoomPiece(); got != c.want {
			t.Errorf("%q: %v, want %v", c.objs, got, c.want)
		}
	}
}

// Issue 30: FLOATs read whole but not as written — ±Inf, NaN, nonzero text
// read as 0 — in a property or a position component are findings marked
// CNumber (strict numbers refuse them); ordinary values are not.
func TestCompileSpecialFloats(t *testing.T) {
	text := "[Layout]\n[OBJECTS]\n[BASEOBJECT]\n[PROPERTIES]\n<STRING>DESCRIPTOR:Sound\n<INTEGER64>ID:1\n" +
		"<FLOAT>RADIUS:1e400\n<FLOAT>POSITIONX:NaN\n<FLOAT>POSITIONY:1e-60\n<FLOAT>POSITIONZ:-2.5\n" +
		"[/PROPERTIES]\n[/BASEOBJECT]\n[/OBJECTS]\n[/Layout]\n"
	_, lint, err := Compile("T.LAYOUT", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`T.LAYOUT:7: RADIUS: <FLOAT> value "1e400" is infinite; packed as +Inf`,
		`T.LAYOUT:8: POSITIONX: <FLOAT> value "NaN" is not a number; packed as NaN`,
		`T.LAYOUT:9: POSITIONY: <FLOAT> value "1e-60" is too small to show; packed as 0`,
	}
	var got []string
	for _, f := range lint {
		if !f.CNumber {
			t.Errorf("not marked CNumber: %s", f)
		}
		got = append(got, f.String())
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("lint:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// EncodeInto writes Encode's bytes from the start of the buffer it is
// given, whatever the buffer held, in its memory when there is room (the
// offsets of a data group count from the layout's first byte).
func TestEncodeIntoIsEncode(t *testing.T) {
	text, bin := benchInput(t) // the largest fixture level, groups and all
	root, err := dattext.Parse("X.LAYOUT", text)
	if err != nil {
		t.Fatal(err)
	}
	l, _, err := FromText("X.LAYOUT", root)
	if err != nil {
		t.Fatal(err)
	}
	want, err := Encode(l)
	if err != nil || !bytes.Equal(want, bin) {
		t.Fatalf("Encode: %v, %d bytes, Compile's %d", err, len(want), len(bin))
	}
	for _, room := range []int{0, 7, len(want) - 1, len(want), 2 * len(want)} {
		buf := bytes.Repeat([]byte{0xEE}, room)
		got, err := EncodeInto(buf, l)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("room %d: %v, %d bytes differ from Encode's %d", room, err, len(got), len(want))
		}
		if room >= len(want) && &got[0] != &buf[0] {
			t.Errorf("room %d: a new array, not the buffer's", room)
		}
	}
}
