package dds

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// maskFormat is a legacy layout as Direct3D 9 defines it.
type maskFormat struct {
	name    string
	flags   uint32
	bpp     uint32
	r, g, b uint32
	a       uint32
}

var d3d9Formats = []maskFormat{
	{"A8R8G8B8", pfRGB | pfAlphaPixels, 32, 0x00FF0000, 0x0000FF00, 0x000000FF, 0xFF000000},
	{"X8R8G8B8", pfRGB, 32, 0x00FF0000, 0x0000FF00, 0x000000FF, 0},
	{"A8B8G8R8", pfRGB | pfAlphaPixels, 32, 0x000000FF, 0x0000FF00, 0x00FF0000, 0xFF000000},
	{"X8B8G8R8", pfRGB, 32, 0x000000FF, 0x0000FF00, 0x00FF0000, 0},
	{"R8G8B8", pfRGB, 24, 0xFF0000, 0x00FF00, 0x0000FF, 0},
	{"R5G6B5", pfRGB, 16, 0xF800, 0x07E0, 0x001F, 0},
	{"A1R5G5B5", pfRGB | pfAlphaPixels, 16, 0x7C00, 0x03E0, 0x001F, 0x8000},
	{"X1R5G5B5", pfRGB, 16, 0x7C00, 0x03E0, 0x001F, 0},
	{"A4R4G4B4", pfRGB | pfAlphaPixels, 16, 0x0F00, 0x00F0, 0x000F, 0xF000},
	{"A2B10G10R10", pfRGB | pfAlphaPixels, 32, 0x000003FF, 0x000FFC00, 0x3FF00000, 0xC0000000},
	{"G16R16", pfRGB, 32, 0x0000FFFF, 0xFFFF0000, 0, 0},
	{"R3G3B2", pfRGB, 8, 0xE0, 0x1C, 0x03, 0},
	{"L8", pfLuminance, 8, 0xFF, 0, 0, 0},
	{"A8L8", pfLuminance | pfAlphaPixels, 16, 0x00FF, 0, 0, 0xFF00},
	{"A4L4", pfLuminance | pfAlphaPixels, 8, 0x0F, 0, 0, 0xF0},
	{"L16", pfLuminance, 16, 0xFFFF, 0, 0, 0},
	{"A8", pfAlpha, 8, 0, 0, 0, 0xFF},
}

// unorm8 is the definition's conversion, computed independently in floats.
func unorm8(v, mask uint32) uint8 {
	if mask == 0 {
		return 0
	}
	max := mask >> trailingZeros(mask)
	return uint8(math.Round(float64(v) * 255 / float64(max)))
}

func trailingZeros(m uint32) uint {
	n := uint(0)
	for m&1 == 0 {
		m >>= 1
		n++
	}
	return n
}

// TestMaskLayoutsRoundTrip packs random field values into pixels by the
// masks, then checks every decoded channel against v·255/max.
func TestMaskLayoutsRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const w, h = 7, 3 // odd width: rows are packed, not padded
	for _, f := range d3d9Formats {
		t.Run(f.name, func(t *testing.T) {
			masks := [4]uint32{f.r, f.g, f.b, f.a}
			bytesPP := int(f.bpp / 8)
			data := make([]byte, w*h*bytesPP)
			var want []rgba8
			for p := range w * h {
				var px uint32
				var vals [4]uint32
				for c, m := range masks {
					if m == 0 {
						continue
					}
					vals[c] = rng.Uint32() & (m >> trailingZeros(m))
					px |= vals[c] << trailingZeros(m)
				}
				var b4 [4]byte
				binary.LittleEndian.PutUint32(b4[:], px)
				copy(data[p*bytesPP:], b4[:bytesPP])
				var e rgba8
				for c := range 3 {
					e[c] = unorm8(vals[c], masks[c])
				}
				e[3] = 255
				if f.a != 0 {
					e[3] = unorm8(vals[3], f.a)
				}
				if f.flags&pfLuminance != 0 {
					e[1], e[2] = e[0], e[0]
				}
				want = append(want, e)
			}
			file := buildDDS(ddsHeader{w: w, h: h, pfFlags: f.flags, bpp: f.bpp, masks: masks}, data)
			img, in := decodeBytes(t, file, Options{})
			if in.Format != f.name {
				t.Errorf("Format = %q, want %q", in.Format, f.name)
			}
			for p, e := range want {
				c := img.NRGBAAt(p%w, p/w)
				if got := (rgba8{c.R, c.G, c.B, c.A}); got != e {
					t.Fatalf("pixel %d = %v, want %v", p, got, e)
				}
			}
		})
	}
}

