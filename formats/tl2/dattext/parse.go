package dattext

import (
	"fmt"
	"strings"
)

// MaxDepth bounds section nesting; real files nest a handful of levels, and
// the bound keeps recursive consumers (printers, compilers) off deep stacks.
const MaxDepth = 512

// Parse decodes src (see Decode) and parses it (see ParseText). file names
// the source in errors.
func Parse(file string, src []byte) (*Node, error) {
	text, _, err := Decode(file, src)
	if err != nil {
		return nil, err
	}
	return ParseText(file, text)
}

// ParseText parses decoded text into its single root section. The grammar
// is in doc.go. Errors are *Error values naming file and line.
func ParseText(file, text string) (*Node, error) {
	var (
		root  *Node
		stack []*Node
	)
	errAt := func(line int, format string, a ...any) error {
		return &Error{File: file, Line: line, Msg: fmt.Sprintf(format, a...)}
	}
	line := 0
	for len(text) > 0 {
		line++
		var raw string
		i := strings.IndexByte(text, '\n')
		seg := text
		if i >= 0 {
			seg = text[:i]
		}
		if j := strings.IndexByte(seg, '\r'); j >= 0 {
			i = j // a CR ends the line too (CRLF, or old Mac CR)
		}
		if i >= 0 {
			raw = text[:i]
			if text[i] == '\r' && i+1 < len(text) && text[i+1] == '\n' {
				text = text[i+2:]
			} else {
				text = text[i+1:]
			}
		} else {
			raw, text = text, ""
		}
		s := strings.TrimLeft(raw, " \t")
		switch {
		case s == "" || strings.HasPrefix(s, "//"):
			continue
		case s[0] == '[':
			s = strings.TrimRight(s, " \t")
			if len(s) < 2 || s[len(s)-1] != ']' {
				return nil, errAt(line, "section line %q does not end with ]", clip(s))
			}
			name := s[1 : len(s)-1]
			if strings.HasPrefix(name, "/") {
				name = name[1:]
				if len(stack) == 0 {
					return nil, errAt(line, "[/%s] closes no open section", clip(name))
				}
				top := stack[len(stack)-1]
				if top.Name != name {
					return nil, errAt(line, "[/%s] closes [%s] opened at line %d", clip(name), clip(top.Name), top.Line)
				}
				top.EndLine = line
				stack = stack[:len(stack)-1]
				continue
			}
			n := &Node{Name: name, Line: line}
			if len(stack) == 0 {
				if root != nil {
					return nil, errAt(line, "second top-level section [%s]; the file already has [%s] at line %d", clip(name), clip(root.Name), root.Line)
				}
				root = n
			} else {
				if len(stack) >= MaxDepth {
					return nil, errAt(line, "sections nested deeper than %d", MaxDepth)
				}
				p := stack[len(stack)-1]
				p.Children = append(p.Children, n)
			}
			stack = append(stack, n)
		case s[0] == '<':
			end := strings.IndexByte(s, '>')
			if end < 0 {
				return nil, errAt(line, "property line %q has no > after the type", clip(s))
			}
			colon := strings.IndexByte(s[end+1:], ':')
			if colon < 0 {
				return nil, errAt(line, "property line %q has no : after the key", clip(s))
			}
			if len(stack) == 0 {
				return nil, errAt(line, "property outside any section")
			}
			p := stack[len(stack)-1]
			p.Props = append(p.Props, Prop{
				Type:  s[1:end],
				Key:   s[end+1 : end+1+colon],
				Value: s[end+1+colon+1:],
				Line:  line,
			})
		default:
			return nil, errAt(line, "unexpected text %q (want [SECTION], [/SECTION], <TYPE>KEY:VALUE or // comment)", clip(s))
		}
	}
	if len(stack) > 0 {
		top := stack[len(stack)-1]
		return nil, errAt(top.Line, "[%s] is never closed", clip(top.Name))
	}
	if root == nil {
		return nil, &Error{File: file, Msg: "no [SECTION] in the file"}
	}
	return root, nil
}

// clip shortens text quoted in error messages.
func clip(s string) string {
	if len(s) <= 60 {
		return s
	}
	i := 60
	for i > 0 && s[i]&0xC0 == 0x80 { // do not split a character
		i--
	}
	return s[:i] + "…"
}
