package dattext

import (
	"fmt"
	"math/bits"
	"strings"
	"unsafe"
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
	var a arena
	return parseText(file, text, &a)
}

// Parser parses one file after another in the same memory, so a pack of
// thousands of sources does not allocate (and the GC clear) a new arena
// and a new text for each. The tree a parse returns, its strings too
// (slices of the decoded text), is valid only until the Parser's next
// parse: copy (strings.Clone) what must outlive it. Parse and ParseText
// make a new one each time. A Parser is not safe for concurrent use.
type Parser struct {
	a    arena
	text []byte // Parse's decoded UTF-16 text
}

// Parse is Parse reusing p's memory.
func (p *Parser) Parse(file string, src []byte) (*Node, error) {
	text, _, buf, err := decodeInto(p.text, file, src)
	p.text = buf
	if err != nil {
		p.trim()
		return nil, err
	}
	return p.ParseText(file, text)
}

// ParseText is ParseText reusing p's memory.
func (p *Parser) ParseText(file, text string) (*Node, error) {
	p.a.keep = true
	n, err := parseText(file, text, &p.a)
	p.trim()
	return n, err
}

// parserKeeps bounds each buffer a Parser keeps for the next parse, so one
// huge file does not pin its size for the rest of a pack (the tree just
// returned holds its own references).
const parserKeeps = 4 << 20

func (p *Parser) trim() {
	if cap(p.text) > parserKeeps {
		p.text = nil
	}
	a := &p.a
	if cap(a.nodes0)*int(unsafe.Sizeof(Node{})) > parserKeeps {
		a.nodes0 = nil
	}
	if cap(a.prop0)*int(unsafe.Sizeof(Prop{})) > parserKeeps {
		a.prop0 = nil
	}
	if cap(a.kid0)*int(unsafe.Sizeof((*Node)(nil))) > parserKeeps {
		a.kid0 = nil
	}
}

// openSection is a section parseText has opened and not yet closed.
type openSection struct {
	n     *Node
	props int // start of its properties in a.prop, or -1 once n.Props has its own slice
	nprop int // how many there are in a.prop; n.Props is set when the section closes
	kids  int // where its children start on pendKids
}

// addProp adds a property line to the open section top: in the shared
// arena while its properties stay contiguous there, else in a slice of
// the section's own.
func (a *arena) addProp(top *openSection, typ, key, value string, line int) {
	n := top.n
	if top.nprop == 0 && top.props >= 0 {
		top.props = len(a.prop)
	}
	if top.props >= 0 && (top.props+top.nprop != len(a.prop) || len(a.prop) == cap(a.prop)) {
		// A child's properties came in between, or the arena is
		// full: go on in a slice of its own.
		n.Props = append(make([]Prop, 0, 2*top.nprop+4), a.prop[top.props:top.props+top.nprop]...)
		top.props = -1
	}
	if top.props < 0 {
		n.Props = append(n.Props, Prop{Type: typ, Key: key, Value: value, Line: line})
		return
	}
	// The arena has room (checked above). Storing field by field
	// takes the plain write barrier while the GC runs, not the much
	// slower bulk one of copying a whole Prop.
	i := len(a.prop)
	a.prop = a.prop[:i+1]
	q := &a.prop[i]
	q.Type, q.Key, q.Value, q.Line = typ, key, value, line
	top.nprop++
}

// closeSection gives a closing section its properties from the arena and
// its children from pendKids (copied to an exact-size slice), and returns
// pendKids without them.
func (a *arena) closeSection(top openSection, pendKids []*Node) []*Node {
	if top.props >= 0 && top.nprop > 0 {
		end := top.props + top.nprop
		top.n.Props = a.prop[top.props:end:end]
	}
	if len(pendKids) > top.kids {
		top.n.Children = a.kids(pendKids[top.kids:])
		clear(pendKids[top.kids:])
		pendKids = pendKids[:top.kids]
	}
	return pendKids
}

