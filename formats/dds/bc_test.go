package dds

import (
	"encoding/binary"
	"testing"
)

type rgba8 = [4]uint8

// colorBlockBytes builds a BC1 colour block: two RGB565 endpoints, then 2-bit
// indices, texel i in bits 2i…2i+1.
func colorBlockBytes(c0, c1 uint16, idx [16]uint8) []byte {
	b := make([]byte, 8)
	binary.LittleEndian.PutUint16(b, c0)
	binary.LittleEndian.PutUint16(b[2:], c1)
	var v uint32
	for i, x := range idx {
		v |= uint32(x) << (2 * i)
	}
	binary.LittleEndian.PutUint32(b[4:], v)
	return b
}

// channelBlockBytes builds a BC3 alpha / BC4 block: two 8-bit endpoints and
// 3-bit indices, texel i in bits 3i…3i+2 of the next 48 bits.
func channelBlockBytes(e0, e1 uint8, idx [16]uint8) []byte {
	b := []byte{e0, e1, 0, 0, 0, 0, 0, 0}
	var v uint64
	for i, x := range idx {
		v |= uint64(x) << (3 * i)
	}
	for i := range 6 {
		b[2+i] = byte(v >> (8 * i))
	}
	return b
}

var cycle4 = [16]uint8{0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3}
var cycle8 = [16]uint8{0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7}

func checkTexels(t *testing.T, got [16][4]uint8, want func(i int) rgba8) {
	t.Helper()
	for i := range 16 {
		if w := want(i); got[i] != w {
			t.Errorf("texel %d = %v, want %v", i, got[i], w)
		}
	}
}

func TestBC1FourColour(t *testing.T) {
	// Red 0xF800 and blue 0x001F: c0 > c1, four opaque colours.
	// 2/3 red + 1/3 blue: R = 255·62/93 = 170, B = 255·31/93 = 85.
	pal := [4]rgba8{{255, 0, 0, 255}, {0, 0, 255, 255}, {170, 0, 85, 255}, {85, 0, 170, 255}}
	got := decodeBlock(decodeBC1, colorBlockBytes(0xF800, 0x001F, cycle4))
	checkTexels(t, got, func(i int) rgba8 { return pal[i%4] })

	// Values where the exact v·255/max differs from bit replication:
	// r=3 → 24.68 → 25 (replication gives 24); g=11 → 44.52 → 45; b=24 → 197.4 → 197.
	// c2 = 2/3·c0: R 255·6/93 = 16.45 → 16, G 255·22/189 = 29.68 → 30, B 255·48/93 = 131.6 → 132.
	// c3 = 1/3·c0: R 8.23 → 8, G 14.84 → 15, B 65.8 → 66.
	c0 := uint16(3<<11 | 11<<5 | 24)
	pal = [4]rgba8{{25, 45, 197, 255}, {0, 0, 0, 255}, {16, 30, 132, 255}, {8, 15, 66, 255}}
	got = decodeBlock(decodeBC1, colorBlockBytes(c0, 0, cycle4))
	checkTexels(t, got, func(i int) rgba8 { return pal[i%4] })
}

func TestBC1ThreeColourAndTransparent(t *testing.T) {
	// c0 ≤ c1: index 2 is the midpoint (255·31/62 = 127.5 rounds up to 128),
	// index 3 is transparent black.
	pal := [4]rgba8{{0, 0, 255, 255}, {255, 0, 0, 255}, {128, 0, 128, 255}, {0, 0, 0, 0}}
	got := decodeBlock(decodeBC1, colorBlockBytes(0x001F, 0xF800, cycle4))
	checkTexels(t, got, func(i int) rgba8 { return pal[i%4] })
	// Equal endpoints are three-colour mode too.
	got = decodeBlock(decodeBC1, colorBlockBytes(0xFFFF, 0xFFFF, cycle4))
	pal = [4]rgba8{{255, 255, 255, 255}, {255, 255, 255, 255}, {255, 255, 255, 255}, {0, 0, 0, 0}}
	checkTexels(t, got, func(i int) rgba8 { return pal[i%4] })
}

