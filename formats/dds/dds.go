package dds

import (
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"
	"math/bits"
)

// DefaultMaxPixels caps width×height of the decoded image (one mip of one
// slice) when Options.MaxPixels is zero: 16384×16384, Direct3D's largest 2D
// texture.
const DefaultMaxPixels = 16384 * 16384

// Sanity limits from Direct3D 11 (larger values only come from corrupt files).
const (
	maxArraySize = 2048
	maxDepth     = 2048
	maxDim       = 1 << 16
)

// Errors wrapped by *Error, for errors.Is.
var (
	ErrUnsupported = errors.New("unsupported")
	ErrTruncated   = errors.New("truncated")
	ErrTooLarge    = errors.New("too large")
	ErrBadOption   = errors.New("option out of range")
)

// Error is every error the package returns about a file: what went wrong and
// at which byte offset of the file.
type Error struct {
	Offset int64
	Msg    string
	Err    error // ErrUnsupported, ErrTruncated, ErrTooLarge, ErrBadOption or nil
}

func (e *Error) Error() string {
	return fmt.Sprintf("dds: %s (at offset %d)", e.Msg, e.Offset)
}

func (e *Error) Unwrap() error { return e.Err }

func errorf(off int64, kind error, format string, args ...any) *Error {
	return &Error{Offset: off, Msg: fmt.Sprintf(format, args...), Err: kind}
}

// Info describes a DDS file as its headers state it.
type Info struct {
	Width, Height, Depth int // mip 0; Depth is 1 unless IsVolume
	MipCount             int // levels stored per slice, ≥ 1
	ArraySize            int // array elements; a cube map counts as one element
	Faces                int // faces per element: 6 for a cube map (fewer for a partial legacy one), else 1
	IsCube               bool
	IsVolume             bool

	// Format is a short name: "BC1" … "BC7", "BC4_SNORM", "BC5_SNORM",
	// "BC6H_UF16", "BC6H_SF16"; a mask layout written MSB first as Direct3D 9
	// names it ("A8R8G8B8", "R5G6B5", "L8"); or a DXGI name without its
	// prefix ("R8G8B8A8_UNORM").
	Format        string
	FourCC        string // the pixel format's FourCC when set ("DXT1", "DX10"), else ""
	DXGIFormat    uint32 // from the DX10 header, else 0
	Compressed    bool   // 4×4 block compression
	BitsPerPixel  int    // uncompressed layouts; 4 or 8 per texel for BC formats
	SRGB          bool   // colour is sRGB-encoded; pixels are returned as stored
	Premultiplied bool   // DXT2, DXT4 or DX10 alpha mode 2; pixels are returned as stored

	DataOffset int64 // where the first surface starts (128, or 148 with a DX10 header)
	DataSize   int64 // bytes the headers claim for every slice and mip
}

// Slices is how many 2D images each mip level has: ArraySize × Faces.
func (in Info) Slices() int { return in.ArraySize * in.Faces }

// MipSize is the size of mip level m.
func (in Info) MipSize(m int) (w, h, d int) {
	return max(1, in.Width>>m), max(1, in.Height>>m), max(1, in.Depth>>m)
}

// Options choose which image of the file to decode.
type Options struct {
	Mip       int // mip level; 0 is the full-size image
	Slice     int // array element × Faces + face; cube faces run +X, −X, +Y, −Y, +Z, −Z
	Z         int // depth slice of a volume texture at the chosen mip
	MaxPixels int // reject images with more pixels; 0 means DefaultMaxPixels
	// MaxBytes caps what decoding allocates (the chosen image's stored
	// bytes and the RGBA result); 0 means no cap beyond MaxPixels.
	MaxBytes int64
}

func init() {
	image.RegisterFormat("dds", "DDS ", func(r io.Reader) (image.Image, error) {
		img, _, err := Decode(r, Options{})
		if err != nil {
			return nil, err
		}
		return img, nil
	}, func(r io.Reader) (image.Config, error) {
		in, err := DecodeInfo(r)
		if err != nil {
			return image.Config{}, err
		}
		return image.Config{ColorModel: color.NRGBAModel, Width: in.Width, Height: in.Height}, nil
	})
}

// Header flags and caps (DDS_HEADER, DDS_PIXELFORMAT).
const (
	headerSize    = 124
	pfSize        = 32
	dx10Size      = 20
	flagDepth     = 0x800000
	pfAlphaPixels = 0x1
	pfAlpha       = 0x2
	pfFourCC      = 0x4
	pfRGB         = 0x40
	pfYUV         = 0x200
	pfLuminance   = 0x20000
	pfBumpDUDV    = 0x80000
	caps2Cube     = 0x200
	caps2AllFaces = 0xFC00
	caps2Volume   = 0x200000
	dx10Cube      = 0x4
)

// header is what parse needs from the file beyond Info.
type header struct {
	Info
	pf *pixFormat
}

// DecodeInfo reads the headers only.
func DecodeInfo(r io.Reader) (Info, error) {
	h, err := readHeader(r)
	if err != nil {
		return Info{}, err
	}
	return h.Info, nil
}

