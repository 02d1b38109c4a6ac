package gametext

import "testing"

func TestDecode(t *testing.T) {
	for _, c := range []struct {
		name     string
		in       []byte
		text     string
		encoding string
		ok       bool
	}{
		{"utf-8", []byte("[UNIT]\r\n"), "[UNIT]\r\n", "UTF-8", true},
		{"utf-8 bom", []byte("\xEF\xBB\xBFhi"), "hi", "UTF-8 BOM", true},
		{"utf-16le bom", []byte("\xFF\xFEh\x00i\x00"), "hi", "UTF-16LE BOM", true},
		{"utf-16be bom", []byte("\xFE\xFF\x00h\x00i"), "hi", "UTF-16BE BOM", true},
		{"utf-16le", []byte("[\x00U\x00N\x00I\x00T\x00]\x00"), "[UNIT]", "UTF-16LE", true},
		{"cp949", []byte("\xC7\xD1\xB1\xDB"), "\uD55C\uAE00", "CP949", true},
		{"binary", []byte("MZ\x90\x00\x03\x00\x00\x00"), "", "", false},
	} {
		got, ok := Decode(c.in)
		if ok != c.ok || got.Text != c.text || got.Encoding != c.encoding {
			t.Errorf("%s: Decode = %q %q %v, want %q %q %v", c.name, got.Text, got.Encoding, ok, c.text, c.encoding, c.ok)
		}
		if LooksText(c.in) != c.ok {
			t.Errorf("%s: LooksText = %v, Decode's ok %v", c.name, !c.ok, c.ok)
		}
	}
}
