package main

import (
	"os"
	"path/filepath"
)

// writeFamilyDemos copies the small archives the Reborn and Lost Saga test
// generators made (committed beside their packages) into the demo
// workspace, so every family Packsmith opens has a sample there.
func writeFamilyDemos(dir string) error {
	for src, dst := range map[string]string{
		"backend/drivers/reborndrv/testdata/sample.dat": "reborn_sample.dat",
		"formats/iop/testdata/sample.iop":               "rs.iop",
	} {
		b, err := os.ReadFile(src)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, dst), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}
