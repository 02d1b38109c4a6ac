package iop

import (
	"compress/flate"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"time"

	"packsmith/formats/bytecount"
)

// FileHeader describes an entry to write.
type FileHeader struct {
	Name     string // the stored bytes (code page 949; see EncodeName), either separator
	Comment  string
	Method   uint16 // MethodDeflate or MethodStored
	Modified time.Time
	// Encrypt protects the entry with the Writer's password (ZipCrypto).
	Encrypt bool
}

const versionZip20 = 0x14

// Writer writes a pack. Entries are written the way the client's tools
// write them: local header with the swapped fields, optional 12-byte
// encryption header, data, then a PK\7\8 data descriptor.
type Writer struct {
	w        *bytecount.Writer
	password []byte
	// Rand supplies the 10 random bytes of each encryption header
	// (crypto/rand when nil). Tests set it for reproducible output.
	Rand io.Reader
	// Comment is written in the end record.
	Comment string

	dir    []*File
	cur    *entryWriter
	closed bool
}

// NewWriter returns a Writer that encrypts entries marked Encrypt with password.
func NewWriter(w io.Writer, password string) *Writer {
	return &Writer{w: bytecount.New(w), password: []byte(password)}
}

// Create starts an entry; write its content to the returned writer. The
// entry ends at the next Create, CopyFile or Close.
func (w *Writer) Create(fh FileHeader) (io.Writer, error) {
	if err := w.finish(); err != nil {
		return nil, err
	}
	if w.closed {
		return nil, errors.New("iop: writer is closed")
	}
	if fh.Method != MethodStored && fh.Method != MethodDeflate {
		return nil, fmt.Errorf("iop: entry %q: %w %d", DisplayName(fh.Name), ErrMethod, fh.Method)
	}
	if len(fh.Name) > 0xFFFF || len(fh.Comment) > 0xFFFF {
		return nil, fmt.Errorf("iop: entry %q: name or comment longer than 65535 bytes", DisplayName(fh.Name))
	}
	if fh.Encrypt && len(w.password) == 0 {
		return nil, fmt.Errorf("iop: entry %q: encryption asked for but the writer has no password", DisplayName(fh.Name))
	}
	d, t := timeToDOS(fh.Modified)
	f := &File{
		Index: len(w.dir), Name: fh.Name, Comment: fh.Comment, Method: fh.Method,
		ModTime: t, ModDate: d, VersionMadeBy: versionZip20, VersionNeeded: versionZip20,
		Flags: FlagDescriptor, HeaderOffset: w.w.N,
	}
	if fh.Method == MethodDeflate {
		f.Flags |= 0x0002 // best compression
	}
	if fh.Encrypt {
		f.Flags |= FlagEncrypted
	}
	if f.HeaderOffset > 0xFFFFFFFF {
		return nil, fmt.Errorf("iop: entry %q: %w: pack passes 4 GB", DisplayName(fh.Name), ErrTooLarge)
	}
	var h [localLen]byte
	le := binary.LittleEndian
	le.PutUint32(h[0:], sigLocal)
	le.PutUint16(h[4:], uint16(len(f.Name)))
	le.PutUint16(h[6:], 0)
	le.PutUint16(h[8:], f.Method)
	le.PutUint16(h[10:], f.ModTime)
	le.PutUint16(h[12:], f.ModDate)
	// CRC and sizes stay 0: they follow in the data descriptor.
	le.PutUint16(h[26:], f.VersionNeeded)
	le.PutUint16(h[28:], f.Flags)
	if _, err := w.w.Write(h[:]); err != nil {
		return nil, err
	}
	if _, err := io.WriteString(w.w, f.Name); err != nil {
		return nil, err
	}
	ew := &entryWriter{f: f, start: w.w.N, crc: crc32.NewIEEE(), out: w.w}
	if fh.Encrypt {
		k := NewKeys(w.password)
		var eh [EncHeaderLen]byte
		src := w.Rand
		if src == nil {
			src = rand.Reader
		}
		if _, err := io.ReadFull(src, eh[:10]); err != nil {
			return nil, err
		}
		eh[10], eh[11] = byte(f.ModTime), byte(f.ModTime>>8)
		k.Encrypt(eh[:])
		if _, err := w.w.Write(eh[:]); err != nil {
			return nil, err
		}
		ew.out = &encryptWriter{w: w.w, k: k}
	}
	if fh.Method == MethodDeflate {
		fw, err := flate.NewWriter(ew.out, flate.BestCompression)
		if err != nil {
			return nil, err
		}
		ew.fw = fw
	}
	w.cur = ew
	return ew, nil
}

// WriteFile writes a whole entry. With scrambleINI the fixed .ini XOR is
// applied to a copy of data first (the client undoes it for .ini entries
// whose comment is 1).
func (w *Writer) WriteFile(fh FileHeader, data []byte, scrambleINI bool) error {
	if scrambleINI {
		data = append([]byte(nil), data...)
		ScrambleINI(data)
	}
	ew, err := w.Create(fh)
	if err != nil {
		return err
	}
	_, err = ew.Write(data)
	return err
}

type encryptWriter struct {
	w   io.Writer
	k   Keys
	buf []byte
}

func (e *encryptWriter) Write(p []byte) (int, error) {
	e.buf = append(e.buf[:0], p...)
	e.k.Encrypt(e.buf)
	return e.w.Write(e.buf)
}

type entryWriter struct {
	f     *File
	start int64 // first byte after the name
	out   io.Writer
	fw    *flate.Writer
	crc   hash.Hash32
	n     int64
}

func (e *entryWriter) Write(p []byte) (int, error) {
	e.crc.Write(p)
	e.n += int64(len(p))
	if e.fw != nil {
		return e.fw.Write(p)
	}
	return e.out.Write(p)
}

