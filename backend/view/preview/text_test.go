package preview

import (
	"math/rand"
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

// cp949 joins ASCII strings and raw CP949 byte strings written by hand
// (from the KS X 1001 / UHC tables, checked against Python's cp949 codec).
func cp949(parts ...string) []byte {
	var b []byte
	for _, p := range parts {
		b = append(b, p...)
	}
	return b
}

func TestDecodeTextCP949(t *testing.T) {
	cases := []struct {
		name string
		in   []byte
		want string
	}{
		{"Lost Saga ini", cp949("[hero]\r\nname=", "\xbe\xc8\xb3\xe7\xc7\xcf\xbc\xbc\xbf\xe4", "\r\ndesc=",
			"\xc7\xd1\xb1\xb9\xbe\xee \xb0\xd4\xc0\xd3", "\r\n"),
			"[hero]\r\nname=안녕하세요\r\ndesc=한국어 게임\r\n"},
		// 똠 (0x8C63) is in the UHC extension: its trail byte is 'c'.
		{"UHC extension", cp949("\x8c\x63\xb9\xe6\xb0\xa2\xc7\xcf"), "똠방각하"},
		{"jamo and words", cp949("\xc4\xb3\xb8\xaf\xc5\xcd ", "\xbf\xeb\xba\xb4", " \xa4\xbb\xa4\xbb"), "캐릭터 용병 ㅋㅋ"},
		// A size limit cut 용 (BF EB) in half: the lead byte is dropped.
		{"cut after a lead byte", cp949("\xc4\xb3\xb8\xaf\xc5\xcd=\xbf"), "캐릭터="},
	}
	for _, c := range cases {
		got, ok := DecodeText(c.in)
		if !ok || got.Encoding != "CP949" || got.Text != c.want {
			t.Errorf("%s: got %q %q ok=%v, want %q CP949", c.name, got.Text, got.Encoding, ok, c.want)
		}
	}
}

// Latin-1 text is not UTF-8 either; it must not come out as Korean. (Runs
// of accented capitals such as "\xC0\xC1" are real Hangul in CP949 —
// 읒 — and cannot be told apart; words of Latin-1 text can.)
func TestDecodeTextLatin1NotKorean(t *testing.T) {
	for _, s := range []string{
		"\xc4rger \xfcber Caf\xe9",            // Ärger über Café: Ä+r is a valid UHC pair
		"\xc4rger",                            // that pair alone
		"r\xe9sum\xe9 na\xefve",               // é+s is not a pair
		"\xc7a va? \xc9lan, gar\xe7on",        // Ç, É
		"\xc0 la carte, \xc9T\xc9 \xc0 PARIS", // À, É: capitals
		"Se\xf1or \xd1o\xf1o, a\xf1o",         // ñ, Ñ
		"Stra\xdfe M\xfcller",
	} {
		if got, ok := DecodeText([]byte(s)); ok && got.Encoding == "CP949" {
			t.Errorf("%q claimed as CP949: %q", s, got.Text)
		}
	}
}

// Random bytes go to hex, never to a CP949 (or any) text view: uniform
// bytes, only high bytes, and printable ASCII mixed with KS X 1001 range
// pairs (A1–FE), the hardest case.
func TestDecodeTextRandomNotText(t *testing.T) {
	r := rand.New(rand.NewSource(949))
	claimed := 0
	for n := 0; n < 3000; n++ {
		size := 64 + r.Intn(4096-64)
		b := make([]byte, size)
		switch n % 3 {
		case 0:
			r.Read(b)
		case 1:
			for i := range b {
				b[i] = 0x80 | byte(r.Intn(0x80))
			}
		case 2:
			for i := 0; i < len(b); i++ {
				if r.Intn(3) == 0 && i+1 < len(b) {
					b[i], b[i+1] = 0xA1+byte(r.Intn(94)), 0xA1+byte(r.Intn(94))
					i++
					continue
				}
				b[i] = 0x20 + byte(r.Intn(0x5F))
			}
		}
		got, ok := DecodeText(b)
		if ok && got.Encoding == "CP949" {
			claimed++
		}
		if ok && n%3 != 2 {
			t.Errorf("random buffer %d (%d bytes, kind %d) taken as %s text", n, size, n%3, got.Encoding)
		}
	}
	if claimed != 0 {
		t.Errorf("%d of 1000 random KS X 1001 buffers claimed as CP949", claimed)
	}
}