func parseText(file, text string, a *arena) (*Node, error) {
	// Names, types, keys and values are slices of text. Nodes come from a
	// slab; a section's properties go straight into one shared arena while
	// they stay contiguous there (always, when a section lists them before
	// its children, as GUTS does), else into a slice of its own. Children
	// are gathered on a shared stack while the section is open, then copied
	// to an exact-size slice of an arena: a handful of allocations per file
	// instead of several per line.
	var (
		root     *Node
		stackBuf [16]openSection // nesting rarely goes deeper: no allocation
		kidsBuf  [64]*Node       // likewise for the children of open sections
		stack    = stackBuf[:0]
		pendKids = kidsBuf[:0]
	)
	a.init(text)
	errAt := func(line int, format string, a ...any) error {
		return &Error{File: file, Line: line, Msg: fmt.Sprintf(format, a...)}
	}
	line := 0
	for pos := 0; pos < len(text); {
		line++
		// The line runs from pos to the first CR or LF. Blanks are
		// skipped; a property line, nearly every line, is split while it
		// is scanned, so each byte is looked at once.
		k := skipBlanks(text, pos)
		if k < len(text) && text[k] == '<' {
			gt := scanLine(text, k+1, '>')
			if gt == len(text) || text[gt] != '>' {
				return nil, errAt(line, "property line %q has no > after the type", clip(text[k:gt]))
			}
			colon := scanLine(text, gt+1, ':')
			if colon == len(text) || text[colon] != ':' {
				return nil, errAt(line, "property line %q has no : after the key", clip(text[k:colon]))
			}
			eol := lineEnd(text, colon+1)
			pos = nextLine(text, eol)
			if len(stack) == 0 {
				return nil, errAt(line, "property outside any section")
			}
			a.addProp(&stack[len(stack)-1], text[k+1:gt], text[gt+1:colon], text[colon+1:eol], line)
			continue
		}
		eol := lineEnd(text, k)
		s := text[k:eol]
		pos = nextLine(text, eol)
		switch {
		case s == "" || (s[0] == '/' && len(s) >= 2 && s[1] == '/'):
			continue
		case s[0] == '[':
			s = trimBlanksRight(s)
			if len(s) < 2 || s[len(s)-1] != ']' {
				return nil, errAt(line, "section line %q does not end with ]", clip(s))
			}
			name := s[1 : len(s)-1]
			if len(name) > 0 && name[0] == '/' {
				name = name[1:]
				if len(stack) == 0 {
					return nil, errAt(line, "[/%s] closes no open section", clip(name))
				}
				top := stack[len(stack)-1]
				if top.n.Name != name {
					return nil, errAt(line, "[/%s] closes [%s] opened at line %d", clip(name), clip(top.n.Name), top.n.Line)
				}
				top.n.EndLine = line
				pendKids = a.closeSection(top, pendKids)
				stack = stack[:len(stack)-1]
				continue
			}
			if len(stack) == 0 {
				if root != nil {
					return nil, errAt(line, "second top-level section [%s]; the file already has [%s] at line %d", clip(name), clip(root.Name), root.Line)
				}
			} else if len(stack) >= MaxDepth {
				return nil, errAt(line, "sections nested deeper than %d", MaxDepth)
			}
			n := a.node()
			n.Name, n.Line = name, line
			if len(stack) == 0 {
				root = n
			} else {
				pendKids = append(pendKids, n)
			}
			stack = append(stack, openSection{n: n, props: len(a.prop), kids: len(pendKids)})
		default:
			return nil, errAt(line, "unexpected text %q (want [SECTION], [/SECTION], <TYPE>KEY:VALUE or // comment)", clip(s))
		}
	}
	if len(stack) > 0 {
		top := stack[len(stack)-1].n
		return nil, errAt(top.Line, "[%s] is never closed", clip(top.Name))
	}
	if root == nil {
		return nil, &Error{File: file, Msg: "no [SECTION] in the file"}
	}
	return root, nil
}

// trimBlanksRight drops the spaces and tabs that end s.
func trimBlanksRight(s string) string {
	e := len(s)
	for e > 0 && (s[e-1] == ' ' || s[e-1] == '\t') {
		e--
	}
	return s[:e]
}

