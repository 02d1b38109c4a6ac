package dds

import (
	"image"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/internal/testfixtures"
)

// TestFixtures decodes every .dds under the TL2 fixtures, writes each as PNG
// (to $PACKSMITH_DDS_OUT when set, for looking at, else a temp dir) and,
// where GUTS left a same-named .png beside it, compares the two: the .dds was
// compressed from it, so they must agree up to BC1 error.
func TestFixtures(t *testing.T) {
	root := testfixtures.Dir(t, "tl2")
	out := os.Getenv("PACKSMITH_DDS_OUT")
	if out == "" {
		out = t.TempDir()
	}
	n := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(path), ".dds") {
			return err
		}
		n++
		rel, _ := filepath.Rel(root, path)
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		img, in, err := Decode(f, Options{})
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			return nil
		}
		t.Logf("%s: %d×%d %s, %d mips", rel, in.Width, in.Height, in.Format, in.MipCount)
		name := filepath.Join(out, strings.ReplaceAll(rel, string(filepath.Separator), "_")+".png")
		if w, err := os.Create(name); err == nil {
			png.Encode(w, img)
			w.Close()
		}
		ref := strings.TrimSuffix(path, filepath.Ext(path)) + ".png"
		if rf, err := os.Open(ref); err == nil {
			defer rf.Close()
			ri, err := png.Decode(rf)
			if err != nil {
				t.Errorf("%s: %v", ref, err)
				return nil
			}
			if d := meanAbsDiff(img, ri); d > 4 {
				t.Errorf("%s: mean difference from %s is %.2f per channel", rel, filepath.Base(ref), d)
			} else {
				t.Logf("%s: mean difference from the source PNG %.2f per channel", rel, d)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	testfixtures.AtLeast(t, n, 1, ".dds files")
}

func meanAbsDiff(a *image.NRGBA, b image.Image) float64 {
	if a.Rect != b.Bounds() {
		return 255
	}
	var sum, cnt float64
	for y := a.Rect.Min.Y; y < a.Rect.Max.Y; y++ {
		for x := a.Rect.Min.X; x < a.Rect.Max.X; x++ {
			c := a.NRGBAAt(x, y)
			r, g, bl, al := b.At(x, y).RGBA()
			for i, v := range []uint32{r, g, bl, al} {
				d := int(v>>8) - int([]uint8{c.R, c.G, c.B, c.A}[i])
				sum += float64(max(d, -d))
				cnt++
			}
		}
	}
	return sum / cnt
}
