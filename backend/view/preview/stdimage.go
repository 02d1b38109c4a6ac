package preview

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"io"

	"packsmith/backend/sys/limits"
)

// stdImageNeed is what image.Decode holds for a PNG, JPEG or GIF whose
// start is head: width × height × the bytes a pixel of its colour model
// takes (JPEG counts its coefficient planes too). It refuses a need over
// the whole budget before anything is decoded; a header it cannot read is
// left to image.Decode to report.
func stdImageNeed(head []byte, b *limits.Budget) (int64, error) {
	return stdImageNeedFrom(bytes.NewReader(head), b)
}

func stdImageNeedFrom(r io.Reader, b *limits.Budget) (int64, error) {
	cfg, format, err := image.DecodeConfig(r)
	if err != nil {
		return 0, nil
	}
	px := int64(4)
	switch cfg.ColorModel {
	case color.GrayModel, color.AlphaModel:
		px = 1
	case color.Gray16Model, color.Alpha16Model:
		px = 2
	case color.RGBA64Model, color.NRGBA64Model:
		px = 8
	default:
		if _, ok := cfg.ColorModel.(color.Palette); ok {
			px = 1
		}
	}
	if format == "jpeg" {
		px = 8 // YCbCr planes plus, for progressive files, 16-bit coefficients
	}
	need := limits.Mul(int64(cfg.Width), int64(cfg.Height), px)
	if need < 0 || need > b.Bytes() {
		return need, fmt.Errorf("%s %d×%d: %w", format, cfg.Width, cfg.Height,
			&limits.OverError{What: "decoding it", Need: need, Limit: b.Bytes()})
	}
	return need, nil
}
