package bindat

import (
	"fmt"

	"packsmith/formats/tl2/dattext"
)

// Finding is one lint warning about a source file.
type Finding struct {
	File string
	Line int // 0 when the tree was not parsed from text
	Msg  string
}

func (f Finding) String() string {
	if f.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", f.File, f.Line, f.Msg)
	}
	return fmt.Sprintf("%s: %s", f.File, f.Msg)
}

// Lint reports what compiles but will hurt in game:
//   - a section or key name with lower-case ASCII letters: rg_hash is
//     case-sensitive and the engine only looks names up in upper case, so the
//     value is silently never read;
//   - an UNK_<HEX8> name: a placeholder from decompiling, kept as its hash,
//     easy to break by editing;
//   - a property type not in upper case (accepted, but GUTS writes upper case).
func Lint(file string, root *dattext.Node) []Finding {
	if root == nil {
		return nil
	}
	l := linter{file: file}
	if root.Name != "" {
		l.check(root.Line, "section", root.Name)
	}
	l.props(root)
	for _, c := range root.Children {
		l.walk(c)
	}
	return l.out
}

type linter struct {
	file string
	out  []Finding
}

func (l *linter) add(line int, format string, a ...any) {
	l.out = append(l.out, Finding{File: l.file, Line: line, Msg: fmt.Sprintf(format, a...)})
}

// walk lints a section below the root and everything under it, in file
// order.
func (l *linter) walk(n *dattext.Node) {
	l.check(n.Line, "section", n.Name)
	l.props(n)
	for _, c := range n.Children {
		l.walk(c)
	}
}

func (l *linter) props(n *dattext.Node) {
	for i := range n.Props {
		p := &n.Props[i]
		if len(p.Key) == 12 || hasLower(p.Key) { // else check has nothing to say
			l.check(p.Line, "key", p.Key)
		}
		if canonicalType(p.Type) != 0 {
			continue // the usual case: nothing to say
		}
		if t, ok := ParseType(p.Type); ok && p.Type != t.String() {
			l.add(p.Line, "type <%s> is written <%s> by GUTS", p.Type, t.String())
		}
	}
}

func (l *linter) check(line int, what, name string) {
	if _, ok := ParseUnknownName(name); ok {
		l.add(line, "%s %s is an unknown-name placeholder; it compiles to hash 0x%s", what, name, name[4:])
		return
	}
	if hasLower(name) {
		l.add(line, "%s name %q has lower-case letters; the engine only reads %q, so this one is ignored", what, name, upperASCII(name))
	}
}

// hasLower reports whether s holds a lower-case ASCII letter. Bytes of
// multi-byte UTF-8 sequences are all >= 0x80, so testing bytes finds
// exactly what testing runes would; names are short, so words of up to
// eight bytes (overlapping at the end) replace the loop.
func hasLower(s string) bool {
	switch {
	case len(s) >= 8:
		for i := 0; i+8 <= len(s); i += 8 {
			if lowerIn(load64(s[i : i+8])) {
				return true
			}
		}
		return lowerIn(load64(s[len(s)-8:]))
	case len(s) >= 4:
		return lowerIn(uint64(load32(s)) | uint64(load32(s[len(s)-4:]))<<32)
	}
	for i := 0; i < len(s); i++ {
		if s[i]-'a' < 26 {
			return true
		}
	}
	return false
}

// lowerIn reports whether a byte of v is 'a'…'z'. With the high bits
// cleared, adding 0x1F sets a byte's high bit from 'a' (0x61) up and
// adding 0x05 from '{' (0x7B) up, with no carry between bytes.
func lowerIn(v uint64) bool {
	const ones = 0x0101010101010101
	t := v & (0x7F * ones)
	return (t+0x1F*ones)&^(t+0x05*ones)&^v&(0x80*ones) != 0
}
