package gametext

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"

	kr "packsmith/formats/cp949"
	"packsmith/formats/utf16"
)

// Text is bytes decoded: the text and the encoding it was read in.
type Text struct {
	Text     string
	Encoding string // "UTF-8", "UTF-8 BOM", "UTF-16LE BOM", "UTF-16LE", "UTF-16BE BOM", "CP949"
}

// Decode turns bytes into text, detecting the encoding from a BOM or,
// for BOM-less UTF-16LE (common in Torchlight II files), from the zero
// bytes. Bytes that are not UTF-8 but read cleanly as code page 949 and
// hold Hangul (Lost Saga's Korean files) decode as "CP949". ok is false when
// the bytes do not look like text.
func Decode(b []byte) (t Text, ok bool) {
	switch {
	case bytes.HasPrefix(b, []byte{0xEF, 0xBB, 0xBF}):
		b = b[3:]
		return Text{Text: strings.ToValidUTF8(string(b), "\uFFFD"), Encoding: "UTF-8 BOM"}, true
	case bytes.HasPrefix(b, []byte{0xFF, 0xFE}):
		return Text{Text: utf16Text(b[2:], false), Encoding: "UTF-16LE BOM"}, true
	case bytes.HasPrefix(b, []byte{0xFE, 0xFF}):
		return Text{Text: utf16Text(b[2:], true), Encoding: "UTF-16BE BOM"}, true
	}
	if looksUTF16LE(b) {
		return Text{Text: utf16Text(b, false), Encoding: "UTF-16LE"}, true
	}
	if hasControl(b) {
		return Text{}, false
	}
	if utf8.Valid(trimPartialRune(b)) {
		return Text{Text: string(b), Encoding: "UTF-8"}, true
	}
	if s, ok := decodeCP949(b); ok {
		return Text{Text: s, Encoding: "CP949"}, true
	}
	return Text{}, false
}

// LooksText is Decode's ok without the decoding: callers that only
// sort text from binary (Find in files asks it of every entry's first
// bytes) skip building a string they drop.
func LooksText(b []byte) bool {
	switch {
	case bytes.HasPrefix(b, []byte{0xEF, 0xBB, 0xBF}), bytes.HasPrefix(b, []byte{0xFF, 0xFE}), bytes.HasPrefix(b, []byte{0xFE, 0xFF}):
		return true
	case looksUTF16LE(b):
		return true
	case hasControl(b):
		return false
	case utf8.Valid(trimPartialRune(b)):
		return true
	}
	_, ok := decodeCP949(b)
	return ok
}

// decodeCP949 decodes b as code page 949 (KS X 1001 plus the UHC
// extension; formats/cp949, strict) when that reads
// every byte and the result looks Korean:
//
//   - no byte pair is invalid or unassigned (a lead byte cut off at the
//     end, as a size limit leaves it, is dropped);
//   - at least half the double-byte characters are Hangul (syllables or
//     compatibility jamo);
//   - at most half use an ASCII letter as the trail byte. Only the UHC
//     extension (rarer syllables) does that, while Latin-1 text read as
//     CP949 pairs an accented capital (0xC0–0xC6) with the next letter —
//     "\xC4rger" would otherwise pass as one Hangul syllable and "rger".
func decodeCP949(b []byte) (string, bool) {
	double, asciiTrail := 0, 0
	i := 0
	for i < len(b) {
		if b[i] < 0x80 {
			i++
			continue
		}
		if i+1 == len(b) {
			b = b[:i] // cut in half
			break
		}
		double++
		if b[i+1] < 0x80 {
			asciiTrail++
		}
		i += 2
	}
	if double == 0 || asciiTrail*2 > double {
		return "", false
	}
	out, err := kr.Decode(b)
	if err != nil {
		return "", false
	}
	hangul := 0
	for _, r := range string(out) {
		if unicode.Is(unicode.Hangul, r) {
			hangul++
		}
	}
	if hangul*2 < double {
		return "", false
	}
	return string(out), true
}

// trimPartialRune drops a rune cut in half by a size limit.
func trimPartialRune(b []byte) []byte {
	for i := 0; i < 3 && len(b) > 0; i++ {
		r, size := utf8.DecodeLastRune(b)
		if r != utf8.RuneError || size != 1 {
			break
		}
		if utf8.RuneStart(b[len(b)-1]) || b[len(b)-1]&0xC0 == 0x80 {
			b = b[:len(b)-1]
			continue
		}
		break
	}
	return b
}

func hasControl(b []byte) bool {
	for _, c := range b {
		if c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\f' && c != 0x1A {
			return true
		}
	}
	return false
}

// looksUTF16LE: ASCII-heavy UTF-16LE has a zero at most odd offsets and
// printable bytes at the even ones.
func looksUTF16LE(b []byte) bool {
	n := len(b) / 2
	if n < 2 {
		return false
	}
	if n > 4096 {
		n = 4096
	}
	zeroOdd, printableEven := 0, 0
	for i := 0; i < n; i++ {
		lo, hi := b[2*i], b[2*i+1]
		if hi == 0 {
			zeroOdd++
		}
		if lo >= 0x20 || lo == '\n' || lo == '\r' || lo == '\t' {
			printableEven++
		}
	}
	return zeroOdd*10 >= n*8 && printableEven*10 >= n*9
}

// utf16Text is the text shown for UTF-16 bytes: a lone surrogate is
// U+FFFD here, as the window only shows it.
func utf16Text(b []byte, bigEndian bool) string {
	return utf16.ReplaceLone(utf16.Decode(b, bigEndian))
}
