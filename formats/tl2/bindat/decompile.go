package bindat

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strings"

	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/rghash"
	"packsmith/formats/utf16"
)

// Errors for errors.Is: a FormatError (bytes that are not a readable
// BINDAT) wraps ErrFormat; a CompileError (text that does not compile)
// wraps ErrInvalidText, which is dattext.ErrInvalid (the same *Error type);
// DecompileText's refusal of a value text cannot hold wraps ErrUnwritable,
// dattext's.
var (
	ErrFormat      = errors.New("bindat: not a readable binary .DAT")
	ErrInvalidText = dattext.ErrInvalid
	ErrUnwritable  = dattext.ErrUnwritable
)

// FormatError is a malformed-BINDAT error naming the file and byte offset.
type FormatError struct {
	File   string
	Offset int
	Msg    string
}

// Unwrap gives ErrFormat.
func (e *FormatError) Unwrap() error { return ErrFormat }

func (e *FormatError) Error() string {
	return fmt.Sprintf("%s: offset %d (0x%X): %s", e.File, e.Offset, e.Offset, e.Msg)
}

// Decoded is a decompiled BINDAT.
type Decoded struct {
	Root *dattext.Node
	// Strings is the string table in file order. Passing TableIDs(Strings)
	// as Options.IDs makes Compile reproduce the original ids.
	Strings []Entry
}

// Decompile reads a BINDAT into a tree. Names come from dict (nil or empty
// gives UNK_<HEX8> throughout); a root whose hash is that of RootName(file)
// gets that name. Values are printed canonically: decimal integers,
// shortest round-trip floats, true/false for BOOL 0/1. Malformed input is a
// *FormatError; sizes are checked against the bytes left before anything
// is allocated.
func Decompile(file string, data []byte, dict *rghash.Dictionary) (*Decoded, error) {
	d := decoder{file: file, data: data, dict: dict}
	return d.run()
}

// DecompileText decompiles to canonical UTF-16LE text with a BOM, as GUTS
// writes it. It fails when a value cannot be written as text (a string
// holding a line break).
func DecompileText(file string, data []byte, dict *rghash.Dictionary) ([]byte, error) {
	dec, err := Decompile(file, data, dict)
	if err != nil {
		return nil, err
	}
	if err := dattext.Check(dec.Root); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return dattext.Encode(dec.Root), nil
}

type decoder struct {
	file    string
	data    []byte
	off     int
	dict    *rghash.Dictionary
	strings map[uint32]string
}

func (d *decoder) fail(off int, format string, a ...any) error {
	return &FormatError{File: d.file, Offset: off, Msg: fmt.Sprintf(format, a...)}
}

func (d *decoder) u32(what string) (uint32, error) {
	if len(d.data)-d.off < 4 {
		return 0, d.fail(d.off, "file ends inside %s", what)
	}
	v := binary.LittleEndian.Uint32(d.data[d.off:])
	d.off += 4
	return v, nil
}

func (d *decoder) run() (*Decoded, error) {
	ver, err := d.u32("the header")
	if err != nil {
		return nil, err
	}
	if ver != Version {
		return nil, d.fail(0, "version %d, want %d (TL1 BINDAT is version 1)", ver, Version)
	}
	count, err := d.u32("the header")
	if err != nil {
		return nil, err
	}
	// Each entry takes at least 6 bytes: bound the count before allocating.
	if uint64(count)*6 > uint64(len(d.data)-d.off) {
		return nil, d.fail(4, "string count %d does not fit in the %d bytes left", count, len(d.data)-d.off)
	}
	table := make([]Entry, 0, count)
	d.strings = make(map[uint32]string, count)
	for range count {
		at := d.off
		id, err := d.u32("the string table")
		if err != nil {
			return nil, err
		}
		if len(d.data)-d.off < 2 {
			return nil, d.fail(d.off, "file ends inside the string table")
		}
		n := int(binary.LittleEndian.Uint16(d.data[d.off:]))
		d.off += 2
		if len(d.data)-d.off < 2*n {
			return nil, d.fail(at, "string %d of %d units runs past the end", id, n)
		}
		s := utf16.Decode(d.data[d.off:d.off+2*n], false)
		d.off += 2 * n
		table = append(table, Entry{ID: id, Text: s})
		if _, dup := d.strings[id]; !dup {
			d.strings[id] = s
		}
	}
	root, err := d.node(0)
	if err != nil {
		return nil, err
	}
	if d.off != len(d.data) {
		return nil, d.fail(d.off, "%d bytes after the root section", len(d.data)-d.off)
	}
	return &Decoded{Root: root, Strings: table}, nil
}

func (d *decoder) node(depth int) (*dattext.Node, error) {
	at := d.off
	if depth >= dattext.MaxDepth {
		return nil, d.fail(at, "sections nested deeper than %d", dattext.MaxDepth)
	}
	h, err := d.u32("a section header")
	if err != nil {
		return nil, err
	}
	n := &dattext.Node{}
	n.Name = nameFor(h, d.dict, false)
	if depth == 0 {
		// A root printed as [] would compile to the file name's hash.
		if rn := RootName(d.file); strings.HasPrefix(n.Name, "UNK_") && NameHash(rn) == h && dattext.ValidName(rn) && rn != "" {
			n.Name = rn
		} else if n.Name == "" {
			n.Name = UnknownName(h)
		}
	}
	np, err := d.u32("a section header")
	if err != nil {
		return nil, err
	}
	// A property takes at least 12 bytes.
	if uint64(np)*12 > uint64(len(d.data)-d.off) {
		return nil, d.fail(at+4, "property count %d does not fit in the %d bytes left", int32(np), len(d.data)-d.off)
	}
	n.Props = make([]dattext.Prop, 0, np)
	for range np {
		pat := d.off
		kh, err := d.u32("a property")
		if err != nil {
			return nil, err
		}
		tc, err := d.u32("a property")
		if err != nil {
			return nil, err
		}
		t := Type(tc)
		size := valueSize(t)
		if size == 0 {
			return nil, d.fail(pat+4, "unknown property type %d", tc)
		}
		if len(d.data)-d.off < size {
			return nil, d.fail(d.off, "file ends inside a property value")
		}
		var bits uint64
		if size == 8 {
			bits = binary.LittleEndian.Uint64(d.data[d.off:])
		} else {
			bits = uint64(binary.LittleEndian.Uint32(d.data[d.off:]))
		}
		d.off += size
		var val string
		if isStringType(t) {
			id := uint32(bits)
			if id != EmptyString {
				s, ok := d.strings[id]
				if !ok {
					return nil, d.fail(pat+8, "string id %d is not in the string table", id)
				}
				val = s
			}
		} else {
			val = formatValue(t, bits)
		}
		n.Props = append(n.Props, dattext.Prop{Type: t.String(), Key: nameFor(kh, d.dict, true), Value: val})
	}
	cat := d.off
	nc, err := d.u32("a child count")
	if err != nil {
		return nil, err
	}
	// A child section takes at least 12 bytes.
	if uint64(nc)*12 > uint64(len(d.data)-d.off) {
		return nil, d.fail(cat, "child count %d does not fit in the %d bytes left", int32(nc), len(d.data)-d.off)
	}
	n.Children = make([]*dattext.Node, 0, nc)
	for range nc {
		c, err := d.node(depth + 1)
		if err != nil {
			return nil, err
		}
		n.Children = append(n.Children, c)
	}
	return n, nil
}
