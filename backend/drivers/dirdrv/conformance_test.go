package dirdrv

import (
	"os"
	"path/filepath"
	"testing"

	"packsmith/backend/drivers/drivertest"
)

func TestConformance(t *testing.T) {
	drivertest.Run(t, drivertest.Family{
		Dir: Driver{}, AnyFolder: true,
		Make: func(t testing.TB, dir string) (string, map[string][]byte) {
			root := filepath.Join(dir, "modfolder")
			files := map[string][]byte{
				"MOD.DAT":                   []byte("[MOD]\r\n[/MOD]\r\n"),
				"MEDIA/UNITS/ITEMS/AXE.DAT": []byte("[UNIT]\r\n[/UNIT]\r\n"),
				// lower case, in a folder of its own: on a case-insensitive
				// disk (Windows) media/ would be MEDIA/
				"textures/ui/icon.png": make([]byte, 500),
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
