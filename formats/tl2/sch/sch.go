package sch

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"

	wtf16 "packsmith/formats/utf16"
)

// MaxSize bounds the files Parse accepts: a list of a hundred mods is about
// 6 KB, so anything this large is not a modlauncher.sch.
const MaxSize = 4 << 20

// The canonical text, as the official launcher writes it.
const (
	openTag  = "[MODS]"
	closeTag = "[/MODS]"
	modTag   = "<INTEGER64>MODGUID:"
	crlf     = "\r\n"
)

type lineKind uint8

const (
	kindOther lineKind = iota
	kindOpen
	kindClose
	kindMod
)

// line is one line as read: its UTF-16 code units (kept raw so even an
// unpaired surrogate survives) and its terminator.
type line struct {
	text []uint16
	eol  string // "\r\n", "\n" or "" for a last line without one
	kind lineKind
	id   int64 // for kindMod
}

// File is a parsed modlauncher.sch.
type File struct {
	bom   bool
	lines []line
}

// ErrInvalid is what every ParseError wraps, for errors.Is: the bytes are
// not a mod list the game reads (no UTF-16LE mark, a bad line, too big).
var ErrInvalid = errors.New("sch: not a readable mod list")

// ParseError reports a line Parse cannot accept. Line is 1-based (0 when the
// problem is not on one line); Offset is the byte offset in the file.
type ParseError struct {
	Line   int
	Offset int64
	Msg    string
}

// Unwrap gives ErrInvalid.
func (e *ParseError) Unwrap() error { return ErrInvalid }

func (e *ParseError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("sch: line %d (offset %d): %s", e.Line, e.Offset, e.Msg)
	}
	return fmt.Sprintf("sch: offset %d: %s", e.Offset, e.Msg)
}

// New returns the file the official launcher writes for ids, in order.
func New(ids []int64) *File {
	f := &File{bom: true}
	f.lines = append(f.lines, textLine(openTag, kindOpen, 0))
	for _, id := range ids {
		f.lines = append(f.lines, modLine(id))
	}
	f.lines = append(f.lines, textLine(closeTag, kindClose, 0))
	return f
}

func textLine(s string, k lineKind, id int64) line {
	return line{text: utf16.Encode([]rune(s)), eol: crlf, kind: k, id: id}
}

func modLine(id int64) line {
	return textLine("\t"+modTag+strconv.FormatInt(id, 10), kindMod, id)
}

// Parse reads a modlauncher.sch. An empty input gives an empty File (no
// mods); otherwise the input must be UTF-16LE with its byte-order mark.
func Parse(b []byte) (*File, error) {
	if len(b) > MaxSize {
		return nil, &ParseError{Offset: MaxSize, Msg: fmt.Sprintf("file is %d bytes, over the %d-byte limit for a mod list", len(b), MaxSize)}
	}
	f := &File{}
	if len(b) == 0 {
		return f, nil
	}
	switch {
	case len(b) >= 2 && b[0] == 0xFF && b[1] == 0xFE:
		f.bom = true
	case len(b) >= 2 && b[0] == 0xFE && b[1] == 0xFF:
		return nil, &ParseError{Msg: "byte-order mark FE FF is UTF-16BE; the game reads UTF-16LE (FF FE)"}
	case len(b) >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF:
		return nil, &ParseError{Msg: "byte-order mark EF BB BF is UTF-8; the game reads UTF-16LE (FF FE)"}
	default:
		return nil, &ParseError{Msg: fmt.Sprintf("no UTF-16LE byte-order mark (FF FE); file starts % X", b[:min(len(b), 4)])}
	}
	if len(b)%2 != 0 {
		return nil, &ParseError{Offset: int64(len(b) - 1), Msg: fmt.Sprintf("odd byte count %d: UTF-16 text is whole 2-byte units", len(b))}
	}

	units := make([]uint16, (len(b)-2)/2)
	for i := range units {
		units[i] = uint16(b[2+2*i]) | uint16(b[3+2*i])<<8
	}
	// Split on LF; a CR right before it belongs to the terminator, any
	// other CR stays in the text.
	start := 0
	for i := 0; i <= len(units); i++ {
		if i < len(units) && units[i] != '\n' {
			continue
		}
		l := line{text: units[start:i]}
		if i < len(units) {
			l.eol = "\n"
			if n := len(l.text); n > 0 && l.text[n-1] == '\r' {
				l.text, l.eol = l.text[:n-1], crlf
			}
		} else if start == i {
			break // the input ended with a terminator: no empty last line
		}
		f.lines = append(f.lines, l)
		start = i + 1
	}

	open, seen := -1, false
	off := int64(2)
	for n := range f.lines {
		l := &f.lines[n]
		lineOff := off
		off += int64(2 * (len(l.text) + len(l.eol)))
		perr := func(format string, args ...any) error {
			return &ParseError{Line: n + 1, Offset: lineOff, Msg: fmt.Sprintf(format, args...)}
		}
		s := strings.TrimSpace(wtf16.ReplaceLone(wtf16.DecodeUnits(l.text)))
		switch {
		case strings.EqualFold(s, openTag):
			if open >= 0 {
				return nil, perr("[MODS] inside the [MODS] section opened on line %d", open+1)
			}
			if seen {
				return nil, perr("second [MODS] section; the game reads one list")
			}
			l.kind, open, seen = kindOpen, n, true
		case strings.EqualFold(s, closeTag):
			if open < 0 {
				return nil, perr("[/MODS] without [MODS] before it")
			}
			l.kind, open = kindClose, -1
		case open >= 0 && len(s) >= len(modTag) && strings.EqualFold(s[:len(modTag)], modTag):
			v := strings.TrimSpace(s[len(modTag):])
			id, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return nil, perr("MODGUID %q is not a signed 64-bit decimal", v)
			}
			l.kind, l.id = kindMod, id
		}
	}
	if open >= 0 {
		l := open
		o := int64(2)
		for _, x := range f.lines[:l] {
			o += int64(2 * (len(x.text) + len(x.eol)))
		}
		return nil, &ParseError{Line: l + 1, Offset: o, Msg: "[MODS] section is not closed by [/MODS]"}
	}
	return f, nil
}

