package sch

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"
	"unicode/utf16"
)

// The launcher's file for the XOVER mod (id from its EDITORMOD.MOD header)
// then mod 42, written out from the format facts: BOM FF FE, UTF-16LE,
// every line ended by CR LF, a tab before each mod line.
var launcherTwoMods = []byte{
	0xFF, 0xFE,
	'[', 0, 'M', 0, 'O', 0, 'D', 0, 'S', 0, ']', 0, '\r', 0, '\n', 0,
	'\t', 0, '<', 0, 'I', 0, 'N', 0, 'T', 0, 'E', 0, 'G', 0, 'E', 0, 'R', 0, '6', 0, '4', 0, '>', 0,
	'M', 0, 'O', 0, 'D', 0, 'G', 0, 'U', 0, 'I', 0, 'D', 0, ':', 0,
	'-', 0, '2', 0, '3', 0, '1', 0, '8', 0, '9', 0, '8', 0, '9', 0, '4', 0, '4', 0, '9', 0, '9', 0,
	'9', 0, '2', 0, '4', 0, '4', 0, '6', 0, '2', 0, '9', 0, '3', 0, '\r', 0, '\n', 0,
	'\t', 0, '<', 0, 'I', 0, 'N', 0, 'T', 0, 'E', 0, 'G', 0, 'E', 0, 'R', 0, '6', 0, '4', 0, '>', 0,
	'M', 0, 'O', 0, 'D', 0, 'G', 0, 'U', 0, 'I', 0, 'D', 0, ':', 0, '4', 0, '2', 0, '\r', 0, '\n', 0,
	'[', 0, '/', 0, 'M', 0, 'O', 0, 'D', 0, 'S', 0, ']', 0, '\r', 0, '\n', 0,
}

var launcherEmpty = []byte{
	0xFF, 0xFE,
	'[', 0, 'M', 0, 'O', 0, 'D', 0, 'S', 0, ']', 0, '\r', 0, '\n', 0,
	'[', 0, '/', 0, 'M', 0, 'O', 0, 'D', 0, 'S', 0, ']', 0, '\r', 0, '\n', 0,
}

// u16 encodes s as UTF-16LE with a BOM, for the tests that are not about
// the launcher's exact bytes.
func u16(s string) []byte {
	b := []byte{0xFF, 0xFE}
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return b
}

func TestNewMatchesLauncher(t *testing.T) {
	if got := New([]int64{-2318989449992446293, 42}).Bytes(); !bytes.Equal(got, launcherTwoMods) {
		t.Fatalf("New:\n got % X\nwant % X", got, launcherTwoMods)
	}
	if got := New(nil).Bytes(); !bytes.Equal(got, launcherEmpty) {
		t.Fatalf("New(nil):\n got % X\nwant % X", got, launcherEmpty)
	}
	f, err := Parse(launcherTwoMods)
	if err != nil {
		t.Fatal(err)
	}
	if ids := f.IDs(); !reflect.DeepEqual(ids, []int64{-2318989449992446293, 42}) {
		t.Fatalf("IDs %v", ids)
	}
}

func TestNewExtremes(t *testing.T) {
	ids := []int64{-9223372036854775808, 9223372036854775807, 0, -1}
	f := New(ids)
	want := u16("[MODS]\r\n\t<INTEGER64>MODGUID:-9223372036854775808\r\n\t<INTEGER64>MODGUID:9223372036854775807\r\n" +
		"\t<INTEGER64>MODGUID:0\r\n\t<INTEGER64>MODGUID:-1\r\n[/MODS]\r\n")
	if !bytes.Equal(f.Bytes(), want) {
		t.Fatalf("got %q", f.Bytes())
	}
	g, err := Parse(f.Bytes())
	if err != nil || !reflect.DeepEqual(g.IDs(), ids) {
		t.Fatalf("parse back: %v %v", g.IDs(), err)
	}
}