func TestBC2(t *testing.T) {
	// Alpha nibble of texel i is i, so alpha = 17·i. The colour block has
	// c0 < c1 but BC2 always uses four colours: index 3 is 1/3 blue + 2/3 red.
	b := make([]byte, 16)
	binary.LittleEndian.PutUint64(b, 0xFEDCBA9876543210)
	copy(b[8:], colorBlockBytes(0x001F, 0xF800, cycle4))
	rgb := [4][3]uint8{{0, 0, 255}, {255, 0, 0}, {85, 0, 170}, {170, 0, 85}}
	got := decodeBlock(decodeBC2, b)
	checkTexels(t, got, func(i int) rgba8 {
		c := rgb[i%4]
		return rgba8{c[0], c[1], c[2], uint8(17 * i)}
	})
}

func TestBC3(t *testing.T) {
	// a0 > a1: eight alphas, (7−i)/7 steps: 255·6/7 = 218.6 → 219, 182.1 → 182,
	// 145.7 → 146, 109.3 → 109, 72.9 → 73, 36.4 → 36.
	a8 := [8]uint8{255, 0, 219, 182, 146, 109, 73, 36}
	b := append(channelBlockBytes(255, 0, cycle8), colorBlockBytes(0xFFFF, 0xFFFF, [16]uint8{})...)
	got := decodeBlock(decodeBC3, b)
	checkTexels(t, got, func(i int) rgba8 { return rgba8{255, 255, 255, a8[i%8]} })

	// a0 ≤ a1: six alphas in fifths (51, 102, 153, 204), then 0 and 255.
	a6 := [8]uint8{0, 255, 51, 102, 153, 204, 0, 255}
	b = append(channelBlockBytes(0, 255, cycle8), colorBlockBytes(0, 0, [16]uint8{})...)
	got = decodeBlock(decodeBC3, b)
	checkTexels(t, got, func(i int) rgba8 { return rgba8{0, 0, 0, a6[i%8]} })
}

func TestBC4(t *testing.T) {
	// 40 and 200, six-value mode: 40 + 160·k/5 = 72, 104, 136, 168.
	p := [8]uint8{40, 200, 72, 104, 136, 168, 0, 255}
	got := decodeBlock(decodeBC4, channelBlockBytes(40, 200, cycle8))
	checkTexels(t, got, func(i int) rgba8 { v := p[i%8]; return rgba8{v, v, v, 255} })
}

func TestBC4SNORM(t *testing.T) {
	// 127 and −128 (read as −127), eight values: round((7−k)·127 − k·127)/7)
	// = 91, 54, 18, −18, −54, −91; shown as s+128.
	p := [8]uint8{255, 1, 219, 182, 146, 110, 74, 37}
	got := decodeBlock(decodeBC4S, channelBlockBytes(0x7F, 0x80, cycle8))
	checkTexels(t, got, func(i int) rgba8 { v := p[i%8]; return rgba8{v, v, v, 255} })

	// −127 and 127, six values: −76.2, −25.4, 25.4, 76.2 round to −76, −25,
	// 25, 76; then −1.0 and +1.0.
	p = [8]uint8{1, 255, 52, 103, 153, 204, 1, 255}
	got = decodeBlock(decodeBC4S, channelBlockBytes(0x81, 0x7F, cycle8))
	checkTexels(t, got, func(i int) rgba8 { v := p[i%8]; return rgba8{v, v, v, 255} })
}

func TestBC5(t *testing.T) {
	// R from the first block (0 and 255 in sevenths: 219, 182, …), G from the
	// second (constant 77); B is 0 and A 255.
	r := [8]uint8{255, 0, 219, 182, 146, 109, 73, 36}
	b := append(channelBlockBytes(255, 0, cycle8), channelBlockBytes(77, 77, [16]uint8{})...)
	got := decodeBlock(decodeBC5, b)
	checkTexels(t, got, func(i int) rgba8 { return rgba8{r[i%8], 77, 0, 255} })

	b = append(channelBlockBytes(0x80, 0x80, [16]uint8{}), channelBlockBytes(0x00, 0x7F, [16]uint8{1, 1})...)
	got = decodeBlock(decodeBC5S, b)
	checkTexels(t, got, func(i int) rgba8 {
		if i < 2 {
			return rgba8{1, 255, 0, 255}
		}
		return rgba8{1, 128, 0, 255}
	})
}
