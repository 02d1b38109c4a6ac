package dds_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"

	"packsmith/formats/dds"
)

// Decode reads one mip level of a DDS file into straight RGBA; Info says
// what the file holds. The file here is a 4×4 RGBA8 picture written by
// Encode with its full chain of 3 levels.
func ExampleDecode() {
	src := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	for i := range 16 {
		src.SetNRGBA(i%4, i/4, color.NRGBA{R: 200, G: 100, B: 50, A: 255})
	}
	file, err := dds.Encode(src, dds.EncodeOptions{Format: "RGBA8"})
	if err != nil {
		fmt.Println(err)
		return
	}
	img, info, err := dds.Decode(bytes.NewReader(file), dds.Options{Mip: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(info.Width, info.Height, info.MipCount, len(file))
	fmt.Println(img.Rect.Dx(), img.Rect.Dy(), img.NRGBAAt(0, 0))
	// Output:
	// 4 4 3 212
	// 2 2 {200 100 50 255}
}
