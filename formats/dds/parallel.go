package dds

import (
	"image"

	"packsmith/formats/workpool"
)

// parallelMin is the work (in pixels) below which splitting across
// goroutines costs more than it saves.
const parallelMin = 1 << 16

// parallelRows runs fn over [0,n) split into contiguous ranges, one per
// CPU, when the work is large enough to pay for the goroutines.
func parallelRows(n, work int, fn func(lo, hi int)) {
	if work < parallelMin {
		fn(0, n)
		return
	}
	workpool.Ranges(n, 0, fn)
}

// decodeBlocks decodes a BC surface into img. Blocks that overhang the image
// (sizes not a multiple of 4) are decoded into a scratch block and clipped.
func decodeBlocks(img *image.NRGBA, data []byte, blockBytes int, fn blockFunc) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	bw, bh := (w+3)/4, (h+3)/4
	parallelRows(bh, w*h, func(by0, by1 int) {
		var scratch [64]byte
		for by := by0; by < by1; by++ {
			row := data[by*bw*blockBytes:]
			for bx := range bw {
				src := row[bx*blockBytes : (bx+1)*blockBytes]
				x, y := bx*4, by*4
				if x+4 <= w && y+4 <= h {
					fn(src, img.Pix[y*img.Stride+x*4:], img.Stride)
					continue
				}
				fn(src, scratch[:], 16)
				for dy := 0; dy < 4 && y+dy < h; dy++ {
					n := min(4, w-x) * 4
					copy(img.Pix[(y+dy)*img.Stride+x*4:][:n], scratch[dy*16:][:n])
				}
			}
		}
	})
}
