package bindat

import (
	"fmt"
	"strings"

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
	var out []Finding
	add := func(line int, format string, a ...any) {
		out = append(out, Finding{File: file, Line: line, Msg: fmt.Sprintf(format, a...)})
	}
	check := func(line int, what, name string) {
		if _, ok := ParseUnknownName(name); ok {
			add(line, "%s %s is an unknown-name placeholder; it compiles to hash 0x%s", what, name, name[4:])
			return
		}
		if hasLower(name) {
			add(line, "%s name %q has lower-case letters; the engine only reads %q, so this one is ignored", what, name, upperASCII(name))
		}
	}
	if root == nil {
		return nil
	}
	root.Walk(func(n *dattext.Node, depth int) error {
		if !(depth == 0 && n.Name == "") {
			check(n.Line, "section", n.Name)
		}
		for _, p := range n.Props {
			check(p.Line, "key", p.Key)
			if t, ok := ParseType(p.Type); ok && p.Type != t.String() {
				add(p.Line, "type <%s> is written <%s> by GUTS", p.Type, t.String())
			}
		}
		return nil
	})
	return out
}

func hasLower(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return r >= 'a' && r <= 'z' }) >= 0
}
