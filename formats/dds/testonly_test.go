package dds

import (
	"context"
	"image"
)

// Helpers only tests use, moved out of the package's production files.

// evalBC1 orders the endpoints for the mode (c0 > c1 for four colours,
// c0 ≤ c1 for three) and picks indices.
func evalBC1(px *texels, mask uint16, c0, c1 uint16, four bool) bc1Candidate {
	return evalColor(newColorTexels(px, mask), c0, c1, four)
}

// blockError decodes a BC7 block and measures it against px: the error
// bc7Fit's estimate stands for, computed by the decoder itself.
func blockError(block []byte, px *texels) int {
	var buf [64]byte
	decodeBC7(block, buf[:], 16)
	e := 0
	for i := range 16 {
		for c := range 4 {
			d := int(buf[4*i+c]) - int(px[i][c])
			e += d * d
		}
	}
	return e
}

// Encode is EncodeContext that never stops.
func Encode(img image.Image, opt EncodeOptions) ([]byte, error) {
	return EncodeContext(context.Background(), img, opt)
}

// Reencode is ReencodeContext that never stops.
func Reencode(orig []byte, img image.Image, opt ReencodeOptions) ([]byte, string, error) {
	return ReencodeContext(context.Background(), orig, img, opt)
}
