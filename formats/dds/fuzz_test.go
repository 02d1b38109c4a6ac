package dds

import (
	"bytes"
	"image"
	"os"
	"path/filepath"
	"testing"
)

// FuzzDecode: any input either fails with *Error or yields an image of the
// size the headers give, at the default, the last mip and the last slice.
func FuzzDecode(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.dds"))
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		in, err := DecodeInfo(bytes.NewReader(b))
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("DecodeInfo error %T: %v", err, err)
			}
			return
		}
		for _, opt := range []Options{{}, {Mip: in.MipCount - 1}, {Slice: in.Slices() - 1}} {
			opt.MaxPixels = 1 << 20
			img, _, err := Decode(bytes.NewReader(b), opt)
			if err != nil {
				if _, ok := err.(*Error); !ok {
					t.Fatalf("Decode error %T: %v", err, err)
				}
				continue
			}
			w, h, _ := in.MipSize(opt.Mip)
			if img.Rect.Dx() != w || img.Rect.Dy() != h {
				t.Fatalf("image %v, want %d×%d", img.Rect, w, h)
			}
		}
	})
}

// FuzzEncode: any picture size (1×1, 3×5, sizes not a multiple of 4) and
// content encodes in every format without panicking, and the result reads
// back at the picture's size with the full mip chain.
func FuzzEncode(f *testing.F) {
	f.Add(uint8(1), uint8(1), uint8(0), []byte{1, 2, 3, 4})
	f.Add(uint8(3), uint8(5), uint8(5), []byte{255, 0, 255, 0, 7})
	f.Add(uint8(9), uint8(2), uint8(3), []byte{})
	f.Fuzz(func(t *testing.T, w, h, format uint8, fill []byte) {
		iw, ih := int(w%40)+1, int(h%40)+1
		img := image.NewNRGBA(image.Rect(0, 0, iw, ih))
		if len(fill) > 0 {
			for i := range img.Pix {
				img.Pix[i] = fill[i%len(fill)] ^ uint8(i*7)
			}
		}
		name := EncodeFormats[int(format)%len(EncodeFormats)]
		b, err := Encode(img, EncodeOptions{Format: name})
		if err != nil {
			t.Fatalf("%s %d×%d: %v", name, iw, ih, err)
		}
		in, err := DecodeInfo(bytes.NewReader(b))
		if err != nil || in.Width != iw || in.Height != ih || in.MipCount != FullChain(iw, ih) {
			t.Fatalf("%s %d×%d: read back %+v, %v", name, iw, ih, in, err)
		}
		for m := range in.MipCount {
			if _, _, err := Decode(bytes.NewReader(b), Options{Mip: m}); err != nil {
				t.Fatalf("%s %d×%d mip %d: %v", name, iw, ih, m, err)
			}
		}
	})
}
