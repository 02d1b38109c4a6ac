package onezip

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"io"
)

// Helpers only tests use, moved out of the package's production files.

// Parse reads the local header at the start of b.
func Parse(b []byte) (Member, error) { return ParseAt(bytes.NewReader(b), int64(len(b))) }

// Read parses b and returns the member and its inflated bytes. maxSize caps
// the allocation a header may ask for (0: DefaultMaxSize). A central
// directory listing more than one member is an error. Read is Write's
// pair, used by tests: the driver streams a member (ParseAt and its
// reader) instead of holding the layer in memory.
func Read(b []byte, maxSize int64) (Member, []byte, error) {
	m, err := ParseAt(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return m, nil, err
	}
	if m.Members > 1 {
		return m, nil, errf(0, "%d members, the layer holds one", m.Members)
	}
	if maxSize <= 0 {
		maxSize = DefaultMaxSize
	}
	if m.Size > maxSize {
		return m, nil, errf(22, "uncompressed size %d over the cap %d", m.Size, maxSize)
	}
	raw := b[m.Offset : m.Offset+m.Packed]
	if m.Method == zip.Store {
		return m, append([]byte(nil), raw...), nil
	}
	out := make([]byte, m.Size)
	fr := flate.NewReader(bytes.NewReader(raw))
	defer fr.Close()
	if _, err := io.ReadFull(fr, out); err != nil {
		return m, nil, errf(m.Offset, "inflating %q: %v", m.Name, err)
	}
	return m, out, nil
}
