package preview

import (
	"testing"
	"unicode/utf16"
)

func le(s string, bom bool) []byte {
	var out []byte
	if bom {
		out = append(out, 0xFF, 0xFE)
	}
	for _, u := range utf16.Encode([]rune(s)) {
		out = append(out, byte(u), byte(u>>8))
	}
	return out
}

func TestDecodeText(t *testing.T) {
	cases := []struct {
		in       []byte
		text     string
		encoding string
		ok       bool
	}{
		{[]byte("[MOD]\r\n<STRING>NAME:x\r\n"), "[MOD]\r\n<STRING>NAME:x\r\n", "UTF-8", true},
		{append([]byte{0xEF, 0xBB, 0xBF}, "héllo"...), "héllo", "UTF-8 BOM", true},
		{le("[MOD]ü€", true), "[MOD]ü€", "UTF-16LE BOM", true},
		{le("[UNIT]\r\n<STRING>NAME:Bob", false), "[UNIT]\r\n<STRING>NAME:Bob", "UTF-16LE", true},
		{[]byte{0xFE, 0xFF, 0, 'h', 0, 'i'}, "hi", "UTF-16BE BOM", true},
		{[]byte{0x00, 0x01, 0x02, 0xFF, 0x89, 'P', 'N', 'G'}, "", "", false},
		{[]byte{'a', 0xC3}, "", "", true}, // cut in the middle of é: still text
	}
	for _, c := range cases {
		got, ok := DecodeText(c.in)
		if ok != c.ok {
			t.Errorf("%q: ok=%v", c.in, ok)
			continue
		}
		if c.text != "" && (got.Text != c.text || got.Encoding != c.encoding) {
			t.Errorf("%q: got %q %s, want %q %s", c.in, got.Text, got.Encoding, c.text, c.encoding)
		}
	}
}
