package cp949

import (
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"
)

// trailIndex maps a trail byte to its column in a row, or -1.
func trailIndex(b byte) int {
	switch {
	case b >= 0x41 && b <= 0x5A:
		return int(b - 0x41)
	case b >= 0x61 && b <= 0x7A:
		return int(b-0x61) + 26
	case b >= 0x81 && b <= 0xFE:
		return int(b-0x81) + 52
	}
	return -1
}

func trailByte(col int) byte {
	switch {
	case col < 26:
		return byte(0x41 + col)
	case col < 52:
		return byte(0x61 + col - 26)
	}
	return byte(0x81 + col - 52)
}

var (
	decOnce sync.Once
	dec     [126][178]rune  // 0 when the pair is not a character
	enc     map[rune]uint16 // character → lead<<8 | trail
)

func build() {
	enc = make(map[rune]uint16, mappedPairs)
	for i, row := range rows {
		col := 0
		for _, r := range row {
			if r != utf8.RuneError {
				dec[i][col] = r
				enc[r] = uint16(0x81+i)<<8 | uint16(trailByte(col))
			}
			col++
		}
		if col != 178 {
			panic(fmt.Sprintf("cp949: table row %02X has %d columns", 0x81+i, col))
		}
	}
}

// DecodeError says where bytes are not code page 949.
type DecodeError struct {
	Offset int
	Bytes  []byte // the one or two bytes that do not form a character
}

func (e *DecodeError) Error() string {
	return fmt.Sprintf("cp949: bytes % X at offset %d are not a code page 949 character", e.Bytes, e.Offset)
}

// EncodeError names a character code page 949 cannot hold.
type EncodeError struct {
	Rune   rune
	Offset int // byte offset in the UTF-8 input
}

func (e *EncodeError) Error() string {
	if e.Rune == utf8.RuneError {
		return fmt.Sprintf("cp949: invalid UTF-8 at offset %d", e.Offset)
	}
	return fmt.Sprintf("cp949: %q (U+%04X) at offset %d cannot be written in code page 949", e.Rune, e.Rune, e.Offset)
}

// pair decodes a two-byte sequence; 0 when it is not a character.
func pair(lead, trail byte) rune {
	if lead < 0x81 || lead > 0xFE {
		return 0
	}
	t := trailIndex(trail)
	if t < 0 {
		return 0
	}
	decOnce.Do(build)
	return dec[lead-0x81][t]
}

// Decode converts code page 949 bytes to UTF-8.
func Decode(b []byte) (string, error) {
	var sb strings.Builder
	sb.Grow(len(b) + len(b)/2)
	for i := 0; i < len(b); {
		c := b[i]
		if c < 0x80 {
			sb.WriteByte(c)
			i++
			continue
		}
		if i+1 >= len(b) {
			return "", &DecodeError{Offset: i, Bytes: []byte{c}}
		}
		r := pair(c, b[i+1])
		if r == 0 {
			return "", &DecodeError{Offset: i, Bytes: []byte{c, b[i+1]}}
		}
		sb.WriteRune(r)
		i += 2
	}
	return sb.String(), nil
}

// Encode converts UTF-8 text to code page 949.
func Encode(s string) ([]byte, error) {
	out := make([]byte, 0, len(s))
	for i, r := range s {
		if r < 0x80 {
			out = append(out, byte(r))
			continue
		}
		if r == utf8.RuneError {
			if _, n := utf8.DecodeRuneInString(s[i:]); n <= 1 {
				return nil, &EncodeError{Rune: r, Offset: i}
			}
		}
		decOnce.Do(build)
		c, ok := enc[r]
		if !ok {
			return nil, &EncodeError{Rune: r, Offset: i}
		}
		out = append(out, byte(c>>8), byte(c))
	}
	return out, nil
}

// Display turns a stored name into text to show: code page 949 decoded;
// a name that is not code page 949 but is UTF-8 (as some tools write) as
// it is; otherwise every byte that is not part of a character as %XX.
func Display(b []byte) string {
	if s, err := Decode(b); err == nil {
		return s
	}
	if utf8.Valid(b) {
		return string(b)
	}
	var sb strings.Builder
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case c < 0x80:
			sb.WriteByte(c)
			i++
			continue
		case i+1 < len(b):
			if r := pair(c, b[i+1]); r != 0 {
				sb.WriteRune(r)
				i += 2
				continue
			}
		}
		fmt.Fprintf(&sb, "%%%02X", c)
		i++
	}
	return sb.String()
}

// FoldKey is the name the Lost Saga client looks a stored name up by:
// every byte A–Z lower-cased (C strlwr, "C" locale) and '/' turned into '\'.
func FoldKey(raw string) string {
	b := []byte(raw)
	for i, c := range b {
		switch {
		case c >= 'A' && c <= 'Z':
			b[i] = c + 0x20
		case c == '/':
			b[i] = '\\'
		}
	}
	return string(b)
}
