package save

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// Save versions where the layout changes (see doc.go).
const (
	VersionMin         = 0x38 // the oldest TL2 save read here
	VersionFlag        = 0x3B // the scramble byte appears (alternate scramble)
	VersionNibble      = 0x3D // the nibble scramble replaces the alternate one
	VersionChecksum    = 0x41 // the checksum field appears
	VersionSign        = 0x42 // a unit block starts with a sign byte
	VersionModLists    = 0x43 // bound, recent and full mod lists
	VersionModVersions = 0x44 // a u16 version per mod in those lists
	VersionMax         = 0x44 // the newest seen (the game's last patch)
)

// DefaultMaxSize caps a save read whole: real saves are 0.1–2 MB.
const DefaultMaxSize = 64 << 20

// Errors callers may test with errors.Is; a *FormatError wraps one.
var (
	ErrVersion   = errors.New("unknown save version")
	ErrTruncated = errors.New("truncated")
	ErrFooter    = errors.New("size footer does not match the file's size")
	ErrChecksum  = errors.New("checksum does not match the body")
	ErrTooLarge  = errors.New("over the limit")
)

// FormatError says where a save is wrong: the file (Options.Name), the
// block, the offset (in the file for the envelope, in the unscrambled body
// for the rest: a scrambled byte's place says nothing) and why.
type FormatError struct {
	File   string
	Block  string
	Offset int64
	InBody bool
	Err    error
	Detail string
}

func (e *FormatError) Error() string {
	where := "offset"
	if e.InBody {
		where = "body offset"
	}
	s := fmt.Sprintf("save: %s at %s 0x%X: %v", e.Block, where, e.Offset, e.Err)
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	if e.File != "" {
		s = e.File + ": " + s
	}
	return s
}

func (e *FormatError) Unwrap() error { return e.Err }

// Scramble is how a body is stored.
type Scramble int

const (
	ScrambleNone      Scramble = iota // plain
	ScrambleAlternate                 // 0x3B–0x3C: bytes taken from the front and the back in turn
	ScrambleNibble                    // 0x3D on: nibbles swapped between mirrored bytes
)

// Container is a save's envelope around its plain body.
type Container struct {
	Version uint32
	// Flag is the scramble byte as stored (0 for versions without one);
	// any value but 0 means scrambled, and it is written back as read.
	Flag byte
	// FooterMinus4: the footer holds the file's size minus 4 (seen on a
	// real 0x40 save) rather than the size (0x44). Kept as read.
	FooterMinus4 bool
	// Body is the unscrambled body.
	Body []byte
}

// New is an empty container of version v the way the game writes it:
// scrambled where the version can be, with the footer its version uses.
func New(v uint32, body []byte) *Container {
	c := &Container{Version: v, Body: body, FooterMinus4: v < VersionChecksum}
	if v >= VersionFlag {
		c.Flag = 1
	}
	return c
}

// HeaderLen is the envelope's length before the body for version v.
func HeaderLen(v uint32) int {
	n := 4
	if v >= VersionFlag {
		n++
	}
	if v >= VersionChecksum {
		n += 4
	}
	return n
}

// Method is the scramble the container's body is stored with.
func (c *Container) Method() Scramble {
	switch {
	case c.Flag == 0 || c.Version < VersionFlag:
		return ScrambleNone
	case c.Version < VersionNibble:
		return ScrambleAlternate
	}
	return ScrambleNibble
}

// Checksum is the game's hash of a plain body.
func Checksum(b []byte) uint32 {
	h := uint32(0x14D3)
	for _, x := range b {
		h = h + h<<5 + uint32(x)
	}
	return h
}