// TestDXGILayouts checks the DXGI layouts against pixels written by hand.
func TestDXGILayouts(t *testing.T) {
	cases := []struct {
		dxgi uint32
		px   []byte
		want rgba8
	}{
		{28, []byte{1, 2, 3, 4}, rgba8{1, 2, 3, 4}},                   // R8G8B8A8_UNORM
		{29, []byte{1, 2, 3, 4}, rgba8{1, 2, 3, 4}},                   // …_SRGB, as stored
		{87, []byte{1, 2, 3, 4}, rgba8{3, 2, 1, 4}},                   // B8G8R8A8_UNORM
		{88, []byte{1, 2, 3, 4}, rgba8{3, 2, 1, 255}},                 // B8G8R8X8_UNORM
		{85, []byte{0x00, 0xF8}, rgba8{255, 0, 0, 255}},               // B5G6R5: R in bits 11–15
		{86, []byte{0x1F, 0x80}, rgba8{0, 0, 255, 255}},               // B5G5R5A1: B low, A top
		{115, []byte{0x21, 0xF3}, rgba8{51, 34, 17, 255}},             // B4G4R4A4
		{61, []byte{200}, rgba8{200, 200, 200, 255}},                  // R8_UNORM as grey
		{65, []byte{200}, rgba8{0, 0, 0, 200}},                        // A8_UNORM
		{49, []byte{10, 20}, rgba8{10, 20, 0, 255}},                   // R8G8_UNORM
		{63, []byte{0x81}, rgba8{1, 1, 1, 255}},                       // R8_SNORM −127 → 1
		{31, []byte{0x80, 0x00, 0x7F, 0x40}, rgba8{1, 128, 255, 192}}, // R8G8B8A8_SNORM
		{24, []byte{0xFF, 0x03, 0x00, 0xC0}, rgba8{255, 0, 0, 255}},   // R10G10B10A2_UNORM
		{56, []byte{0x00, 0x80}, rgba8{128, 128, 128, 255}},           // R16_UNORM 32768·255/65535 = 127.502 → 128
		// R16G16B16A16_FLOAT: 0.5, 1.0, 2.0 (clamped), −1.0 (clamped).
		{10, []byte{0x00, 0x38, 0x00, 0x3C, 0x00, 0x40, 0x00, 0xBC}, rgba8{128, 255, 255, 0}},
		// R32_FLOAT 0.25 → 63.75 → 64, grey.
		{41, f32(0.25), rgba8{64, 64, 64, 255}},
		// R11G11B10_FLOAT: 1.0 = exponent 15 → 0x3C0 (11-bit), 0x1E0 (10-bit); 0.5 = 14<<6.
		{26, u32le(0x3C0 | (14<<6)<<11 | 0x1E0<<22), rgba8{255, 128, 255, 255}},
		// R32G32B32A32_FLOAT
		{2, append(append(f32(1), f32(0)...), append(f32(0.5), f32(1)...)...), rgba8{255, 0, 128, 255}},
	}
	for _, c := range cases {
		t.Run(fmt.Sprint(c.dxgi), func(t *testing.T) {
			file := buildDDS(ddsHeader{w: 1, h: 1, dx10: true, dxgi: c.dxgi}, c.px)
			img, in := decodeBytes(t, file, Options{})
			got := img.NRGBAAt(0, 0)
			if (rgba8{got.R, got.G, got.B, got.A}) != c.want {
				t.Errorf("%s: got %v, want %v", in.Format, got, c.want)
			}
		})
	}
}

func f32(v float32) []byte { return u32le(math.Float32bits(v)) }

func u32le(v uint32) []byte { return binary.LittleEndian.AppendUint32(nil, v) }
