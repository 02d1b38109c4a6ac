package bindat

import (
	"encoding/binary"
	"fmt"
	"slices"
	"sync"

	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/rghash"
	"packsmith/formats/utf16"
)

// Options tune Compile. The zero value (or nil) is the default.
type Options struct {
	// IDs numbers the string table; nil means HashIDs.
	IDs StringIDs
	// Strict refuses a numeric value that is not a number as a whole.
	// Otherwise it is read the C way, as GUTS does (see CNumber), and
	// reported to Fixed.
	Strict bool
	// Fixed, when set, is told of every value read the C way.
	Fixed func(NumberFix)
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
	c := compilerPool.Get().(*compiler)
	defer c.release()
	c.file = file
	c.strict = opt != nil && opt.Strict
	// One walk checks types, parses numbers, collects strings and writes
	// the nodes to c.body, string values as their index in c.strs, to be
	// replaced by their ids once the strings are numbered.
	body, strAt, err := c.collect(root, 0, true, c.body[:0], c.strAt[:0])
	c.body, c.strAt = body, strAt
	if err != nil {
		return nil, err
	}
	var ids StringIDs = HashIDs{}
	if opt != nil && opt.IDs != nil {
		ids = opt.IDs
	}
	// keys holds id<<32 | string index, sorted: the table order.
	var keys []uint64
	var assigned []uint32
	if _, ok := ids.(HashIDs); ok {
		// The hashes (collect has them) are what HashIDs assigns when they
		// are distinct, nearly always; the sort that orders the table also
		// finds duplicates, and probeRuns settles them as HashIDs would.
		assigned = append(c.idbuf[:0], c.hashes...)
		c.idbuf = assigned
		keys = c.sortKeys(assigned)
		if !distinctIDs(keys) && !c.probeRuns(keys, assigned) {
			assigned = nil
		}
	}
	if assigned == nil {
		strs := c.strs
		switch ids.(type) {
		case HashIDs, *Session, TableIDs:
		default:
			strs = slices.Clone(strs) // another implementation may keep it
		}
		assigned, err = ids.Assign(strs)
		if err != nil {
			return nil, &CompileError{File: file, Msg: err.Error()}
		}
		if len(assigned) != len(c.strs) {
			return nil, &CompileError{File: file, Msg: fmt.Sprintf("string numbering gave %d ids for %d strings", len(assigned), len(c.strs))}
		}
		keys = c.sortKeys(assigned)
		for k := 1; k < len(keys); k++ {
			if keys[k]>>32 == keys[k-1]>>32 {
				return nil, &CompileError{File: file, Msg: fmt.Sprintf("string numbering gave id %d to two strings", keys[k]>>32)}
			}
		}
		for _, id := range assigned {
			if id == EmptyString {
				return nil, &CompileError{File: file, Msg: "string numbering used the reserved id 0xFFFFFFFF"}
			}
		}
	}
	if opt != nil && opt.Fixed != nil {
		for _, f := range c.fixes {
			opt.Fixed(f)
		}
	}

	for _, off := range strAt {
		binary.LittleEndian.PutUint32(body[off:], assigned[binary.LittleEndian.Uint32(body[off:])])
	}
	out := make([]byte, 0, 8+c.table+len(body))
	out = binary.LittleEndian.AppendUint32(out, Version)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(c.strs)))
	for _, k := range keys {
		i := uint32(k)
		s := c.strs[i]
		out = binary.LittleEndian.AppendUint32(out, uint32(k>>32))
		out = binary.LittleEndian.AppendUint16(out, uint16(c.nunits[i]))
		if int(c.nunits[i]) == len(s) { // ASCII
			out = appendASCII16(out, s)
			continue
		}
		c.units = rghash.AppendUTF16(c.units[:0], s)
		for _, x := range c.units {
			out = binary.LittleEndian.AppendUint16(out, x)
		}
	}
	return append(out, body...), nil
}

