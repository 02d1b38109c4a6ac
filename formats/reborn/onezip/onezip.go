package onezip

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"errors"
	"fmt"
	"io"
)

// DefaultMaxSize caps the uncompressed size a header may claim.
const DefaultMaxSize = 1 << 30

// ErrFormat is wrapped by every error about a malformed layer.
var ErrFormat = errors.New("onezip: malformed ZIP layer")

// Member is the one file inside the ZIP.
type Member struct {
	Name    string
	Method  uint16
	CRC32   uint32 // as stored
	Packed  int64  // compressed size
	Size    int64  // uncompressed size
	Offset  int64  // where the compressed data starts
	Members int    // members the central directory lists (1 in game files)
	Flags   uint16 // general purpose flags of the local header
	Local   []byte // the raw local header, name and extra (ParseAt)
	Tail    []byte // everything after the data (ParseAt; nil if over MaxTail)
}

func errf(off int64, format string, args ...any) error {
	return fmt.Errorf("%w: %s (offset 0x%X)", ErrFormat, fmt.Sprintf(format, args...), off)
}

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

// Write builds a one-member ZIP holding data under name: DEFLATE level 9,
// sizes and CRC in the local header, the new-member fields above.
func Write(name string, data []byte) ([]byte, error) {
	var f memFile
	if _, err := WriteMember(&f, nil, name, bytes.NewReader(data)); err != nil {
		return nil, err
	}
	return f.b, nil
}
