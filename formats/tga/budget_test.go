package tga

import (
	"bytes"
	"encoding/binary"
	"errors"
	"strings"
	"testing"
)

// A 4096² RLE file of 660 KB needs 128 MB decoded: MaxBytes refuses it
// before expanding a pixel.
func TestMaxBytesRefusesRLE(t *testing.T) {
	hd := make([]byte, 18)
	hd[2], hd[16], hd[17] = 10, 32, 8
	binary.LittleEndian.PutUint16(hd[12:], 4096)
	binary.LittleEndian.PutUint16(hd[14:], 4096)
	b := append(hd, bytes.Repeat([]byte{0xFF, 1, 2, 3, 4}, 4096*4096/128)...)
	_, _, err := Decode(bytes.NewReader(b), Options{MaxBytes: 64 << 20})
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "decoding needs 128 MB, more than the 64 MB memory limit") {
		t.Fatalf("err = %v", err)
	}
	img, _, err := Decode(bytes.NewReader(b), Options{MaxBytes: 256 << 20})
	if err != nil || img.Bounds().Dx() != 4096 || img.Pix[0] != 3 {
		t.Fatalf("under the cap: %v", err)
	}
	if _, _, err := Decode(bytes.NewReader(b), Options{MaxBytes: 100 << 10}); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("file over the cap: %v", err)
	}
}
