package render

import (
	"image"
	"testing"

	"github.com/fogleman/gg"
)

// frame draws what gg's 1-wide stroke of the same rectangle drew (the
// overlay used it): the same pixels at full colour, the corners aside,
// which the stroke's joins only partly covered.
func TestFrameMatchesStroke(t *testing.T) {
	for _, r := range []image.Rectangle{image.Rect(2, 3, 3, 4), image.Rect(0, 0, 5, 2), image.Rect(6, 1, 9, 7)} {
		const s = 8
		dc := gg.NewContext(80, 80)
		dc.SetColor(ColorPocket)
		dc.SetLineWidth(1)
		dc.DrawRectangle(float64(r.Min.X)*s-2.5, float64(r.Min.Y)*s-2.5, float64(r.Dx())*s+5, float64(r.Dy())*s+5)
		dc.Stroke()
		want := dc.Image().(*image.RGBA)
		got := image.NewRGBA(want.Rect)
		frame(got, r.Min.X*s-3, r.Min.Y*s-3, r.Max.X*s+2, r.Max.Y*s+2, ColorPocket)
		x0, y0, x1, y1 := r.Min.X*s-3, r.Min.Y*s-3, r.Max.X*s+2, r.Max.Y*s+2
		diff := 0
		for y := 0; y < 80; y++ {
			for x := 0; x < 80; x++ {
				corner := (x == x0 || x == x1) && (y == y0 || y == y1)
				if corner {
					continue
				}
				if want.RGBAAt(x, y) != got.RGBAAt(x, y) {
					diff++
					if diff < 4 {
						t.Errorf("%v: pixel %d,%d: stroke %v, frame %v", r, x, y, want.RGBAAt(x, y), got.RGBAAt(x, y))
					}
				}
			}
		}
		if diff > 0 {
			t.Errorf("%v: %d pixels differ", r, diff)
		}
	}
}