// odd is a file other tools could have written: lower-case tags, spaces
// instead of a tab, a plus sign, comments, another section, a mod line
// outside [MODS], a bare LF, a stray CR, an unpaired surrogate and no
// terminator on the last line.
const odd = "; written by hand\r\n" +
	"[MODS]\r\n" +
	"    <integer64>modguid:+7\r\n" +
	"\t<INTEGER64>MODGUID:-5 \n" +
	"; keep me\r\n" +
	"\t<INTEGER64>MODGUID:9\r\n" +
	"[/MODS]\r\n" +
	"\t<INTEGER64>MODGUID:1\r\n" +
	"[OTHER]\rx\r\n" +
	"tail?"

func oddBytes() []byte {
	b := u16(odd)
	// The last unit, "?", becomes an unpaired surrogate, which no Go string
	// can hold.
	b[len(b)-2], b[len(b)-1] = 0x00, 0xD8
	return b
}

func TestRoundTripUnchanged(t *testing.T) {
	for name, in := range map[string][]byte{
		"launcher":   launcherTwoMods,
		"empty list": launcherEmpty,
		"odd":        oddBytes(),
		"empty file": {},
		"bom only":   {0xFF, 0xFE},
		"blank line": u16("[MODS]\r\n\r\n[/MODS]\r\n\r\n"),
	} {
		f, err := Parse(in)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if out := f.Bytes(); !bytes.Equal(out, in) {
			t.Errorf("%s: round trip differs:\n got % X\nwant % X", name, out, in)
		}
		f.SetIDs(f.IDs())
		if out := f.Bytes(); !bytes.Equal(out, in) {
			t.Errorf("%s: SetIDs(IDs()) changed the file:\n got % X\nwant % X", name, out, in)
		}
	}
	f, _ := Parse(oddBytes())
	if ids := f.IDs(); !reflect.DeepEqual(ids, []int64{7, -5, 9}) {
		t.Fatalf("odd IDs %v", ids)
	}
}

