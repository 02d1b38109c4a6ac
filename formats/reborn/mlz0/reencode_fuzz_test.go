package mlz0

import (
	"bytes"
	"testing"
)

// FuzzMLZ0Reencode: any input decodes or fails cleanly; what decodes,
// encoded again, decodes to the same bytes.
func FuzzMLZ0Reencode(f *testing.F) {
	f.Add(Encode([]byte("hello hello hello hello")))
	f.Add(Encode(nil))
	f.Add(Encode(bytes.Repeat([]byte{0xAB, 0xCD}, 3000)))
	f.Fuzz(func(t *testing.T, b []byte) {
		out, err := Decode(b, 1<<20)
		if err != nil {
			return
		}
		again, err := Decode(Encode(out), 1<<20)
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("decode → encode → decode: %v (%d vs %d bytes)", err, len(again), len(out))
		}
	})
}
