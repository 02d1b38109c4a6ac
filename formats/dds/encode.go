package dds

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"math/bits"

	"packsmith/formats/workpool"
)

// blockEncoders are the block formats the package writes, by Info.Format name.
var blockEncoders = map[string]func(px *texels, dst []byte){
	"BC1": encodeBC1,
	"BC2": encodeBC2,
	"BC3": encodeBC3,
	"BC4": encodeBC4,
	"BC5": encodeBC5,
	"BC7": encodeBC7,
}

// EncodeFormats are the names Encode takes, each with the header it writes:
// BC1–BC3 as legacy DXT1/DXT3/DXT5, BC4/BC5 as ATI1/ATI2, BC7 with a DX10
// header (DXGI 98, or 99 with SRGB), RGBA8 as the legacy 32-bit mask
// layout A8B8G8R8 (bytes R G B A) and BGRA8 as A8R8G8B8 (bytes B G R A).
var EncodeFormats = []string{"BC1", "BC2", "BC3", "BC4", "BC5", "BC7", "RGBA8", "BGRA8"}

// EncodeOptions choose what Encode writes.
type EncodeOptions struct {
	Format string // one of EncodeFormats (case-insensitive)
	Mips   int    // levels to write; 0 means the full chain down to 1×1
	SRGB   bool   // BC7 only: mark the colour as sRGB (DXGI 99); mips are filtered in linear light
}

// legacyPF builds a DDS_PIXELFORMAT.
func legacyPF(flags uint32, fourCC string, bpp uint32, masks [4]uint32) [pfSize]byte {
	var b [pfSize]byte
	le := binary.LittleEndian
	le.PutUint32(b[0:], pfSize)
	le.PutUint32(b[4:], flags)
	if fourCC != "" {
		copy(b[8:12], fourCC)
	}
	le.PutUint32(b[12:], bpp)
	for i, m := range masks {
		le.PutUint32(b[16+4*i:], m)
	}
	return b
}

// newHeader returns a 128-byte header (148 with dx10 set) for pf; sizes
// are filled in by patchHeader.
func newHeader(pf [pfSize]byte, dx10 []byte) []byte {
	h := make([]byte, 4+headerSize, 4+headerSize+dx10Size)
	copy(h, "DDS ")
	le := binary.LittleEndian
	le.PutUint32(h[4:], headerSize)
	flags := uint32(0x1 | 0x2 | 0x4 | 0x1000)
	if le.Uint32(pf[4:])&pfFourCC != 0 {
		flags |= 0x80000 // linear size
	} else {
		flags |= 0x8 // pitch
	}
	le.PutUint32(h[8:], flags)
	copy(h[76:], pf[:])
	le.PutUint32(h[12:], 1) // 1×1 until patchHeader sets the size
	le.PutUint32(h[16:], 1)
	le.PutUint32(h[108:], 0x1000) // DDSCAPS_TEXTURE
	return append(h, dx10...)
}

func dx10Header(dxgi uint32) []byte {
	b := make([]byte, dx10Size)
	binary.LittleEndian.PutUint32(b[0:], dxgi)
	binary.LittleEndian.PutUint32(b[4:], 3) // 2D
	binary.LittleEndian.PutUint32(b[12:], 1)
	return b
}

// patchHeader sets size, mip count and the fields that follow from them in
// a header (new, or copied from the file being re-encoded, whose other
// bytes are kept).
func patchHeader(h []byte, pf *pixFormat, w, hgt, mips int) {
	le := binary.LittleEndian
	le.PutUint32(h[12:], uint32(hgt))
	le.PutUint32(h[16:], uint32(w))
	flags := le.Uint32(h[8:]) | 0x1 | 0x2 | 0x4 | 0x1000
	caps := le.Uint32(h[108:]) | 0x1000
	if mips > 1 {
		flags |= 0x20000
		caps |= 0x8 | 0x400000
		le.PutUint32(h[28:], uint32(mips))
	} else {
		flags &^= 0x20000
		caps &^= 0x400000
		if le.Uint32(h[28:]) > 1 {
			le.PutUint32(h[28:], 1)
		}
	}
	le.PutUint32(h[8:], flags)
	le.PutUint32(h[108:], caps)
	switch {
	case flags&0x80000 != 0 && pf.blockBytes > 0:
		le.PutUint32(h[20:], uint32(BlockSurfaceSize(pf.name, w, hgt)))
	case flags&0x80000 != 0:
		le.PutUint32(h[20:], uint32(pf.rowBytes(w)*int64(hgt)))
	case flags&0x8 != 0 && pf.blockBytes == 0:
		le.PutUint32(h[20:], uint32(pf.rowBytes(w)))
	}
}