func (w *Writer) finish() error {
	e := w.cur
	if e == nil {
		return nil
	}
	w.cur = nil
	if e.fw != nil {
		if err := e.fw.Close(); err != nil {
			return err
		}
	}
	packed := w.w.N - e.start
	if e.n > 0xFFFFFFFF || packed > 0xFFFFFFFF {
		return fmt.Errorf("iop: entry %q: %w: larger than 4 GB", DisplayName(e.f.Name), ErrTooLarge)
	}
	e.f.CRC32, e.f.Compressed, e.f.Uncompressed = e.crc.Sum32(), uint32(packed), uint32(e.n)
	var d [16]byte
	le := binary.LittleEndian
	le.PutUint32(d[0:], sigDescriptor)
	le.PutUint32(d[4:], e.f.CRC32)
	le.PutUint32(d[8:], e.f.Compressed)
	le.PutUint32(d[12:], e.f.Uncompressed)
	if _, err := w.w.Write(d[:]); err != nil {
		return err
	}
	w.dir = append(w.dir, e.f)
	return nil
}

// CopyFile copies an entry of another pack as it is stored (local header,
// data and data descriptor, byte for byte); no password is needed.
func (w *Writer) CopyFile(f *File) error {
	if err := w.finish(); err != nil {
		return err
	}
	data, err := f.DataOffset()
	if err != nil {
		return err
	}
	end := data + int64(f.Compressed) + f.descriptorLen(data)
	nf := *f
	nf.Index, nf.HeaderOffset, nf.r = len(w.dir), w.w.N, nil
	if nf.HeaderOffset > 0xFFFFFFFF {
		return fmt.Errorf("iop: entry %q: %w: pack passes 4 GB", DisplayName(f.Name), ErrTooLarge)
	}
	if _, err := io.Copy(w.w, io.NewSectionReader(f.r.r, f.HeaderOffset, end-f.HeaderOffset)); err != nil {
		return &Error{Entry: f.Name, Offset: f.HeaderOffset, Err: err}
	}
	w.dir = append(w.dir, &nf)
	return nil
}

// Close writes the central directory and the end record. It does not close
// the underlying writer.
func (w *Writer) Close() error {
	if w.closed {
		return nil
	}
	if err := w.finish(); err != nil {
		return err
	}
	w.closed = true
	if len(w.dir) > 0xFFFF {
		return fmt.Errorf("iop: %w: %d entries (a pack holds at most 65535)", ErrTooLarge, len(w.dir))
	}
	le := binary.LittleEndian
	start := w.w.N
	for _, f := range w.dir {
		var h [centralLen]byte
		le.PutUint32(h[0:], sigCentral)
		le.PutUint16(h[4:], uint16(len(f.Name)))
		le.PutUint16(h[6:], uint16(len(f.Extra)))
		le.PutUint16(h[8:], f.Flags)
		le.PutUint16(h[10:], f.Method)
		le.PutUint16(h[12:], f.ModTime)
		le.PutUint16(h[14:], f.ModDate)
		le.PutUint32(h[16:], f.CRC32)
		le.PutUint32(h[20:], f.Compressed)
		le.PutUint32(h[24:], f.Uncompressed)
		le.PutUint16(h[28:], f.VersionMadeBy)
		le.PutUint16(h[30:], f.VersionNeeded)
		le.PutUint16(h[32:], uint16(len(f.Comment)))
		le.PutUint16(h[34:], f.DiskStart)
		le.PutUint16(h[36:], f.InternalAttr)
		le.PutUint32(h[38:], f.ExternalAttr)
		le.PutUint32(h[42:], uint32(f.HeaderOffset))
		if _, err := w.w.Write(h[:]); err != nil {
			return err
		}
		if _, err := io.WriteString(w.w, f.Name); err != nil {
			return err
		}
		if _, err := w.w.Write(f.Extra); err != nil {
			return err
		}
		if _, err := io.WriteString(w.w, f.Comment); err != nil {
			return err
		}
	}
	size := w.w.N - start
	if start > 0xFFFFFFFF || size > 0xFFFFFFFF {
		return fmt.Errorf("iop: %w: pack passes 4 GB", ErrTooLarge)
	}
	if len(w.Comment) > 0xFFFF {
		return errors.New("iop: pack comment longer than 65535 bytes")
	}
	var e [endLen]byte
	le.PutUint32(e[0:], sigEnd)
	le.PutUint16(e[8:], uint16(len(w.dir)))
	le.PutUint16(e[10:], uint16(len(w.dir)))
	le.PutUint32(e[12:], uint32(size))
	le.PutUint32(e[16:], uint32(start))
	le.PutUint16(e[20:], uint16(len(w.Comment)))
	if _, err := w.w.Write(e[:]); err != nil {
		return err
	}
	_, err := io.WriteString(w.w, w.Comment)
	return err
}

// WriteFrom writes a whole entry of n bytes read from r, streaming. With
// scrambleINI the fixed .ini XOR (which depends on n) is applied on the
// way; r must then give exactly n bytes.
func (w *Writer) WriteFrom(fh FileHeader, r io.Reader, n int64, scrambleINI bool) error {
	if scrambleINI {
		r = &iniReader{r: r, n: n}
	}
	ew, err := w.Create(fh)
	if err != nil {
		return err
	}
	got, err := io.Copy(ew, r)
	if err != nil {
		return err
	}
	if got != n {
		return fmt.Errorf("iop: entry %q: %d bytes read, %d expected (the file changed while it was packed)", DisplayName(fh.Name), got, n)
	}
	return nil
}
