package preview

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"

	"packsmith/backend/archive"
	"packsmith/backend/sys/limits"
	"packsmith/internal/crafted"
)

// FuzzPNGPreview feeds PNGs through the preview's image renderer as the
// window and `render` call it: nothing may panic, a header claiming more
// than the budget is refused before decoding (issue 22: a 69-byte PNG
// claiming 10^12 pixels killed the process), and what decodes is no
// larger than its Need said.
func FuzzPNGPreview(f *testing.F) {
	small := image.NewNRGBA(image.Rect(0, 0, 3, 2))
	small.Set(1, 1, color.NRGBA{200, 10, 10, 255})
	var b bytes.Buffer
	png.Encode(&b, small)
	f.Add(b.Bytes())
	f.Add(crafted.HugePNG(1e6, 1e6))
	f.Add(crafted.HugePNG(3000, 3000))
	f.Add(crafted.GreyPNG(40, 30))
	budget, err := limits.NewBudget(limits.MinMB)
	if err != nil {
		f.Fatal(err)
	}
	o := Options{Budget: budget}
	e := archive.Entry{Path: "fuzz.png", Size: -1}
	f.Fuzz(func(t *testing.T, data []byte) {
		head := data[:min(len(data), HeadSize)]
		r, ok := Find(e, head)
		if !ok || r.Image == nil {
			return
		}
		need, err := Need(e, head, o)
		if err != nil {
			return
		}
		if need > budget.Bytes() {
			t.Fatalf("need %d over the budget without an error", need)
		}
		img, _, err := r.Image(bytes.NewReader(data), e, o)
		if err != nil {
			return
		}
		if px := int64(img.Bounds().Dx()) * int64(img.Bounds().Dy()); need > 0 && px > need {
			t.Fatalf("%d pixels decoded, Need said %d bytes", px, need)
		}
	})
}
