package bindat

import (
	"math/rand"
	"testing"

	"packsmith/formats/tl2/rghash"
)

// hash must be rghash.Hash, for ASCII and everything else.
func TestHashMatchesRghash(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	alphabet := []string{"A", "z", "_", " ", "0", "\x7f", "\x00", "é", "日", "\xED\xA0\x80", "😀", "\xff"}
	for iter := 0; iter < 50000; iter++ {
		n := r.Intn(40)
		b := make([]byte, 0, n)
		ascii := r.Intn(2) == 0
		for len(b) < n {
			if ascii {
				b = append(b, byte(r.Intn(128)))
			} else {
				b = append(b, alphabet[r.Intn(len(alphabet))]...)
			}
		}
		if got, want := hash(string(b)), rghash.Hash(string(b)); got != want {
			t.Fatalf("hash(%q) = %08x, rghash.Hash %08x", b, got, want)
		}
	}
}

func FuzzHash(f *testing.F) {
	f.Add("MEDIA/UNITS/ITEMS/X.DAT")
	f.Add("é\xED\xA0\x80abcdefgh")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := hash(s), rghash.Hash(s); got != want {
			t.Fatalf("hash(%q) = %08x, rghash.Hash %08x", s, got, want)
		}
	})
}
