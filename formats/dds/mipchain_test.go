package dds

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"testing"
)

// The mip chain of an sRGB surface is filtered in linear light: a 4×4
// picture of black and white columns halves to 2×2 of sRGB 188 (the
// middle of black and white in light), not 128 (the middle of the stored
// values, what filtering the gamma-encoded bytes gives: 60 levels darker),
// and 188 halves to 188 again at 1×1. The same picture in a non-sRGB
// format averages the stored values: 128. Checked on the bytes encodeChain
// writes and through Decode of each level, and through Encode (BC7, the
// one format the writer marks sRGB).
func TestMipChainFilteredInLinearLight(t *testing.T) {
	src := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	for i := range 16 {
		v := uint8(0)
		if i%2 == 1 {
			v = 255
		}
		copy(src.Pix[4*i:], []uint8{v, v, v, 255})
	}
	for _, c := range []struct {
		dxgi uint32
		want uint8
	}{{29, 188}, {28, 128}} { // R8G8B8A8_UNORM_SRGB, R8G8B8A8_UNORM
		h := newHeader(legacyPF(pfFourCC, "DX10", 0, [4]uint32{}), dx10Header(c.dxgi))
		hd, err := readHeader(bytes.NewReader(h))
		if err != nil {
			t.Fatal(err)
		}
		file, err := encodeChain(context.Background(), h, hd.pf, src, 3)
		if err != nil {
			t.Fatal(err)
		}
		// 148 header bytes, 64 for 4×4, 16 for 2×2, 4 for 1×1.
		if len(file) != 148+64+16+4 {
			t.Fatalf("dxgi %d: %d bytes", c.dxgi, len(file))
		}
		v := c.want
		gray := func(n int) []byte { return bytes.Repeat([]byte{v, v, v, 255}, n) }
		if got := file[148+64 : 148+64+16]; !bytes.Equal(got, gray(4)) {
			t.Errorf("dxgi %d: level 1 is %v, want %d (sRGB 188 = averaged in linear light, 128 = in gamma space)", c.dxgi, got, v)
		}
		if got := file[148+64+16:]; !bytes.Equal(got, gray(1)) {
			t.Errorf("dxgi %d: level 2 is %v, want %d", c.dxgi, got, v)
		}
		for m, n := range []int{16, 4, 1} {
			img, _, err := Decode(bytes.NewReader(file), Options{Mip: m})
			if err != nil {
				t.Fatal(err)
			}
			if m > 0 && !bytes.Equal(img.Pix, gray(n)) {
				t.Errorf("dxgi %d: decoded level %d is %v, want %d", c.dxgi, m, img.Pix, v)
			}
		}
	}
	// The public writer: BC7 with and without sRGB (a flat 2×2 level
	// round-trips within a step or two).
	near := func(what string, pix []byte, want uint8) {
		for i, p := range pix {
			if i%4 != 3 && (p < want-3 || p > want+3) {
				t.Errorf("%s: byte %d is %d, want %d±3 (%v)", what, i, p, want, pix)
				return
			}
		}
	}
	for _, srgb := range []bool{true, false} {
		b, err := Encode(src, EncodeOptions{Format: "BC7", SRGB: srgb})
		if err != nil {
			t.Fatal(err)
		}
		img, _, err := Decode(bytes.NewReader(b), Options{Mip: 1})
		if err != nil {
			t.Fatal(err)
		}
		want := uint8(128)
		if srgb {
			want = 188
		}
		near(fmt.Sprint("Encode BC7 sRGB=", srgb), img.Pix, want)
	}
}