// target resolves an EncodeOptions format to its header and pixel format.
func target(opt EncodeOptions) ([]byte, *pixFormat, error) {
	var pf [pfSize]byte
	var dx10 []byte
	switch upper(opt.Format) {
	case "BC1", "DXT1":
		pf = legacyPF(pfFourCC, "DXT1", 0, [4]uint32{})
	case "BC2", "DXT3":
		pf = legacyPF(pfFourCC, "DXT3", 0, [4]uint32{})
	case "BC3", "DXT5":
		pf = legacyPF(pfFourCC, "DXT5", 0, [4]uint32{})
	case "BC4", "ATI1":
		pf = legacyPF(pfFourCC, "ATI1", 0, [4]uint32{})
	case "BC5", "ATI2":
		pf = legacyPF(pfFourCC, "ATI2", 0, [4]uint32{})
	case "BC7":
		pf = legacyPF(pfFourCC, "DX10", 0, [4]uint32{})
		dxgi := uint32(98)
		if opt.SRGB {
			dxgi = 99
		}
		dx10 = dx10Header(dxgi)
	case "RGBA8":
		pf = legacyPF(pfRGB|pfAlphaPixels, "", 32, [4]uint32{0xFF, 0xFF00, 0xFF0000, 0xFF000000})
	case "BGRA8":
		pf = legacyPF(pfRGB|pfAlphaPixels, "", 32, [4]uint32{0xFF0000, 0xFF00, 0xFF, 0xFF000000})
	default:
		return nil, nil, errorf(0, ErrUnsupported, "cannot encode to %q (formats: bc1, bc2, bc3, bc4, bc5, bc7, rgba8, bgra8)", opt.Format)
	}
	if opt.SRGB && dx10 == nil {
		return nil, nil, errorf(0, ErrUnsupported, "sRGB is only written for BC7 (a legacy header cannot say sRGB)")
	}
	h := newHeader(pf, dx10)
	hd, err := readHeader(bytes.NewReader(h))
	if err != nil {
		return nil, nil, err
	}
	return h, hd.pf, nil
}

func upper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - 32
		}
	}
	return string(b)
}

// FullChain is the number of mip levels down to 1×1 of a w×h image.
func FullChain(w, h int) int { return bits.Len(uint(max(w, h, 1))) }

// EncodeContext writes img as a new DDS file of opt.Format with opt.Mips
// levels. It stops when ctx ends: every worker checks it before each row
// of blocks (a 4096-wide BC7 row is a few milliseconds),
// and it returns ctx's error and no bytes.
func EncodeContext(ctx context.Context, img image.Image, opt EncodeOptions) ([]byte, error) {
	h, pf, err := target(opt)
	if err != nil {
		return nil, err
	}
	src := ToNRGBA(img)
	w, hgt := src.Rect.Dx(), src.Rect.Dy()
	if err := checkEncodeSize(w, hgt); err != nil {
		return nil, err
	}
	mips, err := mipCount(opt.Mips, w, hgt)
	if err != nil {
		return nil, err
	}
	return encodeChain(ctx, h, pf, src, mips)
}

func checkEncodeSize(w, h int) error {
	if w <= 0 || h <= 0 {
		return errorf(0, ErrBadOption, "picture is %d×%d", w, h)
	}
	if w > maxDim || h > maxDim || int64(w)*int64(h) > DefaultMaxPixels {
		return errorf(0, ErrTooLarge, "picture is %d×%d; the limit is %d pixels", w, h, DefaultMaxPixels)
	}
	return nil
}

func mipCount(want, w, h int) (int, error) {
	full := FullChain(w, h)
	switch {
	case want == 0:
		return full, nil
	case want < 0 || want > full:
		return 0, errorf(28, ErrBadOption, "%d mip levels asked; a %d×%d image has 1 to %d", want, w, h, full)
	}
	return want, nil
}

// encodeChain appends every level's surface to header h (patched to the
// size) and returns the file.
func encodeChain(ctx context.Context, h []byte, pf *pixFormat, src *image.NRGBA, mips int) ([]byte, error) {
	w, hgt := src.Rect.Dx(), src.Rect.Dy()
	patchHeader(h, pf, w, hgt, mips)
	lv := src
	out := h
	for m := range mips {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if m > 0 {
			lv = Downsample(lv, max(1, w>>m), max(1, hgt>>m), pf.srgb)
		}
		surf, err := encodeSurface(ctx, pf, lv)
		if err != nil {
			return nil, err
		}
		out = append(out, surf...)
	}
	return out, nil
}

