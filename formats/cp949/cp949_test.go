package cp949

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding/korean"
)

// Every two-byte sequence decodes as the oracle decodes it, and every
// character encodes back to its pair.
func TestAgainstOracle(t *testing.T) {
	dec := korean.EUCKR.NewDecoder()
	n := 0
	for lead := 0x80; lead <= 0xFF; lead++ {
		for trail := 0; trail <= 0xFF; trail++ {
			in := []byte{byte(lead), byte(trail)}
			got, err := Decode(in)
			want, _ := dec.Bytes(in)
			r, size := utf8.DecodeRune(want)
			oracleOK := size == len(want) && r != utf8.RuneError
			if oracleOK {
				if back, _ := korean.EUCKR.NewEncoder().Bytes(want); !bytes.Equal(back, in) {
					oracleOK = false
				}
			}
			if oracleOK != (err == nil) {
				t.Fatalf("% X: ours %q %v, oracle %q", in, got, err, want)
			}
			if err != nil {
				continue
			}
			n++
			if got != string(want) {
				t.Fatalf("% X: ours %q, oracle %q", in, got, want)
			}
			if b, err := Encode(got); err != nil || !bytes.Equal(b, in) {
				t.Fatalf("%q encodes to % X, %v; want % X", got, b, err, in)
			}
		}
	}
	if n != 17048 {
		t.Fatalf("%d pairs are characters, want 17048", n)
	}
}

func TestKnownNames(t *testing.T) {
	for _, c := range []struct {
		text string
		hex  []byte
	}{
		{"사운드/한글파일.txt", []byte{0xBB, 0xE7, 0xBF, 0xEE, 0xB5, 0xE5, '/', 0xC7, 0xD1, 0xB1, 0xDB, 0xC6, 0xC4, 0xC0, 0xCF, '.', 't', 'x', 't'}},
		{"가", []byte{0xB0, 0xA1}},
		{"갂", []byte{0x81, 0x41}}, // first UHC syllable
	} {
		b, err := Encode(c.text)
		if err != nil || !bytes.Equal(b, c.hex) {
			t.Fatalf("%s: % X %v, want % X", c.text, b, err, c.hex)
		}
		s, err := Decode(c.hex)
		if err != nil || s != c.text {
			t.Fatalf("% X: %q %v", c.hex, s, err)
		}
	}
	b, err := Encode("韓國語 ①")
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := Decode(b); s != "韓國語 ①" {
		t.Fatalf("hanja round trip %q", s)
	}
}

func TestErrors(t *testing.T) {
	_, err := Encode("sound/😀.wav")
	var ee *EncodeError
	if !errors.As(err, &ee) || ee.Rune != '😀' || ee.Offset != 6 || !strings.Contains(err.Error(), "U+1F600") {
		t.Fatalf("emoji: %v", err)
	}
	if _, err := Encode("ก"); err == nil {
		t.Fatal("Thai encoded")
	}
	if _, err := Encode("a\xffb"); err == nil || !strings.Contains(err.Error(), "invalid UTF-8 at offset 1") {
		t.Fatalf("bad UTF-8: %v", err)
	}
	var de *DecodeError
	for _, c := range []struct {
		in  []byte
		off int
	}{{[]byte("ab\xB0"), 2}, {[]byte("\x80a"), 0}, {[]byte("x\xC9\xA1"), 1}, {[]byte("\xB0\x20"), 0}, {[]byte("\xFF\xA1"), 0}} {
		_, err := Decode(c.in)
		if !errors.As(err, &de) || de.Offset != c.off {
			t.Fatalf("% X: %v", c.in, err)
		}
		if Valid(c.in) {
			t.Fatalf("% X valid", c.in)
		}
	}
}

func TestDisplayAndFold(t *testing.T) {
	kr, _ := Encode("사운드\\한글파일.TXT")
	if got := Display(kr); got != "사운드\\한글파일.TXT" {
		t.Fatalf("display %q", got)
	}
	if got := Display([]byte("한글/utf8.txt")); got != "한글/utf8.txt" {
		t.Fatalf("utf-8 name %q", got)
	}
	if got := Display([]byte("a\xFF\xB0\xA1\x80")); got != "a%FF가%80" {
		t.Fatalf("mixed %q", got)
	}
	if got := FoldKey("Sound/Hero.WAV"); got != `sound\hero.wav` {
		t.Fatalf("fold %q", got)
	}
	// Trail bytes in A–Z fold as the client's strlwr folds them.
	if got := FoldKey("\x81\x41"); got != "\x81\x61" {
		t.Fatalf("trail fold % X", got)
	}
}

func FuzzDecode(f *testing.F) {
	for _, s := range []string{"", "abc", "\xBB\xE7\xBF\xEE\xB5\xE5/\xC7\xD1.txt", "\x81\x41\x80", "\xFE\xFE"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := Decode(b)
		if (err == nil) != Valid(b) {
			t.Fatalf("Decode and Valid disagree on % X", b)
		}
		if err == nil {
			back, err := Encode(s)
			if err != nil || !bytes.Equal(back, b) {
				t.Fatalf("% X → %q → % X %v", b, s, back, err)
			}
		}
		_ = Display(b)
		if k := FoldKey(string(b)); len(k) != len(b) {
			t.Fatal("fold changed the length")
		}
	})
}

func FuzzEncode(f *testing.F) {
	for _, s := range []string{"", "사운드/한글파일.txt", "韓國", "😀", "a\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := Encode(s)
		if err != nil {
			return
		}
		back, err := Decode(b)
		if err != nil || back != s {
			t.Fatalf("%q → % X → %q %v", s, b, back, err)
		}
	})
}
