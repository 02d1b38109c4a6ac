package tga_test

import (
	"bytes"
	"fmt"

	"packsmith/formats/tga"
)

// A 2×1 uncompressed 24-bit TGA, bottom-up as most writers store it.
func ExampleDecode() {
	b := []byte{
		0, 0, 2, // no id, no colour map, true colour
		0, 0, 0, 0, 0, // colour map spec
		0, 0, 0, 0, // origin
		2, 0, 1, 0, // 2×1
		24, 0, // 24 bits a pixel, bottom-up
		0x00, 0x00, 0xFF, // red (stored BGR)
		0xFF, 0x00, 0x00, // blue
	}
	img, info, err := tga.Decode(bytes.NewReader(b), tga.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(info.Width, info.Height, info.BitsPerPixel, info.RLE)
	fmt.Println(img.NRGBAAt(0, 0), img.NRGBAAt(1, 0))
	// Output:
	// 2 1 24 false
	// {255 0 0 255} {0 0 255 255}
}
