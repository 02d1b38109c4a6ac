package bindat

import (
	"fmt"
	"math/bits"
	"strings"

	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/rghash"
)

// UnknownName returns the UNK_<HEX8> escape for a hash with no known name.
func UnknownName(h uint32) string { return fmt.Sprintf("UNK_%08X", h) }

// ParseUnknownName recognises the UNK_<HEX8> escape: exactly "UNK_" and
// eight upper-case hex digits. Anything else is an ordinary name.
func ParseUnknownName(s string) (uint32, bool) {
	if len(s) != 12 || !strings.HasPrefix(s, "UNK_") {
		return 0, false
	}
	var h uint32
	for i := 4; i < 12; i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			h = h<<4 | uint32(c-'0')
		case c >= 'A' && c <= 'F':
			h = h<<4 | uint32(c-'A'+10)
		default:
			return 0, false
		}
	}
	return h, true
}

// NameHash is the hash a section or key name compiles to: the value of an
// UNK_<HEX8> escape, else rg_hash(name).
func NameHash(name string) uint32 {
	if h, ok := ParseUnknownName(name); ok {
		return h
	}
	return hash(name)
}

// hash is rghash.Hash, with ASCII taken eight bytes a step. The hash turns
// the running value left by 5 and xors in each unit, so eight steps turn
// it by 40 and each byte by 5 for every byte after it: eight independent
// rotations instead of a chain of eight dependent ones. Anything else
// (non-ASCII) is left to rghash.Hash.
func hash(s string) uint32 {
	h := uint32(len(s)) // the length in units, for ASCII
	i := 0
	for ; i+8 <= len(s); i += 8 {
		v := load64(s[i:])
		if v&0x8080808080808080 != 0 {
			return rghash.Hash(s)
		}
		h = bits.RotateLeft32(h, 40%32) ^
			bits.RotateLeft32(uint32(v)&0xFF, 35%32) ^
			bits.RotateLeft32(uint32(v>>8)&0xFF, 30) ^
			bits.RotateLeft32(uint32(v>>16)&0xFF, 25) ^
			bits.RotateLeft32(uint32(v>>24)&0xFF, 20) ^
			bits.RotateLeft32(uint32(v>>32)&0xFF, 15) ^
			bits.RotateLeft32(uint32(v>>40)&0xFF, 10) ^
			bits.RotateLeft32(uint32(v>>48)&0xFF, 5) ^
			uint32(v>>56)
	}
	for ; i < len(s); i++ {
		if s[i] >= 0x80 {
			return rghash.Hash(s)
		}
		h = bits.RotateLeft32(h, 5) ^ uint32(s[i])
	}
	return h
}

// RootName is the name GUTS hashes for a root written []: the file name
// without directory and last extension, ASCII upper-cased
// ("media/tags.dat" → "TAGS").
func RootName(file string) string {
	// Either separator: sources may name Windows paths on any system.
	base := file[strings.LastIndexAny(file, `/\`)+1:]
	if i := strings.LastIndexByte(base, '.'); i > 0 {
		base = base[:i]
	}
	return upperASCII(base)
}

func upperASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 32
		}
	}
	return string(b)
}

// nameFor picks the text for a hash: the dictionary name when it is
// printable and really hashes back to h, else UNK_<HEX8>.
func nameFor(h uint32, dict *rghash.Dictionary, key bool) string {
	if n, ok := dict.Name(h); ok && NameHash(n) == h && printable(n, key) {
		return n
	}
	return UnknownName(h)
}

func printable(n string, key bool) bool {
	if key {
		return dattext.ValidKey(n)
	}
	return dattext.ValidName(n)
}