// Bytes encodes the file. For a parsed file that was not changed it returns
// the input exactly.
func (f *File) Bytes() []byte {
	n := 0
	if f.bom {
		n = 2
	}
	for _, l := range f.lines {
		n += 2 * (len(l.text) + len(l.eol))
	}
	b := make([]byte, 0, n)
	if f.bom {
		b = append(b, 0xFF, 0xFE)
	}
	for _, l := range f.lines {
		for _, u := range l.text {
			b = append(b, byte(u), byte(u>>8))
		}
		for i := 0; i < len(l.eol); i++ {
			b = append(b, l.eol[i], 0)
		}
	}
	return b
}

// IDs returns the active mod ids in priority order (first wins).
func (f *File) IDs() []int64 {
	var ids []int64
	for _, l := range f.lines {
		if l.kind == kindMod {
			ids = append(ids, l.id)
		}
	}
	return ids
}

// SetIDs replaces the list of active mods. The i-th mod line keeps its place
// and is rewritten only when its id changes; extra ids go after the last mod
// line (or at the end of the section), surplus mod lines are removed, and
// every other line stays as it was. New lines use the launcher's form.
func (f *File) SetIDs(ids []int64) {
	if len(f.lines) == 0 {
		if len(ids) > 0 {
			*f = *New(ids)
		}
		return
	}
	var slots []int
	closeAt := -1
	for n, l := range f.lines {
		switch l.kind {
		case kindMod:
			slots = append(slots, n)
		case kindClose:
			closeAt = n
		}
	}
	if len(slots) == 0 && len(ids) == 0 {
		return // nothing listed before or after: leave the file alone
	}
	for i, n := range slots {
		if i < len(ids) && f.lines[n].id != ids[i] {
			f.lines[n] = modLine(ids[i])
		}
	}

	// Where new lines go: after the last mod line, else before [/MODS],
	// else in a new section at the end.
	var insertAt int
	var extra []line
	for _, id := range ids[min(len(slots), len(ids)):] {
		extra = append(extra, modLine(id))
	}
	switch {
	case len(slots) > 0:
		insertAt = slots[len(slots)-1] + 1
	case closeAt >= 0:
		insertAt = closeAt
	default:
		insertAt = len(f.lines)
		if last := &f.lines[insertAt-1]; last.eol == "" {
			last.eol = crlf // the new section must start on its own line
		}
		extra = append([]line{textLine(openTag, kindOpen, 0)}, extra...)
		extra = append(extra, textLine(closeTag, kindClose, 0))
	}

	out := make([]line, 0, len(f.lines)+len(extra))
	drop := map[int]bool{}
	for _, n := range slots[min(len(slots), len(ids)):] {
		drop[n] = true
	}
	for n, l := range f.lines {
		if n == insertAt {
			out = append(out, extra...)
		}
		if !drop[n] {
			out = append(out, l)
		}
	}
	if insertAt == len(f.lines) {
		out = append(out, extra...)
	}
	f.lines = out
}
