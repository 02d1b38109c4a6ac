package modpack

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"maps"
	"slices"

	"packsmith/formats/tl2/dattext"
)

// The incremental cache's file format. It is read at the start and
// written at the end of every incremental pack, so it is a plain binary
// form that decodes in one pass without reflection (gob took a tenth of a
// 33,000-file repack):
//
//	"PKSMPACKCACHE\x00" (14 bytes)
//	uvarint  format (cacheFormat)
//	str      options key
//	varint   .MOD size, .MOD mtime (UnixNano), written (UnixNano)
//	uvarint  entry count, then per entry in name order:
//	  str name; varint size, mtime; str hash, key; uvarint CRC-32,
//	  uvarint payload CRC-32 (of the block's bytes after its head, as written)
//	  uvarint finding count, each: sym severity, stage; str file; varint line; str message
//	  u8 0 (no tree) or 1, then the pruned tree as a node:
//	    sym name; varint line, end line
//	    uvarint prop count, each: sym type, key; str value; varint line
//	    uvarint child count, each a node
//	u32      CRC-32 (IEEE) of everything before it, little-endian
//
// A str is uvarint length, bytes. A sym is uvarint k: 0 is a new str that
// joins a table, k > 0 is the table's string k-1, so the section names,
// property types and keys repeated on every line are stored once (only
// those: interning every value would cost more than it saves). Strings
// are slices of the file read, not copies. The decoder
// checks every count against the bytes left and every index against the
// table, and refuses trees deeper than cacheMaxDepth: a damaged cache is
// an error (a full pack follows), never a panic or a huge allocation.

var cacheMagic = []byte("PKSMPACKCACHE\x00")

const cacheMaxDepth = 200

type cacheEncoder struct {
	b   []byte
	ids map[string]uint64
}

func (e *cacheEncoder) uvarint(v uint64) { e.b = binary.AppendUvarint(e.b, v) }
func (e *cacheEncoder) varint(v int64)   { e.b = binary.AppendVarint(e.b, v) }

func (e *cacheEncoder) str(s string) {
	e.uvarint(uint64(len(s)))
	e.b = append(e.b, s...)
}

func (e *cacheEncoder) sym(s string) {
	if k, ok := e.ids[s]; ok {
		e.uvarint(k)
		return
	}
	e.ids[s] = uint64(len(e.ids) + 1)
	e.uvarint(0)
	e.uvarint(uint64(len(s)))
	e.b = append(e.b, s...)
}

func (e *cacheEncoder) node(n *dattext.Node) {
	e.sym(n.Name)
	e.varint(int64(n.Line))
	e.varint(int64(n.EndLine))
	e.uvarint(uint64(len(n.Props)))
	for _, p := range n.Props {
		e.sym(p.Type)
		e.sym(p.Key)
		e.str(p.Value)
		e.varint(int64(p.Line))
	}
	e.uvarint(uint64(len(n.Children)))
	for _, c := range n.Children {
		e.node(c)
	}
}

// encodeEntries is the part of the file after the head: the entry count
// and the entries, in name order. The symbol table starts here, so this
// part can be made before the head's fields are known.
func encodeEntries(entries map[string]cacheEntry) []byte {
	e := &cacheEncoder{b: make([]byte, 0, 160*len(entries)+64), ids: make(map[string]uint64, 256)}
	names := slices.Sorted(maps.Keys(entries))
	e.uvarint(uint64(len(names)))
	for _, n := range names {
		ce := entries[n]
		e.str(n)
		e.varint(ce.Size)
		e.varint(ce.MTime)
		e.str(ce.Hash)
		e.str(ce.Key)
		e.uvarint(uint64(ce.CRC))
		e.uvarint(uint64(ce.Payload))
		e.uvarint(uint64(len(ce.Findings)))
		for _, f := range ce.Findings {
			e.sym(string(f.Severity))
			e.sym(string(f.Stage))
			e.str(f.File)
			e.varint(int64(f.Line))
			e.str(f.Message)
		}
		if ce.Pruned == nil {
			e.b = append(e.b, 0)
		} else {
			e.b = append(e.b, 1)
			e.node(ce.Pruned)
		}
	}
	return e.b
}

// assembleCache puts the head (magic, format, options, sizes and times)
// before entries (from encodeEntries) and the checksum after.
func assembleCache(c *packCache, entries []byte) []byte {
	e := &cacheEncoder{b: make([]byte, 0, 64+len(c.Options)+len(entries)+4)}
	e.b = append(e.b, cacheMagic...)
	e.uvarint(uint64(c.Format))
	e.str(c.Options)
	e.varint(c.ModSize)
	e.varint(c.ModTime)
	e.varint(c.Written)
	e.b = append(e.b, entries...)
	return binary.LittleEndian.AppendUint32(e.b, crc32.ChecksumIEEE(e.b))
}

var errCacheShort = errors.New("ends early")

type cacheDecoder struct {
	s     string // the whole file: strings are slices of it
	off   int
	table []string
	err   error
}

func (d *cacheDecoder) fail(format string, args ...any) {
	if d.err == nil {
		d.err = fmt.Errorf("offset %d: %s", d.off, fmt.Sprintf(format, args...))
	}
}

