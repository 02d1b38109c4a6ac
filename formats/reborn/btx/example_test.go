package btx_test

import (
	"fmt"
	"os"

	"packsmith/formats/reborn/btx"
)

// DecodeBytes reads a Reborn btx texture into straight RGBA; Info gives
// its size, format and mip count.
func ExampleDecodeBytes() {
	b, err := os.ReadFile("testdata/rgba_2x2.btx")
	if err != nil {
		fmt.Println(err)
		return
	}
	img, info, err := btx.DecodeBytes(b, btx.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(info.Width, info.Height, info.Mips, img.Rect.Dx()*img.Rect.Dy())
	fmt.Println(img.NRGBAAt(0, 0), img.NRGBAAt(1, 1))
	// Output:
	// 2 2 1 4
	// {255 0 0 255} {10 20 30 40}
}
