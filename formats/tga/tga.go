// Package tga decodes Truevision TGA images into *image.NRGBA.
//
// TGA has no magic number, so the package does not register with
// image.Decode: callers pick it by the .tga extension.
//
// # Layout
//
// All integers are little-endian. An 18-byte header:
//
//	0   idLength       bytes of image ID after the header
//	1   colorMapType   0 none, 1 present
//	2   imageType      1 colour-mapped, 2 true-colour, 3 greyscale;
//	                   9, 10, 11 the same run-length encoded; 0 no image
//	3   cmFirst uint16 first colour-map index stored
//	5   cmLength uint16
//	7   cmEntryBits    15, 16, 24 or 32
//	8   xOrigin, yOrigin uint16 (screen placement; ignored)
//	12  width, height uint16
//	16  pixelDepth     8, 15, 16, 24 or 32 bits per pixel
//	17  descriptor     bits 0–3 alpha bits per pixel, bit 4 right-to-left,
//	                   bit 5 top-to-bottom (else the first row stored is the
//	                   bottom one)
//
// then the image ID, the colour map (cmLength entries of ⌈cmEntryBits/8⌉
// bytes) and the pixels. Pixels are stored B, G, R(, A) — 15/16-bit ones as
// a little-endian ARRRRRGG GGGBBBBB word whose top bit is alpha only when
// the descriptor gives one alpha bit. Greyscale is one byte of grey, or at
// 16 bits grey then alpha. Colour-mapped pixels are 8- or 16-bit indices,
// counted from cmFirst.
//
// Run-length packets start with a byte h: if h ≥ 128 the next pixel repeats
// h−127 times, else h+1 literal pixels follow. Packets may run across rows.
//
// A TGA 2.0 file ends with a 26-byte footer (extension-area offset,
// developer-area offset, "TRUEVISION-XFILE.\x00"); byte 494 of the extension
// area is the attribute type: 0 no alpha, 3 alpha, 4 premultiplied alpha.
//
// # Alpha
//
// Stored alpha is used when the descriptor gives alpha bits or the TGA 2.0
// attribute type is 3 or 4; attribute type 0 makes the image opaque. When
// a file declares neither, a whole alpha byte (32-bit colour or map
// entries, 16-bit grey) is used unless it is zero everywhere (writers that
// pad with zeros), while the 1-bit alpha of 16-bit colour is ignored
// (X1R5G5B5 writers leave it clear). 5-bit fields widen to round(v·255/31).
// Pixels are returned as stored, premultiplied or not (Info.Premultiplied).
package tga

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"io"
)

// DefaultMaxPixels caps width×height when Options.MaxPixels is zero.
const DefaultMaxPixels = 16384 * 16384

// Errors wrapped by *Error, for errors.Is.
var (
	ErrUnsupported = errors.New("unsupported")
	ErrTruncated   = errors.New("truncated")
	ErrTooLarge    = errors.New("too large")
)

// Error is every error about a file: what went wrong and at which offset.
type Error struct {
	Offset int64
	Msg    string
	Err    error
}

func (e *Error) Error() string { return fmt.Sprintf("tga: %s (at offset %d)", e.Msg, e.Offset) }
func (e *Error) Unwrap() error { return e.Err }

func errorf(off int64, kind error, format string, args ...any) *Error {
	return &Error{Offset: off, Msg: fmt.Sprintf(format, args...), Err: kind}
}

// Info describes the file as its header states it.
type Info struct {
	Width, Height int
	ImageType     int // 1, 2, 3, 9, 10 or 11
	BitsPerPixel  int
	AlphaBits     int // from the descriptor
	ColorMapped   bool
	Greyscale     bool
	RLE           bool
	TopToBottom   bool // first stored row is the top one
	RightToLeft   bool
	HasAlpha      bool // the decoded image uses stored alpha
	Premultiplied bool // TGA 2.0 attribute type 4
	ID            string
}

// Options for Decode.
type Options struct {
	MaxPixels int // reject larger images; 0 means DefaultMaxPixels
	// MaxBytes caps what decoding allocates (the file, the expanded RLE
	// pixels and the RGBA image); 0 means no cap beyond MaxPixels.
	MaxBytes int64
}

