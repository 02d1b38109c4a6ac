package dds

import (
	"image"
	"math"
	"sync"
)

// Downsample scales img to w×h with a box filter: each output pixel is the
// mean of the source pixels its footprint touches (for a halving, the 2×2
// below it; odd sizes widen the box so no source row or column is lost).
// Colour is averaged weighted by alpha, so fully transparent texels, whose
// colour is invisible, do not bleed into their neighbours; with srgb set
// it is averaged in linear light and converted back. Enlarging repeats the
// nearest pixels. Rows run in parallel; the result does not depend on how
// many.
func Downsample(img *image.NRGBA, w, h int, srgb bool) *image.NRGBA {
	sw, sh := img.Rect.Dx(), img.Rect.Dy()
	out := image.NewNRGBA(image.Rect(0, 0, w, h))
	xs := boxRanges(sw, w)
	ys := boxRanges(sh, h)
	toLin, fromLin := linearTables(srgb)
	parallelRows(h, w*h*4, func(y0, y1 int) {
		for y := y0; y < y1; y++ {
			r := ys[y]
			dst := out.Pix[y*out.Stride:]
			for x := range w {
				c := xs[x]
				var sa, sr, sg, sb, ur, ug, ub float32
				n := float32((c[1] - c[0]) * (r[1] - r[0]))
				for sy := r[0]; sy < r[1]; sy++ {
					row := img.Pix[sy*img.Stride:]
					for sx := c[0]; sx < c[1]; sx++ {
						p := row[4*sx : 4*sx+4]
						a := float32(p[3])
						lr, lg, lb := toLin[p[0]], toLin[p[1]], toLin[p[2]]
						sa += a
						sr += lr * a
						sg += lg * a
						sb += lb * a
						ur += lr
						ug += lg
						ub += lb
					}
				}
				if sa > 0 {
					sr, sg, sb = sr/sa, sg/sa, sb/sa
				} else {
					sr, sg, sb = ur/n, ug/n, ub/n
				}
				d := dst[4*x : 4*x+4]
				d[0], d[1], d[2] = fromLin(sr), fromLin(sg), fromLin(sb)
				d[3] = uint8(sa/n + 0.5)
			}
		}
	})
	return out
}

// boxRanges gives, for each of dn outputs, the source range [lo, hi) of sn
// inputs it covers.
func boxRanges(sn, dn int) [][2]int {
	r := make([][2]int, dn)
	for i := range dn {
		lo := i * sn / dn
		hi := ((i+1)*sn + dn - 1) / dn
		r[i] = [2]int{lo, max(hi, lo+1)}
	}
	return r
}

var (
	srgbOnce   sync.Once
	srgbToLin  [256]float32
	linToSRGB  [4097]uint8
	identityLn [256]float32
)

// linearTables returns the 8-bit → working-space table and its inverse:
// the sRGB transfer curve when srgb is set, else the identity on 0…255.
func linearTables(srgb bool) (*[256]float32, func(float32) uint8) {
	srgbOnce.Do(func() {
		for i := range 256 {
			identityLn[i] = float32(i)
			v := float64(i) / 255
			if v <= 0.04045 {
				v /= 12.92
			} else {
				v = math.Pow((v+0.055)/1.055, 2.4)
			}
			srgbToLin[i] = float32(v)
		}
		for i := range linToSRGB {
			v := float64(i) / float64(len(linToSRGB)-1)
			if v <= 0.0031308 {
				v *= 12.92
			} else {
				v = 1.055*math.Pow(v, 1/2.4) - 0.055
			}
			linToSRGB[i] = uint8(math.Round(v * 255))
		}
	})
	if !srgb {
		return &identityLn, func(v float32) uint8 { return uint8(min(max(v, 0), 255) + 0.5) }
	}
	return &srgbToLin, func(v float32) uint8 {
		return linToSRGB[int(min(max(v, 0), 1)*float32(len(linToSRGB)-1)+0.5)]
	}
}
