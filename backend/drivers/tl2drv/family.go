package tl2drv

import "packsmith/backend/archive"

// The families this package opens, for the kind map, the open dialog's
// filters, the
// welcome text, the error hint and the file associations
// (backend/archive/family.go).
func init() {
	archive.RegisterFamily(archive.Family{Name: "tl2-mod", Title: "Torchlight II", Exts: []string{".mod"},
		Description: "Torchlight II mod", Hint: "Torchlight II .MOD", Class: "TL2Mod",
		// The loose files a mod folder holds that the window opens alone:
		// textures, walk grids, GUTS text data and layouts, RAW indices,
		// the load order.
		Files: []string{".dds", ".tga", ".png", ".mpp", ".dat", ".layout", ".raw", ".sch"}})
	archive.RegisterFamily(archive.Family{Name: "tl2-pak", Title: "Torchlight II", Exts: []string{".pak"},
		Description: "Torchlight II data archive", Hint: "DATA.PAK (with its .MAN)", Class: "TL2Pak",
		Sidecars: []string{".man"}})
}
