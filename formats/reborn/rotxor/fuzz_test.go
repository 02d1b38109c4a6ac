package rotxor

import (
	"bytes"
	"testing"
)

// FuzzRotXor: Encrypt/Decrypt round-trip every buffer, and the streaming
// Reader reads back exactly what Decrypt gives.
func FuzzRotXor(f *testing.F) {
	f.Add([]byte("PK\x03\x04\x14\x00\x00\x00\x08\x00 a zip header and more"), 3)
	f.Add([]byte{1}, 0)
	f.Add(bytes.Repeat([]byte{0xA5}, 70), 17)
	f.Fuzz(func(t *testing.T, b []byte, off int) {
		enc := append([]byte(nil), b...)
		Encrypt(enc)
		dec := append([]byte(nil), enc...)
		Decrypt(dec)
		if !bytes.Equal(dec, b) {
			t.Fatal("round trip changed the bytes")
		}
		if len(b) == 0 {
			return
		}
		off = (off%len(b) + len(b)) % len(b)
		r, err := NewReader(bytes.NewReader(enc), int64(len(enc)))
		if err != nil {
			t.Fatal(err)
		}
		got := make([]byte, len(b)-off)
		if n, _ := r.ReadAt(got, int64(off)); !bytes.Equal(got[:n], b[off:]) {
			t.Fatal("streaming Reader differs from Decrypt")
		}
		DetectXor1(enc)
	})
}
