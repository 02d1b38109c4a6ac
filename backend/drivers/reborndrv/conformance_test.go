package reborndrv

import (
	"os"
	"path/filepath"
	"testing"

	"packsmith/backend/drivers/drivertest"
	"packsmith/formats/reborn/filetable"
	"packsmith/formats/reborn/pakd"
)

// conformancePack is a pack of plain entries with one nested pack:
// #0, #1/#0, #1/#1, #2, #3 (the last one removable: nothing moves).
func conformancePack() ([]byte, map[string][]byte) {
	files := map[string][]byte{
		"#0":    pakd.Pad([]byte("first entry bytes")),
		"#1/#0": pakd.Pad([]byte("nested zero")),
		"#1/#1": pakd.Pad(make([]byte, 700)),
		"#2":    pakd.Pad([]byte("third top-level entry")),
		"#3":    pakd.Pad([]byte("last one")),
	}
	inner := pakd.Build([]pakd.Item{{Data: files["#1/#0"]}, {Data: files["#1/#1"]}})
	pack := pakd.Build([]pakd.Item{{Data: files["#0"]}, {Data: pakd.Nested(inner)}, {Data: files["#2"]}, {Data: files["#3"]}})
	return pack, files
}

func rebornFamily(wrap func([]byte) []byte) drivertest.Family {
	return drivertest.Family{
		Driver: Driver{},
		Make: func(t testing.TB, dir string) (string, map[string][]byte) {
			pack, files := conformancePack()
			p := filepath.Join(dir, "sample.dat")
			if err := os.WriteFile(p, wrap(pack), 0o644); err != nil {
				t.Fatal(err)
			}
			return p, files
		},
		Backslash: true, LeadingSlash: true, FoldCase: true,
		RepackIdentical: true,
		Replace:         "#0", Remove: "#3", Add: "#3",
		Stored: pakd.Pad,
	}
}

func TestConformanceRotXorZip(t *testing.T) {
	drivertest.Run(t, rebornFamily(func(b []byte) []byte { return rotxorZip("pack", b) }))
}

func TestConformanceBarePakd(t *testing.T) {
	drivertest.Run(t, rebornFamily(func(b []byte) []byte { return b }))
}

// The Data/ folder view (FileTable.bin plus the .dat files it names) is
// read-only: edits go to each .dat.
func TestConformanceDataFolder(t *testing.T) {
	drivertest.Run(t, drivertest.Family{
		Dir: DataDriver{},
		Make: func(t testing.TB, dir string) (string, map[string][]byte) {
			data := filepath.Join(dir, "Data")
			files := map[string][]byte{
				"event/scene.dat": rotxorZip("pack", samplePakd()),
				"menu/title.dat":  []byte("not parsed by the folder view"),
				"sound/bgm/a.dat": make([]byte, 1000),
			}
			var list []filetable.File
			for _, k := range []string{"event/scene.dat", "menu/title.dat", "sound/bgm/a.dat"} {
				writeT(t.(*testing.T), filepath.Join(data, filepath.FromSlash(k)), files[k])
				list = append(list, filetable.File{Path: k, Size: uint32(len(files[k]))})
			}
			tb, err := filetable.Encode(filetable.New("REBORN", list))
			if err != nil {
				t.Fatal(err)
			}
			writeT(t.(*testing.T), filepath.Join(data, "FileTable.bin"), tb)
			return data, files
		},
		FoldCase: true, Backslash: true, LeadingSlash: true,
		ReadOnly: true,
	})
}
