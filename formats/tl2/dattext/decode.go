package dattext

import (
	"strings"
	"unicode/utf8"
	"unsafe"

	"packsmith/formats/tl2/rghash"
	"packsmith/formats/utf16"
)

// Encoding is the byte encoding of a text file.
type Encoding int

const (
	UTF16LEBOM Encoding = iota // FF FE, what GUTS writes
	UTF16LE                    // no BOM, detected by a zero high byte
	UTF16BEBOM                 // FE FF
	UTF8BOM                    // EF BB BF
	UTF8                       // no BOM
)

// Detect tells the encoding of src from its BOM, else from the first two
// bytes (an ASCII character followed by a zero byte means UTF-16LE).
func Detect(src []byte) Encoding {
	switch {
	case len(src) >= 2 && src[0] == 0xFF && src[1] == 0xFE:
		return UTF16LEBOM
	case len(src) >= 2 && src[0] == 0xFE && src[1] == 0xFF:
		return UTF16BEBOM
	case len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF:
		return UTF8BOM
	case len(src) >= 2 && src[0] != 0 && src[1] == 0:
		return UTF16LE
	}
	return UTF8
}

// Decode turns file bytes into text (BOM removed). UTF-16 lone surrogates
// are kept in WTF-8 form (see formats/utf16) so they reach the BINDAT
// string table unchanged. An odd UTF-16 byte count or invalid UTF-8 is an
// error naming the file and byte offset.
func Decode(file string, src []byte) (string, Encoding, error) {
	s, enc, _, err := decodeInto(nil, file, src)
	return s, enc, err
}

// decodeInto is Decode writing UTF-16 text into buf's memory (see
// decodeUTF16Into); it returns the buffer to keep for the next file.
func decodeInto(buf []byte, file string, src []byte) (string, Encoding, []byte, error) {
	enc := Detect(src)
	switch enc {
	case UTF16LEBOM, UTF16LE, UTF16BEBOM:
		body := src
		if enc != UTF16LE {
			body = src[2:]
		}
		if len(body)%2 != 0 {
			return "", enc, buf, &Error{File: file, Offset: int64(len(src) - 1), Msg: "odd number of bytes in a UTF-16 file"}
		}
		text, buf := decodeUTF16Into(buf, body, enc == UTF16BEBOM)
		return text, enc, buf, nil
	}
	body := src
	if enc == UTF8BOM {
		body = src[3:]
	}
	s := string(body)
	if off := firstInvalid(s); off >= 0 {
		return "", enc, buf, &Error{File: file, Line: lineAt(s, off), Offset: int64(off + len(src) - len(body)), Msg: "invalid UTF-8"}
	}
	if strings.IndexByte(s, 0xED) >= 0 {
		// Surrogates written one by one in WTF-8 may form a pair; fold it into
		// the four-byte form so the string matches what UTF-16 decoding gives.
		s = utf16.DecodeUnits(rghash.AppendUTF16(nil, s))
	}
	return s, enc, buf, nil
}

// decodeUTF16Into decodes UTF-16 bytes (even length, no BOM) with
// formats/utf16 into buf's memory when it has room (a Parser's, reused: the
// string is valid until buf is written again); it also returns the buffer
// used, for the next time.
func decodeUTF16Into(buf, body []byte, bigEndian bool) (string, []byte) {
	if len(body) < 2 {
		return "", buf
	}
	dst := utf16.Append(buf[:0], body, bigEndian)
	// dst is not written again while the string is in use (never, unless a
	// Parser reuses it), so it can back the string (as strings.Builder
	// does) instead of being copied.
	return unsafe.String(unsafe.SliceData(dst), len(dst)), dst
}

// firstInvalid returns the offset of the first byte that is neither UTF-8
// nor a WTF-8 surrogate, or -1.
func firstInvalid(s string) int {
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		if i+2 < len(s) && s[i] == 0xED && s[i+1]&0xE0 == 0xA0 && s[i+2]&0xC0 == 0x80 {
			i += 3
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return -1
}

func lineAt(s string, off int) int {
	line := 1
	for i := 0; i < off && i < len(s); i++ {
		if s[i] == '\n' {
			line++
		}
	}
	return line
}

// AppendUTF16LE appends text as UTF-16LE bytes (no BOM) to dst.
func AppendUTF16LE(dst []byte, text string) []byte {
	var buf [64]uint16
	for len(text) > 0 {
		// ASCII, nearly all of real files, needs no conversion.
		i := 0
		for i < len(text) && text[i] < utf8.RuneSelf {
			i++
		}
		for _, c := range []byte(text[:i]) {
			dst = append(dst, c, 0)
		}
		text = text[i:]
		if len(text) == 0 {
			break
		}
		// Convert up to the next ASCII byte so no character is split.
		n := 1
		for n < len(text) && text[n] >= utf8.RuneSelf && n < 48 {
			n++
		}
		for n < len(text) && text[n]&0xC0 == 0x80 {
			n++
		}
		for _, c := range rghash.AppendUTF16(buf[:0], text[:n]) {
			dst = append(dst, byte(c), byte(c>>8))
		}
		text = text[n:]
	}
	return dst
}

// EncodeText turns text into file bytes in the given encoding.
func EncodeText(text string, enc Encoding) []byte {
	switch enc {
	case UTF8:
		return []byte(text)
	case UTF8BOM:
		return append([]byte("\xEF\xBB\xBF"), text...)
	case UTF16BEBOM:
		b := AppendUTF16LE([]byte{0xFF, 0xFE}, text)
		for i := 0; i+1 < len(b); i += 2 {
			b[i], b[i+1] = b[i+1], b[i]
		}
		return b
	case UTF16LE:
		return AppendUTF16LE(make([]byte, 0, 2*len(text)), text)
	}
	return AppendUTF16LE(append(make([]byte, 0, 2*len(text)+2), 0xFF, 0xFE), text)
}
