package onezip

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"

	"packsmith/formats/bytecount"
)

// MaxTail caps the bytes after the member's data (data descriptor, central
// directory, end record) that ParseAt keeps for a faithful rebuild.
const MaxTail = 1 << 20

// The header fields a new member gets. The notes' table of the values in
// the game's own files is lost; what survives says the one file made by
// another tool differs in having times set, version made by 0x003F and
// central flags 0, so the rest are taken to carry no times, version 2.0
// (0x0014) and flags 0x0002 (DEFLATE at maximum compression). Inferred,
// not checked against a game file; the game reads none of them.
const (
	NewVersionMadeBy = 0x0014
	NewVersionNeeded = 0x0014
	NewFlags         = 0x0002
)

// ParseAt reads the local header at the start of r (size bytes) and keeps
// the raw header and the tail after the data, so an edited member can be
// written back with every other field as it was.
func ParseAt(r io.ReaderAt, size int64) (Member, error) {
	var m Member
	if size < 30 {
		return m, errf(0, "%d bytes, shorter than a local header", size)
	}
	head := make([]byte, 30)
	if _, err := r.ReadAt(head, 0); err != nil {
		return m, errf(0, "reading the local header: %v", err)
	}
	if !bytes.Equal(head[:4], []byte("PK\x03\x04")) {
		return m, errf(0, "no local header signature (% X)", head[:4])
	}
	le := binary.LittleEndian
	m.Flags = le.Uint16(head[6:])
	m.Method = le.Uint16(head[8:])
	m.CRC32 = le.Uint32(head[14:])
	m.Packed = int64(le.Uint32(head[18:]))
	m.Size = int64(le.Uint32(head[22:]))
	nameLen := int64(le.Uint16(head[26:]))
	extraLen := int64(le.Uint16(head[28:]))
	m.Offset = 30 + nameLen + extraLen
	if m.Offset > size {
		return m, errf(26, "name and extra (%d+%d bytes) run past the end", nameLen, extraLen)
	}
	m.Local = make([]byte, m.Offset)
	if _, err := r.ReadAt(m.Local, 0); err != nil {
		return m, errf(30, "reading the name: %v", err)
	}
	m.Name = string(m.Local[30 : 30+nameLen])
	if m.Flags&8 != 0 && m.Packed == 0 {
		// Sizes in a data descriptor: take them from the central record.
		// (The game reads the local header only, so its files never do this.)
		if err := m.sizesFromCentral(r, size); err != nil {
			return m, err
		}
	}
	if m.Offset+m.Packed > size {
		return m, errf(18, "compressed size %d runs past the end (%d bytes left)", m.Packed, size-m.Offset)
	}
	if m.Method != zip.Deflate && m.Method != zip.Store {
		return m, errf(8, "method %d is not stored or DEFLATE", m.Method)
	}
	if m.Method == zip.Store && m.Packed != m.Size {
		return m, errf(18, "stored member: compressed size %d, uncompressed %d", m.Packed, m.Size)
	}
	tail := size - m.Offset - m.Packed
	m.Members = -1
	if tail <= MaxTail {
		m.Tail = make([]byte, tail)
		if _, err := r.ReadAt(m.Tail, m.Offset+m.Packed); err != nil && !errors.Is(err, io.EOF) {
			return m, errf(m.Offset+m.Packed, "reading the central directory: %v", err)
		}
		m.Members = countCentral(m.Tail)
	}
	return m, nil
}

func (m *Member) sizesFromCentral(r io.ReaderAt, size int64) error {
	n := min(size, 22+0xFFFF)
	end := make([]byte, n)
	if _, err := r.ReadAt(end, size-n); err != nil && !errors.Is(err, io.EOF) {
		return errf(size-n, "reading the end record: %v", err)
	}
	i := bytes.LastIndex(end, []byte("PK\x05\x06"))
	if i < 0 || i+22 > len(end) {
		return errf(6, "sizes are in a data descriptor and there is no end record")
	}
	le := binary.LittleEndian
	cd := int64(le.Uint32(end[i+16:]))
	c := make([]byte, 46)
	if _, err := r.ReadAt(c, cd); err != nil || !bytes.HasPrefix(c, []byte("PK\x01\x02")) {
		return errf(cd, "no central record at the end record's offset")
	}
	m.CRC32 = le.Uint32(c[16:])
	m.Packed = int64(le.Uint32(c[20:]))
	m.Size = int64(le.Uint32(c[24:]))
	return nil
}

