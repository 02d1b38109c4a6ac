package btx

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"io"

	"packsmith/formats/dds"
)

// HeaderSize is the size of the fixed header.
const HeaderSize = 0x34

// Version is the only header version the notes document.
const Version = 0x0103

// Magic starts every (little-endian) btx file.
var Magic = []byte("btx\x00")

// Format is the format code at 0x10.
type Format uint8

// The format codes the notes name.
const (
	R8G8B8A8 Format = 0
	BC1      Format = 7
	BC7      Format = 13
)

func (f Format) String() string {
	switch f {
	case R8G8B8A8:
		return "R8G8B8A8"
	case BC1:
		return "BC1"
	case BC7:
		return "BC7"
	}
	return fmt.Sprintf("format %d", uint8(f))
}

// blockBytes is 0 for R8G8B8A8, else the size of a 4×4 block.
func (f Format) blockBytes() int { return dds.BlockBytes(f.String()) }

// Errors wrapped by *Error.
var (
	ErrNotBTX      = errors.New("not a btx texture")
	ErrUnsupported = errors.New("unsupported")
	ErrTruncated   = errors.New("truncated")
	ErrTooLarge    = errors.New("too large")
	ErrCorrupt     = errors.New("corrupt header")
)

// Error is every error Decode returns about a file.
type Error struct {
	Offset int64
	Msg    string
	Err    error // one of the Err… values above
}

func (e *Error) Error() string { return fmt.Sprintf("btx: %s (at offset %d)", e.Msg, e.Offset) }
func (e *Error) Unwrap() error { return e.Err }

func errorf(off int64, kind error, format string, args ...any) *Error {
	return &Error{Offset: off, Msg: fmt.Sprintf(format, args...), Err: kind}
}

// Info is what the header says.
type Info struct {
	Version    uint32
	Width      int
	Height     int
	Stride     int
	Format     Format
	Mips       int
	DataOffset int64
	DataSize   int64 // level 0: stride × rows
	NameOffset int64
	Name       string
}

// Options caps what a lying header can make Decode allocate.
type Options struct {
	MaxPixels int   // 0: dds.DefaultMaxPixels
	MaxBytes  int64 // the most Decode reads; 0: DefaultMaxBytes
}

// DefaultMaxBytes bounds the file Decode reads (a 8192×8192 R8G8B8A8 level
// 0 plus mips fits).
const DefaultMaxBytes = 512 << 20

// maxName bounds the name read at the name offset.
const maxName = 256

// ParseHeader reads the header (and the name) from the whole file b.
func ParseHeader(b []byte, opt Options) (Info, error) {
	var in Info
	if len(b) < HeaderSize {
		if len(b) >= 4 && !bytes.Equal(b[:4], Magic) {
			return in, errorf(0, ErrNotBTX, "magic %q, want \"btx\\x00\"", b[:4])
		}
		return in, errorf(int64(len(b)), ErrTruncated, "header is %d bytes, want %d", len(b), HeaderSize)
	}
	if !bytes.Equal(b[:4], Magic) {
		if bytes.Equal(b[:4], []byte("\x00xtb")) {
			return in, errorf(0, ErrUnsupported, "big-endian btx (console build) is not supported")
		}
		return in, errorf(0, ErrNotBTX, "magic %q, want \"btx\\x00\"", b[:4])
	}
	le := binary.LittleEndian
	in.Version = le.Uint32(b[4:])
	if in.Version != Version {
		return in, errorf(4, ErrUnsupported, "version 0x%04X; only 0x%04X is documented", in.Version, Version)
	}
	in.Width, in.Height = int(le.Uint16(b[8:])), int(le.Uint16(b[0xA:]))
	in.Stride = int(le.Uint32(b[0xC:]))
	in.Format = Format(b[0x10])
	in.Mips = int(b[0x12]) + 1
	in.DataOffset = int64(le.Uint32(b[0x18:]))
	in.NameOffset = int64(le.Uint32(b[0x24:]))
	if in.Width == 0 || in.Height == 0 {
		return in, errorf(8, ErrCorrupt, "size %d×%d", in.Width, in.Height)
	}
	switch in.Format {
	case R8G8B8A8, BC1, BC7:
	default:
		return in, errorf(0x10, ErrUnsupported, "format %d is not documented (known: 0 R8G8B8A8, 7 BC1, 13 BC7)", uint8(in.Format))
	}
	limit := opt.MaxPixels
	if limit <= 0 {
		limit = dds.DefaultMaxPixels
	}
	if in.Width*in.Height > limit {
		return in, errorf(8, ErrTooLarge, "image is %d×%d, more than %d pixels", in.Width, in.Height, limit)
	}
	stride, rows := in.Width*4, in.Height
	if bb := in.Format.blockBytes(); bb > 0 {
		stride, rows = (in.Width+3)/4*bb, (in.Height+3)/4
	}
	if in.Stride != stride {
		return in, errorf(0xC, ErrCorrupt, "stride is %d; %s at width %d has %d", in.Stride, in.Format, in.Width, stride)
	}
	in.DataSize = int64(stride) * int64(rows)
	if in.NameOffset > 0 && in.NameOffset < int64(len(b)) {
		nb := b[in.NameOffset:]
		nb = nb[:min(len(nb), maxName)]
		if i := bytes.IndexByte(nb, 0); i >= 0 {
			nb = nb[:i]
		}
		in.Name = string(bytes.ToValidUTF8(nb, []byte("\uFFFD")))
	}
	return in, nil
}

// Decode reads a whole btx file and decodes level 0.
func Decode(r io.Reader, opt Options) (*image.NRGBA, Info, error) {
	maxBytes := opt.MaxBytes
	if maxBytes <= 0 {
		maxBytes = DefaultMaxBytes
	}
	b, err := io.ReadAll(io.LimitReader(r, maxBytes+1))
	if err != nil {
		return nil, Info{}, errorf(int64(len(b)), ErrTruncated, "reading: %v", err)
	}
	if int64(len(b)) > maxBytes {
		return nil, Info{}, errorf(maxBytes, ErrTooLarge, "file is larger than %d bytes", maxBytes)
	}
	return DecodeBytes(b, opt)
}

// DecodeBytes decodes level 0 of the btx file b.
func DecodeBytes(b []byte, opt Options) (*image.NRGBA, Info, error) {
	in, err := ParseHeader(b, opt)
	if err != nil {
		return nil, in, err
	}
	if in.DataOffset > int64(len(b)) || int64(len(b))-in.DataOffset < in.DataSize {
		have := max(0, int64(len(b))-in.DataOffset)
		return nil, in, errorf(min(int64(len(b)), in.DataOffset+have), ErrTruncated,
			"image data is %d bytes, the header claims %d from offset %d", have, in.DataSize, in.DataOffset)
	}
	data := b[in.DataOffset : in.DataOffset+in.DataSize]
	if in.Format == R8G8B8A8 {
		img := image.NewNRGBA(image.Rect(0, 0, in.Width, in.Height))
		copy(img.Pix, data) // rows are 4·width bytes in both
		return img, in, nil
	}
	img, err := dds.DecodeBlocks(in.Format.String(), in.Width, in.Height, data)
	if err != nil {
		var de *dds.Error
		if errors.As(err, &de) {
			return nil, in, errorf(in.DataOffset+de.Offset, ErrCorrupt, "%s", de.Msg)
		}
		return nil, in, errorf(in.DataOffset, ErrCorrupt, "%v", err)
	}
	return img, in, nil
}
