package dds

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"strings"
)

// blockFunc decodes one 4×4 block from src into dst, a 4×4 window of an
// NRGBA pixel buffer whose rows are stride bytes apart.
type blockFunc func(src, dst []byte, stride int)

// pixFormat is a resolved pixel format: either a block codec or a layout.
type pixFormat struct {
	name       string
	srgb       bool
	blockBytes int // 8 or 16 for BC formats, 0 for uncompressed
	block      blockFunc
	bpp        int // uncompressed bits per pixel
	layout     *layout
}

// rowBytes is the packed row size: the DDS guide's (width*bpp+7)/8.
func (pf *pixFormat) rowBytes(w int) int64 { return (int64(w)*int64(pf.bpp) + 7) / 8 }

func bcFormat(name string, blockBytes int, fn blockFunc) *pixFormat {
	return &pixFormat{name: name, blockBytes: blockBytes, block: fn}
}

var (
	fmtBC1   = bcFormat("BC1", 8, decodeBC1)
	fmtBC2   = bcFormat("BC2", 16, decodeBC2)
	fmtBC3   = bcFormat("BC3", 16, decodeBC3)
	fmtBC4   = bcFormat("BC4", 8, decodeBC4)
	fmtBC4S  = bcFormat("BC4_SNORM", 8, decodeBC4S)
	fmtBC5   = bcFormat("BC5", 16, decodeBC5)
	fmtBC5S  = bcFormat("BC5_SNORM", 16, decodeBC5S)
	fmtBC6HU = bcFormat("BC6H_UF16", 16, decodeBC6HU)
	fmtBC6HS = bcFormat("BC6H_SF16", 16, decodeBC6HS)
	fmtBC7   = bcFormat("BC7", 16, decodeBC7)
)

func withSRGB(pf *pixFormat) *pixFormat {
	c := *pf
	c.srgb = true
	return &c
}

// legacyFormat resolves a DDS_PIXELFORMAT (32 bytes). On error it also
// returns the offset of the offending field within the structure.
func legacyFormat(b []byte) (*pixFormat, int, error) {
	u32 := func(off int) uint32 { return binary.LittleEndian.Uint32(b[off:]) }
	flags, cc := u32(4), u32(8)
	if flags&pfFourCC != 0 {
		switch fourCCString(cc) {
		case "DXT1":
			return fmtBC1, 0, nil
		case "DXT2", "DXT3":
			return fmtBC2, 0, nil
		case "DXT4", "DXT5":
			return fmtBC3, 0, nil
		case "ATI1", "BC4U":
			return fmtBC4, 0, nil
		case "BC4S":
			return fmtBC4S, 0, nil
		case "ATI2", "BC5U":
			return fmtBC5, 0, nil
		case "BC5S":
			return fmtBC5S, 0, nil
		}
		// D3DFMT numbers stored in the FourCC field by D3DX for wide formats.
		if pf, ok := d3dfmtFormats[cc]; ok {
			return pf, 0, nil
		}
		return nil, 8, fmt.Errorf("pixel format FourCC %s", fourCCString(cc))
	}
	if flags&pfYUV != 0 {
		return nil, 4, fmt.Errorf("YUV pixel format")
	}
	bpp := int(u32(12))
	if bpp == 0 || bpp%8 != 0 || bpp > 64 {
		return nil, 12, fmt.Errorf("%d bits per pixel", bpp)
	}
	masks := [4]uint32{u32(16), u32(20), u32(24), u32(28)}
	letters := [4]byte{'R', 'G', 'B', 'A'}
	kind := kUnorm
	switch {
	case flags&pfBumpDUDV != 0:
		kind, letters = kSnorm, [4]byte{'U', 'V', 'W', 'Q'}
	case flags&pfLuminance != 0:
		masks[1], masks[2], letters[0] = 0, 0, 'L'
	case flags&pfRGB == 0:
		masks[0], masks[1], masks[2] = 0, 0, 0 // alpha-only (DDPF_ALPHA)
	}
	if flags&(pfAlphaPixels|pfAlpha) == 0 {
		masks[3] = 0 // the alpha mask is only meaningful with an alpha flag
	}
	l := &layout{bpp: bpp}
	for i, m := range masks {
		if m == 0 {
			continue
		}
		sh := bits.TrailingZeros32(m)
		n := bits.OnesCount32(m)
		if m>>sh != 1<<n-1 || sh+n > bpp {
			return nil, 16 + 4*i, fmt.Errorf("%c mask 0x%08X is not a contiguous field of %d bits", letters[i], m, bpp)
		}
		k := kind
		if i == 3 {
			k = kUnorm
		}
		if k == kSnorm && n < 2 {
			// A signed field of one bit holds 0 and -1 and no positive
			// value: nothing to scale it by (convert divides by 2^(n-1)-1).
			// Direct3D's bump formats have 5 bits or more.
			return nil, 16 + 4*i, fmt.Errorf("%c mask 0x%08X is a signed field of 1 bit (a signed channel needs 2 or more)", letters[i], m)
		}
		l.c[i] = channel{shift: uint8(sh), bits: uint8(n), kind: k}
	}
	if masks == [4]uint32{} {
		return nil, 16, fmt.Errorf("pixel format has no FourCC and no channel masks")
	}
	l.grey = l.c[0].bits > 0 && l.c[1].bits == 0 && l.c[2].bits == 0
	if kind == kSnorm {
		l.grey = false
	}
	l.prepare()
	return &pixFormat{name: maskName(l, letters), bpp: bpp, layout: l}, 0, nil
}