// countCentral counts central directory records in the tail (-1: no end
// record found).
func countCentral(tail []byte) int {
	i := bytes.LastIndex(tail, []byte("PK\x05\x06"))
	if i < 0 || i+22 > len(tail) {
		return -1
	}
	return int(binary.LittleEndian.Uint16(tail[i+10:]))
}

// Open returns the member's uncompressed bytes as a stream.
func (m Member) Open(r io.ReaderAt) io.ReadCloser {
	sr := io.NewSectionReader(r, m.Offset, m.Packed)
	if m.Method == zip.Store {
		return io.NopCloser(sr)
	}
	return flate.NewReader(sr)
}

// WriteMember writes a one-member ZIP to w, streaming payload through
// DEFLATE level 9. With a template (a Member from ParseAt) the local header,
// name, extra field, data descriptor, central record and end record are
// the template's, with only the CRC-32, the sizes and the central
// directory offset brought up to date; without one, the fields above
// (NewVersionMadeBy …) are used. It returns the member as written.
func WriteMember(w io.WriteSeeker, tmpl *Member, name string, payload io.Reader) (Member, error) {
	return WriteMemberLevel(w, tmpl, name, payload, flate.BestCompression)
}

// WriteMemberLevel is WriteMember at another DEFLATE level (1–9).
func WriteMemberLevel(w io.WriteSeeker, tmpl *Member, name string, payload io.Reader, level int) (Member, error) {
	var m Member
	if tmpl != nil && len(tmpl.Local) >= 30 {
		m.Local = append([]byte(nil), tmpl.Local...)
		m.Tail = append([]byte(nil), tmpl.Tail...)
		m.Name, m.Flags = tmpl.Name, tmpl.Flags
	} else {
		m.Local = freshLocal(name)
		m.Name, m.Flags = name, NewFlags
	}
	le := binary.LittleEndian
	le.PutUint16(m.Local[8:], zip.Deflate)
	m.Method = zip.Deflate
	m.Offset = int64(len(m.Local))
	start, err := w.Seek(0, io.SeekCurrent)
	if err != nil {
		return m, err
	}
	if _, err := w.Write(m.Local); err != nil {
		return m, err
	}
	cw := bytecount.New(w)
	fw, err := flate.NewWriter(cw, level)
	if err != nil {
		return m, err
	}
	h := crc32.NewIEEE()
	n, err := io.Copy(io.MultiWriter(fw, h), payload)
	if err != nil {
		return m, err
	}
	if err := fw.Close(); err != nil {
		return m, err
	}
	if n > 0xFFFFFFFF || cw.N > 0xFFFFFFFF {
		return m, fmt.Errorf("onezip: member %q is %d bytes, over the 4 GiB a ZIP32 header holds", m.Name, n)
	}
	m.CRC32, m.Size, m.Packed = h.Sum32(), n, cw.N
	le.PutUint32(m.Local[14:], m.CRC32)
	le.PutUint32(m.Local[18:], uint32(m.Packed))
	le.PutUint32(m.Local[22:], uint32(m.Size))
	if _, err := w.Seek(start, io.SeekStart); err != nil {
		return m, err
	}
	if _, err := w.Write(m.Local); err != nil {
		return m, err
	}
	if _, err := w.Seek(0, io.SeekEnd); err != nil {
		return m, err
	}
	if m.Tail == nil || !m.patchTail() {
		m.Tail = m.freshTail()
	}
	if _, err := w.Write(m.Tail); err != nil {
		return m, err
	}
	m.Members = 1
	return m, nil
}

