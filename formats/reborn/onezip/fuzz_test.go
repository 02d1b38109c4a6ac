package onezip

import (
	"archive/zip"
	"bytes"
	"io"
	"testing"
)

// FuzzOneZip: Read never panics; what reads is written back through
// WriteMember with the input as template, and both Read and Go's
// archive/zip read the same payload from the result.
func FuzzOneZip(f *testing.F) {
	for _, d := range []string{"pakd payload payload payload", ""} {
		b, _ := Write("pack", []byte(d))
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		tmpl, data, err := Read(b, 1<<20)
		if err != nil {
			return
		}
		var mf memFile
		if _, err := WriteMember(&mf, &tmpl, "pack", bytes.NewReader(data)); err != nil {
			t.Fatal(err)
		}
		_, again, err := Read(mf.b, 1<<20)
		if err != nil || !bytes.Equal(again, data) {
			t.Fatalf("rebuilt member reads %v", err)
		}
		if zr, err := zip.NewReader(bytes.NewReader(mf.b), int64(len(mf.b))); err == nil && len(zr.File) == 1 {
			rc, err := zr.File[0].Open()
			if err == nil {
				got, err := io.ReadAll(rc)
				if err == nil && !bytes.Equal(got, data) {
					t.Fatal("archive/zip reads other bytes")
				}
			}
		}
	})
}

// FuzzOneZipRoundTrip: any payload survives Write then Read.
func FuzzOneZipRoundTrip(f *testing.F) {
	f.Add([]byte("pakd"), "pack")
	f.Fuzz(func(t *testing.T, data []byte, name string) {
		if len(name) > 1000 {
			return
		}
		b, err := Write(name, data)
		if err != nil {
			t.Fatal(err)
		}
		m, got, err := Read(b, 0)
		if err != nil || !bytes.Equal(got, data) || m.Name != name {
			t.Fatalf("round trip: %v", err)
		}
	})
}
