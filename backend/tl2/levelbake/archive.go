package levelbake

import (
	"packsmith/backend/archive"
	"packsmith/backend/tl2/modfiles"
)

// ArchiveRoot is modfiles.ArchiveRoot: the part of an entry path before
// its MEDIA/ folder, and false when there is none.
func ArchiveRoot(entryPath string) (string, bool) { return modfiles.ArchiveRoot(entryPath) }

// HasPak reports whether dir holds DATA.PAK and DATA.PAK.MAN (any case).
func HasPak(dir string) bool { return modfiles.HasPak(dir) }

// NewFromArchive is New for a mod inside an open archive: its entries
// under root (see ArchiveRoot) are the mod's files.
func NewFromArchive(a archive.Archive, root, gameDir string) (*Baker, error) {
	f, err := modfiles.OpenArchive(a, root, gameDir)
	if err != nil {
		return nil, err
	}
	return NewFor(f)
}