func readHeader(r io.Reader) (*header, error) {
	var b [4 + headerSize + dx10Size]byte
	if n, err := io.ReadFull(r, b[:4+headerSize]); err != nil {
		return nil, errorf(int64(n), ErrTruncated, "file ends inside the %d-byte header", 4+headerSize)
	}
	if string(b[:4]) != "DDS " {
		return nil, errorf(0, nil, "not a DDS file: magic %q, want \"DDS \"", b[:4])
	}
	u32 := func(off int) uint32 { return binary.LittleEndian.Uint32(b[off:]) }
	if s := u32(4); s != headerSize {
		return nil, errorf(4, nil, "header size %d, want %d", s, headerSize)
	}
	if s := u32(76); s != pfSize {
		return nil, errorf(76, nil, "pixel format size %d, want %d", s, pfSize)
	}
	flags := u32(8)
	h := &header{}
	in := &h.Info
	height, width, depth := u32(12), u32(16), u32(24)
	mips := u32(28)
	pfFlags, fourCC := u32(80), u32(84)
	caps2 := u32(112)
	if width == 0 || height == 0 {
		return nil, errorf(12, nil, "image is %d×%d", width, height)
	}
	// Keeps every size computation far inside int64 (D3D itself stops at 16384).
	if width > maxDim || height > maxDim {
		return nil, errorf(12, ErrTooLarge, "image is %d×%d; the limit is %d on a side", width, height, maxDim)
	}
	in.Width, in.Height, in.Depth = int(width), int(height), 1
	in.ArraySize, in.Faces = 1, 1
	in.DataOffset = 4 + headerSize
	if (flags&flagDepth != 0 || caps2&caps2Volume != 0) && depth > 1 {
		in.Depth, in.IsVolume = int(depth), true
	}
	if caps2&caps2Cube != 0 {
		in.IsCube = true
		in.Faces = bits.OnesCount32(caps2 & caps2AllFaces)
		if in.Faces == 0 {
			in.Faces = 6 // writers that set only DDSCAPS2_CUBEMAP mean all six
		}
	}
	if pfFlags&pfFourCC != 0 {
		in.FourCC = fourCCString(fourCC)
	}
	if pfFlags&pfFourCC != 0 && in.FourCC == "DX10" {
		if err := h.readDX10(r, b[:], depth); err != nil {
			return nil, err
		}
	} else {
		pf, off, err := legacyFormat(b[76 : 76+pfSize])
		if err != nil {
			return nil, errorf(76+int64(off), ErrUnsupported, "%v", err)
		}
		h.pf = pf
		in.Premultiplied = in.FourCC == "DXT2" || in.FourCC == "DXT4"
	}
	if in.IsVolume && in.Depth > maxDepth {
		return nil, errorf(24, ErrTooLarge, "depth %d exceeds %d", in.Depth, maxDepth)
	}
	if in.IsVolume && (in.IsCube || in.ArraySize > 1) {
		return nil, errorf(112, ErrUnsupported, "volume texture that is also a cube map or array")
	}
	in.Format, in.SRGB = h.pf.name, h.pf.srgb
	in.Compressed = h.pf.blockBytes > 0
	in.BitsPerPixel = h.pf.bpp
	if in.Compressed {
		in.BitsPerPixel = h.pf.blockBytes / 2
	}
	full := bits.Len(uint(max(in.Width, in.Height, in.Depth)))
	// Many writers leave DDSD_MIPMAPCOUNT out; the count alone decides.
	in.MipCount = 1
	if mips > 1 {
		if int64(mips) > int64(full) {
			return nil, errorf(28, nil, "%d mip levels claimed; a %d×%d×%d image has at most %d", mips, in.Width, in.Height, in.Depth, full)
		}
		in.MipCount = int(mips)
	}
	in.DataSize = h.chainSize() * int64(in.Slices())
	return h, nil
}

// readDX10 reads the DX10 header that follows the legacy one in b (whose
// first 4+headerSize bytes are read; depth is the legacy header's).
func (h *header) readDX10(r io.Reader, b []byte, depth uint32) error {
	u32 := func(off int) uint32 { return binary.LittleEndian.Uint32(b[off:]) }
	in := &h.Info
	if n, err := io.ReadFull(r, b[4+headerSize:]); err != nil {
		return errorf(int64(4+headerSize+n), ErrTruncated, "file ends inside the DX10 header")
	}
	in.DataOffset += dx10Size
	dxgi, dim, misc, arr, misc2 := u32(128), u32(132), u32(136), u32(140), u32(144)
	in.DXGIFormat = dxgi
	switch dim {
	case 2, 3: // 1D, 2D
		in.Depth, in.IsVolume = 1, false
	case 4: // 3D
		in.IsVolume = depth > 1
		in.Depth = max(1, int(depth))
	default:
		return errorf(132, nil, "DX10 resource dimension %d, want 2, 3 or 4", dim)
	}
	if arr == 0 {
		return errorf(140, nil, "DX10 array size is 0")
	}
	if arr > maxArraySize {
		return errorf(140, ErrTooLarge, "DX10 array size %d exceeds %d", arr, maxArraySize)
	}
	in.ArraySize = int(arr)
	in.IsCube, in.Faces = false, 1
	if misc&dx10Cube != 0 {
		if dim != 3 {
			return errorf(136, nil, "cube flag on a resource of dimension %d", dim)
		}
		in.IsCube, in.Faces = true, 6
	}
	in.Premultiplied = misc2&7 == 2
	pf, err := dxgiFormat(dxgi)
	if err != nil {
		return errorf(128, ErrUnsupported, "%v", err)
	}
	h.pf = pf
	return nil
}

