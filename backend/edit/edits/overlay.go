package edits

import (
	"io"
	"os"
	"strings"

	"packsmith/backend/archive"
)

// Overlay is an open archive seen with its pending changes applied, for
// the preview and the text editor: an entry replaced or added reads the
// bytes the save will store (converted), with their size; a removed or
// renamed entry is still listed as it is (the panel marks it). Nothing is
// written. It forwards only the Archive methods: views that need a
// family's own interface use the archive itself.
type Overlay struct {
	archive.Archive
	entries []archive.Entry
	source  map[string]string // upper-cased entry path → file to read
}

// NewOverlay returns a seen with changes; a itself when none replaces or
// adds anything.
func NewOverlay(a archive.Archive, changes []Change) archive.Archive {
	src := map[string]string{}
	var added []Change
	for _, c := range changes {
		if (c.Op == Replace || c.Op == Add) && c.Source != "" {
			src[strings.ToUpper(c.Path)] = c.Source
			if c.Op == Add {
				added = append(added, c)
			}
		}
	}
	if len(src) == 0 {
		return a
	}
	base := a.Entries()
	es := make([]archive.Entry, 0, len(base)+len(added))
	for _, e := range base {
		if s, ok := src[strings.ToUpper(e.Path)]; ok {
			if st, err := os.Stat(s); err == nil {
				e.Size, e.Packed = st.Size(), st.Size()
			}
		}
		es = append(es, e)
	}
	for _, c := range added {
		es = append(es, archive.Entry{Path: c.Path, Size: c.NewSize, Packed: c.NewSize})
	}
	return &Overlay{Archive: a, entries: es, source: src}
}

// Entries implements archive.Archive.
func (o *Overlay) Entries() []archive.Entry { return o.entries }

// Open implements archive.Archive: a pending change's bytes, else the
// archive's.
func (o *Overlay) Open(entryPath string) (io.ReadCloser, error) {
	if s, ok := o.source[strings.ToUpper(strings.TrimPrefix(strings.ReplaceAll(entryPath, `\`, "/"), "/"))]; ok {
		return os.Open(s)
	}
	return o.Archive.Open(entryPath)
}

// Pending says whether entry reads a pending change's bytes.
func (o *Overlay) Pending(entry string) bool {
	_, ok := o.source[strings.ToUpper(entry)]
	return ok
}
