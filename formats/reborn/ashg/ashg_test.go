package ashg

import (
	"bytes"
	"errors"
	"math/rand"
	"testing"
)

func TestKnownStream(t *testing.T) {
	// Hand-made: 3 literals "abc", then a match v = (2<<4)|2 with w = 4:
	// distance 3, length 5 → "abcabcab".
	b := append([]byte("ashg\x06\x00\x00\x00\x08\x00\x00\x00\x02\x04\x00\x00"), 3, 'a', 'b', 'c', 0x80, 0x22)
	_, out, err := Decode(b, 1<<20)
	if err != nil || string(out) != "abcabcab" {
		t.Fatalf("%q %v", out, err)
	}
}

func TestRoundTripAndErrors(t *testing.T) {
	r := rand.New(rand.NewSource(4))
	rnd := make([]byte, 500)
	r.Read(rnd)
	for _, d := range [][]byte{nil, []byte("x"), bytes.Repeat([]byte("sprite "), 300), rnd} {
		enc := Encode(d, 10)
		_, out, err := Decode(enc, 1<<20)
		if err != nil || !bytes.Equal(out, d) {
			t.Fatalf("round trip of %d bytes: %v", len(d), err)
		}
	}
	good := Encode(bytes.Repeat([]byte("ab"), 50), 8)
	for name, b := range map[string][]byte{
		"short": good[:8], "ver": func() []byte { c := append([]byte(nil), good...); c[12] = 1; return c }(),
		"cut":  good[:len(good)-1],
		"bomb": func() []byte { c := append([]byte(nil), good...); c[11] = 0x7F; return c }(),
	} {
		if _, _, err := Decode(b, 1<<31); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func FuzzAshg(f *testing.F) {
	f.Add(Encode(bytes.Repeat([]byte("sprite "), 30), 10), uint8(10))
	f.Fuzz(func(t *testing.T, b []byte, w uint8) {
		if _, out, err := Decode(b, 1<<20); err == nil {
			_, again, err := Decode(Encode(out, w), 1<<20)
			if err != nil || !bytes.Equal(again, out) {
				t.Fatalf("round trip: %v", err)
			}
		}
	})
}
