package rotxor

import (
	"bytes"
	"testing"
)

// FuzzRotXorRoundTrip: Decrypt takes any bytes, and Encrypt undoes it
// (and the other way round), whatever the length.
func FuzzRotXorRoundTrip(f *testing.F) {
	f.Add([]byte("PK\x03\x04 some zip bytes that are long enough"))
	f.Add([]byte{1, 2, 3})
	f.Add(bytes.Repeat([]byte{0xFF}, 33))
	f.Fuzz(func(t *testing.T, in []byte) {
		b := append([]byte(nil), in...)
		Decrypt(b)
		Encrypt(b)
		if !bytes.Equal(b, in) {
			t.Fatalf("Encrypt(Decrypt(x)) != x for %d bytes", len(in))
		}
		Encrypt(b)
		Decrypt(b)
		if !bytes.Equal(b, in) {
			t.Fatalf("Decrypt(Encrypt(x)) != x for %d bytes", len(in))
		}
	})
}
