package iopdrv

import "packsmith/backend/archive"

// The family this package opens (backend/archive/family.go).
func init() {
	archive.RegisterFamily(archive.Family{Name: "iop", Title: "Lost Saga", Exts: []string{".iop"},
		Description: "Lost Saga resource pack", Hint: "Lost Saga .iop", Class: "LostSagaIop"})
}
