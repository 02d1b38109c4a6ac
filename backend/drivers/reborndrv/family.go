package reborndrv

import (
	"packsmith/backend/archive"
	"packsmith/backend/edit/rebornedit"
)

// The family this package opens (backend/archive/family.go). A .DAT entry
// inside a TL2 archive is text, not a Reborn pack: NotArchiveInside. Its
// text tables (txte) are edited row by row through rebornedit.Tables.
func init() {
	archive.RegisterFamily(archive.Family{Name: Family, Title: "Tactics Ogre: Reborn", Exts: []string{".dat"},
		Description: "Tactics Ogre: Reborn data pack", Hint: "Tactics Ogre: Reborn .dat", Class: "RebornDat",
		NotArchiveInside: true, Tables: rebornedit.Tables})
}
