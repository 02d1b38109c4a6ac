package modpack

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"unsafe"

	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/layout"
)

// The incremental cache's file format. It is read at the start and
// written at the end of every incremental pack, so it is a plain binary
// form that decodes in one pass without reflection (gob took a tenth of a
// 33,000-file repack). A repack that changed one file of 33,000 writes
// back 32,999 records as it read them: each record is a length-prefixed
// run of bytes that means the same in the next file (its symbols index a
// table the next file keeps, extended, never renumbered), so writing the
// cache again is a copy, not an encoding (a tenth of such a repack's CPU
// before). And the part of a record a pack needs only for the files it
// reuses, their findings and RAW trees, is decoded then, by the compile
// workers on all cores (cacheEntry.decodeRest), not for every record at
// the start:
//
//	"PKSMPACKCACHE\x00" (14 bytes)
//	uvarint  format (cacheFormat)
//	str      options key
//	varint   .MOD size, .MOD mtime (UnixNano), written (UnixNano)
//	uvarint  symbol count, then each symbol: str
//	uvarint  entry count, then per entry in name order:
//	  uvarint  record length, then the record:
//	    str name; varint size, mtime; str hash, key; uvarint CRC-32,
//	    uvarint payload CRC-32 (of the block's bytes after its head, as written)
//	    uvarint flags (cacheScenery: a layout under LAYOUTS/ that places no room piece)
//	    uvarint finding count, each: sym severity, stage; str file; varint line; str message
//	    u8 0 (no tree), 1 then the pruned tree as a node:
//	      sym name; varint line, end line
//	      uvarint prop count, each: sym type, key; str value; varint line
//	      uvarint child count, each a node
//	    or 2 then what the RAW indices read of a layout (rawLayout):
//	      uvarint version; uvarint object count, each:
//	        uvarint descriptor; varint id; str name
//	        uvarint prop count, each: uvarint id; str value
//	u32      CRC-32 (IEEE) of everything before it, little-endian
//
// A str is uvarint length, bytes. A sym is uvarint k, the table's string
// k: the section names, property types and keys repeated on every line
// are stored once (only those: interning every value would cost more than
// it saves). Strings are slices of the file read, not copies. The decoder
// checks every count and length against the bytes left and every index
// against the table, and refuses trees deeper than cacheMaxDepth: a
// damaged cache is an error (a full pack follows; a record whose findings
// or tree do not decode is compiled again), never a panic or a huge
// allocation.

var cacheMagic = []byte("PKSMPACKCACHE\x00")

const cacheMaxDepth = 200

// cacheSyms is a cache file's symbol table. A table is never changed once
// a file holds it: the next pack's encoder extends a copy.
type cacheSyms struct {
	list []string
}

type cacheEncoder struct {
	b    []byte
	base *cacheSyms // the table records kept as they were (raw) refer to
	list []string   // base's symbols, then the new ones
	ids  map[string]uint64
}

func newCacheEncoder(base *cacheSyms, size int) *cacheEncoder {
	e := &cacheEncoder{b: make([]byte, 0, size), base: base, ids: make(map[string]uint64, 256)}
	if base != nil {
		e.list = append(e.list, base.list...)
		for i, s := range base.list {
			if _, ok := e.ids[s]; !ok {
				e.ids[s] = uint64(i)
			}
		}
	}
	return e
}

func (e *cacheEncoder) uvarint(v uint64) { e.b = binary.AppendUvarint(e.b, v) }
func (e *cacheEncoder) varint(v int64)   { e.b = binary.AppendVarint(e.b, v) }

func (e *cacheEncoder) str(s string) {
	e.uvarint(uint64(len(s)))
	e.b = append(e.b, s...)
}