// DecodeBytes is what decoding an image of the header's size allocates
// besides the file itself: the RGBA image, and for RLE the expanded pixels.
func DecodeBytes(in Info) int64 {
	n := int64(in.Width) * int64(in.Height)
	need := 4 * n
	if in.RLE {
		need += n * int64((in.BitsPerPixel+7)/8)
	}
	return need
}

type header struct {
	idLen, cmType, imgType int
	cmFirst, cmLen         int
	cmBits                 int
	width, height          int
	depth, desc            int
}

const headerSize = 18

func parseHeader(b []byte) (header, Info, error) {
	if len(b) < headerSize {
		return header{}, Info{}, errorf(int64(len(b)), ErrTruncated, "file ends inside the %d-byte header", headerSize)
	}
	u16 := func(o int) int { return int(binary.LittleEndian.Uint16(b[o:])) }
	h := header{
		idLen: int(b[0]), cmType: int(b[1]), imgType: int(b[2]),
		cmFirst: u16(3), cmLen: u16(5), cmBits: int(b[7]),
		width: u16(12), height: u16(14), depth: int(b[16]), desc: int(b[17]),
	}
	in := Info{
		Width: h.width, Height: h.height, ImageType: h.imgType, BitsPerPixel: h.depth,
		AlphaBits: h.desc & 15, RLE: h.imgType >= 9,
		TopToBottom: h.desc&0x20 != 0, RightToLeft: h.desc&0x10 != 0,
	}
	base := h.imgType &^ 8
	switch {
	case h.imgType == 0:
		return h, in, errorf(2, ErrUnsupported, "image type 0: the file holds no image")
	case base < 1 || base > 3 || h.imgType > 11:
		return h, in, errorf(2, ErrUnsupported, "image type %d", h.imgType)
	}
	in.ColorMapped, in.Greyscale = base == 1, base == 3
	if h.cmType > 1 {
		return h, in, errorf(1, ErrUnsupported, "colour map type %d", h.cmType)
	}
	if h.cmType == 1 {
		switch h.cmBits {
		case 15, 16, 24, 32:
		default:
			return h, in, errorf(7, ErrUnsupported, "colour map entries of %d bits", h.cmBits)
		}
	}
	switch base {
	case 1:
		if h.cmType != 1 {
			return h, in, errorf(1, nil, "colour-mapped image without a colour map")
		}
		if h.depth != 8 && h.depth != 16 {
			return h, in, errorf(16, ErrUnsupported, "colour-mapped image with %d-bit indices", h.depth)
		}
	case 2:
		if h.depth != 15 && h.depth != 16 && h.depth != 24 && h.depth != 32 {
			return h, in, errorf(16, ErrUnsupported, "true-colour image with %d bits per pixel", h.depth)
		}
	case 3:
		if h.depth != 8 && h.depth != 16 {
			return h, in, errorf(16, ErrUnsupported, "greyscale image with %d bits per pixel", h.depth)
		}
	}
	if h.width == 0 || h.height == 0 {
		return h, in, errorf(12, nil, "image is %d×%d", h.width, h.height)
	}
	return h, in, nil
}

// DecodeInfo reads the header and image ID only.
func DecodeInfo(r io.Reader) (Info, error) {
	var b [headerSize + 255]byte
	n, _ := io.ReadFull(r, b[:headerSize])
	h, in, err := parseHeader(b[:n])
	if err != nil {
		return in, err
	}
	if m, err := io.ReadFull(r, b[headerSize:headerSize+h.idLen]); err != nil {
		return in, errorf(int64(headerSize+m), ErrTruncated, "file ends inside the %d-byte image ID", h.idLen)
	}
	in.ID = string(bytes.TrimRight(b[headerSize:headerSize+h.idLen], "\x00"))
	return in, nil
}

// Decode reads a whole TGA file.
func Decode(r io.Reader, opt Options) (*image.NRGBA, Info, error) {
	// The footer (TGA 2.0 alpha attribute) is at the end, and RLE data has
	// no stated length, so read everything.
	if opt.MaxBytes > 0 {
		r = io.LimitReader(r, opt.MaxBytes+1)
	}
	data, err := io.ReadAll(r)
	if opt.MaxBytes > 0 && int64(len(data)) > opt.MaxBytes {
		return nil, Info{}, errorf(opt.MaxBytes, ErrTooLarge, "file is larger than the %d MB memory limit", opt.MaxBytes>>20)
	}
	if err != nil {
		return nil, Info{}, errorf(0, nil, "read: %v", err)
	}
	return decode(data, opt)
}

