package bindat

import (
	"encoding/binary"
	"fmt"
	"slices"

	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/rghash"
)

// Options tune Compile. The zero value (or nil) is the default.
type Options struct {
	// IDs numbers the string table; nil means HashIDs.
	IDs StringIDs
}

// CompileError is a compile error naming the file and source line.
type CompileError = dattext.Error

// CompileText parses text file bytes (see dattext.Parse) and compiles them.
func CompileText(file string, src []byte, opt *Options) ([]byte, error) {
	root, err := dattext.Parse(file, src)
	if err != nil {
		return nil, err
	}
	return Compile(file, root, opt)
}

// Compile encodes the tree as BINDAT. file is used in errors and for the
// [] root rule (see RootName). Errors name the file and line.
func Compile(file string, root *dattext.Node, opt *Options) ([]byte, error) {
	if root == nil {
		return nil, &CompileError{File: file, Msg: "no root section"}
	}
	c := compiler{file: file, index: make(map[string]int), size: 8}
	// Pass 1: check types, parse numbers, collect strings.
	if err := c.collect(root, 0); err != nil {
		return nil, err
	}
	var ids StringIDs = HashIDs{}
	if opt != nil && opt.IDs != nil {
		ids = opt.IDs
	}
	assigned, err := ids.Assign(c.strs)
	if err != nil {
		return nil, &CompileError{File: file, Msg: err.Error()}
	}
	if len(assigned) != len(c.strs) {
		return nil, &CompileError{File: file, Msg: fmt.Sprintf("string numbering gave %d ids for %d strings", len(assigned), len(c.strs))}
	}
	order := make([]int, len(c.strs))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return cmpU32(assigned[a], assigned[b]) })
	for k := 1; k < len(order); k++ {
		if assigned[order[k]] == assigned[order[k-1]] {
			return nil, &CompileError{File: file, Msg: fmt.Sprintf("string numbering gave id %d to two strings", assigned[order[k]])}
		}
	}
	for _, id := range assigned {
		if id == EmptyString {
			return nil, &CompileError{File: file, Msg: "string numbering used the reserved id 0xFFFFFFFF"}
		}
	}

	out := make([]byte, 0, c.size)
	out = binary.LittleEndian.AppendUint32(out, Version)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(c.strs)))
	for _, i := range order {
		out = binary.LittleEndian.AppendUint32(out, assigned[i])
		u := c.units[i]
		out = binary.LittleEndian.AppendUint16(out, uint16(len(u)))
		for _, x := range u {
			out = binary.LittleEndian.AppendUint16(out, x)
		}
	}
	c.ids = assigned
	c.next = 0
	out = c.emit(out, root, true)
	return out, nil
}

type compiler struct {
	file  string
	strs  []string       // distinct non-empty strings, first-appearance order
	units [][]uint16     // their UTF-16 code units
	index map[string]int // string → position in strs
	vals  []uint64       // per property in emit order: number bits or string index+1 (0 = empty)
	ids   []uint32       // assigned ids, parallel to strs
	next  int            // emit cursor into vals
	size  int            // output size estimate
}

func (c *compiler) errAt(line int, format string, a ...any) error {
	return &CompileError{File: c.file, Line: line, Msg: fmt.Sprintf(format, a...)}
}

// collect walks the tree in the order emit writes it (a section's
// properties, then its children), which is also the order GUTS numbers new
// strings in: sequential numbering reproduces its tables.
func (c *compiler) collect(n *dattext.Node, depth int) error {
	if depth >= dattext.MaxDepth {
		return c.errAt(n.Line, "sections nested deeper than %d", dattext.MaxDepth)
	}
	c.size += 12
	for _, p := range n.Props {
		t, ok := ParseType(p.Type)
		if !ok {
			return c.errAt(p.Line, "unknown property type <%s> (want INTEGER, FLOAT, DOUBLE, UNSIGNED INT, STRING, BOOL, INTEGER64, TRANSLATE or NOTE)", p.Type)
		}
		c.size += 8 + valueSize(t)
		if isStringType(t) {
			if p.Value == "" {
				c.vals = append(c.vals, 0)
				continue
			}
			i, ok := c.index[p.Value]
			if !ok {
				u := rghash.AppendUTF16(nil, p.Value)
				if len(u) > 0xFFFF {
					return c.errAt(p.Line, "%s value is %d UTF-16 units long; the format allows 65535", p.Key, len(u))
				}
				i = len(c.strs)
				c.index[p.Value] = i
				c.strs = append(c.strs, p.Value)
				c.units = append(c.units, u)
				c.size += 6 + 2*len(u)
			}
			c.vals = append(c.vals, uint64(i)+1)
			continue
		}
		v, err := parseNumber(t, p.Value)
		if err != nil {
			return c.errAt(p.Line, "%s: %v", p.Key, err)
		}
		c.vals = append(c.vals, v)
	}
	for _, ch := range n.Children {
		if err := c.collect(ch, depth+1); err != nil {
			return err
		}
	}
	return nil
}

func (c *compiler) emit(out []byte, n *dattext.Node, root bool) []byte {
	name := NameHash(n.Name)
	if root && n.Name == "" {
		name = rghash.Hash(RootName(c.file))
	}
	out = binary.LittleEndian.AppendUint32(out, name)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(n.Props)))
	for _, p := range n.Props {
		t, _ := ParseType(p.Type)
		out = binary.LittleEndian.AppendUint32(out, NameHash(p.Key))
		out = binary.LittleEndian.AppendUint32(out, uint32(t))
		v := c.vals[c.next]
		c.next++
		switch {
		case isStringType(t):
			id := uint32(EmptyString)
			if v != 0 {
				id = c.ids[v-1]
			}
			out = binary.LittleEndian.AppendUint32(out, id)
		case valueSize(t) == 8:
			out = binary.LittleEndian.AppendUint64(out, v)
		default:
			out = binary.LittleEndian.AppendUint32(out, uint32(v))
		}
	}
	out = binary.LittleEndian.AppendUint32(out, uint32(len(n.Children)))
	for _, ch := range n.Children {
		out = c.emit(out, ch, false)
	}
	return out
}

func cmpU32(a, b uint32) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
