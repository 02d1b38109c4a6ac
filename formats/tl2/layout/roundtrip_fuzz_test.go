package layout

import (
	"bytes"
	"testing"
)

// Small LAYOUT texts beside seedText for the text↔binary round trip: a
// bare layout, an object with every scalar tag type, a nested tree with
// a property the schema does not know.
var roundTripSeeds = []string{
	seedText,
	"[Layout]\n<INTEGER>VERSION:4\n<UNSIGNED INT>COUNT:0\n[OBJECTS]\n[/OBJECTS]\n[/Layout]\n",
	`[Layout]
<INTEGER>VERSION:4
<UNSIGNED INT>COUNT:1
[OBJECTS]
[BASEOBJECT]
[PROPERTIES]
<STRING>DESCRIPTOR:Layout Link
<STRING>NAME:Link
<INTEGER64>ID:77
<STRING>FILE:media/layouts/x.layout
<FLOAT>POSITIONX:-1.5
<FLOAT>POSITIONZ:1e-07
<BOOL>VISIBLE:false
<INTEGER>LEVEL:-2
<UNSIGNED INT>FLAGS:4294967295
[/PROPERTIES]
[/BASEOBJECT]
[/OBJECTS]
[/Layout]
`,
	`[Layout]
<INTEGER>VERSION:4
<UNSIGNED INT>COUNT:2
[OBJECTS]
[BASEOBJECT]
[PROPERTIES]
<STRING>DESCRIPTOR:Group
<INTEGER64>ID:10
<STRING>SOMETHING UNKNOWN:kept as it is
[/PROPERTIES]
[CHILDREN]
[BASEOBJECT]
[PROPERTIES]
<STRING>DESCRIPTOR:Light
<INTEGER64>ID:11
<STRING>NAME:Ünïcode ☃
[/PROPERTIES]
[/BASEOBJECT]
[/CHILDREN]
[/BASEOBJECT]
[/OBJECTS]
[/Layout]
`,
}

// FuzzTextRoundTrip: LAYOUT text that compiles decodes, decompiles to
// text, and that text compiles back to the very same BINLAYOUT bytes
// (text → binary → text → binary is the identity on the binary).
func FuzzTextRoundTrip(f *testing.F) {
	for _, s := range roundTripSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		b, _, err := Compile("FUZZ.LAYOUT", src)
		if err != nil {
			return
		}
		if _, err := Decode(b); err != nil {
			t.Fatalf("compiled layout does not decode: %v", err)
		}
		text, err := Decompile(b, "")
		if err != nil {
			t.Fatalf("compiled layout does not decompile: %v", err)
		}
		again, _, err := Compile("FUZZ2.LAYOUT", text)
		if err != nil {
			t.Fatalf("decompiled text does not compile: %v\n%s", err, text)
		}
		if !bytes.Equal(again, b) {
			t.Fatalf("text → binary → text → binary changed the binary (%d → %d bytes)\n%s", len(b), len(again), text)
		}
	})
}

// FuzzBinaryRoundTrip: a BINLAYOUT that decodes and decompiles survives
// the text form: its objects compile back byte for byte, and a second
// pass through the text changes nothing. The datagroup is the one part
// the text does not carry as it is: the text compiler derives it from the
// Group objects (the root record, then one per group), so a file whose
// datagroup is not what its objects imply comes back with the derived one
// (the fuzzer's first find: an empty datagroup, offset at the end of the
// file, comes back as none).
func FuzzBinaryRoundTrip(f *testing.F) {
	for _, s := range roundTripSeeds {
		if b, _, err := Compile("SEED.LAYOUT", []byte(s)); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		l, err := Decode(b)
		if err != nil {
			return
		}
		text, err := Decompile(b, "")
		if err != nil {
			return // a layout the text form cannot hold (FuzzDecode's rule)
		}
		e2, _, err := Compile("FUZZ.LAYOUT", text)
		if err != nil {
			t.Fatalf("decompiled text does not compile: %v", err)
		}
		l2, err := Decode(e2)
		if err != nil {
			t.Fatalf("compiled text does not decode: %v", err)
		}
		objs1, err1 := Encode(&Layout{Version: l.Version, Objects: l.Objects})
		objs2, err2 := Encode(&Layout{Version: l2.Version, Objects: l2.Objects})
		if err1 != nil || err2 != nil || !bytes.Equal(objs1, objs2) {
			t.Fatalf("binary → text → binary changed the objects (%v %v)\n%s", err1, err2, text)
		}
		text2, err := Decompile(e2, "")
		if err != nil {
			t.Fatalf("the compiled text does not decompile: %v", err)
		}
		e3, _, err := Compile("FUZZ2.LAYOUT", text2)
		if err != nil || !bytes.Equal(e3, e2) {
			t.Fatalf("a second pass through the text changed the bytes: %v\n%s", err, text2)
		}
	})
}
