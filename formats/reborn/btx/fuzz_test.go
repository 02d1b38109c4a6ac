package btx

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzDecode: any input either fails with *Error or yields an image of the
// header's size.
func FuzzDecode(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.btx"))
	if len(files) == 0 {
		f.Fatal("no seeds in testdata")
	}
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		img, in, err := Decode(bytes.NewReader(b), Options{MaxPixels: 1 << 20, MaxBytes: 1 << 20})
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error %T: %v", err, err)
			}
			return
		}
		if img.Rect.Dx() != in.Width || img.Rect.Dy() != in.Height {
			t.Fatalf("image %v, header %d×%d", img.Rect, in.Width, in.Height)
		}
	})
}
