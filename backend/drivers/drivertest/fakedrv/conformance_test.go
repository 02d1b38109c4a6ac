package fakedrv

import (
	"path/filepath"
	"testing"

	"packsmith/backend/drivers/drivertest"
)

func sample(t testing.TB, dir string) (string, map[string][]byte) {
	files := map[string][]byte{
		"readme.txt":     []byte("a fake family\n"),
		"data/a.bin":     {0, 1, 2, '\n', 255},
		"data/deep/b.cs": []byte("12\n34\n"),
	}
	p := filepath.Join(dir, "sample.psfake")
	if err := Write(p, []string{"readme.txt", "data/a.bin", "data/deep/b.cs"}, files); err != nil {
		t.Fatal(err)
	}
	return p, files
}

func TestConformance(t *testing.T) {
	drivertest.Run(t, drivertest.Family{Driver: Driver{}, Make: sample, ReadOnly: true})
}
