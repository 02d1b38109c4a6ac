package dattext

import (
	"strings"
	"testing"

	"packsmith/formats/utf16"
)

// decodeUTF16Into must give what utf16.DecodeUnits gives for the same
// units, whatever buffer it is handed.
func FuzzDecodeUTF16(f *testing.F) {
	f.Add([]byte("[\x00A\x00]\x00\r\x00\n\x00"))
	f.Add([]byte{0x00, 0xD8, 'x', 0, 0xFF, 0xDF, 0x3D, 0xD8, 0x00, 0xDE, 'a', 0, 'b', 0, 'c', 0, 'd', 0, 0xE9, 0})
	var buf []byte
	decode := func(b []byte, bigEndian bool) string {
		var s string
		s, buf = decodeUTF16Into(buf, b, bigEndian)
		return strings.Clone(s)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		b = b[:len(b)&^1]
		le := make([]uint16, len(b)/2)
		be := make([]uint16, len(b)/2)
		for i := range le {
			le[i] = uint16(b[2*i]) | uint16(b[2*i+1])<<8
			be[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
		}
		if got, want := decode(b, false), utf16.DecodeUnits(le); got != want {
			t.Fatalf("LE % x: %q, want %q", b, got, want)
		}
		if got, want := decode(b, true), utf16.DecodeUnits(be); got != want {
			t.Fatalf("BE % x: %q, want %q", b, got, want)
		}
	})
}