// appendASCII16 appends ASCII s as UTF-16LE: a zero byte after each byte,
// spread four bytes at a time.
func appendASCII16(out []byte, s string) []byte {
	n := len(out)
	out = slices.Grow(out, 2*len(s))[:n+2*len(s)]
	w := out[n:]
	i := 0
	for ; i+8 <= len(s); i += 8 {
		v := load64(s[i : i+8])
		o := w[2*i : 2*i+16 : 2*i+16]
		binary.LittleEndian.PutUint64(o, spreadASCII(v&0xFFFFFFFF))
		binary.LittleEndian.PutUint64(o[8:], spreadASCII(v>>32))
	}
	if i+4 <= len(s) {
		binary.LittleEndian.PutUint64(w[2*i:2*i+8:2*i+8], spreadASCII(uint64(load32(s[i:i+4]))))
		i += 4
	}
	for ; i < len(s); i++ {
		w[2*i], w[2*i+1] = s[i], 0
	}
	return out
}

// spreadASCII puts a zero byte after each of the four low bytes of x.
func spreadASCII(x uint64) uint64 {
	x = (x | x<<16) & 0x0000FFFF0000FFFF
	// Go 1.26 splits a store of a value whose top byte it proves zero into
	// four narrower ones; or-ing in opaqueZero keeps it one 8-byte store.
	return (x|x<<8)&0x00FF00FF00FF00FF | opaqueZero
}

// opaqueZero is always 0; see spreadASCII.
var opaqueZero uint64

// sortKeys returns id<<32 | index for each id, sorted, in the compiler's
// scratch.
func (c *compiler) sortKeys(ids []uint32) []uint64 {
	c.keys = sortedKeys(c.keys, ids)
	return c.keys
}

// sortedKeys returns id<<32 | index for each id, sorted, in dst's memory.
func sortedKeys(dst []uint64, ids []uint32) []uint64 {
	dst = slices.Grow(dst[:0], len(ids))[:len(ids)]
	for i, id := range ids {
		dst[i] = uint64(id)<<32 | uint64(i)
	}
	slices.Sort(dst)
	return dst
}

// distinctIDs reports whether sorted keys have distinct ids, none of them
// EmptyString.
func distinctIDs(keys []uint64) bool {
	for k := 1; k < len(keys); k++ {
		if keys[k]>>32 == keys[k-1]>>32 {
			return false
		}
	}
	return len(keys) == 0 || keys[len(keys)-1]>>32 != EmptyString
}

type compiler struct {
	file   string
	strs   []string       // distinct non-empty strings, first-appearance order
	nunits []uint16       // their lengths in UTF-16 code units
	hashes []uint32       // their rg_hash, the key of set
	set    strSet         // string → position in strs
	slow   map[string]int // replaces set for the rest of a compile when its probes run long
	table  int            // size of the string table entries in bytes
	body   []byte         // the nodes as written, string values as positions in strs
	strAt  []int          // where in body those positions are
	strict bool           // Options.Strict
	fixes  []NumberFix    // values read the C way
	// scratch
	idbuf []uint32
	keys  []uint64
	units []uint16
	run   []uint64
	taken []bool
}

// compilerPool keeps compilers, and their scratch, between compiles.
var compilerPool = sync.Pool{New: func() any { return new(compiler) }}

func (c *compiler) release() {
	if len(c.strs) > 4096 || cap(c.body) > 1<<20 {
		return // outsized: let it go rather than keep it (and clear it) forever
	}
	c.set.reset()
	c.slow = nil
	clear(c.strs) // drop references into the source text
	c.strs, c.nunits, c.hashes = c.strs[:0], c.nunits[:0], c.hashes[:0]
	c.body, c.strAt = c.body[:0], c.strAt[:0]
	c.file, c.table = "", 0
	c.strict, c.fixes = false, c.fixes[:0]
	compilerPool.Put(c)
}

func (c *compiler) errAt(line int, format string, a ...any) error {
	return &CompileError{File: c.file, Line: line, Msg: fmt.Sprintf(format, a...)}
}

// unitCount returns the length of s in UTF-16 code units.
func (c *compiler) unitCount(s string) int {
	if utf16.IsASCII(s) {
		return len(s)
	}
	c.units = rghash.AppendUTF16(c.units[:0], s)
	return len(c.units)
}

