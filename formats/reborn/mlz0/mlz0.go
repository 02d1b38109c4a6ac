package mlz0

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/pierrec/lz4/v4"
)

// Magic starts every MLZ0 buffer.
var Magic = []byte("MLZ0")

// HeaderSize is the size of the header before the LZ4 block.
const HeaderSize = 8

// DefaultMaxSize caps the uncompressed size a header may claim.
const DefaultMaxSize = 1 << 30

// ErrFormat is wrapped by every decoding error.
var ErrFormat = errors.New("mlz0: malformed")

// Is reports whether b starts with the MLZ0 magic.
func Is(b []byte) bool { return bytes.HasPrefix(b, Magic) }

// Size returns the uncompressed size the header states.
func Size(b []byte) (int64, error) {
	if len(b) < HeaderSize || !Is(b) {
		return 0, fmt.Errorf("%w: no MLZ0 header (offset 0x0)", ErrFormat)
	}
	n := int32(binary.LittleEndian.Uint32(b[4:]))
	if n < 0 {
		return 0, fmt.Errorf("%w: negative size %d (offset 0x4)", ErrFormat, n)
	}
	return int64(n), nil
}

// MaxOutput is the most an LZ4 block of n bytes can decode to: every byte
// of a block stands for at most 255 bytes of output (a length byte adds
// 255 to a match), plus a final run. A header claiming more is refused
// before anything is allocated.
func MaxOutput(n int64) int64 { return 255*n + 64 }

// Decode unwraps b; maxSize caps the allocation (0: DefaultMaxSize).
func Decode(b []byte, maxSize int64) ([]byte, error) {
	n, err := Size(b)
	if err != nil {
		return nil, err
	}
	if maxSize <= 0 {
		maxSize = DefaultMaxSize
	}
	if n > maxSize {
		return nil, fmt.Errorf("%w: size %d over the cap %d (offset 0x4)", ErrFormat, n, maxSize)
	}
	if limit := MaxOutput(int64(len(b) - HeaderSize)); n > limit {
		return nil, fmt.Errorf("%w: header claims %d bytes from a %d-byte LZ4 block, which can give at most %d (offset 0x4)", ErrFormat, n, len(b)-HeaderSize, limit)
	}
	out := make([]byte, n)
	if n == 0 {
		return out, nil
	}
	got, err := lz4.UncompressBlock(b[HeaderSize:], out)
	if err != nil {
		return nil, fmt.Errorf("%w: LZ4 block: %v (offset 0x8)", ErrFormat, err)
	}
	if int64(got) != n {
		return nil, fmt.Errorf("%w: LZ4 block gave %d bytes, header says %d (offset 0x8)", ErrFormat, got, n)
	}
	return out, nil
}

// Encode wraps data in an MLZ0 header and one LZ4 block.
func Encode(data []byte) []byte {
	out := make([]byte, HeaderSize, HeaderSize+lz4.CompressBlockBound(len(data)))
	copy(out, Magic)
	binary.LittleEndian.PutUint32(out[4:], uint32(len(data)))
	if len(data) == 0 {
		return out
	}
	dst := make([]byte, lz4.CompressBlockBound(len(data)))
	var c lz4.Compressor
	n, err := c.CompressBlock(data, dst)
	if err != nil || n == 0 {
		// Incompressible: one sequence of literals only.
		return append(out, literalBlock(data)...)
	}
	return append(out, dst[:n]...)
}

// literalBlock is a valid LZ4 block made of one literal run.
func literalBlock(data []byte) []byte {
	n := len(data)
	var b []byte
	if n < 15 {
		b = append(b, byte(n<<4))
	} else {
		b = append(b, 0xF0)
		r := n - 15
		for r >= 255 {
			b = append(b, 255)
			r -= 255
		}
		b = append(b, byte(r))
	}
	return append(b, data...)
}
