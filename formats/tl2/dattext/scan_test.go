package dattext

import (
	"math/rand"
	"testing"
)

// scanLine must find what a byte loop finds, wherever the bytes are.
func TestScanLine(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	alphabet := []byte("ab>:\r\n\r\n\x00\x01\x0c\x0e\x0f\x80\x8a\x8d\x8e\xbe\xff\x0b\x09\x09=;")
	for iter := 0; iter < 20000; iter++ {
		b := make([]byte, r.Intn(40))
		for i := range b {
			b[i] = alphabet[r.Intn(len(alphabet))]
		}
		s := string(b)
		for _, c := range []byte{'>', ':', '\n'} {
			for i := 0; i <= len(s); i++ {
				want := len(s)
				for j := i; j < len(s); j++ {
					if s[j] == c || s[j] == '\r' || s[j] == '\n' {
						want = j
						break
					}
				}
				if got := scanLine(s, i, c); got != want {
					t.Fatalf("scanLine(%q, %d, %q) = %d, want %d", s, i, c, got, want)
				}
				if got := lineEnd(s, i); c == '\n' && got != want {
					t.Fatalf("lineEnd(%q, %d) = %d, want %d", s, i, got, want)
				}
			}
		}
	}
}

// skipBlanks must stop where a byte loop stops.
func TestSkipBlanks(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	alphabet := []byte(" \t\t\t!)\x08\x89\xa0\x00<[\r\n")
	for iter := 0; iter < 20000; iter++ {
		b := make([]byte, r.Intn(30))
		for i := range b {
			b[i] = alphabet[r.Intn(len(alphabet))]
		}
		s := string(b)
		for i := 0; i <= len(s); i++ {
			want := i
			for want < len(s) && (s[want] == ' ' || s[want] == '\t') {
				want++
			}
			if got := skipBlanks(s, i); got != want {
				t.Fatalf("skipBlanks(%q, %d) = %d, want %d", s, i, got, want)
			}
		}
	}
}