func decode(data []byte, opt Options) (*image.NRGBA, Info, error) {
	h, in, err := parseHeader(data)
	if err != nil {
		return nil, in, err
	}
	limit := opt.MaxPixels
	if limit <= 0 {
		limit = DefaultMaxPixels
	}
	if h.width*h.height > limit {
		return nil, in, errorf(12, ErrTooLarge, "image is %d×%d, more than %d pixels", h.width, h.height, limit)
	}
	if need := DecodeBytes(in) + int64(len(data)); opt.MaxBytes > 0 && need > opt.MaxBytes {
		return nil, in, errorf(12, ErrTooLarge, "image is %d×%d: decoding needs %d MB, more than the %d MB memory limit",
			h.width, h.height, need>>20, opt.MaxBytes>>20)
	}
	off := headerSize
	if len(data) < off+h.idLen {
		return nil, in, errorf(int64(len(data)), ErrTruncated, "file ends inside the %d-byte image ID", h.idLen)
	}
	in.ID = string(bytes.TrimRight(data[off:off+h.idLen], "\x00"))
	off += h.idLen

	var cmapRaw []byte
	if h.cmType == 1 {
		n := h.cmLen * ((h.cmBits + 7) / 8)
		if len(data) < off+n {
			return nil, in, errorf(int64(len(data)), ErrTruncated, "colour map of %d bytes from offset %d runs past the end", n, off)
		}
		cmapRaw = data[off : off+n]
		off += n
	}

	bpp := (h.depth + 7) / 8
	npx := h.width * h.height
	raw := data[off:]
	if in.RLE {
		raw, err = unRLE(data, off, bpp, npx)
		if err != nil {
			return nil, in, err
		}
	} else if len(raw) < npx*bpp {
		return nil, in, errorf(int64(len(data)), ErrTruncated, "pixel data is %d bytes, the header claims %d from offset %d", len(raw), npx*bpp, off)
	}
	raw = raw[:npx*bpp]

	// The alpha decision looks at the bytes that would carry alpha: the
	// map entries for colour-mapped images, else the pixels.
	alphaBytes, alphaBits := raw, h.depth
	if in.ColorMapped {
		alphaBytes, alphaBits = cmapRaw, h.cmBits
	}
	alpha, premul := alphaMode(data, h, alphaBits, alphaBytes)
	in.HasAlpha, in.Premultiplied = alpha, premul

	var cmap [][4]uint8
	if cmapRaw != nil {
		eb := (h.cmBits + 7) / 8
		cmap = make([][4]uint8, h.cmLen)
		for i := range cmap {
			cmap[i] = colour(cmapRaw[i*eb:], h.cmBits, alpha)
		}
	}

	img, err := paint(h, in, raw, cmap, alpha, off)
	return img, in, err
}

// paint draws the raw pixels (uncompressed, from offset off of the file)
// into a new image: through cmap for a colour-mapped one, flipped as the
// header's origin says.
func paint(h header, in Info, raw []byte, cmap [][4]uint8, alpha bool, off int) (*image.NRGBA, error) {
	bpp := (h.depth + 7) / 8
	img := image.NewNRGBA(image.Rect(0, 0, h.width, h.height))
	for r := range h.height {
		y := r
		if !in.TopToBottom {
			y = h.height - 1 - y
		}
		src := raw[r*h.width*bpp : (r+1)*h.width*bpp]
		dst := img.Pix[y*img.Stride : y*img.Stride+4*h.width]
		for x := range h.width {
			p := src[x*bpp : x*bpp+bpp]
			dx := x
			if in.RightToLeft {
				dx = h.width - 1 - x
			}
			d := dst[4*dx : 4*dx+4]
			switch {
			case in.ColorMapped:
				idx := int(p[0])
				if bpp == 2 {
					idx |= int(p[1]) << 8
				}
				k := idx - h.cmFirst
				if k < 0 || k >= len(cmap) {
					return nil, errorf(int64(off+(r*h.width+x)*bpp), nil, "colour index %d outside the map (%d entries from %d)", idx, len(cmap), h.cmFirst)
				}
				copy(d, cmap[k][:])
			case in.Greyscale:
				d[0], d[1], d[2], d[3] = p[0], p[0], p[0], 255
				if bpp == 2 && alpha {
					d[3] = p[1]
				}
			case bpp == 3:
				d[0], d[1], d[2], d[3] = p[2], p[1], p[0], 255
			case bpp == 4:
				d[0], d[1], d[2], d[3] = p[2], p[1], p[0], 255
				if alpha {
					d[3] = p[3]
				}
			default:
				c := colour(p, h.depth, alpha)
				copy(d, c[:])
			}
		}
	}
	return img, nil
}