func (e *cacheEncoder) sym(s string) {
	k, ok := e.ids[s]
	if !ok {
		k = uint64(len(e.list))
		e.ids[s] = k
		e.list = append(e.list, s)
	}
	e.uvarint(k)
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

// record appends ce's record, without its length.
func (e *cacheEncoder) record(name string, ce *cacheEntry) {
	e.str(name)
	e.varint(ce.Size)
	e.varint(ce.MTime)
	e.str(ce.Hash)
	e.str(ce.Key)
	e.uvarint(uint64(ce.CRC))
	e.uvarint(uint64(ce.Payload))
	e.uvarint(uint64(ce.Flags))
	e.uvarint(uint64(len(ce.Findings)))
	for _, f := range ce.Findings {
		e.sym(string(f.Severity))
		e.sym(string(f.Stage))
		e.str(f.File)
		e.varint(int64(f.Line))
		e.str(f.Message)
	}
	switch {
	case ce.Pruned != nil:
		e.b = append(e.b, 1)
		e.node(ce.Pruned)
	case ce.Lay != nil:
		e.b = append(e.b, 2)
		e.layout(ce.Lay)
	default:
		e.b = append(e.b, 0)
	}
}

// layout appends a layout as rawLayout leaves it: flat objects.
func (e *cacheEncoder) layout(l *layout.Layout) {
	e.uvarint(uint64(l.Version))
	e.uvarint(uint64(len(l.Objects)))
	for _, o := range l.Objects {
		e.uvarint(uint64(o.Descriptor))
		e.varint(o.ID)
		e.str(o.Name)
		e.uvarint(uint64(len(o.Props)))
		for _, p := range o.Props {
			e.uvarint(uint64(p.ID))
			e.str(string(p.Value))
		}
	}
}

// cacheBody is the new cache's entries (entries, kept for Watch), the
// encoding of their count and records (encodeEntries) and the symbol table
// those refer to.
type cacheBody struct {
	entries map[string]cacheEntry
	encoded []byte
	syms    *cacheSyms
	err     error // no body could be made: save writes no cache
}

// namedEntry is one entry to encode: the record itself, not a copy (a
// copy of 37,000 records was 6 MB of fresh memory for every pack; the
// pack's records are its own, made for the new cache).
type namedEntry struct {
	name string
	ce   *cacheEntry
}

// encodeEntries encodes the entry count and the records, in the order
// given (the pack gives the order it wrote the blocks in: fixed, so the
// bytes are too, and no sort of 33,000 names), against a copy of base
// extended with the symbols new records bring: a record read from a file
// whose table is base (cacheEntry.raw) is copied as it was. With keep,
// the entries come back as a map, each holding its new record as raw
// (Watch keeps them for the next pack). The symbol table goes before the
// records in the file: writeCache puts it there.
func encodeEntries(list []namedEntry, base *cacheSyms, keep bool) cacheBody {
	e := newCacheEncoder(base, 128*len(list)+64)
	e.uvarint(uint64(len(list)))
	var spans []int // with keep: each record's start and end in e.b
	var rec []byte
	for i := range list {
		ce := list[i].ce
		if ce.raw != "" && ce.syms == base && base != nil {
			e.uvarint(uint64(len(ce.raw)))
			spans = append(spans, len(e.b))
			e.b = append(e.b, ce.raw...)
			spans = append(spans, len(e.b))
			continue
		}
		// A record made now: encoded on its own, then put after its length.
		outer := e.b
		e.b = rec[:0]
		ce.decodeRest() // a record read from a file, changed since: decode the rest to encode it
		e.record(list[i].name, ce)
		rec, e.b = e.b, outer
		e.uvarint(uint64(len(rec)))
		spans = append(spans, len(e.b))
		e.b = append(e.b, rec...)
		spans = append(spans, len(e.b))
	}
	body := cacheBody{encoded: e.b, syms: &cacheSyms{list: e.list}}
	if keep {
		all := string(e.b)
		body.entries = make(map[string]cacheEntry, len(list))
		for i := range list {
			ce := *list[i].ce
			ce.raw, ce.syms = all[spans[2*i]:spans[2*i+1]], body.syms // rest, if any, means the same under the extended table
			body.entries[list[i].name] = ce
		}
	}
	return body
}

// writeCache writes the cache file to w: the head (magic, format,
// options, sizes and times) and the symbol table, the entries (from
// encodeEntries) and the checksum of both. The entries go as they are,
// not after the head in one buffer: that copy was 4 MB of fresh memory
// for a pack of 37,000 sources.
func writeCache(w io.Writer, c *packCache, body cacheBody) error {
	head := cacheHead(c, body.syms)
	sum := crc32.Update(crc32.ChecksumIEEE(head), crc32.IEEETable, body.encoded)
	for _, b := range [][]byte{head, body.encoded, binary.LittleEndian.AppendUint32(nil, sum)} {
		if _, err := w.Write(b); err != nil {
			return err
		}
	}
	return nil
}

// cacheHead is the head and the symbol table syms (nil: none).
func cacheHead(c *packCache, syms *cacheSyms) []byte {
	n := 64 + len(c.Options)
	if syms != nil {
		for _, s := range syms.list {
			n += len(s) + 2
		}
	}
	e := &cacheEncoder{b: make([]byte, 0, n)}
	e.b = append(e.b, cacheMagic...)
	e.uvarint(uint64(c.Format))
	e.str(c.Options)
	e.varint(c.ModSize)
	e.varint(c.ModTime)
	e.varint(c.Written)
	if syms == nil {
		e.uvarint(0)
	} else {
		e.uvarint(uint64(len(syms.list)))
		for _, s := range syms.list {
			e.str(s)
		}
	}
	return e.b
}

var (
	errCacheShort = errors.New("ends early")
	errNotCache   = errors.New("not a Packsmith pack cache")
)

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
	if k >= uint64(len(d.table)) {
		d.fail("symbol %d of a table of %d", k, len(d.table))
		return ""
	}
	return d.table[k]
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

// decodeCache reads a cache file: the head, the symbol table and every
// record's name, sizes, time and hashes; each record's findings and tree
// stay undecoded (cacheEntry.rest) until a pack reuses it.
func decodeCache(b []byte) (*packCache, error) {
	c, d, err := decodeCacheHead(b)
	if err != nil || c.Format != cacheFormat {
		return c, err // another format: the caller says so
	}
	if ns := d.count(1); ns > 0 {
		d.table = make([]string, ns)
		for i := range d.table {
			d.table[i] = d.str()
		}
	}
	c.syms = &cacheSyms{list: d.table}
	n := d.count(9)
	c.Entries = make(map[string]cacheEntry, n)
	for i := 0; i < n && d.err == nil; i++ {
		size := d.count(1)
		if d.err != nil {
			break
		}
		rec := d.s[d.off : d.off+size]
		d.off += size
		r := &cacheDecoder{s: rec, table: d.table}
		name := r.str()
		ce := cacheEntry{Size: r.varint(), MTime: r.varint(), Hash: r.str(), Key: r.str(), raw: rec, syms: c.syms}
		ce.CRC, ce.Payload = r.crc("CRC-32"), r.crc("payload CRC-32")
		ce.Flags = r.flags()
		if r.err == nil && r.off >= len(rec) {
			r.fail("%v", errCacheShort)
		}
		if r.err != nil {
			d.fail("entry %d (%q): %v", i, name, r.err)
			break
		}
		ce.rest = rec[r.off:]
		if _, dup := c.Entries[name]; dup {
			d.fail("entry %q twice", name)
			break
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

// decodeCacheHead checks a whole cache file's magic and checksum and reads
// its head (cacheDecoder.head); d is left at the symbol table, for
// decodeCache. b must not change afterwards: what is decoded from it
// holds its bytes.
func decodeCacheHead(b []byte) (*packCache, *cacheDecoder, error) {
	if !bytes.HasPrefix(b, cacheMagic) || len(b) < len(cacheMagic)+4 {
		return nil, nil, errNotCache
	}
	body := b[:len(b)-4]
	if crc32.ChecksumIEEE(body) != binary.LittleEndian.Uint32(b[len(b)-4:]) {
		return nil, nil, errors.New("checksum mismatch (the file is damaged)")
	}
	// The records' strings share b's bytes, not a copy of them: a 4 MB
	// copy cost a repack 16 ms in page faults. openIncremental reads b
	// from the file and never changes it.
	d := &cacheDecoder{s: unsafe.String(unsafe.SliceData(body), len(body)), off: len(cacheMagic)}
	c := d.head()
	return c, d, d.err
}

// cacheHeadRead is what readCacheHead reads first: the magic, the format,
// the options (a hundred bytes) and three varints fit many times over.
const cacheHeadRead = 4 << 10

// readCacheHead reads a cache file's head (format, options, the .MOD's
// size, time and write time) without reading the rest or checking the
// checksum, which covers the whole file: decodeCache does both. A head
// longer than cacheHeadRead is read whole.
func readCacheHead(path string) (*packCache, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b := make([]byte, cacheHeadRead)
	n, err := io.ReadFull(f, b)
	if err != nil && err != io.ErrUnexpectedEOF {
		return nil, err
	}
	c, err := decodeHeadFields(b[:n])
	if err != nil && n == len(b) {
		// A head past cacheHeadRead (options that long): read it all.
		rest, rerr := io.ReadAll(f)
		if rerr != nil {
			return nil, rerr
		}
		c, err = decodeHeadFields(append(b, rest...))
	}
	return c, err
}

// decodeHeadFields decodes the head fields at the start of b (a whole
// cache file, or its beginning).
func decodeHeadFields(b []byte) (*packCache, error) {
	if !bytes.HasPrefix(b, cacheMagic) {
		return nil, errNotCache
	}
	d := &cacheDecoder{s: string(b), off: len(cacheMagic)}
	c := d.head()
	return c, d.err
}

// head decodes the fields after the magic: the format and, in this
// format, the options and the .MOD's size, time and write time.
func (d *cacheDecoder) head() *packCache {
	c := &packCache{Format: int(d.uvarint())}
	if d.err == nil && c.Format != cacheFormat {
		return c
	}
	c.Options = d.str()
	c.ModSize, c.ModTime, c.Written = d.varint(), d.varint(), d.varint()
	return c
}

func (d *cacheDecoder) crc(what string) uint32 { return uint32(d.upTo(what, 0xFFFFFFFF)) }

// upTo reads a uvarint that must not be more than max.
func (d *cacheDecoder) upTo(what string, max uint64) uint64 {
	v := d.uvarint()
	if v > max {
		d.fail("%s %d out of range", what, v)
	}
	return v
}

// decodeRest decodes the findings and the tree of a record read from a
// file (rest), once; an error leaves the entry as it was (the pack then
// compiles the file instead of reusing it).
func (c *cacheEntry) decodeRest() error {
	if c.rest == "" {
		return nil
	}
	d := &cacheDecoder{s: c.rest, table: c.syms.list}
	var finds []Finding
	if nf := d.count(5); nf > 0 {
		finds = make([]Finding, nf)
		for j := range finds {
			finds[j] = Finding{Severity: Severity(d.sym()), Stage: Stage(d.sym()), File: d.str(), Line: d.int(), Message: d.str()}
		}
	}
	if d.err == nil && d.off >= len(d.s) {
		d.fail("%v", errCacheShort)
	}
	var tree *dattext.Node
	var lay *layout.Layout
	if d.err == nil {
		switch d.s[d.off] {
		case 0:
			d.off++
		case 1:
			d.off++
			tree = d.node(0)
		case 2:
			d.off++
			lay = d.layout()
		default:
			d.fail("tree marker %d", d.s[d.off])
		}
	}
	if d.err == nil && d.off != len(d.s) {
		d.fail("%d bytes after the tree", len(d.s)-d.off)
	}
	if d.err != nil {
		return d.err
	}
	c.Findings, c.Pruned, c.Lay, c.rest = finds, tree, lay, ""
	return nil
}

// layout reads what cacheEncoder.layout wrote.
func (d *cacheDecoder) layout() *layout.Layout {
	l := &layout.Layout{Version: d.u8("layout version")}
	n := d.count(4) // descriptor, id, name, prop count: a byte each at least
	for i := 0; i < n && d.err == nil; i++ {
		o := &layout.Object{Descriptor: d.u8("descriptor"), ID: d.varint(), Name: d.str()}
		if np := d.count(2); np > 0 {
			o.Props = make([]layout.Prop, np)
			for j := range o.Props {
				o.Props[j] = layout.Prop{ID: d.u8("property id"), Value: []byte(d.str())}
			}
		}
		l.Objects = append(l.Objects, o)
	}
	return l
}

// u8 reads a uvarint that must fit a byte.
func (d *cacheDecoder) u8(what string) uint8 { return uint8(d.upTo(what, 0xFF)) }

// flags reads a record's flags; bits it does not know are an error (a
// cache of another format would say so first).
func (d *cacheDecoder) flags() uint8 {
	v := d.uvarint()
	if v&^uint64(cacheScenery) != 0 {
		d.fail("flags %#x", v)
	}
	return uint8(v)
}
