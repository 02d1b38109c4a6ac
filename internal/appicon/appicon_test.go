package appicon

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

func samePixels(t *testing.T, name string, got image.Image, want *image.NRGBA) {
	t.Helper()
	if got.Bounds() != want.Bounds() {
		t.Fatalf("%s: bounds %v, want %v", name, got.Bounds(), want.Bounds())
	}
	diff := 0
	b := want.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r1, g1, b1, a1 := got.At(x, y).RGBA()
			r2, g2, b2, a2 := want.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				diff++
			}
		}
	}
	if diff != 0 {
		t.Fatalf("%s: %d pixels differ from the drawing at %d px: regenerate with `make icons`", name, diff, b.Dx())
	}
}

// The committed icons in build/ are this package's output (not an edited
// or foreign image).
func TestCommittedIconsAreGenerated(t *testing.T) {
	root := filepath.Join("..", "..", "build")
	for _, f := range []struct {
		draw     func(int) *image.NRGBA
		png, ico string
		size     int
	}{
		{Draw, "appicon.png", "icon.ico", AppIconSize},
		{DrawFile, "fileicon.png", "fileicon.ico", FileIconSize},
	} {
		pb, err := os.ReadFile(filepath.Join(root, f.png))
		if err != nil {
			t.Fatal(err)
		}
		if len(pb) > 200<<10 {
			t.Errorf("%s is %d bytes, keep it under 200 KB", f.png, len(pb))
		}
		img, err := png.Decode(bytes.NewReader(pb))
		if err != nil {
			t.Fatalf("build/%s: %v", f.png, err)
		}
		samePixels(t, "build/"+f.png, img, f.draw(f.size))

		ib, err := os.ReadFile(filepath.Join(root, "windows", f.ico))
		if err != nil {
			t.Fatal(err)
		}
		ents, err := ParseICO(ib)
		if err != nil {
			t.Fatalf("build/windows/%s: %v", f.ico, err)
		}
		if len(ents) != len(Sizes) {
			t.Fatalf("%s holds %d images, want %d (%v)", f.ico, len(ents), len(Sizes), Sizes)
		}
		for i, e := range ents {
			if e.Size != Sizes[i] || e.Bits != 32 {
				t.Errorf("%s entry %d: %d px %d bpp, want %d px 32 bpp", f.ico, i, e.Size, e.Bits, Sizes[i])
			}
			im, err := png.Decode(bytes.NewReader(e.Data))
			if err != nil {
				t.Fatalf("%s entry %d (%d px) at offset %d: %v", f.ico, i, e.Size, e.Offset, err)
			}
			samePixels(t, f.ico+" entry", im, f.draw(e.Size))
		}
	}
}

func TestDrawShape(t *testing.T) {
	img := Draw(64)
	// corners are outside the rounded square: transparent
	if a := img.NRGBAAt(0, 0).A; a != 0 {
		t.Errorf("corner alpha %d, want 0", a)
	}
	// the crate's right face is brown-orange, the background slate
	if c := img.NRGBAAt(37, 45); c.R < 150 || c.B > 60 {
		t.Errorf("right face colour %v, want the crate's orange", c)
	}
	if c := img.NRGBAAt(13, 13); c.R > 80 || c.A != 255 {
		t.Errorf("background colour %v, want dark slate", c)
	}
}

func TestICOErrors(t *testing.T) {
	if _, err := ICO(Draw, []int{300}); err == nil || err.Error() != "appicon: icon size 300 outside 1..256" {
		t.Errorf("ICO(300) error %v", err)
	}
	good, err := ICO(Draw, []int{16})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ParseICO([]byte("PNG")); err == nil {
		t.Error("ParseICO of 3 bytes: no error")
	}
	bad := append([]byte(nil), good[:22]...) // directory only, data cut
	if _, err := ParseICO(bad); err == nil || err.Error() != "ico: entry 0 at offset 6: data [22, +"+itoa(len(good)-22)+") outside the 22-byte file" {
		t.Errorf("ParseICO truncated: %v", err)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