func freshLocal(name string) []byte {
	b := make([]byte, 30+len(name))
	le := binary.LittleEndian
	copy(b, "PK\x03\x04")
	le.PutUint16(b[4:], NewVersionNeeded)
	le.PutUint16(b[6:], NewFlags)
	le.PutUint16(b[8:], zip.Deflate)
	le.PutUint16(b[26:], uint16(len(name)))
	copy(b[30:], name)
	return b
}

// patchTail updates the kept tail: an optional data descriptor, then one
// central record and the end record. It reports false when the tail does
// not have that shape (then a fresh one is written).
func (m *Member) patchTail() bool {
	t := m.Tail
	le := binary.LittleEndian
	p := 0
	if m.Flags&8 != 0 {
		switch {
		case len(t) >= 16 && bytes.HasPrefix(t, []byte("PK\x07\x08")):
			le.PutUint32(t[4:], m.CRC32)
			le.PutUint32(t[8:], uint32(m.Packed))
			le.PutUint32(t[12:], uint32(m.Size))
			p = 16
		case len(t) >= 12 && !bytes.HasPrefix(t, []byte("PK\x01\x02")):
			le.PutUint32(t[0:], m.CRC32)
			le.PutUint32(t[4:], uint32(m.Packed))
			le.PutUint32(t[8:], uint32(m.Size))
			p = 12
		}
	}
	if len(t) < p+46+22 || !bytes.HasPrefix(t[p:], []byte("PK\x01\x02")) {
		return false
	}
	c := t[p:]
	le.PutUint16(c[10:], zip.Deflate)
	le.PutUint32(c[16:], m.CRC32)
	le.PutUint32(c[20:], uint32(m.Packed))
	le.PutUint32(c[24:], uint32(m.Size))
	cdLen := 46 + int(le.Uint16(c[28:])) + int(le.Uint16(c[30:])) + int(le.Uint16(c[32:]))
	if len(c) < cdLen+22 || !bytes.HasPrefix(c[cdLen:], []byte("PK\x05\x06")) {
		return false
	}
	le.PutUint32(c[cdLen+16:], uint32(m.Offset+m.Packed+int64(p)))
	return true
}

func (m *Member) freshTail() []byte {
	le := binary.LittleEndian
	name := m.Local[30 : 30+int(le.Uint16(m.Local[26:]))]
	c := make([]byte, 46+len(name))
	copy(c, "PK\x01\x02")
	le.PutUint16(c[4:], NewVersionMadeBy)
	le.PutUint16(c[6:], le.Uint16(m.Local[4:]))
	le.PutUint16(c[8:], le.Uint16(m.Local[6:]))
	le.PutUint16(c[10:], zip.Deflate)
	copy(c[12:16], m.Local[10:14]) // time, date
	le.PutUint32(c[16:], m.CRC32)
	le.PutUint32(c[20:], uint32(m.Packed))
	le.PutUint32(c[24:], uint32(m.Size))
	le.PutUint16(c[28:], uint16(len(name)))
	copy(c[46:], name)
	e := make([]byte, 22)
	copy(e, "PK\x05\x06")
	le.PutUint16(e[8:], 1)
	le.PutUint16(e[10:], 1)
	le.PutUint32(e[12:], uint32(len(c)))
	le.PutUint32(e[16:], uint32(m.Offset+m.Packed))
	return append(c, e...)
}

// memFile is an in-memory io.WriteSeeker.
type memFile struct {
	b   []byte
	pos int64
}

func (f *memFile) Write(p []byte) (int, error) {
	if end := f.pos + int64(len(p)); end > int64(len(f.b)) {
		f.b = append(f.b, make([]byte, end-int64(len(f.b)))...)
	}
	copy(f.b[f.pos:], p)
	f.pos += int64(len(p))
	return len(p), nil
}

func (f *memFile) Seek(off int64, whence int) (int64, error) {
	switch whence {
	case io.SeekCurrent:
		off += f.pos
	case io.SeekEnd:
		off += int64(len(f.b))
	}
	if off < 0 {
		return 0, errors.New("onezip: negative seek")
	}
	f.pos = off
	return off, nil
}
