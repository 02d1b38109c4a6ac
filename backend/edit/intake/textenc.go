package intake

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"packsmith/backend/archive"
	"packsmith/backend/view/preview"
	"packsmith/formats/cp949"
	utf16x "packsmith/formats/utf16"
)

// keepsText: text files written into a keep the encoding they came in
// (Lost Saga packs: CP949 or UTF-16, which the client reads as bytes).
func keepsText(a archive.Archive) bool { return a.Capabilities().KeepsTextEncoding }

// maxText bounds the text files re-encoded (Lost Saga's are small).
const maxText = 16 << 20

// keepsTextEntry: a write of entry into a may need re-encoding.
func keepsTextEntry(a archive.Archive, entry string) bool {
	if !keepsText(a) {
		return false
	}
	e, ok := archive.Find(a, entry)
	return ok && e.Size >= 0 && e.Size <= maxText
}

// reencodeText writes UTF-8 text given for a text entry in the entry's
// own encoding (CP949, UTF-16LE with or without BOM), with its line
// endings; done is false when no conversion is needed (the entry is not
// text, is UTF-8 itself, or the source is not UTF-8 text).
func reencodeText(a archive.Archive, entry, display string, b []byte) (Converted, bool, error) {
	if !utf8.Valid(b) || bytes.IndexByte(b, 0) >= 0 {
		return Converted{}, false, nil // not UTF-8 text: the user's bytes, as they are
	}
	orig, err := readEntry(a, entry)
	if err != nil {
		return Converted{}, true, err
	}
	was, ok := preview.DecodeText(orig)
	if !ok {
		return Converted{}, false, nil
	}
	return lonesSaid(encodeLike(was, display, string(b)))(orig, display, string(b))
}

// EncodeLike writes UTF-8 text (the window's editor) in the encoding and
// line ends of entry's current bytes, whatever the family: done is false
// when the text can be stored as it is.
func EncodeLike(a archive.Archive, entry, display, text string) (Converted, bool, error) {
	orig, err := readEntry(a, entry)
	if err != nil {
		return Converted{}, false, nil // a new entry: UTF-8
	}
	was, ok := preview.DecodeText(orig)
	if !ok {
		return Converted{}, false, nil
	}
	return lonesSaid(encodeLike(was, display, text))(orig, display, text)
}

// lonesSaid adds a warning for each U+FFFD the new text holds where the
// entry's UTF-16 held a lone surrogate: the text shown (and edited) could
// not carry it, so writing stores U+FFFD in its place (issue 30: said
// nowhere). As many warnings as the entry had lone surrogates, at the
// lines of the new text's U+FFFD.
func lonesSaid(c Converted, done bool, err error) func(orig []byte, display, text string) (Converted, bool, error) {
	return func(orig []byte, display, text string) (Converted, bool, error) {
		if err != nil || !done || c.Data == nil {
			return c, done, err
		}
		var units []uint16
		switch {
		case len(orig) >= 2 && orig[0] == 0xFF && orig[1] == 0xFE:
			_, units = utf16x.LoneAt(utf16x.Decode(orig[2:len(orig)&^1], false))
		case len(orig) >= 2 && orig[0] == 0xFE && orig[1] == 0xFF:
			_, units = utf16x.LoneAt(utf16x.Decode(orig[2:len(orig)&^1], true))
		case len(orig) >= 2 && orig[0] != 0 && orig[1] == 0:
			_, units = utf16x.LoneAt(utf16x.Decode(orig[:len(orig)&^1], false))
		}
		line, n := 1, 0
		for i, r := range text {
			if r == '\n' {
				line++
			}
			if r == '\uFFFD' && n < len(units) && text[i:i+3] == "\uFFFD" {
				c.Warnings = append(c.Warnings, fmt.Sprintf("%s:%d: U+FFFD (the replacement character) stored where the entry held a lone UTF-16 surrogate, U+%04X: the text cannot carry half a character pair", display, line, units[n]))
				n++
			}
		}
		return c, done, err
	}
}

func encodeLike(was preview.Text, display, text string) (Converted, bool, error) {
	var err error
	text = strings.TrimPrefix(text, "\uFEFF")
	crlf := strings.Contains(was.Text, "\r\n")
	eol := ""
	if crlf && strings.Contains(text, "\n") && !strings.Contains(text, "\r\n") {
		text = strings.ReplaceAll(text, "\n", "\r\n")
		eol = ", CRLF line ends kept"
	}
	var out []byte
	switch was.Encoding {
	case "CP949":
		out, err = cp949.Encode(text)
		if err != nil {
			if ee, ok := err.(*cp949.EncodeError); ok {
				line := 1 + strings.Count(text[:ee.Offset], "\n")
				return Converted{}, true, fmt.Errorf("%s:%d: %q has no code page 949 form (the entry is CP949 text)", display, line, ee.Rune)
			}
			return Converted{}, true, fmt.Errorf("%s: %w", display, err)
		}
	case "UTF-16LE BOM", "UTF-16LE", "UTF-16BE BOM":
		u := utf16.Encode([]rune(text))
		if was.Encoding != "UTF-16LE" { // the BOM it had
			u = append([]uint16{0xFEFF}, u...)
		}
		be := was.Encoding == "UTF-16BE BOM"
		out = make([]byte, 0, 2*len(u))
		for _, c := range u {
			if be {
				out = append(out, byte(c>>8), byte(c))
			} else {
				out = append(out, byte(c), byte(c>>8))
			}
		}
	case "UTF-8 BOM":
		out = append([]byte("\uFEFF"), text...)
		return Converted{Data: out, Label: "UTF-8 text, its BOM kept" + eol}, true, nil
	default: // UTF-8 (or ASCII) already
		if eol == "" {
			return Converted{}, false, nil
		}
		out = []byte(text)
		return Converted{Data: out, Label: "UTF-8 text" + eol}, true, nil
	}
	return Converted{Data: out, Label: "UTF-8 text written as " + was.Encoding + eol}, true, nil
}
