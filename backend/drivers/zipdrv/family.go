package zipdrv

import "packsmith/backend/archive"

// The family this package opens (backend/archive/family.go). No Class: the
// installer does not take .zip from the system's own handler.
func init() {
	archive.RegisterFamily(archive.Family{Name: "zip", Title: "Zip", Exts: []string{".zip"},
		Description: "Zip archive", Hint: ".zip"})
}
