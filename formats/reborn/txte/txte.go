package txte

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Magic starts every txte.
var Magic = []byte("txte")

// ErrFormat is wrapped by every decoding error.
var ErrFormat = errors.New("txte: malformed")

const (
	headerSize = 16
	rowSize    = 32
)

// Row is one text entry.
type Row struct {
	Key    string `json:"key"`
	Text   string `json:"text"`
	Third  string `json:"third,omitempty"`
	Fourth string `json:"fourth,omitempty"`
}

func errf(off int64, format string, args ...any) error {
	return fmt.Errorf("%w: %s (offset 0x%X)", ErrFormat, fmt.Sprintf(format, args...), off)
}

// Is reports whether b starts with the txte magic.
func Is(b []byte) bool { return bytes.HasPrefix(b, Magic) }

// Decode reads a txte; trailing zero padding is allowed.
func Decode(b []byte) ([]Row, error) {
	if len(b) < headerSize || !Is(b) {
		return nil, errf(0, "no txte header")
	}
	le := binary.LittleEndian
	n := int64(int32(le.Uint32(b[4:])))
	if hs, rs := le.Uint32(b[8:]), le.Uint32(b[12:]); hs != headerSize || rs != rowSize {
		return nil, errf(8, "header size %d and row size %d, want 16 and 32", hs, rs)
	}
	if n < 0 || headerSize+n*rowSize > int64(len(b)) {
		return nil, errf(4, "%d rows do not fit in %d bytes", n, len(b))
	}
	rows := make([]Row, n)
	for i := range rows {
		var s [4]string
		for j := range s {
			at := int64(headerSize + i*rowSize + 8*j)
			off := le.Uint64(b[at:])
			if off == 0 {
				continue
			}
			if off >= uint64(len(b)) {
				return nil, errf(at, "row %d string %d at 0x%X past the end", i, j, off)
			}
			end := bytes.IndexByte(b[off:], 0)
			if end < 0 {
				return nil, errf(int64(off), "row %d string %d has no NUL", i, j)
			}
			s[j] = string(b[off : off+uint64(end)])
		}
		rows[i] = Row{Key: s[0], Text: s[1], Third: s[2], Fourth: s[3]}
	}
	return rows, nil
}

// Encode writes rows as a txte (no trailing padding: the pack adds it).
func Encode(rows []Row) []byte {
	le := binary.LittleEndian
	out := make([]byte, headerSize+rowSize*len(rows))
	copy(out, Magic)
	le.PutUint32(out[4:], uint32(len(rows)))
	le.PutUint32(out[8:], headerSize)
	le.PutUint32(out[12:], rowSize)
	for i, r := range rows {
		for j, s := range []string{r.Key, r.Text, r.Third, r.Fourth} {
			if s == "" {
				continue
			}
			le.PutUint64(out[headerSize+i*rowSize+8*j:], uint64(len(out)))
			out = append(append(out, s...), 0)
		}
	}
	return out
}

// IsPrivate reports whether r is a private-use code point (a macro code).
func IsPrivate(r rune) bool { return r >= 0xE000 && r <= 0xF8FF }

// Visible writes every private-use code point as {U+XXXX}.
func Visible(s string) string {
	var b strings.Builder
	for _, r := range s {
		if IsPrivate(r) {
			fmt.Fprintf(&b, "{U+%04X}", r)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

var visibleCode = regexp.MustCompile(`\{U\+([0-9A-Fa-f]{4,6})\}`)

// FromVisible undoes Visible; it refuses text that is not UTF-8.
func FromVisible(s string) (string, error) {
	if !utf8.ValidString(s) {
		return "", fmt.Errorf("txte: text is not UTF-8")
	}
	var err error
	out := visibleCode.ReplaceAllStringFunc(s, func(m string) string {
		v, e := strconv.ParseUint(m[3:len(m)-1], 16, 32)
		if e != nil || !utf8.ValidRune(rune(v)) {
			err = fmt.Errorf("txte: %s is not a code point", m)
			return m
		}
		return string(rune(v))
	})
	return out, err
}
