package pakd

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// Magic starts every pack.
var Magic = []byte("pakd")

// DefaultMaxEntries caps the count a header may claim.
const DefaultMaxEntries = 1 << 20

// NestedPad is the number of zero bytes after a nested pack.
const NestedPad = 16

// ErrFormat is wrapped by every *Error.
var ErrFormat = errors.New("malformed pakd")

// Error is a malformed header; Entry is -1 when it is about the pack itself.
type Error struct {
	Entry  int
	Offset int64
	Msg    string
}

func (e *Error) Error() string {
	if e.Entry < 0 {
		return fmt.Sprintf("pakd: %s (offset 0x%X)", e.Msg, e.Offset)
	}
	return fmt.Sprintf("pakd: entry #%d: %s (offset 0x%X)", e.Entry, e.Msg, e.Offset)
}

func (e *Error) Unwrap() error { return ErrFormat }

func errf(entry int, off int64, format string, args ...any) error {
	return &Error{Entry: entry, Offset: off, Msg: fmt.Sprintf(format, args...)}
}

// Entry is one numbered entry.
type Entry struct {
	Index  int
	Offset int64 // from the pack's magic
	Size   int64 // stored bytes, padding included
	ID     uint32
}

// Options tune the reader.
type Options struct {
	MaxEntries int // 0: DefaultMaxEntries
}

// Reader is an opened pack.
type Reader struct {
	r          io.ReaderAt
	Entries    []Entry
	PackSize   int64
	HeaderSize int64 // offsets[0] (pack_size when empty)
	HasIDs     bool
	HeaderEnd  uint32 // the word after the ids, 0 in every known file
}

// Is reports whether b starts with the pakd magic.
func Is(b []byte) bool { return bytes.HasPrefix(b, Magic) }

// NewReader reads the header of the pack that r holds in its first size
// bytes.
func NewReader(r io.ReaderAt, size int64, opt Options) (*Reader, error) {
	max := opt.MaxEntries
	if max <= 0 {
		max = DefaultMaxEntries
	}
	var head [8]byte
	if size < 16 {
		return nil, errf(-1, 0, "%d bytes, shorter than a header", size)
	}
	if _, err := r.ReadAt(head[:], 0); err != nil {
		return nil, errf(-1, 0, "reading the header: %v", err)
	}
	if !Is(head[:]) {
		return nil, errf(-1, 0, "no pakd magic (% X)", head[:4])
	}
	le := binary.LittleEndian
	n64 := int64(le.Uint32(head[4:]))
	if n64 > int64(max) {
		return nil, errf(-1, 4, "count %d over the cap %d", n64, max)
	}
	n := int(n64)
	h := 16 + 4*n64 // header without ids
	if h > size {
		return nil, errf(-1, 4, "count %d needs a %d-byte header, the pack has %d", n, h, size)
	}
	tbl := make([]byte, 4*(n+1))
	if _, err := r.ReadAt(tbl, 8); err != nil {
		return nil, errf(-1, 8, "reading offsets: %v", err)
	}
	offs := make([]int64, n+1)
	for i := range offs {
		offs[i] = int64(le.Uint32(tbl[4*i:]))
	}
	p := &Reader{r: r, PackSize: offs[n], HeaderSize: offs[n]}
	if p.PackSize > size {
		return nil, errf(-1, 8+4*n64, "pack_size %d past the end of the data (%d bytes)", p.PackSize, size)
	}
	if p.PackSize < h {
		return nil, errf(-1, 8+4*n64, "pack_size %d inside the %d-byte header", p.PackSize, h)
	}
	if n > 0 {
		p.HeaderSize = offs[0]
		if offs[0] < h {
			return nil, errf(0, 8, "offset %d inside the %d-byte header", offs[0], h)
		}
	}
	for i := 0; i < n; i++ {
		if offs[i+1] < offs[i] {
			return nil, errf(i, 8+4*int64(i), "entry runs from %d back to %d (next offset or pack_size %d)", offs[i], offs[i+1], p.PackSize)
		}
	}
	// ids, then the end-of-header word.
	ids := 0
	if n > 0 {
		ids = int(min(n64, (offs[0]-h)/4))
	}
	rest := make([]byte, 4*(ids+1))
	if _, err := r.ReadAt(rest, 12+4*n64); err != nil {
		return nil, errf(-1, 12+4*n64, "reading ids: %v", err)
	}
	p.Entries = make([]Entry, n)
	for i := range p.Entries {
		e := Entry{Index: i, Offset: offs[i], Size: offs[i+1] - offs[i]}
		if i < ids {
			e.ID = le.Uint32(rest[4*i:])
			if e.ID != 0 {
				p.HasIDs = true
			}
		}
		p.Entries[i] = e
	}
	if p.HasIDs || ids == n {
		p.HeaderEnd = le.Uint32(rest[4*ids:])
	} else {
		p.HeaderEnd = le.Uint32(rest[0:])
	}
	return p, nil
}

