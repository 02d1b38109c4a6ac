package mod

import (
	"encoding/binary"
	"unicode/utf8"
)

// TL2 strings are UTF-16LE code units. A Go string can hold any bytes, so
// we decode to WTF-8: proper pairs become UTF-8, and a lone surrogate is
// kept as its 3-byte generalized-UTF-8 form (ED A0..BF xx). Encoding maps
// those back, so a string read from a file is written back byte for byte.

// appendUTF16 appends the WTF-8 form of little-endian code units to dst.
func appendUTF16(dst, b []byte) []byte {
	n := len(b) / 2
	i := 0
	for ; i < n && b[2*i+1] == 0 && b[2*i] < 0x80; i++ { // ASCII: names and most header text
		dst = append(dst, b[2*i])
	}
	for ; i < n; i++ {
		u := rune(binary.LittleEndian.Uint16(b[2*i:]))
		if u >= 0xD800 && u < 0xDC00 && i+1 < n {
			if v := rune(binary.LittleEndian.Uint16(b[2*i+2:])); v >= 0xDC00 && v < 0xE000 {
				dst = utf8.AppendRune(dst, 0x10000+(u-0xD800)<<10+(v-0xDC00))
				i++
				continue
			}
		}
		if u >= 0xD800 && u < 0xE000 { // lone surrogate: WTF-8
			dst = append(dst, 0xE0|byte(u>>12), 0x80|byte(u>>6)&0x3F, 0x80|byte(u)&0x3F)
			continue
		}
		dst = utf8.AppendRune(dst, u)
	}
	return dst
}

// encodeUTF16 appends s as UTF-16LE code units to dst and returns the
// result and the number of units. Invalid UTF-8 bytes become U+FFFD; WTF-8
// surrogates become the lone surrogate they stand for.
func encodeUTF16(dst []byte, s string) ([]byte, int) {
	units := 0
	put := func(u uint16) {
		dst = append(dst, byte(u), byte(u>>8))
		units++
	}
	for i := 0; i < len(s); {
		c := s[i]
		if c < 0x80 {
			put(uint16(c))
			i++
			continue
		}
		if c == 0xED && i+2 < len(s) && s[i+1] >= 0xA0 && s[i+1] <= 0xBF && s[i+2]&0xC0 == 0x80 {
			put(0xD000 | uint16(s[i+1]&0x3F)<<6 | uint16(s[i+2]&0x3F))
			i += 3
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if r >= 0x10000 {
			r -= 0x10000
			put(uint16(0xD800 + r>>10))
			put(uint16(0xDC00 + r&0x3FF))
			continue
		}
		put(uint16(r))
	}
	return dst, units
}

// utf16Len is the number of UTF-16 code units encodeUTF16 would write.
func utf16Len(s string) int {
	_, n := encodeUTF16(nil, s)
	return n
}

// appendSS appends a u16-counted UTF-16LE string. Strings longer than
// 65535 units cannot be stored; the caller checks with utf16Len first.
func appendSS(dst []byte, s string) []byte {
	at := len(dst)
	dst = append(dst, 0, 0)
	dst, n := encodeUTF16(dst, s)
	binary.LittleEndian.PutUint16(dst[at:], uint16(n))
	return dst
}

// upperASCII upper-cases a..z only, the way GUTS does; other characters
// (CJK, accented letters) are stored unchanged.
func upperASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] >= 'a' && s[i] <= 'z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if b[j] >= 'a' && b[j] <= 'z' {
					b[j] -= 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// hasLowerASCII reports whether s has a..z, which the game can never match.
func hasLowerASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 'a' && s[i] <= 'z' {
			return true
		}
	}
	return false
}

// dec reads little-endian fields from a byte slice, remembering the first
// error so parsers can read a whole record and check once.
type dec struct {
	b    []byte
	off  int
	base int64 // absolute file offset of b[0], for error messages
	err  error
	what string // what is being parsed, for error messages
}

func (d *dec) fail(format string, args ...any) {
	if d.err == nil {
		d.err = formatErr("", d.base+int64(d.off), ErrFormat, format, args...)
	}
}

func (d *dec) need(n int, field string) bool {
	if d.err != nil {
		return false
	}
	if n < 0 || len(d.b)-d.off < n {
		d.fail("%s: %s runs past the end (%d bytes needed, %d left)", d.what, field, n, len(d.b)-d.off)
		return false
	}
	return true
}

func (d *dec) left() int { return len(d.b) - d.off }

func (d *dec) u8(field string) uint8 {
	if !d.need(1, field) {
		return 0
	}
	v := d.b[d.off]
	d.off++
	return v
}

func (d *dec) u16(field string) uint16 {
	if !d.need(2, field) {
		return 0
	}
	v := binary.LittleEndian.Uint16(d.b[d.off:])
	d.off += 2
	return v
}

func (d *dec) u32(field string) uint32 {
	if !d.need(4, field) {
		return 0
	}
	v := binary.LittleEndian.Uint32(d.b[d.off:])
	d.off += 4
	return v
}

func (d *dec) u64(field string) uint64 {
	if !d.need(8, field) {
		return 0
	}
	v := binary.LittleEndian.Uint64(d.b[d.off:])
	d.off += 8
	return v
}

func (d *dec) ss(field string) string {
	return string(d.ssAppend(nil, field))
}

// ssAppend appends a u16-counted string's WTF-8 form to dst.
func (d *dec) ssAppend(dst []byte, field string) []byte {
	n := int(d.u16(field))
	if !d.need(2*n, field) {
		return dst
	}
	dst = appendUTF16(dst, d.b[d.off:d.off+2*n])
	d.off += 2 * n
	return dst
}

// UpperName upper-cases a stored name the way GUTS does: ASCII a..z only,
// every other byte (non-ASCII text, lone surrogates) unchanged.
func UpperName(s string) string { return upperASCII(s) }
