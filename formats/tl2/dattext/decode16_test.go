package dattext

import (
	"testing"

	"packsmith/formats/tl2/rghash"
)

// decodeUTF16 must give what rghash.DecodeUTF16 gives for the same units.
func FuzzDecodeUTF16(f *testing.F) {
	f.Add([]byte("[\x00A\x00]\x00\r\x00\n\x00"))
	f.Add([]byte{0x00, 0xD8, 'x', 0, 0xFF, 0xDF, 0x3D, 0xD8, 0x00, 0xDE, 'a', 0, 'b', 0, 'c', 0, 'd', 0, 0xE9, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		b = b[:len(b)&^1]
		le := make([]uint16, len(b)/2)
		be := make([]uint16, len(b)/2)
		for i := range le {
			le[i] = uint16(b[2*i]) | uint16(b[2*i+1])<<8
			be[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
		}
		if got, want := decodeUTF16(b, false), rghash.DecodeUTF16(le); got != want {
			t.Fatalf("LE % x: %q, want %q", b, got, want)
		}
		if got, want := decodeUTF16(b, true), rghash.DecodeUTF16(be); got != want {
			t.Fatalf("BE % x: %q, want %q", b, got, want)
		}
	})
}
