package bindat

import (
	"math/rand"
	"testing"

	"packsmith/formats/utf16"
)

// canonicalType must know exactly the upper-case names.
func TestCanonicalType(t *testing.T) {
	for want := Integer; want <= Note; want++ {
		if got := canonicalType(want.String()); got != want {
			t.Errorf("canonicalType(%q) = %v", want.String(), got)
		}
	}
	for _, s := range []string{"", "bool", "Note", "FLOAT ", "STRINg", "INTEGER6", "UNSIGNED_INT", "TRANSLATE\x00"} {
		if got := canonicalType(s); got != 0 {
			t.Errorf("canonicalType(%q) = %v, want 0", s, got)
		}
	}
}

// The word-at-a-time byte tests must agree with byte loops.
func TestWordTests(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	alphabet := []byte("aAzZ`{@[09_ \x00\x7f\x80\xe1\xfa\xff\xc3\xa9")
	for iter := 0; iter < 50000; iter++ {
		b := make([]byte, r.Intn(20))
		for i := range b {
			b[i] = alphabet[r.Intn(len(alphabet))]
		}
		s := string(b)
		lower, ascii := false, true
		for _, c := range b {
			lower = lower || (c >= 'a' && c <= 'z')
			ascii = ascii && c < 0x80
		}
		if hasLower(s) != lower {
			t.Fatalf("hasLower(%q) = %v", s, !lower)
		}
		if utf16.IsASCII(s) != ascii {
			t.Fatalf("utf16.IsASCII(%q) = %v", s, !ascii)
		}
		if got, want := appendASCII16([]byte("x"), s), appendNaive16([]byte("x"), s); ascii && string(got) != string(want) {
			t.Fatalf("appendASCII16(%q) = % x, want % x", s, got, want)
		}
	}
}

func appendNaive16(out []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		out = append(out, s[i], 0)
	}
	return out
}