func (d *cacheDecoder) uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	var v uint64
	for shift := uint(0); ; shift += 7 {
		if d.off >= len(d.s) {
			d.fail("%v", errCacheShort)
			return 0
		}
		c := d.s[d.off]
		d.off++
		if shift == 63 && c > 1 {
			d.fail("number too large")
			return 0
		}
		v |= uint64(c&0x7F) << shift
		if c < 0x80 {
			return v
		}
	}
}

func (d *cacheDecoder) varint() int64 {
	u := d.uvarint()
	return int64(u>>1) ^ -int64(u&1)
}

// count reads a count of items that take at least min bytes each.
func (d *cacheDecoder) count(min int) int {
	n := d.uvarint()
	if d.err == nil && n > uint64((len(d.s)-d.off)/min) {
		d.fail("count %d is more than the %d bytes left can hold", n, len(d.s)-d.off)
		return 0
	}
	return int(n)
}

func (d *cacheDecoder) str() string {
	n := d.uvarint()
	if d.err == nil && n > uint64(len(d.s)-d.off) {
		d.fail("a %d-byte string with %d bytes left", n, len(d.s)-d.off)
	}
	if d.err != nil {
		return ""
	}
	s := d.s[d.off : d.off+int(n)]
	d.off += int(n)
	return s
}

func (d *cacheDecoder) sym() string {
	k := d.uvarint()
	if d.err != nil {
		return ""
	}
	if k > 0 {
		if k > uint64(len(d.table)) {
			d.fail("string %d of a table of %d", k, len(d.table))
			return ""
		}
		return d.table[k-1]
	}
	s := d.str()
	if d.err == nil {
		d.table = append(d.table, s)
	}
	return s
}

func (d *cacheDecoder) int() int {
	v := d.varint()
	if v < -1<<31 || v > 1<<31-1 {
		d.fail("line %d out of range", v)
		return 0
	}
	return int(v)
}

func (d *cacheDecoder) node(depth int) *dattext.Node {
	if depth > cacheMaxDepth {
		d.fail("tree deeper than %d", cacheMaxDepth)
		return nil
	}
	n := &dattext.Node{Name: d.sym(), Line: d.int(), EndLine: d.int()}
	if np := d.count(4); np > 0 {
		n.Props = make([]dattext.Prop, np)
		for i := range n.Props {
			n.Props[i] = dattext.Prop{Type: d.sym(), Key: d.sym(), Value: d.str(), Line: d.int()}
		}
	}
	if nc := d.count(5); nc > 0 {
		n.Children = make([]*dattext.Node, 0, nc)
		for i := 0; i < nc && d.err == nil; i++ {
			n.Children = append(n.Children, d.node(depth+1))
		}
	}
	return n
}

// decodeCache reads what encodeCache wrote.
func decodeCache(b []byte) (*packCache, error) {
	if len(b) < len(cacheMagic)+4 || string(b[:len(cacheMagic)]) != string(cacheMagic) {
		return nil, errors.New("not a Packsmith pack cache")
	}
	body := b[:len(b)-4]
	if crc32.ChecksumIEEE(body) != binary.LittleEndian.Uint32(b[len(b)-4:]) {
		return nil, errors.New("checksum mismatch (the file is damaged)")
	}
	d := &cacheDecoder{s: string(body), off: len(cacheMagic)}
	c := &packCache{Format: int(d.uvarint())}
	if d.err == nil && c.Format != cacheFormat {
		return c, nil // the caller says it is another format
	}
	c.Options = d.str()
	c.ModSize, c.ModTime, c.Written = d.varint(), d.varint(), d.varint()
	n := d.count(8)
	c.Entries = make(map[string]cacheEntry, n)
	for i := 0; i < n && d.err == nil; i++ {
		name := d.str()
		ce := cacheEntry{Size: d.varint(), MTime: d.varint(), Hash: d.str(), Key: d.str()}
		crc := d.uvarint()
		if crc > 0xFFFFFFFF {
			d.fail("CRC-32 %d out of range", crc)
		}
		ce.CRC = uint32(crc)
		pcrc := d.uvarint()
		if pcrc > 0xFFFFFFFF {
			d.fail("payload CRC-32 %d out of range", pcrc)
		}
		ce.Payload = uint32(pcrc)
		if nf := d.count(5); nf > 0 {
			ce.Findings = make([]Finding, nf)
			for j := range ce.Findings {
				ce.Findings[j] = Finding{Severity: Severity(d.sym()), Stage: Stage(d.sym()), File: d.str(), Line: d.int(), Message: d.str()}
			}
		}
		if d.err == nil && d.off >= len(d.s) {
			d.fail("%v", errCacheShort)
		}
		if d.err != nil {
			break
		}
		switch d.s[d.off] {
		case 0:
			d.off++
		case 1:
			d.off++
			ce.Pruned = d.node(0)
		default:
			d.fail("tree marker %d", d.s[d.off])
		}
		if _, dup := c.Entries[name]; dup && d.err == nil {
			d.fail("entry %q twice", name)
		}
		c.Entries[name] = ce
	}
	if d.err == nil && d.off != len(d.s) {
		d.fail("%d bytes after the last entry", len(d.s)-d.off)
	}
	if d.err != nil {
		return nil, d.err
	}
	return c, nil
}
