package onezip

import (
	"bytes"
	"errors"
	"fmt"
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

// Write builds a one-member ZIP holding data under name: DEFLATE level 9,
// sizes and CRC in the local header, the new-member fields above.
func Write(name string, data []byte) ([]byte, error) {
	var f memFile
	if _, err := WriteMember(&f, nil, name, bytes.NewReader(data)); err != nil {
		return nil, err
	}
	return f.b, nil
}
