package mlz0

import (
	"bytes"
	"testing"

	"github.com/pierrec/lz4/v4"
)

// FuzzMLZ0: Decode never panics or over-allocates; what decodes re-encodes
// to bytes that decode the same, and pierrec's own block decoder (a second
// reading) agrees with Decode.
func FuzzMLZ0(f *testing.F) {
	f.Add(Encode([]byte("txte compressed text compressed text")))
	f.Add(Encode(nil))
	f.Add([]byte("MLZ0\xff\xff\xff\x00\x1f\x00"))
	f.Fuzz(func(t *testing.T, b []byte) {
		out, err := Decode(b, 1<<20)
		if err != nil {
			return
		}
		if len(b) > HeaderSize {
			ref := make([]byte, len(out))
			if n, err := lz4.UncompressBlock(b[HeaderSize:], ref); len(out) > 0 && (err != nil || !bytes.Equal(ref[:n], out)) {
				t.Fatalf("pierrec disagrees: %v", err)
			}
		}
		again, err := Decode(Encode(out), 1<<20)
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("round trip: %v", err)
		}
	})
}

// FuzzMLZ0RoundTrip: any payload survives Encode then Decode.
func FuzzMLZ0RoundTrip(f *testing.F) {
	f.Add([]byte("abcabcabcabc"))
	f.Add(bytes.Repeat([]byte{0}, 300))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := Decode(Encode(data), 0)
		if err != nil || !bytes.Equal(got, data) {
			t.Fatalf("round trip: %v", err)
		}
	})
}
