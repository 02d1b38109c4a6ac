package dds

import (
	"bytes"
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