// encodeSurface encodes one level in pf.
func encodeSurface(ctx context.Context, pf *pixFormat, img *image.NRGBA) ([]byte, error) {
	if pf.blockBytes > 0 {
		enc, ok := blockEncoders[pf.name]
		if !ok {
			return nil, errorf(84, ErrUnsupported, "encoding to %s is not supported (the decoder reads it; the encoder writes BC1–BC5 and BC7)", pf.name)
		}
		return encodeBlocks(ctx, img, pf.blockBytes, enc)
	}
	return encodeLayout(pf, img)
}

// EncodeBlocksContext encodes img as a surface of 4×4 blocks of format
// ("BC1" … "BC5", "BC7"), rows of blocks top to bottom, as DecodeBlocks
// reads them (for containers other than DDS: Reborn btx). It stops when
// ctx ends, as EncodeContext.
func EncodeBlocksContext(ctx context.Context, format string, img image.Image) ([]byte, error) {
	pf, ok := blockFormats[format]
	enc, ok2 := blockEncoders[format]
	if !ok || !ok2 {
		return nil, errorf(0, ErrUnsupported, "cannot encode blocks of %q", format)
	}
	src := ToNRGBA(img)
	if err := checkEncodeSize(src.Rect.Dx(), src.Rect.Dy()); err != nil {
		return nil, err
	}
	return encodeBlocks(ctx, src, pf.blockBytes, enc)
}

