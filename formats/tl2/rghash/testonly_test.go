package rghash

import (
	"math/bits"
	"unicode/utf8"
)

// Helpers only tests use, moved out of the package's production files.

// HashUnits returns rg_hash of a name already held as UTF-16 code units.
func HashUnits(u []uint16) uint32 {
	h := uint32(len(u))
	for _, c := range u {
		h = bits.RotateLeft32(h, 5) ^ uint32(c)
	}
	return h
}

// ValidWTF8 reports whether s is valid UTF-8 apart from WTF-8 surrogate
// encodings, i.e. whether AppendUTF16 converts it without U+FFFD losses.
func ValidWTF8(s string) bool {
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		if _, ok := surrogateAt(s, i); ok {
			i += 3
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return false
		}
		i += size
	}
	return true
}