func fourCCString(v uint32) string {
	var b [4]byte
	binary.LittleEndian.PutUint32(b[:], v)
	for _, c := range b {
		if c < 0x20 || c > 0x7e {
			return fmt.Sprintf("0x%08X", v) // D3DFMT numbers (float formats) live here too
		}
	}
	return string(b[:])
}

// surfaceSize is the byte size of one depth slice of mip m.
func (h *header) surfaceSize(m int) int64 {
	w, hh, _ := h.MipSize(m)
	if h.pf.blockBytes > 0 {
		return int64((w+3)/4) * int64((hh+3)/4) * int64(h.pf.blockBytes)
	}
	return h.pf.rowBytes(w) * int64(hh)
}

func (h *header) mipSize(m int) int64 {
	_, _, d := h.MipSize(m)
	return h.surfaceSize(m) * int64(d)
}

func (h *header) chainSize() int64 {
	var n int64
	for m := 0; m < h.MipCount; m++ {
		n += h.mipSize(m)
	}
	return n
}

// Decode reads the image chosen by opt. The result holds straight (not
// premultiplied) 8-bit RGBA exactly as stored where the format is 8-bit; see
// the package documentation for the mapping of other formats.
func Decode(r io.Reader, opt Options) (*image.NRGBA, Info, error) {
	h, err := readHeader(r)
	if err != nil {
		return nil, Info{}, err
	}
	in := h.Info
	if opt.Mip < 0 || opt.Mip >= in.MipCount {
		return nil, in, errorf(28, ErrBadOption, "mip %d requested; the file has %d", opt.Mip, in.MipCount)
	}
	if opt.Slice < 0 || opt.Slice >= in.Slices() {
		return nil, in, errorf(0, ErrBadOption, "slice %d requested; the file has %d", opt.Slice, in.Slices())
	}
	w, hgt, d := in.MipSize(opt.Mip)
	if opt.Z < 0 || opt.Z >= d {
		return nil, in, errorf(24, ErrBadOption, "depth slice %d requested; mip %d has %d", opt.Z, opt.Mip, d)
	}
	limit := opt.MaxPixels
	if limit <= 0 {
		limit = DefaultMaxPixels
	}
	if int64(w)*int64(hgt) > int64(limit) {
		return nil, in, errorf(12, ErrTooLarge, "image is %d×%d, more than %d pixels", w, hgt, limit)
	}
	skip := int64(opt.Slice) * h.chainSize()
	for m := 0; m < opt.Mip; m++ {
		skip += h.mipSize(m)
	}
	skip += int64(opt.Z) * h.surfaceSize(opt.Mip)
	if n, err := io.CopyN(io.Discard, r, skip); err != nil {
		return nil, in, errorf(in.DataOffset+n, ErrTruncated, "file ends before the requested image at offset %d", in.DataOffset+skip)
	}
	start := in.DataOffset + skip
	size := h.surfaceSize(opt.Mip)
	if need := 4*int64(w)*int64(hgt) + size; opt.MaxBytes > 0 && need > opt.MaxBytes {
		return nil, in, errorf(12, ErrTooLarge, "image is %d×%d: decoding needs %d MB, more than the %d MB memory limit",
			w, hgt, need>>20, opt.MaxBytes>>20)
	}
	data, err := readN(r, size)
	if err != nil {
		return nil, in, errorf(start+int64(len(data)), ErrTruncated, "image data is %d bytes, the header claims %d from offset %d", len(data), size, start)
	}
	img := image.NewNRGBA(image.Rect(0, 0, w, hgt))
	if h.pf.blockBytes > 0 {
		decodeBlocks(img, data, h.pf.blockBytes, h.pf.block)
	} else {
		h.pf.layout.decode(img, data, h.pf.rowBytes(w))
	}
	return img, in, nil
}

// readN reads exactly n bytes, growing the buffer as data arrives so that a
// header claiming gigabytes over a short file costs no more than the file.
func readN(r io.Reader, n int64) ([]byte, error) {
	const chunk = 1 << 20
	var buf []byte
	for int64(len(buf)) < n {
		have := len(buf)
		next := min(n, int64(max(2*have, chunk)))
		buf = append(buf, make([]byte, int(next)-have)...)
		got, err := io.ReadFull(r, buf[have:])
		if err != nil {
			return buf[:have+got], io.ErrUnexpectedEOF
		}
	}
	return buf, nil
}
