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
)

// DefaultMaxSize caps the uncompressed size a header may claim.
const DefaultMaxSize = 1 << 30

// ErrFormat is wrapped by every error about a malformed layer.
var ErrFormat = errors.New("onezip: malformed ZIP layer")

// Member is the one file inside the ZIP.
type Member struct {
	Name    string
	Method  uint16
	CRC32   uint32 // as stored
	Packed  int64  // compressed size
	Size    int64  // uncompressed size
	Offset  int64  // where the compressed data starts
	Members int    // members the central directory lists (1 in game files)
}

func errf(off int64, format string, args ...any) error {
	return fmt.Errorf("%w: %s (offset 0x%X)", ErrFormat, fmt.Sprintf(format, args...), off)
}

// Parse reads the local header at the start of b.
func Parse(b []byte) (Member, error) {
	var m Member
	if len(b) < 30 {
		return m, errf(0, "%d bytes, shorter than a local header", len(b))
	}
	if !bytes.Equal(b[:4], []byte("PK\x03\x04")) {
		return m, errf(0, "no local header signature (% X)", b[:4])
	}
	le := binary.LittleEndian
	m.Method = le.Uint16(b[8:])
	m.CRC32 = le.Uint32(b[14:])
	m.Packed = int64(le.Uint32(b[18:]))
	m.Size = int64(le.Uint32(b[22:]))
	nameLen := int64(le.Uint16(b[26:]))
	extraLen := int64(le.Uint16(b[28:]))
	m.Offset = 30 + nameLen + extraLen
	if m.Offset > int64(len(b)) {
		return m, errf(26, "name and extra (%d+%d bytes) run past the end", nameLen, extraLen)
	}
	m.Name = string(b[30 : 30+nameLen])
	if m.Offset+m.Packed > int64(len(b)) {
		return m, errf(18, "compressed size %d runs past the end (%d bytes left)", m.Packed, int64(len(b))-m.Offset)
	}
	if m.Method != zip.Deflate && m.Method != zip.Store {
		return m, errf(8, "method %d is not stored or DEFLATE", m.Method)
	}
	m.Members = -1
	if zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b))); err == nil {
		m.Members = len(zr.File)
	}
	return m, nil
}

// Read parses b and returns the member and its inflated bytes. maxSize caps
// the allocation a header may ask for (0: DefaultMaxSize). A central
// directory listing more than one member is an error.
func Read(b []byte, maxSize int64) (Member, []byte, error) {
	m, err := Parse(b)
	if err != nil {
		return m, nil, err
	}
	if m.Members > 1 {
		return m, nil, errf(0, "%d members, the layer holds one", m.Members)
	}
	if maxSize <= 0 {
		maxSize = DefaultMaxSize
	}
	if m.Size > maxSize {
		return m, nil, errf(22, "uncompressed size %d over the cap %d", m.Size, maxSize)
	}
	raw := b[m.Offset : m.Offset+m.Packed]
	if m.Method == zip.Store {
		return m, append([]byte(nil), raw...), nil
	}
	out := make([]byte, m.Size)
	fr := flate.NewReader(bytes.NewReader(raw))
	defer fr.Close()
	if _, err := io.ReadFull(fr, out); err != nil {
		return m, nil, errf(m.Offset, "inflating %q: %v", m.Name, err)
	}
	return m, out, nil
}

// Write builds a one-member ZIP holding data under name, DEFLATE level 9,
// sizes in the local header and zero times.
func Write(name string, data []byte) ([]byte, error) {
	var comp bytes.Buffer
	fw, err := flate.NewWriter(&comp, flate.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := fw.Write(data); err != nil {
		return nil, err
	}
	if err := fw.Close(); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	w, err := zw.CreateRaw(&zip.FileHeader{
		Name:               name,
		Method:             zip.Deflate,
		CRC32:              crc32.ChecksumIEEE(data),
		CompressedSize64:   uint64(comp.Len()),
		UncompressedSize64: uint64(len(data)),
	})
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(comp.Bytes()); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
