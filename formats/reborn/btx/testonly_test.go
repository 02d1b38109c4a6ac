package btx

import (
	"context"
	"image"
)

// Helpers only tests use, moved out of the package's production files
// (deadcode -test, issue 45).

// Reencode is ReencodeContext that never stops.
func Reencode(orig []byte, img image.Image, opt ReencodeOptions) ([]byte, string, error) {
	return ReencodeContext(context.Background(), orig, img, opt)
}