// encodeBlocks runs enc over every block of img, rows of blocks split
// across the CPUs, checking ctx before every row of blocks; when ctx ends
// it returns ctx's error and no bytes. Each block depends on its own
// texels only, so the bytes are the same whatever the number of CPUs.
// Blocks overhanging the right or bottom edge repeat the last column and
// row.
func encodeBlocks(ctx context.Context, img *image.NRGBA, blockBytes int, enc func(*texels, []byte)) ([]byte, error) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	bw, bh := (w+3)/4, (h+3)/4
	out := make([]byte, bw*bh*blockBytes)
	// Block encoding costs far more per pixel than decoding: split early.
	// Rows of blocks are handed out one at a time, so a worker whose rows
	// are cheap (flat colour) takes more of them than one whose rows are
	// not; each worker checks ctx before each row.
	workers := 0
	if w*h*16 < parallelMin {
		workers = 1
	}
	err := workpool.EachWith(ctx, bh, workers, func() *texels { return new(texels) }, func(_ context.Context, px *texels, by int) error {
		for bx := range bw {
			for i := range 16 {
				x, y := min(bx*4+i&3, w-1), min(by*4+i>>2, h-1)
				o := y*img.Stride + x*4
				px[i] = [4]uint8{img.Pix[o], img.Pix[o+1], img.Pix[o+2], img.Pix[o+3]}
			}
			enc(px, out[(by*bw+bx)*blockBytes:][:blockBytes])
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// encodeLayout packs pixels into an uncompressed layout of UNORM fields:
// each 8-bit value v becomes round(v·max/255), the value the decoder maps
// back to v for 8-bit fields and to the nearest for narrower ones. Grey
// layouts (L8, R8…) store the Rec. 601 luma.
func encodeLayout(pf *pixFormat, img *image.NRGBA) ([]byte, error) {
	l := pf.layout
	for _, c := range l.c {
		if c.bits > 0 && c.kind != kUnorm {
			return nil, errorf(84, ErrUnsupported, "encoding to %s is not supported (signed or float fields)", pf.name)
		}
	}
	if l.bpp > 64 {
		return nil, errorf(88, ErrUnsupported, "encoding to %s is not supported", pf.name)
	}
	w, h := img.Rect.Dx(), img.Rect.Dy()
	bpp := l.bpp / 8
	pitch := int(pf.rowBytes(w))
	out := make([]byte, pitch*h)
	parallelRows(h, w*h, func(y0, y1 int) {
		var tmp [8]byte
		for y := y0; y < y1; y++ {
			src := img.Pix[y*img.Stride:]
			dst := out[y*pitch:]
			for x := range w {
				p := src[4*x : 4*x+4]
				vals := [4]uint32{uint32(p[0]), uint32(p[1]), uint32(p[2]), uint32(p[3])}
				if l.grey {
					vals[0] = (299*vals[0] + 587*vals[1] + 114*vals[2] + 500) / 1000
				}
				var v uint64
				for i, c := range l.c {
					if c.bits == 0 {
						continue
					}
					m := uint64(1)<<c.bits - 1
					v |= (uint64(vals[i])*m + 127) / 255 << c.shift
				}
				binary.LittleEndian.PutUint64(tmp[:], v)
				copy(dst[x*bpp:x*bpp+bpp], tmp[:bpp])
			}
		}
	})
	return out, nil
}

// ToNRGBA returns img as straight RGBA with its origin at (0, 0), sharing
// img's pixels when it already is one.
func ToNRGBA(img image.Image) *image.NRGBA {
	b := img.Bounds()
	if n, ok := img.(*image.NRGBA); ok && b.Min == (image.Point{}) {
		return n
	}
	out := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	parallelRows(b.Dy(), b.Dx()*b.Dy(), func(y0, y1 int) {
		for y := y0; y < y1; y++ {
			for x := range b.Dx() {
				c := color.NRGBAModel.Convert(img.At(b.Min.X+x, b.Min.Y+y)).(color.NRGBA)
				o := y*out.Stride + 4*x
				out.Pix[o], out.Pix[o+1], out.Pix[o+2], out.Pix[o+3] = c.R, c.G, c.B, c.A
			}
		}
	})
	return out
}

// ReencodeOptions say how far Reencode may depart from the original.
type ReencodeOptions struct {
	Resize bool // scale the picture to the texture's size instead of refusing another size
	Mips   int  // > 0: write this many levels instead of the original's count
}

// ReencodeContext encodes img as a DDS of orig's own format (header bytes
// kept, including a DX10 header and its sRGB format), size and mip count,
// and describes the conversion ("encoded as DXT5, 9 mips"). A picture of
// another size is refused naming both sizes unless opt.Resize is set.
// Cube maps, arrays and volumes are refused, as are formats the encoder
// does not write (BC6H, signed and float layouts). It stops when ctx
// ends, as EncodeContext.
func ReencodeContext(ctx context.Context, orig []byte, img image.Image, opt ReencodeOptions) ([]byte, string, error) {
	hd, err := readHeader(bytes.NewReader(orig))
	if err != nil {
		return nil, "", err
	}
	in := hd.Info
	if in.Slices() > 1 || in.IsVolume {
		return nil, "", errorf(112, ErrUnsupported, "the texture is a cube map, array or volume (%d slices, depth %d); only plain 2D textures are re-encoded", in.Slices(), in.Depth)
	}
	if hd.pf.blockBytes > 0 {
		if _, ok := blockEncoders[hd.pf.name]; !ok {
			return nil, "", errorf(84, ErrUnsupported, "encoding to %s is not supported (the encoder writes BC1–BC5, BC7 and UNORM layouts)", in.Format)
		}
	}
	src := ToNRGBA(img)
	pw, ph := src.Rect.Dx(), src.Rect.Dy()
	if err := checkEncodeSize(pw, ph); err != nil {
		return nil, "", err
	}
	resized := ""
	if pw != in.Width || ph != in.Height {
		if !opt.Resize {
			return nil, "", errorf(12, ErrBadOption, "the picture is %d×%d but the texture is %d×%d (ask for a resize to scale it)", pw, ph, in.Width, in.Height)
		}
		src = Downsample(src, in.Width, in.Height, hd.pf.srgb)
		resized = fmt.Sprintf(", resized from %d×%d", pw, ph)
	}
	mips := in.MipCount
	if opt.Mips > 0 {
		if mips, err = mipCount(opt.Mips, in.Width, in.Height); err != nil {
			return nil, "", err
		}
	}
	h := append([]byte(nil), orig[:in.DataOffset]...)
	out, err := encodeChain(ctx, h, hd.pf, src, mips)
	if err != nil {
		return nil, "", err
	}
	name := in.Format
	if in.FourCC != "" && in.FourCC != "DX10" && hd.pf.blockBytes > 0 {
		name = in.FourCC
	}
	if in.SRGB && !containsSRGB(name) {
		name += " sRGB"
	}
	unit := "mips"
	if mips == 1 {
		unit = "mip"
	}
	return out, fmt.Sprintf("encoded as %s, %d %s%s", name, mips, unit, resized), nil
}

func containsSRGB(s string) bool { return bytes.Contains([]byte(s), []byte("SRGB")) }