// colour reads one stored B,G,R(,A) pixel or 15/16-bit word.
func colour(p []byte, bits int, alpha bool) [4]uint8 {
	switch bits {
	case 15, 16:
		v := uint32(p[0]) | uint32(p[1])<<8
		c := [4]uint8{five(v >> 10), five(v >> 5), five(v), 255}
		if bits == 16 && alpha && v&0x8000 == 0 {
			c[3] = 0
		}
		return c
	case 24:
		return [4]uint8{p[2], p[1], p[0], 255}
	}
	a := p[3]
	if !alpha {
		a = 255
	}
	return [4]uint8{p[2], p[1], p[0], a}
}

// five widens a 5-bit field by rounding v·255/31.
func five(v uint32) uint8 { return uint8(((v&31)*510 + 31) / 62) }

// alphaMode decides whether stored alpha is used (see the package
// comment): bits is the size of the pixels or map entries in b.
func alphaMode(data []byte, h header, bits int, b []byte) (alpha, premul bool) {
	if bits != 16 && bits != 32 {
		return false, false // 8-bit indices or grey, 15 and 24 bits: no alpha field
	}
	if attr, ok := attributeType(data); ok {
		switch attr {
		case 0:
			return false, false
		case 3:
			return true, false
		case 4:
			return true, true
		}
	}
	if h.desc&15 > 0 {
		return true, false
	}
	// Undeclared alpha: a whole byte of it (32-bit colour, 16-bit grey) is
	// used unless it is all zero; a 1-bit alpha is not, since writers of
	// X1R5G5B5 leave that bit clear.
	step := 4
	if bits == 16 {
		if h.imgType&^8 != 3 {
			return false, false
		}
		step = 2
	}
	for i := step - 1; i < len(b); i += step {
		if b[i] != 0 {
			return true, false
		}
	}
	return false, false
}

// attributeType reads the TGA 2.0 extension area's alpha attribute.
func attributeType(data []byte) (int, bool) {
	const sig = "TRUEVISION-XFILE.\x00"
	if len(data) < 26 || string(data[len(data)-18:]) != sig {
		return 0, false
	}
	ext := int(binary.LittleEndian.Uint32(data[len(data)-26:]))
	if ext == 0 || ext+495 > len(data)-26 || binary.LittleEndian.Uint16(data[ext:]) < 495 {
		return 0, false
	}
	return int(data[ext+494]), true
}

// unRLE expands run-length packets from data[off:] into npx pixels.
func unRLE(data []byte, off, bpp, npx int) ([]byte, error) {
	out := make([]byte, 0, min(npx*bpp, 16*len(data)+bpp))
	want := npx * bpp
	for len(out) < want {
		if off >= len(data) {
			return nil, errorf(int64(off), ErrTruncated, "RLE data ends after %d of %d pixels", len(out)/bpp, npx)
		}
		hd := int(data[off])
		off++
		n := hd&0x7f + 1
		if hd&0x80 != 0 {
			if off+bpp > len(data) {
				return nil, errorf(int64(off), ErrTruncated, "RLE run pixel cut short")
			}
			p := data[off : off+bpp]
			off += bpp
			n = min(n, (want-len(out))/bpp)
			for ; n > 0; n-- {
				out = append(out, p...)
			}
		} else {
			m := n * bpp
			if off+m > len(data) {
				return nil, errorf(int64(off), ErrTruncated, "RLE raw packet of %d pixels cut short", n)
			}
			take := min(m, want-len(out))
			out = append(out, data[off:off+take]...)
			off += m
		}
	}
	return out, nil
}
