package dattext

import (
	"errors"
	"fmt"
	"strings"
)

// Node is one [NAME]…[/NAME] section.
type Node struct {
	Name     string  // text between the brackets; "" for [] (see the root rule in doc.go)
	Props    []Prop  // in file order
	Children []*Node // in file order
	Line     int     // line of [NAME]; 0 when the node was built in code
	EndLine  int     // line of [/NAME]; 0 when built in code
}

// Prop is one <TYPE>KEY:VALUE line.
type Prop struct {
	Type  string // text between < and >, e.g. "STRING", "UNSIGNED INT"
	Key   string // text between > and the first ':'
	Value string // the rest of the line, verbatim (not trimmed)
	Line  int    // 0 when built in code
}

// Get returns the first property named key.
func (n *Node) Get(key string) (Prop, bool) {
	for _, p := range n.Props {
		if p.Key == key {
			return p, true
		}
	}
	return Prop{}, false
}

// Value returns the value of the first property named key, or "".
func (n *Node) Value(key string) string {
	p, _ := n.Get(key)
	return p.Value
}

// Child returns the first child section named name, or nil.
func (n *Node) Child(name string) *Node {
	for _, c := range n.Children {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// ChildrenNamed returns every child section named name, in order.
func (n *Node) ChildrenNamed(name string) []*Node {
	var out []*Node
	for _, c := range n.Children {
		if c.Name == name {
			out = append(out, c)
		}
	}
	return out
}

// Add appends a property and returns n, for building trees in code.
func (n *Node) Add(typ, key, value string) *Node {
	n.Props = append(n.Props, Prop{Type: typ, Key: key, Value: value})
	return n
}

// AddChild appends a new child section and returns it.
func (n *Node) AddChild(name string) *Node {
	c := &Node{Name: name}
	n.Children = append(n.Children, c)
	return c
}

// Walk calls fn for n and every section below it, depth first in file
// order; depth is 0 for n. It stops at the first error fn returns.
func (n *Node) Walk(fn func(n *Node, depth int) error) error {
	return walk(n, 0, fn)
}

func walk(n *Node, depth int, fn func(*Node, int) error) error {
	if err := fn(n, depth); err != nil {
		return err
	}
	for _, c := range n.Children {
		if err := walk(c, depth+1, fn); err != nil {
			return err
		}
	}
	return nil
}

// Equal reports whether two trees have the same names, properties and
// children in the same order; line numbers are ignored. It is how tests in
// three packages say "the same meaning" (a decompile's round trip, an
// edit's result); the program itself compares bytes.
func Equal(a, b *Node) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.Name != b.Name || len(a.Props) != len(b.Props) || len(a.Children) != len(b.Children) {
		return false
	}
	for i := range a.Props {
		p, q := a.Props[i], b.Props[i]
		if p.Type != q.Type || p.Key != q.Key || p.Value != q.Value {
			return false
		}
	}
	for i := range a.Children {
		if !Equal(a.Children[i], b.Children[i]) {
			return false
		}
	}
	return true
}

// Errors for errors.Is: every *Error (a file that does not read as text:
// bad encoding, a line that does not parse) wraps ErrInvalid; Check's
// errors (a tree Format cannot write so that it reads back the same) wrap
// ErrUnwritable.
var (
	ErrInvalid    = errors.New("dattext: not readable .DAT text")
	ErrUnwritable = errors.New("dattext: cannot be written as text")
)

// Error is a parse or decode error. It names the file and, where known, the
// line (1-based) or the byte offset.
type Error struct {
	File   string
	Line   int   // 0 when not known
	Offset int64 // byte offset in the file, for decode errors; -1 or 0 when not used
	Msg    string
}

// Unwrap gives ErrInvalid.
func (e *Error) Unwrap() error { return ErrInvalid }

// unwritable is a Check error: its own text, ErrUnwritable for errors.Is.
type unwritable struct{ msg string }

func (e *unwritable) Error() string { return e.msg }
func (e *unwritable) Unwrap() error { return ErrUnwritable }

func unwritablef(format string, a ...any) error {
	return &unwritable{fmt.Sprintf(format, a...)}
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	} else if e.Offset > 0 {
		fmt.Fprintf(&b, ": offset %d", e.Offset)
	}
	b.WriteString(": ")
	b.WriteString(e.Msg)
	return b.String()
}
