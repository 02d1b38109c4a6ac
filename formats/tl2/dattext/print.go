package dattext

import (
	"strings"
)

// Format returns the canonical text of the tree rooted at n, the way GUTS
// writes it: one tab of indent per level, properties before child sections,
// CRLF after every line, the last line included.
func Format(n *Node) string {
	var b strings.Builder
	format(&b, n, 0)
	return b.String()
}

func format(b *strings.Builder, n *Node, depth int) {
	indent(b, depth)
	b.WriteByte('[')
	b.WriteString(n.Name)
	b.WriteString("]\r\n")
	for _, p := range n.Props {
		indent(b, depth+1)
		b.WriteByte('<')
		b.WriteString(p.Type)
		b.WriteByte('>')
		b.WriteString(p.Key)
		b.WriteByte(':')
		b.WriteString(p.Value)
		b.WriteString("\r\n")
	}
	for _, c := range n.Children {
		format(b, c, depth+1)
	}
	indent(b, depth)
	b.WriteString("[/")
	b.WriteString(n.Name)
	b.WriteString("]\r\n")
}

func indent(b *strings.Builder, depth int) {
	for range depth {
		b.WriteByte('\t')
	}
}

// Encode returns Format(n) as UTF-16LE with a BOM, GUTS's file encoding.
func Encode(n *Node) []byte {
	return EncodeText(Format(n), UTF16LEBOM)
}

// hasAny reports whether s holds one of the ASCII bytes in set; faster than
// strings.ContainsAny for the short sets used here.
func hasAny(s, set string) bool {
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(set, s[i]) >= 0 {
			return true
		}
	}
	return false
}

// ValidName reports whether s can be written as a section name and read
// back unchanged.
func ValidName(s string) bool {
	return !hasAny(s, "\r\n") && !strings.HasPrefix(s, "/")
}

// ValidKey reports whether s can be written as a property key.
func ValidKey(s string) bool { return !hasAny(s, ":\r\n") }

// ValidType reports whether s can be written as a property type.
func ValidType(s string) bool { return !hasAny(s, ">\r\n") }

// ValidValue reports whether s can be written as a property value.
func ValidValue(s string) bool { return !hasAny(s, "\r\n") }

// Check reports the first name, key, type or value in the tree that Format
// could not write so that ParseText reads it back the same, or a tree
// deeper than MaxDepth.
func Check(n *Node) error {
	return n.Walk(func(n *Node, depth int) error {
		if depth >= MaxDepth {
			return unwritablef("dattext: sections nested deeper than %d", MaxDepth)
		}
		if !ValidName(n.Name) {
			return unwritablef("dattext: section name %q cannot be written as text", clip(n.Name))
		}
		for _, p := range n.Props {
			switch {
			case !ValidType(p.Type):
				return unwritablef("dattext: [%s] property type %q cannot be written as text", clip(n.Name), clip(p.Type))
			case !ValidKey(p.Key):
				return unwritablef("dattext: [%s] property key %q cannot be written as text", clip(n.Name), clip(p.Key))
			case !ValidValue(p.Value):
				return unwritablef("dattext: [%s] %s value %q holds a line break", clip(n.Name), clip(p.Key), clip(p.Value))
			}
		}
		return nil
	})
}
