package bindat

import (
	"fmt"
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
	return rghash.Hash(name)
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