func TestSetIDsKeepsUnknownLines(t *testing.T) {
	f, err := Parse(oddBytes())
	if err != nil {
		t.Fatal(err)
	}
	// Same first id, new second and third, one more.
	f.SetIDs([]int64{7, 100, 9, 200})
	want := u16("; written by hand\r\n" +
		"[MODS]\r\n" +
		"    <integer64>modguid:+7\r\n" +
		"\t<INTEGER64>MODGUID:100\r\n" +
		"; keep me\r\n" +
		"\t<INTEGER64>MODGUID:9\r\n" +
		"\t<INTEGER64>MODGUID:200\r\n" +
		"[/MODS]\r\n" +
		"\t<INTEGER64>MODGUID:1\r\n" +
		"[OTHER]\rx\r\n" +
		"tail?")
	want[len(want)-2], want[len(want)-1] = 0x00, 0xD8
	if got := f.Bytes(); !bytes.Equal(got, want) {
		t.Fatalf("got\n%q\nwant\n%q", got, want)
	}
	// Fewer: surplus mod lines go, the comment stays.
	f.SetIDs([]int64{3})
	g, err := Parse(f.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(g.IDs(), []int64{3}) {
		t.Fatalf("IDs %v", g.IDs())
	}
	for _, keep := range []string{"; written by hand", "; keep me", "[OTHER]\rx", "MODGUID:1\r\n"} {
		if !bytes.Contains(g.Bytes(), u16(keep)[2:]) {
			t.Errorf("lost %q", keep)
		}
	}
	// None: an empty section remains.
	g.SetIDs(nil)
	if ids := g.IDs(); len(ids) != 0 || !bytes.Contains(g.Bytes(), u16("[MODS]\r\n; keep me\r\n[/MODS]")[2:]) {
		t.Fatalf("emptied: %q", g.Bytes())
	}
}

func TestSetIDsAddsSection(t *testing.T) {
	f, err := Parse(u16("; only a comment"))
	if err != nil {
		t.Fatal(err)
	}
	f.SetIDs([]int64{-4})
	want := u16("; only a comment\r\n[MODS]\r\n\t<INTEGER64>MODGUID:-4\r\n[/MODS]\r\n")
	if !bytes.Equal(f.Bytes(), want) {
		t.Fatalf("got %q", f.Bytes())
	}
	e, _ := Parse(nil)
	e.SetIDs([]int64{-2318989449992446293, 42})
	if !bytes.Equal(e.Bytes(), launcherTwoMods) {
		t.Fatal("empty file + SetIDs is not the launcher's file")
	}
	// An empty section appears on an empty file only when asked for mods.
	c, _ := Parse(u16("x\r\n"))
	c.SetIDs(nil)
	if !bytes.Equal(c.Bytes(), u16("x\r\n")) {
		t.Fatal("SetIDs(nil) added a section")
	}
}

func TestSetIDsMoveIntoEmptySection(t *testing.T) {
	f, _ := Parse(launcherEmpty)
	f.SetIDs([]int64{-2318989449992446293, 42})
	if !bytes.Equal(f.Bytes(), launcherTwoMods) {
		t.Fatalf("got %q", f.Bytes())
	}
	// Reorder is a rewrite of both slots, with nothing else touched.
	f.SetIDs([]int64{42, -2318989449992446293})
	if !reflect.DeepEqual(f.IDs(), []int64{42, -2318989449992446293}) || !bytes.Equal(f.Bytes(), New(f.IDs()).Bytes()) {
		t.Fatalf("reorder: %q", f.Bytes())
	}
}

func TestParseErrors(t *testing.T) {
	mods := func(s string) []byte { return u16(s) }
	cases := []struct {
		name   string
		in     []byte
		line   int
		offset int64
		msg    string
	}{
		{"no bom", []byte("[\x00M\x00"), 0, 0, "no UTF-16LE byte-order mark"},
		{"utf-8", []byte("\xEF\xBB\xBF[MODS]\r\n"), 0, 0, "UTF-8"},
		{"utf-16be", []byte{0xFE, 0xFF, 0, '['}, 0, 0, "UTF-16BE"},
		{"one byte", []byte{0xFF}, 0, 0, "no UTF-16LE byte-order mark"},
		{"odd length", append(mods("[MODS]"), 'x'), 0, 14, "odd byte count 15"},
		{"bad id", mods("[MODS]\r\n\t<INTEGER64>MODGUID:12a\r\n[/MODS]\r\n"), 2, 18, `MODGUID "12a" is not a signed 64-bit decimal`},
		{"empty id", mods("[MODS]\r\n\t<INTEGER64>MODGUID:\r\n[/MODS]\r\n"), 2, 18, `MODGUID ""`},
		{"second section", mods("[MODS]\r\n[/MODS]\r\n[MODS]\r\n"), 3, 36, "second [MODS] section"},
		{"too big id", mods("[MODS]\r\n\t<INTEGER64>MODGUID:9223372036854775808\r\n[/MODS]\r\n"), 2, 18, "not a signed 64-bit"},
		{"close first", mods("x\r\n[/MODS]\r\n"), 2, 8, "[/MODS] without [MODS]"},
		{"nested", mods("[MODS]\r\n[MODS]\r\n"), 2, 18, "inside the [MODS] section opened on line 1"},
		{"unclosed", mods("x\r\n[MODS]\r\n\t<INTEGER64>MODGUID:1\r\n"), 2, 8, "not closed"},
		{"too large", make([]byte, MaxSize+2), 0, MaxSize, "over the"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, err := Parse(c.in)
			if err == nil {
				t.Fatalf("parsed: %v", f.IDs())
			}
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("%T %v", err, err)
			}
			if pe.Line != c.line || pe.Offset != c.offset || !strings.Contains(err.Error(), c.msg) {
				t.Fatalf("got %q (line %d, offset %d), want %q at line %d offset %d", err, pe.Line, pe.Offset, c.msg, c.line, c.offset)
			}
			if c.line > 0 && !strings.Contains(err.Error(), "line ") {
				t.Fatalf("error does not name the line: %v", err)
			}
		})
	}
}
