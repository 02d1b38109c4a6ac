package cli

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/jpeg"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/formats/dds"
)

// convertPicture is a 37×21 picture with gradients and an alpha ramp
// (sizes not multiples of 4 on purpose).
func convertPicture(alpha bool) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 37, 21))
	for y := range 21 {
		for x := range 37 {
			a := uint8(255)
			if alpha {
				a = uint8(255 - x*6)
			}
			copy(img.Pix[img.PixOffset(x, y):], []uint8{uint8(x * 7), uint8(y * 12), uint8(128 + x - y), a})
		}
	}
	return img
}

// tgaFile writes img as an uncompressed 32-bit top-left TGA: the 18-byte
// header, then B G R A per pixel.
func tgaFile(img *image.NRGBA) []byte {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	hd := make([]byte, 18)
	hd[2] = 2 // uncompressed true colour
	binary.LittleEndian.PutUint16(hd[12:], uint16(w))
	binary.LittleEndian.PutUint16(hd[14:], uint16(h))
	hd[16] = 32
	hd[17] = 0x28 // 8 alpha bits, top-left origin
	for y := range h {
		for x := range w {
			p := img.Pix[img.PixOffset(x, y):]
			hd = append(hd, p[2], p[1], p[0], p[3])
		}
	}
	return hd
}

func psnrRGBA(a, b *image.NRGBA, nc int) float64 {
	var se float64
	n := 0
	for i := 0; i < len(a.Pix); i += 4 {
		for c := range nc {
			d := float64(a.Pix[i+c]) - float64(b.Pix[i+c])
			se += d * d
			n++
		}
	}
	if se == 0 {
		return math.Inf(1)
	}
	return 10 * math.Log10(255*255*float64(n)/se)
}

func TestConvert(t *testing.T) {
	dir := t.TempDir()
	pic := convertPicture(true)
	var pngb, jpgb bytes.Buffer
	if err := png.Encode(&pngb, pic); err != nil {
		t.Fatal(err)
	}
	opaquePic := convertPicture(false)
	if err := jpeg.Encode(&jpgb, opaquePic, &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{"in.png": pngb.Bytes(), "in.tga": tgaFile(pic), "in.jpg": jpgb.Bytes()}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	jpgPic, err := jpeg.Decode(bytes.NewReader(jpgb.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		in, format, mips string
		wantFormat       string
		wantMips         int
		ref              *image.NRGBA
		nc               int
		minPSNR          float64
	}{
		{"in.png", "bc3", "", "BC3", 6, pic, 4, 30},
		{"in.tga", "bc2", "", "BC2", 6, pic, 4, 30},
		{"in.png", "bc7", "3", "BC7", 3, pic, 4, 40},
		{"in.png", "rgba8", "1", "A8B8G8R8", 1, pic, 4, math.Inf(1)},
		{"in.tga", "RGBA8", "0", "A8B8G8R8", 6, pic, 4, math.Inf(1)},
		{"in.jpg", "bc1", "", "BC1", 6, dds.ToNRGBA(jpgPic), 3, 30},
	}
	for _, tc := range cases {
		out := filepath.Join(dir, tc.in+"."+tc.format+".dds")
		args := []string{"convert", filepath.Join(dir, tc.in), "-o", out, "--format", tc.format}
		if tc.mips != "" {
			args = append(args, "--mips", tc.mips)
		}
		stdout, stderr, code := run(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		if !strings.HasPrefix(stdout, "wrote "+out+": 37×21 "+tc.wantFormat+", ") {
			t.Errorf("%v: stdout %q", args, stdout)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		img, in, err := dds.Decode(bytes.NewReader(b), dds.Options{})
		if err != nil {
			t.Fatalf("%s: %v", out, err)
		}
		if in.Format != tc.wantFormat || in.MipCount != tc.wantMips || in.Width != 37 || in.Height != 21 {
			t.Errorf("%s: %s %d×%d %d mips, want %s 37×21 %d mips", out, in.Format, in.Width, in.Height, in.MipCount, tc.wantFormat, tc.wantMips)
		}
		if p := psnrRGBA(img, tc.ref, tc.nc); p < tc.minPSNR {
			t.Errorf("%s: PSNR %.2f dB, want ≥ %.0f", out, p, tc.minPSNR)
		}
	}
}

func TestConvertErrors(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.png")
	var b bytes.Buffer
	png.Encode(&b, convertPicture(false))
	os.WriteFile(in, b.Bytes(), 0o644)
	bad := filepath.Join(dir, "bad.png")
	os.WriteFile(bad, []byte("\x89PNG\r\n\x1a\nnot really"), 0o644)
	out := filepath.Join(dir, "out.dds")
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"convert", in, "--format", "bc1"}, 2, "packsmith convert: -o OUT.dds is required (usage: packsmith help convert)\n"},
		{[]string{"convert", in, "-o", out}, 2, "packsmith convert: --format is required"},
		{[]string{"convert", in, "-o", out, "--format", "bc6h"}, 2, `packsmith convert: --format "bc6h": want bc1, bc2, bc3, bc7 or rgba8`},
		{[]string{"convert", in, in, "-o", out, "--format", "bc1"}, 2, "packsmith convert: want one input picture, got 2 arguments"},
		{[]string{"convert", in, "-o", out, "--format", "bc1", "--mips", "-1"}, 2, "packsmith convert: --mips must be ≥ 0"},
		{[]string{"convert", in, "-o", out, "--format", "bc1", "--mips", "7"}, 1, "packsmith convert: " + in + ": dds: 7 mip levels asked; a 37×21 image has 1 to 6"},
		{[]string{"convert", bad, "-o", out, "--format", "bc1"}, 1, "packsmith convert: " + bad + ": png: "},
		{[]string{"convert", filepath.Join(dir, "missing.png"), "-o", out, "--format", "bc1"}, 1, "packsmith convert: open " + filepath.Join(dir, "missing.png")},
		{[]string{"convert", in, "-o", out, "--format", "bc3", "--srgb"}, 1, "packsmith convert: " + in + ": dds: sRGB is only written for BC7"},
	} {
		_, stderr, code := run(t, tc.args...)
		if code != tc.code || !strings.HasPrefix(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and a line starting %q", tc.args[1:], code, stderr, tc.code, tc.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("%v: a failed convert left %s", tc.args[1:], out)
		}
	}
	stdout, _, code := run(t, "convert", "--help")
	if code != 0 || !strings.HasPrefix(stdout, "usage: packsmith convert IN.png|IN.tga|IN.jpg -o OUT.dds --format bc1|bc2|bc3|bc7|rgba8 [--mips N]") {
		t.Errorf("--help: exit %d, %q", code, stdout)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 2 {
		t.Errorf("the folder holds %d files, want the 2 inputs (no temporary files left)", len(ents))
	}
}
