package cli

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"packsmith/formats/dds"
)

const icon = "MEDIA/UI/ICONS/X_DODGEROLL.DDS"

// psnr of b against a over every channel, in dB.
func psnr(a, b *image.NRGBA) float64 {
	var se float64
	n := 0
	for y := a.Rect.Min.Y; y < a.Rect.Max.Y; y++ {
		for x := a.Rect.Min.X; x < a.Rect.Max.X; x++ {
			p, q := a.NRGBAAt(x, y), b.NRGBAAt(x, y)
			for _, d := range []float64{float64(p.R) - float64(q.R), float64(p.G) - float64(q.G), float64(p.B) - float64(q.B), float64(p.A) - float64(q.A)} {
				se += d * d
				n++
			}
		}
	}
	if se == 0 {
		return math.Inf(1)
	}
	return 10 * math.Log10(255*255/(se/float64(n)))
}

// A PNG written over a DDS entry is stored as a DDS of the entry's own
// format, size and mip count (dds.Reencode), and the CLI says so.
func TestReplaceDDSWithPNG(t *testing.T) {
	mod := xoverCopy(t)
	orig := entryBytes(t, mod, icon)
	img, in, err := dds.Decode(bytes.NewReader(orig), dds.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The edit a user makes: a red square in the top-left corner.
	for y := 0; y < 32; y++ {
		for x := 0; x < 32; x++ {
			img.SetNRGBA(x, y, color.NRGBA{R: 255, A: 255})
		}
	}
	var pb bytes.Buffer
	png.Encode(&pb, img)
	src := filepath.Join(t.TempDir(), "icon.png")
	os.WriteFile(src, pb.Bytes(), 0o644)
	out, errs, code := run(t, "replace", mod, icon, src)
	if code != 0 {
		t.Fatalf("replace: %s", errs)
	}
	if !regexp.MustCompile(`(?m)^  ` + icon + `: PNG encoded as DXT1, 1 mip \(\d+ → \d+ bytes\)$`).MatchString(out) {
		t.Fatalf("the change list does not say what it encoded:\n%s", out)
	}
	got := entryBytes(t, mod, icon)
	back, gin, err := dds.Decode(bytes.NewReader(got), dds.Options{})
	if err != nil {
		t.Fatalf("stored entry is no DDS: %v", err)
	}
	if gin.Format != in.Format || gin.Width != in.Width || gin.Height != in.Height || gin.MipCount != in.MipCount || len(got) != len(orig) {
		t.Fatalf("stored %s %d×%d %d mips %d bytes, the entry was %s %d×%d %d mips %d bytes",
			gin.Format, gin.Width, gin.Height, gin.MipCount, len(got), in.Format, in.Width, in.Height, in.MipCount, len(orig))
	}
	if db := psnr(img, back); db < 30 {
		t.Fatalf("encoded texture is %.1f dB from the picture, want ≥ 30", db)
	} else {
		t.Logf("%s: %s %d×%d, %.1f dB PSNR against the PNG", icon, gin.Format, gin.Width, gin.Height, db)
	}
	if c := back.NRGBAAt(4, 4); c.R < 240 || c.G > 16 || c.B > 16 {
		t.Fatalf("the edit is not in the texture: %v at (4,4)", c)
	}
	// --as-is stores the PNG's bytes under the .DDS name, as asked.
	if _, errs, code := run(t, "replace", mod, icon, src, "--as-is"); code != 0 {
		t.Fatal(errs)
	}
	if !bytes.Equal(entryBytes(t, mod, icon), pb.Bytes()) {
		t.Fatal("--as-is did not store the PNG bytes")
	}
}

// A picture of another size is refused (resizing is asked, not guessed),
// naming both sizes, and the archive is unchanged.
func TestReplaceDDSWrongSizeRefused(t *testing.T) {
	mod := xoverCopy(t)
	before := sum(t, mod)
	img := image.NewNRGBA(image.Rect(0, 0, 100, 60))
	var pb bytes.Buffer
	png.Encode(&pb, img)
	src := filepath.Join(t.TempDir(), "small.png")
	os.WriteFile(src, pb.Bytes(), 0o644)
	_, errs, code := run(t, "replace", mod, icon, src)
	if code == 0 || !regexp.MustCompile(`100.60`).MatchString(errs) || !regexp.MustCompile(`168.168`).MatchString(errs) {
		t.Fatalf("exit %d: %q", code, errs)
	}
	if sum(t, mod) != before {
		t.Fatal("the archive changed")
	}
}

// A PNG over a Reborn btx texture is encoded as that btx (btx.Reencode):
// the header kept byte for byte, the texels the picture's.
func TestReplaceBtxWithPNG(t *testing.T) {
	b, err := os.ReadFile("../../testdata/demo/reborn_sample.dat")
	if err != nil {
		t.Fatal(err)
	}
	dat := filepath.Join(t.TempDir(), "reborn_sample.dat")
	os.WriteFile(dat, b, 0o644)
	orig := entryBytes(t, dat, "#4")
	img := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	cols := []color.NRGBA{{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}, {9, 8, 7, 128}}
	for i, c := range cols {
		img.SetNRGBA(i%2, i/2, c)
	}
	var pb bytes.Buffer
	png.Encode(&pb, img)
	src := filepath.Join(t.TempDir(), "icon.png")
	os.WriteFile(src, pb.Bytes(), 0o644)
	out, errs, code := run(t, "replace", dat, "#4", src)
	if code != 0 {
		t.Fatalf("replace: %s", errs)
	}
	if !regexp.MustCompile(`(?m)^  #4: PNG encoded as R8G8B8A8, 1 mip \(\d+ → 96 bytes\)$`).MatchString(out) {
		t.Fatalf("no conversion said:\n%s", out)
	}
	got := entryBytes(t, dat, "#4")
	if !bytes.Equal(got[:0x40], orig[:0x40]) {
		t.Fatal("the btx header changed")
	}
	want := []byte{255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 9, 8, 7, 128}
	if !bytes.Equal(got[0x40:0x50], want) {
		t.Fatalf("texels % x, want % x", got[0x40:0x50], want)
	}
}
