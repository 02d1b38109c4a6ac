package dirdrv

import (
	"os"
	"path/filepath"
	"testing"

	"packsmith/backend/archive/archivetest"
)

func TestConformance(t *testing.T) {
	archivetest.Run(t, archivetest.Family{
		Dir: Driver{}, AnyFolder: true,
		Make: func(t testing.TB, dir string) (string, map[string][]byte) {
			root := filepath.Join(dir, "modfolder")
			files := map[string][]byte{
				"MOD.DAT":                   []byte("[MOD]\r\n[/MOD]\r\n"),
				"MEDIA/UNITS/ITEMS/AXE.DAT": []byte("[UNIT]\r\n[/UNIT]\r\n"),
				// one spelling of MEDIA: on Windows' and macOS' disks
				// MEDIA and media would be one folder, named by whichever
				// the map order made first
				"MEDIA/ui/icon.png": make([]byte, 500),
			}
			for k, v := range files {
				p := filepath.Join(root, filepath.FromSlash(k))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, v, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			return root, files
		},
		FoldCase: true, Backslash: true, LeadingSlash: true,
		ReadOnly: true,
	})
}
