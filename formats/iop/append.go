package iop

import (
	"encoding/binary"
	"fmt"
	"io"
)

// Limits of the format: the end record counts entries in 16 bits and every
// offset is 32 bits.
const (
	MaxEntries  = 0xFFFF
	MaxPackSize = 0xFFFFFFFF
)

// NewAppendWriter continues a pack the way the client's patcher does: new
// entries are written from start (the old end of the file, where w must
// be positioned) and Close writes a new central directory listing dir (the
// records kept from the old directory, in order, at their old offsets)
// followed by the new entries. The old bytes are never touched.
func NewAppendWriter(w io.Writer, start int64, password string, dir []*File) *Writer {
	nw := NewWriter(w, password)
	nw.w.N = start
	for _, f := range dir {
		c := *f
		c.Index, c.r = len(nw.dir), nil
		nw.dir = append(nw.dir, &c)
	}
	return nw
}

// CopyFileAs copies an entry's stored bytes (its encryption header and
// compressed stream; ZipCrypto does not depend on the name) under a new
// stored name, with a fresh local header and data descriptor.
func (w *Writer) CopyFileAs(f *File, name string) error {
	if err := w.finish(); err != nil {
		return err
	}
	if len(name) > 0xFFFF {
		return fmt.Errorf("iop: entry %q: name longer than 65535 bytes", DisplayName(name))
	}
	raw, err := f.OpenRaw()
	if err != nil {
		return err
	}
	nf := *f
	nf.Name, nf.Index, nf.HeaderOffset, nf.r = name, len(w.dir), w.w.N, nil
	nf.Flags |= FlagDescriptor
	if nf.HeaderOffset > MaxPackSize {
		return fmt.Errorf("iop: entry %q: %w: pack passes 4 GB", DisplayName(name), ErrTooLarge)
	}
	var h [localLen]byte
	le := binary.LittleEndian
	le.PutUint32(h[0:], sigLocal)
	le.PutUint16(h[4:], uint16(len(name)))
	le.PutUint16(h[8:], nf.Method)
	le.PutUint16(h[10:], nf.ModTime)
	le.PutUint16(h[12:], nf.ModDate)
	le.PutUint16(h[26:], nf.VersionNeeded)
	le.PutUint16(h[28:], nf.Flags)
	nf.Extra = nil
	if _, err := w.w.Write(h[:]); err != nil {
		return err
	}
	if _, err := io.WriteString(w.w, name); err != nil {
		return err
	}
	if _, err := io.Copy(w.w, raw); err != nil {
		return &Error{Entry: f.Name, Offset: f.HeaderOffset, Err: err}
	}
	var d [16]byte
	le.PutUint32(d[0:], sigDescriptor)
	le.PutUint32(d[4:], nf.CRC32)
	le.PutUint32(d[8:], nf.Compressed)
	le.PutUint32(d[12:], nf.Uncompressed)
	if _, err := w.w.Write(d[:]); err != nil {
		return err
	}
	w.dir = append(w.dir, &nf)
	return nil
}

// Span is how many bytes the entry takes in the pack: local header, name,
// extra, data and data descriptor.
func (f *File) Span() (int64, error) {
	data, err := f.DataOffset()
	if err != nil {
		return 0, err
	}
	return data - f.HeaderOffset + int64(f.Compressed) + f.descriptorLen(data), nil
}

// MaxEntrySpan bounds the bytes a new entry of size plain bytes takes when
// written by Writer: headers, the encryption header, a deflate stream no
// larger than stored blocks, and the data descriptor.
func MaxEntrySpan(nameLen int, size int64) int64 {
	return localLen + int64(nameLen) + EncHeaderLen + size + (size/16384+1)*5 + 64 + 16
}

// CentralRecordLen is the size of an entry's central-directory record.
func CentralRecordLen(nameLen, extraLen, commentLen int) int64 {
	return centralLen + int64(nameLen+extraLen+commentLen)
}

// CheckLimits refuses a pack of n entries whose data ends at dataEnd and
// whose central directory takes cdSize bytes when the format cannot hold
// it. Writers call it before writing anything.
func CheckLimits(n int, dataEnd, cdSize int64) error {
	if n > MaxEntries {
		return fmt.Errorf("iop: %w: %d entries (a pack holds at most %d: the count is 16 bits)", ErrTooLarge, n, MaxEntries)
	}
	if dataEnd+cdSize > MaxPackSize {
		return fmt.Errorf("iop: %w: the pack would reach %d bytes (up to %d), past the 4 GB its 32-bit offsets can address", ErrTooLarge, dataEnd+cdSize, int64(MaxPackSize))
	}
	return nil
}