// skipBlanks returns the index of the first byte at or after i that is not
// a space or tab. Indents are a few tabs whose count changes from line to
// line, which a byte loop mispredicts; eight bytes are tested at once,
// exactly (no borrow between bytes): for x = v ^ pattern, the high bit of
// (x&0x7F…+0x7F…)|x is set in the bytes of x that are not zero.
func skipBlanks(s string, i int) int {
	const ones, lows, highs = 0x0101010101010101, 0x7F7F7F7F7F7F7F7F, 0x8080808080808080
	for ; i+8 <= len(s); i += 8 {
		w := s[i : i+8]
		v := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
			uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
		tab, sp := v^(ones*'\t'), v^(ones*' ')
		other := ((tab&lows + lows) | tab) & ((sp&lows + lows) | sp) & highs // neither tab nor space
		if other != 0 {
			return i + bits.TrailingZeros64(other)/8
		}
	}
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

// nextLine returns where the line after the one ending at eol starts.
func nextLine(text string, eol int) int {
	switch {
	case eol == len(text):
		return eol
	case text[eol] == '\r' && eol+1 < len(text) && text[eol+1] == '\n':
		return eol + 2
	}
	return eol + 1
}

// scanLine returns the index of the first c, CR or LF in s at or after i,
// or len(s). Eight bytes are tested at a time: where x = word ^ 0x0A0A…
// has a zero byte the word holds LF, and (x-0x0101…)&^x flags the lowest
// zero byte exactly (flags above it may be false, never below it).
func scanLine(s string, i int, c byte) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for ; i+8 <= len(s); i += 8 {
		w := s[i : i+8]
		v := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
			uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
		lf, cr, x := v^(ones*'\n'), v^(ones*'\r'), v^(ones*uint64(c))
		if t := ((lf-ones)&^lf | (cr-ones)&^cr | (x-ones)&^x) & highs; t != 0 {
			return i + bits.TrailingZeros64(t)/8
		}
	}
	for ; i < len(s); i++ {
		if b := s[i]; b == c || b == '\r' || b == '\n' {
			return i
		}
	}
	return len(s)
}

// lineEnd is scanLine for CR and LF alone, for values and whole lines,
// which can be long. It looks for any byte below 0x0E, flagged with one
// subtraction, (v-0x0E0E…)&^v (the lowest flag exact, as in scanLine), and
// goes on past a tab or other control byte found that way.
func lineEnd(s string, i int) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for i+8 <= len(s) {
		w := s[i : i+8]
		v := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
			uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
		if t := (v - ones*0x0E) &^ v & highs; t != 0 {
			j := i + bits.TrailingZeros64(t)/8
			if s[j] == '\r' || s[j] == '\n' {
				return j
			}
			i = j + 1
			continue
		}
		i += 8
	}
	for ; i < len(s); i++ {
		if s[i] == '\r' || s[i] == '\n' {
			return i
		}
	}
	return len(s)
}

// arena hands out the nodes and the Props and Children slices of one parse.
// Slices are cut with their capacity equal to their length, so appending to
// one (Node.Add, AddChild) copies it rather than overwrite a neighbour. A
// Parser's arena keeps the slices init made for the next parse.
type arena struct {
	nodes []Node
	prop  []Prop
	kid   []*Node

	keep   bool // a Parser's: reuse nodes0, prop0, kid0
	nodes0 []Node
	prop0  []Prop
	kid0   []*Node
}

// init sizes the arena for text: a section takes two lines starting with
// '[', a property line starts with '<' (values may hold more of either,
// hence the bound by the line count). Running out only costs another chunk.
func (a *arena) init(text string) {
	lines := strings.Count(text, "\n") + 1
	secs := min(strings.Count(text, "[")/2+1, lines)
	props := min(strings.Count(text, "<"), lines)
	if !a.keep {
		a.nodes = make([]Node, 0, secs)
		a.kid = make([]*Node, 0, secs)
		a.prop = make([]Prop, 0, props)
		return
	}
	a.nodes0, a.kid0, a.prop0 = reuse(a.nodes0, secs), reuse(a.kid0, secs), reuse(a.prop0, props)
	a.nodes, a.kid, a.prop = a.nodes0, a.kid0, a.prop0
}

// reuse is s emptied when it can hold n, else a new slice for n (with room
// to spare, so slightly larger files do not allocate again).
func reuse[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:0]
	}
	return make([]T, 0, n+n/4)
}

const arenaChunk = 64

func (a *arena) node() *Node {
	if len(a.nodes) == cap(a.nodes) {
		a.nodes = make([]Node, 0, arenaChunk)
	}
	a.nodes = a.nodes[:len(a.nodes)+1]
	n := &a.nodes[len(a.nodes)-1]
	if a.keep {
		*n = Node{} // a node of an earlier parse
	}
	return n
}

func (a *arena) kids(k []*Node) []*Node {
	if cap(a.kid)-len(a.kid) < len(k) {
		a.kid = make([]*Node, 0, max(len(k), arenaChunk))
	}
	i := len(a.kid)
	a.kid = append(a.kid, k...)
	return a.kid[i:len(a.kid):len(a.kid)]
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
