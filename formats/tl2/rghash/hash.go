package rghash

import (
	"math/bits"
	"unicode/utf8"
)

// Hash returns rg_hash of s. s is read as UTF-8; three-byte encodings of
// surrogates (WTF-8, as produced by this project's UTF-16 decoders for lone
// surrogates) count as the single code unit they encode, so a name read from
// a UTF-16 file hashes exactly as the game hashes it. Any other invalid byte
// counts as U+FFFD. No case folding: the engine's hash is case-sensitive.
func Hash(s string) uint32 {
	// ASCII, nearly every real name: one unit per byte, so the seed is
	// len(s) and one pass does.
	h := uint32(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			return hashWide(s)
		}
		h = bits.RotateLeft32(h, 5) ^ uint32(c)
	}
	return h
}

// hashWide is Hash for names with non-ASCII characters.
func hashWide(s string) uint32 {
	// The seed is the length in UTF-16 code units, so count first.
	n := uint32(0)
	for i := 0; i < len(s); {
		_, u2, size := nextUnits(s, i)
		n++
		if u2 != 0 {
			n++
		}
		i += size
	}
	h := n
	for i := 0; i < len(s); {
		u1, u2, size := nextUnits(s, i)
		h = bits.RotateLeft32(h, 5) ^ uint32(u1)
		if u2 != 0 {
			h = bits.RotateLeft32(h, 5) ^ uint32(u2)
		}
		i += size
	}
	return h
}

// nextUnits decodes the UTF-16 code unit(s) of the character at s[i]:
// u2 is non-zero only for a supplementary-plane rune (a surrogate pair).
func nextUnits(s string, i int) (u1, u2 uint16, size int) {
	c := s[i]
	if c < utf8.RuneSelf {
		return uint16(c), 0, 1
	}
	if u, ok := surrogateAt(s, i); ok {
		return u, 0, 3
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	if r >= 0x10000 {
		r -= 0x10000
		return uint16(0xD800 + r>>10), uint16(0xDC00 + r&0x3FF), size
	}
	return uint16(r), 0, size // U+FFFD for an invalid byte
}

// surrogateAt reports whether s[i:] starts with the WTF-8 form of a
// surrogate code unit (ED A0..BF 80..BF), which utf8 rejects as invalid.
func surrogateAt(s string, i int) (uint16, bool) {
	if i+2 < len(s) && s[i] == 0xED && s[i+1] >= 0xA0 && s[i+1] <= 0xBF && s[i+2] >= 0x80 && s[i+2] <= 0xBF {
		return 0xD000 | uint16(s[i+1]&0x3F)<<6 | uint16(s[i+2]&0x3F), true
	}
	return 0, false
}

// AppendUTF16 appends the UTF-16 code units of s (see Hash for how s is
// read) to dst. It is the inverse of formats/utf16's decoding for every
// unit sequence, lone surrogates included.
func AppendUTF16(dst []uint16, s string) []uint16 {
	for i := 0; i < len(s); {
		u1, u2, size := nextUnits(s, i)
		dst = append(dst, u1)
		if u2 != 0 {
			dst = append(dst, u2)
		}
		i += size
	}
	return dst
}
