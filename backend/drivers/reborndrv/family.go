package reborndrv

import "packsmith/backend/archive"

// The family this package opens (backend/archive/family.go). A .DAT entry
// inside a TL2 archive is text, not a Reborn pack: NotArchiveInside.
func init() {
	archive.RegisterFamily(archive.Family{Name: Family, Title: "Tactics Ogre: Reborn", Exts: []string{".dat"},
		Description: "Tactics Ogre: Reborn data pack", Hint: "Tactics Ogre: Reborn .dat", Class: "RebornDat",
		NotArchiveInside: true})
}
