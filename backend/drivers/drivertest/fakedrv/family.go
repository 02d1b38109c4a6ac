package fakedrv

import "packsmith/backend/archive"

// The family this package opens (backend/archive/family.go). Class gives
// it a file association, so the wails.json and installer check
// (internal/wailsproject) would ask for its lines were it real.
func init() {
	archive.RegisterFamily(archive.Family{Name: Name, Title: "Packsmith Fake", Exts: []string{".psfake"},
		Description: "Packsmith fake pack", Hint: "Packsmith Fake .psfake", Class: "PsFake"})
}
