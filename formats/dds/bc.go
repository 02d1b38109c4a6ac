package dds

import "encoding/binary"

// Endpoint and palette arithmetic for BC1–BC3 follows the definition
// exactly: a 5- or 6-bit value v stands for v/max, the palette entries are
// 2/3·c0 + 1/3·c1 and so on, and each result is rounded to the nearest 8-bit
// value. Bit-replicating decoders differ by one on a few values.

func rgba(r, g, b, a uint32) uint32 { return r | g<<8 | b<<16 | a<<24 }

// unormN rounds v·255/m.
func unormN(v, m uint32) uint32 { return (v*255*2 + m) / (2 * m) }

// third rounds 255·(2a+b)/(3m), the colour two thirds of the way from b to a.
func third(a, b, m uint32) uint32 { return (2*255*(2*a+b) + 3*m) / (6 * m) }

// mid rounds 255·(a+b)/(2m), rounding halves up.
func mid(a, b, m uint32) uint32 { return (2*255*(a+b) + 2*m) / (4 * m) }

// colorBlock decodes the 8-byte BC1 colour block. BC2 and BC3 always use the
// four-colour palette (threeColor false); BC1 switches to three colours plus
// transparent black when c0 ≤ c1.
func colorBlock(src, dst []byte, stride int, threeColor bool) {
	c0 := uint32(binary.LittleEndian.Uint16(src))
	c1 := uint32(binary.LittleEndian.Uint16(src[2:]))
	r0, g0, b0 := c0>>11, c0>>5&63, c0&31
	r1, g1, b1 := c1>>11, c1>>5&63, c1&31
	var pal [4]uint32
	pal[0] = rgba(unormN(r0, 31), unormN(g0, 63), unormN(b0, 31), 255)
	pal[1] = rgba(unormN(r1, 31), unormN(g1, 63), unormN(b1, 31), 255)
	if c0 > c1 || !threeColor {
		pal[2] = rgba(third(r0, r1, 31), third(g0, g1, 63), third(b0, b1, 31), 255)
		pal[3] = rgba(third(r1, r0, 31), third(g1, g0, 63), third(b1, b0, 31), 255)
	} else {
		pal[2] = rgba(mid(r0, r1, 31), mid(g0, g1, 63), mid(b0, b1, 31), 255)
		pal[3] = 0 // transparent black
	}
	idx := binary.LittleEndian.Uint32(src[4:])
	for y := range 4 {
		row := dst[y*stride : y*stride+16]
		for x := range 4 {
			binary.LittleEndian.PutUint32(row[4*x:], pal[idx&3])
			idx >>= 2
		}
	}
}

func decodeBC1(src, dst []byte, stride int) { colorBlock(src, dst, stride, true) }

// decodeBC2: 64 bits of explicit 4-bit alpha (texel i in bits 4i…4i+3),
// then a colour block.
func decodeBC2(src, dst []byte, stride int) {
	colorBlock(src[8:], dst, stride, false)
	a := binary.LittleEndian.Uint64(src)
	for y := range 4 {
		for x := range 4 {
			dst[y*stride+4*x+3] = uint8(a&15) * 17
			a >>= 4
		}
	}
}

// decodeBC3: an interpolated alpha block, then a colour block.
func decodeBC3(src, dst []byte, stride int) {
	colorBlock(src[8:], dst, stride, false)
	unormChannel(src, dst[3:], stride)
}

// unormPalette is the eight-value palette of a BC3 alpha / BC4 block.
func unormPalette(e0, e1 uint32) [8]uint8 {
	p := [8]uint8{uint8(e0), uint8(e1)}
	if e0 > e1 {
		for i := uint32(1); i <= 6; i++ {
			p[i+1] = uint8(((7-i)*e0 + i*e1 + 3) / 7)
		}
	} else {
		for i := uint32(1); i <= 4; i++ {
			p[i+1] = uint8(((5-i)*e0 + i*e1 + 2) / 5)
		}
		p[6], p[7] = 0, 255
	}
	return p
}

// snormPalette is the signed BC4 palette as 8-bit values s+128 (−128 reads
// as −127, so −1.0 shows as 1 and 0 as 128).
func snormPalette(b0, b1 uint8) [8]uint8 {
	e0, e1 := max(int64(int8(b0)), -127), max(int64(int8(b1)), -127)
	var s [8]int64
	s[0], s[1] = e0, e1
	if e0 > e1 {
		for i := int64(1); i <= 6; i++ {
			s[i+1] = roundDiv((7-i)*e0+i*e1, 7)
		}
	} else {
		for i := int64(1); i <= 4; i++ {
			s[i+1] = roundDiv((5-i)*e0+i*e1, 5)
		}
		s[6], s[7] = -127, 127
	}
	var p [8]uint8
	for i, v := range s {
		p[i] = uint8(v + 128)
	}
	return p
}

// writeChannel stores one byte per texel at dst[y*stride+4x] from 3-bit
// indices (texel i in bits 3i…3i+2 of the 48 bits after the endpoints).
func writeChannel(src, dst []byte, stride int, p *[8]uint8) {
	idx := uint64(binary.LittleEndian.Uint16(src[2:])) | uint64(binary.LittleEndian.Uint32(src[4:]))<<16
	for y := range 4 {
		for x := range 4 {
			dst[y*stride+4*x] = p[idx&7]
			idx >>= 3
		}
	}
}

func unormChannel(src, dst []byte, stride int) {
	p := unormPalette(uint32(src[0]), uint32(src[1]))
	writeChannel(src, dst, stride, &p)
}

func snormChannel(src, dst []byte, stride int) {
	p := snormPalette(src[0], src[1])
	writeChannel(src, dst, stride, &p)
}

// greyOpaque copies R into G and B and sets A to 255 (single-channel BC4).
func greyOpaque(dst []byte, stride int) {
	for y := range 4 {
		row := dst[y*stride : y*stride+16]
		for x := 0; x < 16; x += 4 {
			row[x+1], row[x+2], row[x+3] = row[x], row[x], 255
		}
	}
}

// rgOpaque sets B to 0 and A to 255 (two-channel BC5).
func rgOpaque(dst []byte, stride int) {
	for y := range 4 {
		row := dst[y*stride : y*stride+16]
		for x := 0; x < 16; x += 4 {
			row[x+2], row[x+3] = 0, 255
		}
	}
}

func decodeBC4(src, dst []byte, stride int) {
	unormChannel(src, dst, stride)
	greyOpaque(dst, stride)
}

func decodeBC4S(src, dst []byte, stride int) {
	snormChannel(src, dst, stride)
	greyOpaque(dst, stride)
}

func decodeBC5(src, dst []byte, stride int) {
	unormChannel(src, dst, stride)
	unormChannel(src[8:], dst[1:], stride)
	rgOpaque(dst, stride)
}

func decodeBC5S(src, dst []byte, stride int) {
	snormChannel(src, dst, stride)
	snormChannel(src[8:], dst[1:], stride)
	rgOpaque(dst, stride)
}
