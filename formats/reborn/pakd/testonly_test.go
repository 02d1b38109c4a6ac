package pakd

import (
	"io"
)

// Helpers only tests use, moved out of the package's production files.

// Open returns a reader over entry i's stored bytes.
func (p *Reader) Open(i int) *io.SectionReader {
	e := p.Entries[i]
	return io.NewSectionReader(p.r, e.Offset, e.Size)
}

// ReadEntry returns entry i's stored bytes.
func (p *Reader) ReadEntry(i int) ([]byte, error) {
	if i < 0 || i >= len(p.Entries) {
		return nil, errf(i, -1, "no such entry (pack has %d)", len(p.Entries))
	}
	e := p.Entries[i]
	b := make([]byte, e.Size)
	if e.Size == 0 {
		return b, nil
	}
	if _, err := p.r.ReadAt(b, e.Offset); err != nil {
		return nil, errf(i, e.Offset, "reading %d bytes: %v", e.Size, err)
	}
	return b, nil
}
