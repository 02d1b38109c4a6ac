package ashg

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
)

// ErrFormat is wrapped by every decoding error.
var ErrFormat = errors.New("ashg: malformed")

// Header is the fixed part.
type Header struct {
	Packed, Size int64
	Version      uint8
	WindowBits   uint8
}

// Is reports whether b starts with the ashg magic.
func Is(b []byte) bool { return bytes.HasPrefix(b, []byte("ashg")) }

func errf(off int64, format string, args ...any) error {
	return fmt.Errorf("%w: %s (offset 0x%X)", ErrFormat, fmt.Sprintf(format, args...), off)
}

// ParseHeader reads the header.
func ParseHeader(b []byte) (Header, error) {
	if len(b) < 16 || !Is(b) {
		return Header{}, errf(0, "no ashg header")
	}
	le := binary.LittleEndian
	h := Header{Packed: int64(le.Uint32(b[4:])), Size: int64(le.Uint32(b[8:])), Version: b[12], WindowBits: b[13] & 31}
	return h, nil
}

// Decode decompresses b; maxSize caps the output it may allocate.
func Decode(b []byte, maxSize int64) (Header, []byte, error) {
	h, err := ParseHeader(b)
	if err != nil {
		return h, nil, err
	}
	if h.Size > maxSize {
		return h, nil, errf(8, "uncompressed size %d over the cap %d", h.Size, maxSize)
	}
	data := b[16:]
	if h.Packed <= int64(len(data)) {
		data = data[:h.Packed]
	}
	switch h.Version {
	case 0:
		if int64(len(data)) < h.Size {
			return h, nil, errf(16, "stored data %d bytes, header says %d", len(data), h.Size)
		}
		return h, append([]byte(nil), data[:h.Size]...), nil
	case 2:
	default:
		return h, nil, errf(12, "version %d not supported", h.Version)
	}
	// Every two input bytes give at most 3 + 2^15 output bytes.
	if h.Size > int64(len(data))*(3+(1<<15))/2+128 {
		return h, nil, errf(8, "uncompressed size %d cannot come from %d bytes", h.Size, len(data))
	}
	out := make([]byte, 0, h.Size)
	w := h.WindowBits
	mask := uint32(1)<<w - 1
	for i := 0; int64(len(out)) < h.Size; {
		if i >= len(data) {
			return h, nil, errf(16+int64(i), "data ends at %d of %d bytes", len(out), h.Size)
		}
		op := data[i]
		if op&0x80 == 0 {
			n := int(op)
			if i+1+n > len(data) {
				return h, nil, errf(16+int64(i), "literal run of %d past the end", n)
			}
			out = append(out, data[i+1:i+1+n]...)
			i += 1 + n
			continue
		}
		if i+1 >= len(data) {
			return h, nil, errf(16+int64(i), "match cut short")
		}
		v := uint32(op&0x7F)<<8 | uint32(data[i+1])
		dist, n := int(1+v&mask), int(3+v>>w)
		if dist > len(out) {
			return h, nil, errf(16+int64(i), "match %d bytes back, only %d written", dist, len(out))
		}
		for k := 0; k < n; k++ {
			out = append(out, out[len(out)-dist])
		}
		i += 2
	}
	return h, out[:h.Size], nil
}

// Encode writes data as version 2 with w window bits, finding matches
// greedily (a simple encoder; the game's files come from another). Encode
// is Decode's pair, used by tests and the fixtures they build (nothing
// in the program writes ashg).
func Encode(data []byte, w uint8) []byte {
	w &= 31
	if w > 12 {
		w = 12
	}
	maxDist, maxLen := 1<<w, 3+(0x7FFF>>w)
	var body, lit []byte
	flush := func() {
		for len(lit) > 0 {
			n := min(len(lit), 127)
			body = append(append(body, byte(n)), lit[:n]...)
			lit = lit[n:]
		}
	}
	for i := 0; i < len(data); {
		best, bestD := 0, 0
		for d := 1; d <= maxDist && d <= i; d++ {
			l := 0
			for l < maxLen && i+l < len(data) && data[i+l] == data[i+l-d] {
				l++
			}
			if l > best {
				best, bestD = l, d
			}
		}
		if best >= 3 {
			flush()
			v := uint32(best-3)<<w | uint32(bestD-1)
			body = append(body, byte(0x80|v>>8), byte(v))
			i += best
			continue
		}
		lit = append(lit, data[i])
		i++
	}
	flush()
	out := make([]byte, 16, 16+len(body))
	copy(out, "ashg")
	binary.LittleEndian.PutUint32(out[4:], uint32(len(body)))
	binary.LittleEndian.PutUint32(out[8:], uint32(len(data)))
	out[12], out[13] = 2, w
	return append(out, body...)
}
