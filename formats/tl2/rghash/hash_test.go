package rghash

import (
	"strings"
	"testing"
	"unicode/utf16"

	wtf16 "packsmith/formats/utf16"
)

var vectors = []struct {
	name string
	hash uint32
}{
	{"", 0},
	{"A", 97},
	{"B", 98},
	{"0", 16},
	{"AI", 105},
	{"BY", 25},
	{"NAME", 6688229},
	{"NAME", 0x00660DE5},
	{"GUID", 6479204},
	{"GUID", 0x0062DD64},
	{"THEME", 258285029},
	{"THEME", 0x0F651DE5},
	{"DEXTERITY_REQUIRE", 1970490181},
	{"STRENGTH_REQUIRE", 2034231625},
	{"MAGIC_REQUIRE", 4272869367},
	{"DEFENSE_REQUIRE", 1284104295},
	{"SHOULDERS_OVERRIDE", 786463860},
	{"UNIT", 0x006BB174},
	{"LEVEL", 0x0EE3D0EC},
	{"SKILL", 0x0F14ADCC},
	{"TAGS", 0x006B0CB3},
	{"Name", 0x006689C5},
}

func TestVectors(t *testing.T) {
	for _, v := range vectors {
		if got := Hash(v.name); got != v.hash {
			t.Errorf("Hash(%q) = %#08x, want %#08x", v.name, got, v.hash)
		}
		u := utf16.Encode([]rune(v.name))
		if got := HashUnits(u); got != v.hash {
			t.Errorf("HashUnits(%q) = %#08x, want %#08x", v.name, got, v.hash)
		}
	}
}

func TestNonASCIIAndSurrogates(t *testing.T) {
	for _, s := range []string{"é", "Привет", "名前", "😀x", "a\U0010FFFFb"} {
		u := utf16.Encode([]rune(s))
		if Hash(s) != HashUnits(u) {
			t.Errorf("Hash(%q) disagrees with HashUnits", s)
		}
		if got := wtf16.DecodeUnits(u); got != s {
			t.Errorf("DecodeUnits = %q, want %q", got, s)
		}
	}
	// Lone surrogates, reversed pairs and a trailing high surrogate survive.
	for _, u := range [][]uint16{
		{0xD800},
		{0xDC00, 0xD800},
		{'A', 0xDBFF},
		{0xDFFF, 'x', 0xD83D, 0xDE00},
	} {
		s := wtf16.DecodeUnits(u)
		back := AppendUTF16(nil, s)
		if !equal16(back, u) {
			t.Errorf("units %x → %q → %x", u, s, back)
		}
		if Hash(s) != HashUnits(u) {
			t.Errorf("Hash of %x differs from HashUnits", u)
		}
		if !ValidWTF8(s) {
			t.Errorf("ValidWTF8(%q) = false", s)
		}
	}
	if ValidWTF8("a\xffb") {
		t.Error("ValidWTF8 accepted a stray 0xFF")
	}
	// An invalid byte counts as U+FFFD.
	if Hash("\xff") != HashUnits([]uint16{0xFFFD}) {
		t.Error("invalid byte is not hashed as U+FFFD")
	}
}

func equal16(a, b []uint16) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestDictionaryLoad(t *testing.T) {
	src := "\xEF\xBB\xBF0:\r\n97:A\r\n6688229:NAME\r\n1:NOTME\r\njunk\r\n0x0062DD64:GUID\n-1:X\n"
	d := NewDictionary()
	st, err := d.Load("mem", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	if st.Added != 4 || st.Mismatch != 2 || st.Bad != 1 {
		t.Errorf("stats = %+v", st)
	}
	for _, n := range []string{"A", "NAME", "GUID", ""} {
		if got, ok := d.Name(Hash(n)); !ok || got != n {
			t.Errorf("Name(%q) = %q, %v", n, got, ok)
		}
	}
	if _, ok := d.Name(1); ok {
		t.Error("mismatching line was kept")
	}
	if d.Len() != 4 || len(d.Names()) != 4 {
		t.Errorf("Len = %d", d.Len())
	}
	var nilDict *Dictionary
	if _, ok := nilDict.Name(97); ok || nilDict.Len() != 0 {
		t.Error("nil dictionary should be empty")
	}
}

func TestDictionaryLongLine(t *testing.T) {
	d := NewDictionary()
	_, err := d.Load("long.txt", strings.NewReader("1:"+strings.Repeat("A", maxDictLine+10)+"\n"))
	if err == nil || !strings.Contains(err.Error(), "long.txt:1") {
		t.Fatalf("err = %v, want one naming long.txt:1", err)
	}
}

func BenchmarkHash(b *testing.B) {
	s := "SHOULDERS_OVERRIDE"
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		Hash(s)
	}
}

func FuzzHash(f *testing.F) {
	f.Add("NAME")
	f.Add("\xed\xa0\x80x")
	f.Fuzz(func(t *testing.T, s string) {
		u := AppendUTF16(nil, s)
		if Hash(s) != HashUnits(u) {
			t.Fatalf("Hash(%q) != HashUnits", s)
		}
		back := AppendUTF16(nil, wtf16.DecodeUnits(u))
		if !equal16(back, u) {
			t.Fatalf("units do not round-trip for %q", s)
		}
	})
}

func TestBuiltinNames(t *testing.T) {
	d := Builtin()
	if d.Len() < 10000 {
		t.Fatalf("builtin dictionary has %d names", d.Len())
	}
	for _, n := range []string{"NAME", "GUID", "THEME", "UNIT", "LEVEL", "BASEFILE", "ICON"} {
		if got, ok := d.Name(Hash(n)); !ok || got != n {
			t.Errorf("builtin %s: %q %v", n, got, ok)
		}
	}
}