// maskName writes the channels MSB first with X for unused bits, the way
// Direct3D 9 names its formats (A8R8G8B8, X1R5G5B5, A8L8).
func maskName(l *layout, letters [4]byte) string {
	type field struct {
		sh, n int
		c     byte
	}
	var fs []field
	for i, c := range l.c {
		if c.bits > 0 {
			fs = append(fs, field{int(c.shift), int(c.bits), letters[i]})
		}
	}
	// Insertion sort, highest shift first (at most four fields).
	for i := 1; i < len(fs); i++ {
		for j := i; j > 0 && fs[j].sh > fs[j-1].sh; j-- {
			fs[j], fs[j-1] = fs[j-1], fs[j]
		}
	}
	var sb strings.Builder
	top := l.bpp
	for _, f := range fs {
		if gap := top - (f.sh + f.n); gap > 0 {
			fmt.Fprintf(&sb, "X%d", gap)
		}
		fmt.Fprintf(&sb, "%c%d", f.c, f.n)
		top = f.sh
	}
	if top > 0 {
		fmt.Fprintf(&sb, "X%d", top)
	}
	return sb.String()
}

func un(sh, n uint8) channel { return channel{sh, n, kUnorm} }
func sn(sh, n uint8) channel { return channel{sh, n, kSnorm} }
func fl(sh, n uint8) channel { return channel{sh, n, kFloat} }

func lay(name string, bpp int, grey bool, r, g, b, a channel) *pixFormat {
	return &pixFormat{name: name, bpp: bpp, layout: &layout{bpp: bpp, c: [4]channel{r, g, b, a}, grey: grey}}
}

var none channel

var d3dfmtFormats = map[uint32]*pixFormat{
	36:  lay("A16B16G16R16", 64, false, un(0, 16), un(16, 16), un(32, 16), un(48, 16)),
	110: lay("Q16W16V16U16", 64, false, sn(0, 16), sn(16, 16), sn(32, 16), sn(48, 16)),
	111: lay("R16F", 16, true, fl(0, 16), none, none, none),
	112: lay("G16R16F", 32, false, fl(0, 16), fl(16, 16), none, none),
	113: lay("A16B16G16R16F", 64, false, fl(0, 16), fl(16, 16), fl(32, 16), fl(48, 16)),
	114: lay("R32F", 32, true, fl(0, 32), none, none, none),
	115: lay("G32R32F", 64, false, fl(0, 32), fl(32, 32), none, none),
	116: lay("A32B32G32R32F", 128, false, fl(0, 32), fl(32, 32), fl(64, 32), fl(96, 32)),
}

func init() {
	for _, pf := range d3dfmtFormats {
		pf.layout.prepare()
	}
	for _, pf := range dxgiFormats {
		if pf.layout != nil {
			pf.layout.prepare()
		}
	}
}