// Decode reads a whole save file's envelope: version, scramble, checksum
// (when the version has one) and the size footer; it unscrambles the body.
func Decode(b []byte, o Options) (*Container, error) {
	fe := func(block string, off int, err error, f string, a ...any) error {
		return &FormatError{File: o.Name, Block: block, Offset: int64(off), Err: err, Detail: fmt.Sprintf(f, a...)}
	}
	if int64(len(b)) > o.maxSize() {
		return nil, fe("file", 0, ErrTooLarge, "%d bytes, limit %d", len(b), o.maxSize())
	}
	if len(b) < 8 {
		return nil, fe("header", 0, ErrTruncated, "%d bytes, a save has at least 8", len(b))
	}
	c := &Container{Version: binary.LittleEndian.Uint32(b)}
	if c.Version < VersionMin || c.Version > VersionMax {
		return nil, fe("header", 0, ErrVersion, "0x%X (known: 0x%X–0x%X)", c.Version, VersionMin, VersionMax)
	}
	hl := HeaderLen(c.Version)
	if len(b) < hl+4 {
		return nil, fe("header", 0, ErrTruncated, "%d bytes, version 0x%X needs at least %d", len(b), c.Version, hl+4)
	}
	if c.Version >= VersionFlag {
		c.Flag = b[4]
	}
	foot := binary.LittleEndian.Uint32(b[len(b)-4:])
	switch uint64(foot) {
	case uint64(len(b)):
	case uint64(len(b)) - 4:
		c.FooterMinus4 = true
	default:
		return nil, fe("footer", len(b)-4, ErrFooter, "it says %d, the file has %d bytes", foot, len(b))
	}
	c.Body = append([]byte(nil), b[hl:len(b)-4]...)
	switch c.Method() {
	case ScrambleNibble:
		unscrambleNibble(c.Body)
	case ScrambleAlternate:
		c.Body = unscrambleAlternate(c.Body)
	}
	if c.Version >= VersionChecksum {
		stored, sum := binary.LittleEndian.Uint32(b[5:]), Checksum(c.Body)
		if stored != sum {
			return nil, fe("header", 5, ErrChecksum, "stored 0x%08X, computed 0x%08X", stored, sum)
		}
	}
	return c, nil
}

// Encode writes the container: header, the body scrambled as Flag and the
// version say, the checksum of the plain body, the size footer.
func (c *Container) Encode() []byte {
	hl := HeaderLen(c.Version)
	out := make([]byte, hl, hl+len(c.Body)+4)
	binary.LittleEndian.PutUint32(out, c.Version)
	if c.Version >= VersionFlag {
		out[4] = c.Flag
	}
	if c.Version >= VersionChecksum {
		binary.LittleEndian.PutUint32(out[5:], Checksum(c.Body))
	}
	switch c.Method() {
	case ScrambleNibble:
		start := len(out)
		out = append(out, c.Body...)
		scrambleNibble(out[start:])
	case ScrambleAlternate:
		out = append(out, scrambleAlternate(c.Body)...)
	default:
		out = append(out, c.Body...)
	}
	size := uint32(len(out) + 4)
	if c.FooterMinus4 {
		size -= 4
	}
	return binary.LittleEndian.AppendUint32(out, size)
}

// flip is the byte mask both scrambles apply: 0x00 and 0xFF stay.
func flip(x byte) byte {
	if x == 0 || x == 0xFF {
		return x
	}
	return ^x
}

// unscrambleNibble undoes the nibble scramble in place: mirrored bytes a
// (from the front) and b (from the back) become (a>>4|b<<4) and
// (a<<4|b>>4), each then flipped. The middle byte of an odd body is both.
func unscrambleNibble(b []byte) {
	for lo, hi := 0, len(b)-1; lo <= hi; lo, hi = lo+1, hi-1 {
		x, y := b[lo], b[hi]
		b[lo] = flip(x>>4 | y<<4)
		b[hi] = flip(x<<4 | y>>4)
	}
}

// scrambleNibble is unscrambleNibble's inverse: flip first, then swap.
func scrambleNibble(b []byte) {
	for lo, hi := 0, len(b)-1; lo <= hi; lo, hi = lo+1, hi-1 {
		x, y := flip(b[lo]), flip(b[hi])
		b[lo] = x<<4 | y>>4
		b[hi] = x>>4 | y<<4
	}
}

// alternate is the i-th stored position the alternate scramble reads the
// i-th plain byte from: 0, n-1, 1, n-2, …
func alternate(i, n int) int {
	if i%2 == 0 {
		return i / 2
	}
	return n - 1 - i/2
}

func unscrambleAlternate(b []byte) []byte {
	out := make([]byte, len(b))
	for i := range out {
		out[i] = flip(b[alternate(i, len(b))])
	}
	return out
}

func scrambleAlternate(b []byte) []byte {
	out := make([]byte, len(b))
	for i, x := range b {
		out[alternate(i, len(b))] = flip(x)
	}
	return out
}
