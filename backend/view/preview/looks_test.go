package preview

import (
	"math/rand"
	"testing"
)

// lookSamples are inputs of every branch of DecodeText: BOMs, BOM-less
// UTF-16LE, control bytes, UTF-8 cut mid-rune, CP949 Korean, Latin-1.
func lookSamples() [][]byte {
	s := [][]byte{
		[]byte("[MOD]\r\n<STRING>NAME:x\r\n"),
		append([]byte{0xEF, 0xBB, 0xBF}, "héllo"...),
		le("[MOD]ü€", true),
		le("[UNIT]\r\n<STRING>NAME:Bob", false),
		{0xFE, 0xFF, 0, 'h', 0, 'i'},
		{0x00, 0x01, 0x02, 0xFF, 0x89, 'P', 'N', 'G'},
		{'a', 0xC3},
		cp949("NAME:", "\xC7\xD1\xB1\xB9", " ok"),
		[]byte("M\xC4rger \xFCber"),
		{},
	}
	rng := rand.New(rand.NewSource(5))
	for i := 0; i < 200; i++ {
		b := make([]byte, rng.Intn(64))
		rng.Read(b)
		s = append(s, b)
	}
	return s
}

// LooksText says what DecodeText's ok says, for every kind of input.
func TestLooksTextAgreesWithDecodeText(t *testing.T) {
	for _, b := range lookSamples() {
		if _, ok := DecodeText(b); LooksText(b) != ok {
			t.Errorf("%q: LooksText %v, DecodeText ok %v", b, LooksText(b), ok)
		}
	}
}

func FuzzLooksText(f *testing.F) {
	for _, b := range lookSamples()[:10] {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if _, ok := DecodeText(b); LooksText(b) != ok {
			t.Fatalf("%q: LooksText %v, DecodeText ok %v", b, LooksText(b), ok)
		}
	})
}
