package chunk

import (
	"encoding/binary"
	"fmt"
	"math"
)

// HeaderSize is a chunk header's size: u16 id, u32 length.
const HeaderSize = 6

// Reader reads fields from B at Pos, never past End.
type Reader struct {
	B   []byte
	Pos int
	End int // reads stop here; at most len(B)
	// Errorf builds the format's own error at offset off; truncated says
	// the input ended too soon (so the format can wrap its ErrTruncated).
	Errorf func(off int, truncated bool, msg string) error
}

// New reads b from its start to its end.
func New(b []byte, errorf func(off int, truncated bool, msg string) error) Reader {
	return Reader{B: b, End: len(b), Errorf: errorf}
}

// Fail is an error at off in the format's own type.
func (r *Reader) Fail(off int, format string, a ...any) error {
	return r.Errorf(off, false, fmt.Sprintf(format, a...))
}

// Short is Fail for input that ends too soon.
func (r *Reader) Short(off int, format string, a ...any) error {
	return r.Errorf(off, true, fmt.Sprintf(format, a...))
}

// Need fails unless n more bytes (n ≥ 0) remain before End.
func (r *Reader) Need(n int, what string) error {
	if n < 0 || r.End-r.Pos < n {
		return r.Short(r.Pos, "%s: needs %d bytes, %d left", what, n, r.End-r.Pos)
	}
	return nil
}

// U16 reads a little-endian uint16.
func (r *Reader) U16(what string) (uint16, error) {
	if err := r.Need(2, what); err != nil {
		return 0, err
	}
	v := binary.LittleEndian.Uint16(r.B[r.Pos:])
	r.Pos += 2
	return v, nil
}

// U32 reads a little-endian uint32.
func (r *Reader) U32(what string) (uint32, error) {
	if err := r.Need(4, what); err != nil {
		return 0, err
	}
	v := binary.LittleEndian.Uint32(r.B[r.Pos:])
	r.Pos += 4
	return v, nil
}

// Bool reads one byte; any non-zero value is true.
func (r *Reader) Bool(what string) (bool, error) {
	if err := r.Need(1, what); err != nil {
		return false, err
	}
	v := r.B[r.Pos]
	r.Pos++
	return v != 0, nil
}

// Floats reads len(dst) little-endian float32s.
func (r *Reader) Floats(what string, dst []float32) error {
	if err := r.Need(4*len(dst), what); err != nil {
		return err
	}
	for i := range dst {
		dst[i] = math.Float32frombits(binary.LittleEndian.Uint32(r.B[r.Pos:]))
		r.Pos += 4
	}
	return nil
}

// Line reads a string up to its '\n' (consumed, not returned), of at
// most limit bytes.
func (r *Reader) Line(what string, limit int) (string, error) {
	lim := min(r.End, r.Pos+limit+1)
	for i := r.Pos; i < lim; i++ {
		if r.B[i] == '\n' {
			s := string(r.B[r.Pos:i])
			r.Pos = i + 1
			return s, nil
		}
	}
	return "", r.Fail(r.Pos, "%s: no end of line within %d bytes", what, lim-r.Pos)
}

// Header reads a chunk header as it is stored; ok is false, and nothing
// is read, when fewer than HeaderSize bytes remain (Ogre's end-of-stream
// test). start is where the header began.
func (r *Reader) Header() (id uint16, length uint32, start int, ok bool) {
	if r.End-r.Pos < HeaderSize {
		return 0, 0, r.Pos, false
	}
	start = r.Pos
	id = binary.LittleEndian.Uint16(r.B[r.Pos:])
	length = binary.LittleEndian.Uint32(r.B[r.Pos+2:])
	r.Pos += HeaderSize
	return id, length, start, true
}