// dxgiFormats lists the DXGI_FORMAT values the decoder reads. TYPELESS and
// UINT 8-bit variants are read as UNORM bytes: the bytes are what matters.
var dxgiFormats = map[uint32]*pixFormat{
	2:  lay("R32G32B32A32_FLOAT", 128, false, fl(0, 32), fl(32, 32), fl(64, 32), fl(96, 32)),
	6:  lay("R32G32B32_FLOAT", 96, false, fl(0, 32), fl(32, 32), fl(64, 32), none),
	10: lay("R16G16B16A16_FLOAT", 64, false, fl(0, 16), fl(16, 16), fl(32, 16), fl(48, 16)),
	11: lay("R16G16B16A16_UNORM", 64, false, un(0, 16), un(16, 16), un(32, 16), un(48, 16)),
	13: lay("R16G16B16A16_SNORM", 64, false, sn(0, 16), sn(16, 16), sn(32, 16), sn(48, 16)),
	16: lay("R32G32_FLOAT", 64, false, fl(0, 32), fl(32, 32), none, none),
	23: lay("R10G10B10A2_TYPELESS", 32, false, un(0, 10), un(10, 10), un(20, 10), un(30, 2)),
	24: lay("R10G10B10A2_UNORM", 32, false, un(0, 10), un(10, 10), un(20, 10), un(30, 2)),
	26: lay("R11G11B10_FLOAT", 32, false, fl(0, 11), fl(11, 11), fl(22, 10), none),
	27: lay("R8G8B8A8_TYPELESS", 32, false, un(0, 8), un(8, 8), un(16, 8), un(24, 8)),
	28: lay("R8G8B8A8_UNORM", 32, false, un(0, 8), un(8, 8), un(16, 8), un(24, 8)),
	29: withSRGB(lay("R8G8B8A8_UNORM_SRGB", 32, false, un(0, 8), un(8, 8), un(16, 8), un(24, 8))),
	30: lay("R8G8B8A8_UINT", 32, false, un(0, 8), un(8, 8), un(16, 8), un(24, 8)),
	31: lay("R8G8B8A8_SNORM", 32, false, sn(0, 8), sn(8, 8), sn(16, 8), sn(24, 8)),
	34: lay("R16G16_FLOAT", 32, false, fl(0, 16), fl(16, 16), none, none),
	35: lay("R16G16_UNORM", 32, false, un(0, 16), un(16, 16), none, none),
	37: lay("R16G16_SNORM", 32, false, sn(0, 16), sn(16, 16), none, none),
	41: lay("R32_FLOAT", 32, true, fl(0, 32), none, none, none),
	48: lay("R8G8_TYPELESS", 16, false, un(0, 8), un(8, 8), none, none),
	49: lay("R8G8_UNORM", 16, false, un(0, 8), un(8, 8), none, none),
	50: lay("R8G8_UINT", 16, false, un(0, 8), un(8, 8), none, none),
	51: lay("R8G8_SNORM", 16, false, sn(0, 8), sn(8, 8), none, none),
	53: lay("R16_TYPELESS", 16, true, un(0, 16), none, none, none),
	54: lay("R16_FLOAT", 16, true, fl(0, 16), none, none, none),
	56: lay("R16_UNORM", 16, true, un(0, 16), none, none, none),
	58: lay("R16_SNORM", 16, true, sn(0, 16), none, none, none),
	60: lay("R8_TYPELESS", 8, true, un(0, 8), none, none, none),
	61: lay("R8_UNORM", 8, true, un(0, 8), none, none, none),
	62: lay("R8_UINT", 8, true, un(0, 8), none, none, none),
	63: lay("R8_SNORM", 8, true, sn(0, 8), none, none, none),
	65: lay("A8_UNORM", 8, false, none, none, none, un(0, 8)),
	70: fmtBC1, 71: fmtBC1, 72: withSRGB(fmtBC1),
	73: fmtBC2, 74: fmtBC2, 75: withSRGB(fmtBC2),
	76: fmtBC3, 77: fmtBC3, 78: withSRGB(fmtBC3),
	79: fmtBC4, 80: fmtBC4, 81: fmtBC4S,
	82: fmtBC5, 83: fmtBC5, 84: fmtBC5S,
	85: lay("B5G6R5_UNORM", 16, false, un(11, 5), un(5, 6), un(0, 5), none),
	86: lay("B5G5R5A1_UNORM", 16, false, un(10, 5), un(5, 5), un(0, 5), un(15, 1)),
	87: lay("B8G8R8A8_UNORM", 32, false, un(16, 8), un(8, 8), un(0, 8), un(24, 8)),
	88: lay("B8G8R8X8_UNORM", 32, false, un(16, 8), un(8, 8), un(0, 8), none),
	90: lay("B8G8R8A8_TYPELESS", 32, false, un(16, 8), un(8, 8), un(0, 8), un(24, 8)),
	91: withSRGB(lay("B8G8R8A8_UNORM_SRGB", 32, false, un(16, 8), un(8, 8), un(0, 8), un(24, 8))),
	92: lay("B8G8R8X8_TYPELESS", 32, false, un(16, 8), un(8, 8), un(0, 8), none),
	93: withSRGB(lay("B8G8R8X8_UNORM_SRGB", 32, false, un(16, 8), un(8, 8), un(0, 8), none)),
	94: fmtBC6HU, 95: fmtBC6HU, 96: fmtBC6HS,
	97: fmtBC7, 98: fmtBC7, 99: withSRGB(fmtBC7),
	115: lay("B4G4R4A4_UNORM", 16, false, un(8, 4), un(4, 4), un(0, 4), un(12, 4)),
}

func dxgiFormat(v uint32) (*pixFormat, error) {
	if pf, ok := dxgiFormats[v]; ok {
		return pf, nil
	}
	return nil, fmt.Errorf("DXGI format %d", v)
}