// collect appends the tree to body in output order (a section's
// properties, then its children), which is also the order GUTS numbers new
// strings in: sequential numbering reproduces its tables. A string value is
// written as its position in c.strs, and where it is written is appended
// to strAt. The slices are passed along rather than kept in c: storing a
// slice into the heap takes a write barrier while the GC runs, for every
// value.
func (c *compiler) collect(n *dattext.Node, depth int, root bool, body []byte, strAt []int) ([]byte, []int, error) {
	if depth >= dattext.MaxDepth {
		return body, strAt, c.errAt(n.Line, "sections nested deeper than %d", dattext.MaxDepth)
	}
	name := NameHash(n.Name)
	if root && n.Name == "" {
		name = rghash.Hash(RootName(c.file))
	}
	body = binary.LittleEndian.AppendUint32(body, name)
	body = binary.LittleEndian.AppendUint32(body, uint32(len(n.Props)))
	for i := range n.Props {
		p := &n.Props[i]
		t, ok := canonicalType(p.Type), true
		if t == 0 {
			t, ok = ParseType(p.Type)
		}
		if !ok {
			return body, strAt, c.errAt(p.Line, "unknown property type <%s> (want INTEGER, FLOAT, DOUBLE, UNSIGNED INT, STRING, BOOL, INTEGER64, TRANSLATE or NOTE)", p.Type)
		}
		body = binary.LittleEndian.AppendUint32(body, NameHash(p.Key))
		body = binary.LittleEndian.AppendUint32(body, uint32(t))
		if isStringType(t) {
			if p.Value == "" {
				body = binary.LittleEndian.AppendUint32(body, EmptyString)
				continue
			}
			h := rghash.Hash(p.Value)
			slot, i := -1, -1
			if c.slow == nil {
				slot, i = c.set.find(c.strs, c.hashes, p.Value, h)
			}
			if slot < 0 && i < 0 {
				i = c.slowIndex(p.Value)
			}
			if i < 0 {
				nu := c.unitCount(p.Value)
				if nu > 0xFFFF {
					return body, strAt, c.errAt(p.Line, "%s value is %d UTF-16 units long; the format allows 65535", p.Key, nu)
				}
				i = len(c.strs)
				c.strs = append(c.strs, p.Value)
				c.hashes = append(c.hashes, h)
				c.remember(p.Value, slot, i)
				c.nunits = append(c.nunits, uint16(nu))
				c.table += 6 + 2*nu
			}
			strAt = append(strAt, len(body))
			body = binary.LittleEndian.AppendUint32(body, uint32(i))
			continue
		}
		v, err := parseNumber(t, p.Value)
		if err != nil {
			cv, ok := CNumber(t, p.Value)
			if !ok || c.strict {
				if ok {
					return body, strAt, c.errAt(p.Line, "%s: %v (GUTS would read it the C way as %s; refused because numbers are strict)", p.Key, err, formatValue(t, cv))
				}
				return body, strAt, c.errAt(p.Line, "%s: %v", p.Key, err)
			}
			v = cv
			c.fixes = append(c.fixes, NumberFix{Line: p.Line, Key: p.Key, Type: t, Text: p.Value, Value: formatValue(t, v), Why: cWhy(t, p.Value)})
		} else if t == UnsignedInt && negative(p.Value) {
			// GUTS text sometimes holds -1 for 0xFFFFFFFF: taken as its
			// two's complement, said, and refused when strict.
			if c.strict {
				return body, strAt, c.errAt(p.Line, "%s: <%s> value %q is %s (refused because numbers are strict)", p.Key, t, shown(p.Value), WhyNegative)
			}
			c.fixes = append(c.fixes, NumberFix{Line: p.Line, Key: p.Key, Type: t, Text: p.Value, Value: formatValue(t, v), Why: WhyNegative})
		} else if t == Float || t == Double {
			// Read whole, yet not what was written: ±Inf, NaN, or a
			// nonzero value that became 0. Said, and refused when strict.
			if why := floatWhy(t, v, p.Value); why != "" {
				if c.strict {
					return body, strAt, c.errAt(p.Line, "%s: <%s> value %q is %s (refused because numbers are strict)", p.Key, t, shown(p.Value), why)
				}
				c.fixes = append(c.fixes, NumberFix{Line: p.Line, Key: p.Key, Type: t, Text: p.Value, Value: formatValue(t, v), Why: why})
			}
		}
		if valueSize(t) == 8 {
			body = binary.LittleEndian.AppendUint64(body, v)
		} else {
			body = binary.LittleEndian.AppendUint32(body, uint32(v))
		}
	}
	body = binary.LittleEndian.AppendUint32(body, uint32(len(n.Children)))
	for _, ch := range n.Children {
		var err error
		if body, strAt, err = c.collect(ch, depth+1, false, body, strAt); err != nil {
			return body, strAt, err
		}
	}
	return body, strAt, nil
}
