package loosedrv_test

// An external test package: it registers every family (drivers/all), so
// the suite's detection check proves no family claims the loose samples
// and they reach this driver as the program reaches it, through
// archive.Open's fallback.

import (
	"os"
	"path/filepath"
	"testing"

	_ "packsmith/backend/drivers/all"
	"packsmith/backend/drivers/drivertest"
	"packsmith/backend/drivers/loosedrv"
)

// looseSample is a Make for one loose file at rel (slash-separated) under
// the test's folder, listed as entry.
func looseSample(rel, entry string, data []byte) func(testing.TB, string) (string, map[string][]byte) {
	return func(t testing.TB, dir string) (string, map[string][]byte) {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p, map[string][]byte{entry: data}
	}
}

func TestConformance(t *testing.T) {
	grid := make([]byte, 700)
	for i := range grid {
		grid[i] = byte(i * 13)
	}
	dds := append([]byte("DDS \x7c\x00\x00\x00"), make([]byte, 300)...)
	for _, c := range []struct {
		name, rel, entry string
		data             []byte
	}{
		// Under MEDIA: the entry keeps its path from MEDIA on, so the
		// suite's backslash lookup has a nested name to try.
		{"walkgrid", "game/MEDIA/LAYOUTS/X/ROOM.MPP", "MEDIA/LAYOUTS/X/ROOM.MPP", grid},
		// Known by its magic alone, outside MEDIA: the entry is its name.
		{"dds-by-magic", "tex.bin", "tex.bin", dds},
		{"sch", "modlauncher.sch", "modlauncher.sch", []byte("\xff\xfe[\x00M\x00]\x00")},
	} {
		t.Run(c.name, func(t *testing.T) {
			drivertest.Run(t, drivertest.Family{
				Driver: loosedrv.Driver{}, Fallback: true, MinEntries: 1,
				Make:     looseSample(c.rel, c.entry, c.data),
				FoldCase: true, Backslash: true, LeadingSlash: false,
				ReadOnly: true,
			})
		})
	}
}