// Item is one entry to write.
type Item struct {
	ID   uint32
	Data []byte // stored as is; see Pad and Nested
}

// HeaderSize is the size of the header Build writes.
func HeaderSize(n int, ids bool) int64 {
	s := int64(16 + 4*n)
	if ids {
		s += 4 * int64(n)
	}
	return align16(s)
}

func align16(n int64) int64 { return (n + 15) &^ 15 }

// BuildHeader is the header Build writes for entries of the given stored
// sizes and ids (ids may be nil): magic, count, offsets, pack_size, ids
// when one is not 0, the end word and zeros to a 16-byte boundary.
func BuildHeader(sizes []int64, ids []uint32) []byte {
	hasIDs := false
	for _, id := range ids {
		if id != 0 {
			hasIDs = true
		}
	}
	n := len(sizes)
	hs := HeaderSize(n, hasIDs)
	out := make([]byte, hs)
	le := binary.LittleEndian
	copy(out, Magic)
	le.PutUint32(out[4:], uint32(n))
	off := hs
	for i, s := range sizes {
		le.PutUint32(out[8+4*i:], uint32(off))
		off += s
	}
	le.PutUint32(out[8+4*n:], uint32(off))
	if hasIDs {
		for i, id := range ids {
			le.PutUint32(out[12+4*n+4*i:], id)
		}
	}
	return out
}

// Build writes a pack holding items in order.
func Build(items []Item) []byte {
	hasIDs := false
	for _, it := range items {
		if it.ID != 0 {
			hasIDs = true
		}
	}
	n := len(items)
	hs := HeaderSize(n, hasIDs)
	total := hs
	for _, it := range items {
		total += int64(len(it.Data))
	}
	out := make([]byte, hs, total)
	le := binary.LittleEndian
	copy(out, Magic)
	le.PutUint32(out[4:], uint32(n))
	off := hs
	for i, it := range items {
		le.PutUint32(out[8+4*i:], uint32(off))
		off += int64(len(it.Data))
	}
	le.PutUint32(out[8+4*n:], uint32(off))
	if hasIDs {
		for i, it := range items {
			le.PutUint32(out[12+4*n+4*i:], it.ID)
		}
	}
	for _, it := range items {
		out = append(out, it.Data...)
	}
	return out
}

// Pad returns data followed by zeros to a 16-byte boundary, at least one:
// the way leaf entries are stored.
func Pad(data []byte) []byte {
	n := align16(int64(len(data)) + 1)
	out := make([]byte, n)
	copy(out, data)
	return out
}

// Nested returns a pack as an entry of its parent: followed by 16 zeros.
func Nested(pack []byte) []byte {
	out := make([]byte, len(pack)+NestedPad)
	copy(out, pack)
	return out
}

var kinds = []struct {
	magic string
	kind  string
}{
	{"pakd", "pakd"}, {"txte", "txte"}, {"xlce", "xlce"}, {"btx\x00", "btx"},
	{"MLZ0", "mlz0"}, {"ashg", "ashg"}, {"ARC\x00", "arc"}, {"SAS3", "sas3"},
	{"sabf", "sabf"}, {"IDX0", "idx0"}, {"BMAR", "bmar"}, {"PGRS", "pgrs"},
	{"INVK", "invk"}, {"TASK", "task"}, {"PK\x03\x04", "zip"},
}

// DetectKind names an entry's kind from its first bytes ("data" when none
// is known).
func DetectKind(head []byte) string {
	for _, k := range kinds {
		if bytes.HasPrefix(head, []byte(k.magic)) {
			return k.kind
		}
	}
	return "data"
}
