package dds

import (
	"bytes"
	"errors"
	"testing"
)

// DecodeBlocks gives what Decode gives for the same blocks, clips blocks
// that overhang the image, and refuses short data and unknown formats.
func TestDecodeBlocks(t *testing.T) {
	// A 6×5 BC1 surface is 2×2 blocks: red/blue four-colour blocks.
	blk := colorBlockBytes(0xF800, 0x001F, cycle4)
	data := bytes.Repeat(blk, 4)
	img, err := DecodeBlocks("BC1", 6, 5, data)
	if err != nil {
		t.Fatal(err)
	}
	if img.Rect.Dx() != 6 || img.Rect.Dy() != 5 {
		t.Fatalf("size %v", img.Rect)
	}
	pal := [4]rgba8{{255, 0, 0, 255}, {0, 0, 255, 255}, {170, 0, 85, 255}, {85, 0, 170, 255}}
	for y := range 5 {
		for x := range 6 {
			c := img.NRGBAAt(x, y)
			if got, want := (rgba8{c.R, c.G, c.B, c.A}), pal[x%4]; got != want {
				t.Fatalf("(%d,%d) = %v, want %v", x, y, got, want)
			}
		}
	}
	if BlockBytes("BC1") != 8 || BlockBytes("BC7") != 16 || BlockBytes("A8R8G8B8") != 0 {
		t.Error("BlockBytes")
	}
	if n := BlockSurfaceSize("BC7", 6, 5); n != 64 {
		t.Errorf("BlockSurfaceSize = %d", n)
	}
	var de *Error
	if _, err := DecodeBlocks("BC1", 6, 5, data[:31]); !errors.As(err, &de) || !errors.Is(err, ErrTruncated) ||
		err.Error() != "dds: BC1 data is 31 bytes, 6×5 needs 32 (at offset 31)" {
		t.Errorf("short: %v", err)
	}
	if _, err := DecodeBlocks("DXT9", 4, 4, data); !errors.Is(err, ErrUnsupported) {
		t.Errorf("unknown: %v", err)
	}
}
