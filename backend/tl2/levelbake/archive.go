package levelbake

import (
	"fmt"
	"io"
	"strings"

	"packsmith/backend/archive"
	"packsmith/formats/tl2/mod"
)

// ArchiveRoot is the part of an entry path before its MEDIA/ folder ("" for
// "MEDIA/…", "MYMOD/" for "MYMOD/MEDIA/…"), and false when there is none.
func ArchiveRoot(entryPath string) (string, bool) {
	up := strings.ToUpper(strings.ReplaceAll(entryPath, "\\", "/"))
	if strings.HasPrefix(up, "MEDIA/") {
		return "", true
	}
	if i := strings.Index(up, "/MEDIA/"); i >= 0 {
		return entryPath[:i+1], true
	}
	return "", false
}

// archiveStore indexes the entries of an open archive (a .MOD, a zip of a
// mod folder) under root.
func archiveStore(a archive.Archive, root string) *store {
	s := &store{name: a.Path(), files: map[string]func() ([]byte, error){}}
	for _, e := range a.Entries() {
		p := strings.ReplaceAll(e.Path, "\\", "/")
		if len(p) < len(root) || !strings.EqualFold(p[:len(root)], root) {
			continue
		}
		key := mod.UpperName(p[len(root):])
		if strings.HasSuffix(key, ".DAT.BINDAT") {
			key = strings.TrimSuffix(key, ".BINDAT")
			if _, ok := s.files[key]; ok {
				continue
			}
		}
		path, size := e.Path, e.Size
		s.files[key] = func() ([]byte, error) {
			if size > maxFile {
				return nil, fmt.Errorf("%s: %d bytes, more than %d", path, size, maxFile)
			}
			rc, err := a.Open(path)
			if err != nil {
				return nil, err
			}
			defer rc.Close()
			return io.ReadAll(io.LimitReader(rc, maxFile+1))
		}
	}
	return s
}

// NewFromArchive is New for a mod inside an open archive: its entries
// under root (see ArchiveRoot) are the mod's files.
func NewFromArchive(a archive.Archive, root, gameDir string) (*Baker, error) {
	return newBaker(archiveStore(a, root), gameDir)
}
