package iopdrv

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/drivers/drivertest"
	"packsmith/formats/iop"
)

// samplePack writes a pack the way the client's tools do: '\' separators,
// one stored and two deflated entries, all encrypted with the first
// published password, and an entry comment.
func samplePack(t testing.TB, dir string) (string, map[string][]byte) {
	files := map[string][]byte{
		"xml/items.xml":         []byte("<items><item id=\"1\"/></items>\r\n"),
		"resource/readme.txt":   []byte("read me"),
		"texture/ui/button.dds": bytes.Repeat([]byte("DDS pixels "), 300),
	}
	p := filepath.Join(dir, "sample.iop")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := iop.NewWriter(f, iop.KnownPasswords[0].Password)
	w.Rand = bytes.NewReader(bytes.Repeat([]byte{7}, 1000))
	for i, name := range []string{"xml/items.xml", "resource/readme.txt", "texture/ui/button.dds"} {
		fh := iop.FileHeader{Name: strings.ReplaceAll(name, "/", `\`), Method: iop.MethodDeflate, Encrypt: true}
		if i == 1 {
			fh.Method, fh.Comment = iop.MethodStored, "2"
		}
		if err := w.WriteFile(fh, files[name], false); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return p, files
}

func TestConformance(t *testing.T) {
	drivertest.Run(t, drivertest.Family{
		Driver: Driver{}, Make: samplePack,
		FoldCase: true, Backslash: true,
		RepackIdentical: true,
		Add:             "sound/new entry.txt",
	})
}

// A Lost Saga game folder (rs.iop and map.iop, the first pack wins) is
// not rewritten elsewhere (ReadOnly skips those checks); it is edited in
// place, pack by pack, which the capabilities check tries.
func TestConformanceGameFolder(t *testing.T) {
	drivertest.Run(t, drivertest.Family{
		Dir: GameDriver{},
		Make: func(t testing.TB, dir string) (string, map[string][]byte) {
			game := filepath.Join(dir, "lostsaga")
			if err := os.MkdirAll(game, 0o755); err != nil {
				t.Fatal(err)
			}
			p, files := samplePack(t, dir)
			if err := os.Rename(p, filepath.Join(game, "rs.iop")); err != nil {
				t.Fatal(err)
			}
			return game, files
		},
		FoldCase: true, Backslash: true,
		ReadOnly: true,
	})
}
