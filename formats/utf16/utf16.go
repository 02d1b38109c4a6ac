package utf16

import (
	"encoding/binary"
	"slices"
	"strings"
	"unicode/utf8"
)

// IsASCII reports whether every byte of s is below 0x80 (each byte is
// then one UTF-16 unit), eight at a time.
func IsASCII(s string) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if (s[i]|s[i+1]|s[i+2]|s[i+3]|s[i+4]|s[i+5]|s[i+6]|s[i+7])&0x80 != 0 {
			return false
		}
	}
	for ; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// Decode returns the text of the code units in b (see the package doc).
func Decode(b []byte, bigEndian bool) string {
	return string(Append(nil, b, bigEndian))
}

// Append appends the text of the code units in b to dst.
func Append(dst, b []byte, bigEndian bool) []byte {
	n := len(b) / 2
	if n == 0 {
		return dst
	}
	// ASCII is one byte per unit; anything else grows the buffer later.
	if cap(dst)-len(dst) < n {
		dst = slices.Grow(dst, n+n/4)
	}
	unit := func(i int) uint16 {
		if bigEndian {
			return binary.BigEndian.Uint16(b[i:])
		}
		return binary.LittleEndian.Uint16(b[i:])
	}
	end := 2 * n
	for i := 0; i < end; {
		if !bigEndian {
			var j int
			if i, j = asciiRun(dst, b[:end], i); j > len(dst) {
				dst = dst[:j]
			}
			if i >= end {
				break
			}
		}
		c := unit(i)
		i += 2
		if c < 0x80 {
			dst = append(dst, byte(c))
			continue
		}
		var next uint16
		if i < end {
			next = unit(i)
		}
		var pair bool
		dst, pair = appendUnit(dst, c, next, i < end)
		if pair {
			i += 2
		}
	}
	return dst
}

// asciiRun copies little-endian ASCII units from b[i:] into dst's spare
// capacity sixteen, then eight, then four at a time (every high byte zero,
// every low byte below 0x80), while dst has room. It returns where it
// stopped in b and the new length of dst.
func asciiRun(dst, b []byte, i int) (int, int) {
	const nonASCII = 0xFF80FF80FF80FF80
	j := len(dst)
	out := dst[:cap(dst)]
	for ; i+32 <= len(b) && j+16 <= len(out); i, j = i+32, j+16 {
		in := b[i : i+32 : i+32]
		a, c := binary.LittleEndian.Uint64(in), binary.LittleEndian.Uint64(in[8:])
		d, e := binary.LittleEndian.Uint64(in[16:]), binary.LittleEndian.Uint64(in[24:])
		if (a|c|d|e)&nonASCII != 0 {
			break
		}
		o := out[j : j+16 : j+16]
		binary.LittleEndian.PutUint64(o, packASCII(a)|packASCII(c)<<32)
		binary.LittleEndian.PutUint64(o[8:], packASCII(d)|packASCII(e)<<32)
	}
	for ; i+16 <= len(b) && j+8 <= len(out); i, j = i+16, j+8 {
		in := b[i : i+16 : i+16]
		v, w := binary.LittleEndian.Uint64(in), binary.LittleEndian.Uint64(in[8:])
		if (v|w)&nonASCII != 0 {
			break
		}
		binary.LittleEndian.PutUint64(out[j:j+8:j+8], packASCII(v)|packASCII(w)<<32)
	}
	if i+8 <= len(b) && j+4 <= len(out) {
		if v := binary.LittleEndian.Uint64(b[i:]); v&nonASCII == 0 {
			binary.LittleEndian.PutUint32(out[j:j+4], uint32(packASCII(v)))
			i += 8
			j += 4
		}
	}
	return i, j
}

// packASCII packs four UTF-16LE units with zero high bytes (bytes
// a 0 b 0 c 0 d 0) into the low four bytes (a b c d).
func packASCII(v uint64) uint64 {
	v = (v | v>>8) & 0x0000FFFF0000FFFF
	return (v | v>>16) & 0xFFFFFFFF
}

// DecodeUnits returns the text of code units already read.
func DecodeUnits(u []uint16) string {
	return string(AppendUnits(make([]byte, 0, len(u)), u))
}

// AppendUnits appends the text of code units already read to dst.
func AppendUnits(dst []byte, u []uint16) []byte {
	for i := 0; i < len(u); i++ {
		c := u[i]
		if c < 0x80 {
			dst = append(dst, byte(c))
			continue
		}
		var next uint16
		if i+1 < len(u) {
			next = u[i+1]
		}
		var pair bool
		if dst, pair = appendUnit(dst, c, next, i+1 < len(u)); pair {
			i++
		}
	}
	return dst
}

// appendUnit appends the text of unit c, given the unit after it when
// there is one, and reports whether the two made a pair (both used).
func appendUnit(dst []byte, c, next uint16, hasNext bool) ([]byte, bool) {
	switch {
	case c >= 0xD800 && c < 0xDC00 && hasNext && next >= 0xDC00 && next < 0xE000:
		return utf8.AppendRune(dst, 0x10000+(rune(c)-0xD800)<<10+(rune(next)-0xDC00)), true
	case c >= 0xD800 && c < 0xE000:
		return append(dst, 0xED, 0x80|byte(c>>6&0x3F), 0x80|byte(c&0x3F)), false
	}
	return utf8.AppendRune(dst, rune(c)), false
}

// ReplaceLone turns the WTF-8 form of each lone surrogate in s (as Decode
// writes it) into U+FFFD, giving valid UTF-8 for display. Other bytes are
// kept, invalid ones included.
func ReplaceLone(s string) string {
	i := strings.IndexByte(s, 0xED)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i >= 0 {
		b.WriteString(s[:i])
		if isSurrogate(s[i:]) {
			b.WriteString("\uFFFD")
			s = s[i+3:]
		} else {
			b.WriteByte(0xED)
			s = s[i+1:]
		}
		i = strings.IndexByte(s, 0xED)
	}
	b.WriteString(s)
	return b.String()
}

// isSurrogate reports whether s starts with a surrogate's WTF-8 form.
func isSurrogate(s string) bool {
	return len(s) >= 3 && s[0] == 0xED && s[1] >= 0xA0 && s[1] <= 0xBF && s[2]&0xC0 == 0x80
}

// LoneAt lists the byte offsets in s of the WTF-8 form of each lone
// surrogate (as Decode writes it), with the surrogate's value: what a
// reader of characters (a []rune conversion, JSON, a text box) turns into
// U+FFFD, for the callers that must say so.
func LoneAt(s string) (offsets []int, units []uint16) {
	for i := strings.IndexByte(s, 0xED); i >= 0; {
		if isSurrogate(s[i:]) {
			offsets = append(offsets, i)
			units = append(units, 0xD000|uint16(s[i+1]&0x3F)<<6|uint16(s[i+2]&0x3F))
			i += 3
		} else {
			i++
		}
		j := strings.IndexByte(s[i:], 0xED)
		if j < 0 {
			break
		}
		i += j
	}
	return offsets, units
}
