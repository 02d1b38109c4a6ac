package btx

import (
	"bytes"
	"context"
	"errors"
	"image"
	"math"
	"strings"
	"testing"

	"packsmith/formats/dds"
)

func testPicture(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			copy(img.Pix[img.PixOffset(x, y):], []uint8{uint8(x * 255 / max(w-1, 1)), uint8(y * 255 / max(h-1, 1)), 90, uint8(255 - 3*x)})
		}
	}
	return img
}

func psnr(a, b *image.NRGBA) float64 {
	var se float64
	for i := range a.Pix {
		d := float64(a.Pix[i]) - float64(b.Pix[i])
		se += d * d
	}
	if se == 0 {
		return math.Inf(1)
	}
	return 10 * math.Log10(255*255*float64(len(a.Pix))/se)
}

func TestReencode(t *testing.T) {
	for _, tc := range []struct {
		name     string
		orig     []byte
		w, h     int
		desc     string
		minPSNR  float64
		dataSize int
	}{
		{"rgba", build(0, 2, 2, 8, "ui/icon", make([]byte, 16)), 2, 2, "encoded as R8G8B8A8, 1 mip", math.Inf(1), 16},
		{"bc1", build(7, 5, 3, 16, "", make([]byte, 16)), 5, 3, "encoded as BC1, 1 mip", 0, 16},
		{"bc7", build(13, 12, 8, 48, "bc7", make([]byte, 96)), 12, 8, "encoded as BC7, 1 mip", 40, 96},
	} {
		pic := testPicture(tc.w, tc.h)
		if tc.name == "bc1" {
			for i := 3; i < len(pic.Pix); i += 4 {
				pic.Pix[i] = 255
			}
		}
		out, desc, err := Reencode(tc.orig, pic, ReencodeOptions{})
		if err != nil || desc != tc.desc {
			t.Fatalf("%s: %q %v", tc.name, desc, err)
		}
		in, _ := ParseHeader(tc.orig, Options{})
		if !bytes.Equal(out[:in.DataOffset], tc.orig[:in.DataOffset]) || len(out) != len(tc.orig) {
			t.Errorf("%s: header or length changed (%d → %d bytes)", tc.name, len(tc.orig), len(out))
		}
		img, got, err := DecodeBytes(out, Options{})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got.Format != in.Format || got.Width != tc.w || got.Height != tc.h || got.Name != in.Name {
			t.Errorf("%s: read back %+v", tc.name, got)
		}
		if p := psnr(img, pic); p < tc.minPSNR {
			t.Errorf("%s: PSNR %.2f, want ≥ %.0f", tc.name, p, tc.minPSNR)
		}
		if tc.name == "rgba" && !bytes.Equal(out[in.DataOffset:], pic.Pix) {
			t.Errorf("rgba: data %x, want the picture's bytes %x", out[in.DataOffset:], pic.Pix)
		}
		if tc.name == "bc1" {
			// The same blocks the DDS encoder writes for this picture.
			want, _ := dds.EncodeBlocksContext(context.Background(), "BC1", pic)
			if !bytes.Equal(out[in.DataOffset:], want) {
				t.Errorf("bc1: blocks differ from dds.EncodeBlocks")
			}
		}
	}
}

func TestReencodeSizesAndMips(t *testing.T) {
	orig := build(7, 8, 8, 16, "x", make([]byte, 32))
	_, _, err := Reencode(orig, testPicture(16, 16), ReencodeOptions{})
	if err == nil || err.Error() != "btx: the picture is 16×16 but the texture is 8×8 (ask for a resize to scale it) (at offset 8)" {
		t.Errorf("size mismatch: %v", err)
	}
	out, desc, err := Reencode(orig, testPicture(16, 16), ReencodeOptions{Resize: true})
	if err != nil || desc != "encoded as BC1, 1 mip, resized from 16×16" || len(out) != len(orig) {
		t.Errorf("resize: %q %v", desc, err)
	}

	// Three levels back to back (8×8, 4×4, 2×2 BC1: 32 + 8 + 8 bytes)
	// and four trailing bytes, which stay.
	chain := build(7, 8, 8, 16, "m", append(make([]byte, 48), 0xDE, 0xAD, 0xBE, 0xEF))
	chain[0x12] = 2
	out, desc, err = Reencode(chain, testPicture(8, 8), ReencodeOptions{})
	if err != nil || desc != "encoded as BC1, 3 mips" {
		t.Fatalf("chain: %q %v", desc, err)
	}
	in, _ := ParseHeader(chain, Options{})
	if len(out) != len(chain) || !bytes.Equal(out[len(out)-4:], []byte{0xDE, 0xAD, 0xBE, 0xEF}) {
		t.Errorf("chain: %d bytes (want %d) ending %x", len(out), len(chain), out[len(out)-4:])
	}
	lv1 := dds.Downsample(testPicture(8, 8), 4, 4, false)
	want1, _ := dds.EncodeBlocksContext(context.Background(), "BC1", lv1)
	if got := out[in.DataOffset+32 : in.DataOffset+40]; !bytes.Equal(got, want1) {
		t.Errorf("level 1 is %x, want the 4×4 box-filtered picture's block %x", got, want1)
	}

	// Two levels claimed with no room for the second: refused, not guessed.
	short := build(7, 8, 8, 16, "s", make([]byte, 32))
	short[0x12] = 1
	if _, _, err := Reencode(short, testPicture(8, 8), ReencodeOptions{}); err == nil ||
		!strings.Contains(err.Error(), "2 mip levels but only 32 bytes from the data offset, and 2 levels back to back need 40") {
		t.Errorf("short chain: %v", err)
	}
	if _, _, err := Reencode(build(5, 4, 4, 16, "", make([]byte, 16)), testPicture(4, 4), ReencodeOptions{}); err == nil ||
		!strings.Contains(err.Error(), "format 5 is not documented") {
		t.Errorf("format 5: %v", err)
	}
}

// TestReencodeContextCancelled: an ended context stops the re-encoding
// with its error and no bytes, for block and plain formats alike.
func TestReencodeContextCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, orig := range [][]byte{build(13, 12, 8, 48, "bc7", make([]byte, 96)), build(0, 2, 2, 8, "ui/icon", make([]byte, 16))} {
		out, _, err := ReencodeContext(ctx, orig, testPicture(12, 8), ReencodeOptions{Resize: true})
		if !errors.Is(err, context.Canceled) || out != nil {
			t.Fatalf("%d bytes, %v; want none and context.Canceled", len(out), err)
		}
	}
}
