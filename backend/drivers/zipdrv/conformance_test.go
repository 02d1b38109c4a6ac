package zipdrv

import (
	"archive/zip"
	"os"
	"path/filepath"
	"testing"

	"packsmith/backend/drivers/drivertest"
)

// sampleZip writes a zip with a stored and a deflated entry, one in a
// folder, a folder record and an archive comment.
func sampleZip(t testing.TB, dir string) (string, map[string][]byte) {
	files := map[string][]byte{
		"readme.txt":         []byte("hello from a zip\n"),
		"data/table.csv":     []byte("a,b,c\n1,2,3\n"),
		"data/deep/blob.bin": make([]byte, 3000),
	}
	for i := range files["data/deep/blob.bin"] {
		files["data/deep/blob.bin"][i] = byte(i * 7)
	}
	p := filepath.Join(dir, "sample.zip")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	if _, err := zw.Create("data/"); err != nil {
		t.Fatal(err)
	}
	for i, name := range []string{"readme.txt", "data/table.csv", "data/deep/blob.bin"} {
		m := zip.Deflate
		if i == 0 {
			m = zip.Store
		}
		w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: m})
		if err != nil {
			t.Fatal(err)
		}
		w.Write(files[name])
	}
	zw.SetComment("conformance sample")
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return p, files
}

func TestConformance(t *testing.T) {
	drivertest.Run(t, drivertest.Family{
		Driver:   Driver{},
		Make:     sampleZip,
		FoldCase: true, Backslash: true, LeadingSlash: true,
		RepackIdentical: true,
		Add:             "added/new entry.txt",
	})
}
