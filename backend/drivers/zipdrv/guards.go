package zipdrv

import (
	"os"

	"packsmith/backend/archive"
)

// Spans gives each entry's data range (after its local header), for
// extract's overlap check.
func (a *Archive) Spans() []archive.Span {
	out := make([]archive.Span, 0, len(a.entries))
	for _, e := range a.entries {
		zf := a.byPath[e.Path]
		off, err := zf.DataOffset()
		if err != nil {
			continue
		}
		out = append(out, archive.Span{Entry: e.Path, Offset: off, Length: int64(zf.CompressedSize64)})
	}
	return out
}

// IsLink says whether the entry is stored as a symbolic link.
func (a *Archive) IsLink(entry string) bool {
	zf, ok := a.byPath[entry]
	return ok && zf.Mode()&os.ModeSymlink != 0
}

// MaxRatio is deflate's: at most 1032 bytes out per byte in (stored
// entries are 1:1).
func (a *Archive) MaxRatio() int64 { return 1032 }
