package tl2drv

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"packsmith/backend/drivers/drivertest"
	"packsmith/formats/tl2/mod"
	"packsmith/internal/testfixtures"
)

// sampleEntries is what the generated .MOD and DATA.PAK hold, in write order.
var sampleEntries = []struct {
	name string
	data []byte
}{
	{"MEDIA/UNITS/ITEMS/SWORD.DAT", bytes.Repeat([]byte("[UNIT]\r\n<STRING>NAME:SWORD\r\n[/UNIT]\r\n"), 40)},
	{"MEDIA/UI/LOGO.PNG", []byte("\x89PNG not really")},
	{"MEDIA/LAYOUTS/A/A.LAYOUT", []byte("layout bytes")},
	{"MEDIA/LAYOUTS/A/A.MPP", make([]byte, 2524)},
}

// writeSample writes the sample through fresh files and returns what it holds.
func writeSample(t testing.TB, newWriter func(out *os.File) (*mod.Writer, error), out *os.File) map[string][]byte {
	w, err := newWriter(out)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, e := range sampleEntries {
		if err := w.Add(mod.FileHeader{Name: e.name}, bytes.NewReader(e.data)); err != nil {
			t.Fatal(err)
		}
		files[e.name] = e.data
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return files
}

func sampleMod(t testing.TB, dir string) (string, map[string][]byte) {
	p := filepath.Join(dir, "SAMPLE.MOD")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	h := &mod.Header{Version: 4, ModVersion: 2, Title: "Conformance", Author: "archivetest", ModID: 123456789}
	files := writeSample(t, func(out *os.File) (*mod.Writer, error) { return mod.NewWriter(out, h, nil) }, f)
	return p, files
}

func samplePak(t testing.TB, dir string) (string, map[string][]byte) {
	p := filepath.Join(dir, "DATA.PAK")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	mf, err := os.Create(p + ".MAN")
	if err != nil {
		t.Fatal(err)
	}
	defer mf.Close()
	files := writeSample(t, func(out *os.File) (*mod.Writer, error) { return mod.NewPakWriter(out, mf, nil) }, f)
	return p, files
}

func TestConformanceMod(t *testing.T) {
	drivertest.Run(t, drivertest.Family{
		Driver: ModDriver{}, Make: sampleMod,
		FoldCase: true, Backslash: true, LeadingSlash: true,
		RepackIdentical: true,
	})
}

func TestConformancePak(t *testing.T) {
	drivertest.Run(t, drivertest.Family{
		Driver: PakDriver{}, Make: samplePak,
		Companions: func(p string) []string { return []string{p + ".MAN"} },
		FoldCase:   true, Backslash: true, LeadingSlash: true,
		RepackIdentical: true,
	})
}

// The real GUTS-made .MOD passes too (its listing is its own read).
func TestConformanceFixtureMod(t *testing.T) {
	src := testfixtures.File(t, "tl2", "xover/EDITORMOD.MOD")
	drivertest.Run(t, drivertest.Family{
		Driver: ModDriver{},
		Make: func(t testing.TB, dir string) (string, map[string][]byte) {
			b, err := os.ReadFile(src)
			if err != nil {
				t.Fatal(err)
			}
			p := filepath.Join(dir, "EDITORMOD.MOD")
			if err := os.WriteFile(p, b, 0o644); err != nil {
				t.Fatal(err)
			}
			r, err := mod.NewReader(bytes.NewReader(b), int64(len(b)), nil)
			if err != nil {
				t.Fatal(err)
			}
			files := map[string][]byte{}
			for i := range r.Entries {
				rc, err := r.Open(&r.Entries[i])
				if err != nil {
					t.Fatal(err)
				}
				data, err := io.ReadAll(rc)
				rc.Close()
				if err != nil {
					t.Fatal(err)
				}
				files[r.Entries[i].Path] = data
			}
			return p, files
		},
		FoldCase: true, Backslash: true, LeadingSlash: true,
		RepackIdentical: true,
	})
}
