package dds

// The small .dds files under testdata/ seed FuzzDecode and are decoded by
// TestTestdataDecodes. Regenerate them with:
//
//	PACKSMITH_GEN_TESTDATA=1 go test ./formats/dds -run TestGenerateTestdata

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// lcg gives repeatable filler bytes so the files never change.
type lcg uint64

func (l *lcg) bytes(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		*l = *l*6364136223846793005 + 1442695040888963407
		b[i] = byte(*l >> 56)
	}
	return b
}

// bc7Blocks is one block per BC7 mode: the mode prefix, then filler bits.
func bc7Blocks(l *lcg) []byte {
	var out []byte
	for m := range 8 {
		b := l.bytes(16)
		b[0] = b[0]&^(1<<(m+1)-1) | 1<<m
		out = append(out, b...)
	}
	return out
}

// bc6hBlocks is one block per BC6H mode value (and one reserved).
func bc6hBlocks(l *lcg) []byte {
	var out []byte
	for _, m := range []byte{0x00, 0x01, 0x02, 0x06, 0x0a, 0x0e, 0x12, 0x16, 0x1a, 0x1e, 0x03, 0x07, 0x0b, 0x0f, 0x13, 0x1f} {
		b := l.bytes(16)
		if m < 2 {
			b[0] = b[0]&^3 | m
		} else {
			b[0] = b[0]&^31 | m
		}
		out = append(out, b...)
	}
	return out
}

func testdataSet(t testing.TB) map[string][]byte {
	l := lcg(1)
	mask := func(name string, flags, bpp uint32, m [4]uint32) []byte {
		return buildDDS(ddsHeader{w: 3, h: 2, pfFlags: flags, bpp: bpp, masks: m}, l.bytes(3*2*int(bpp/8)))
	}
	var bc1Chain []byte
	for _, s := range [][2]int{{9, 5}, {4, 2}, {2, 1}, {1, 1}} {
		bc1Chain = append(bc1Chain, l.bytes(8*((s[0]+3)/4)*((s[1]+3)/4))...)
	}
	var cube []byte
	for f := range 6 {
		cube = append(cube, colorBlockBytes(uint16(0x0841*f+1), 0xFFFF, cycle4)...)
	}
	var vol []byte
	vol = append(vol, l.bytes(4*4*2)...) // mip 0: 4×4×2
	vol = append(vol, l.bytes(2*2)...)   // mip 1: 2×2×1
	vol = append(vol, l.bytes(1)...)     // mip 2: 1×1×1
	return map[string][]byte{
		"bc1_9x5_mips.dds":   buildDDS(ddsHeader{w: 9, h: 5, mips: 4, fourCC: "DXT1"}, bc1Chain),
		"bc2.dds":            buildDDS(ddsHeader{w: 8, h: 4, fourCC: "DXT3"}, l.bytes(32)),
		"bc3.dds":            buildDDS(ddsHeader{w: 6, h: 6, fourCC: "DXT5"}, l.bytes(64)),
		"bc4_ati1.dds":       buildDDS(ddsHeader{w: 8, h: 4, fourCC: "ATI1"}, l.bytes(16)),
		"bc5_ati2.dds":       buildDDS(ddsHeader{w: 4, h: 4, fourCC: "ATI2"}, l.bytes(16)),
		"bc4s_dx10.dds":      buildDDS(ddsHeader{w: 4, h: 4, dx10: true, dxgi: 81}, l.bytes(8)),
		"bc5s_dx10.dds":      buildDDS(ddsHeader{w: 4, h: 4, dx10: true, dxgi: 84}, l.bytes(16)),
		"bc6h_uf16.dds":      buildDDS(ddsHeader{w: 16, h: 16, dx10: true, dxgi: 95}, bc6hBlocks(&l)),
		"bc6h_sf16.dds":      buildDDS(ddsHeader{w: 16, h: 16, dx10: true, dxgi: 96}, bc6hBlocks(&l)),
		"bc7.dds":            buildDDS(ddsHeader{w: 16, h: 8, dx10: true, dxgi: 98}, bc7Blocks(&l)),
		"bc7_array2.dds":     buildDDS(ddsHeader{w: 7, h: 3, dx10: true, dxgi: 99, arraySize: 2}, append(bc7Blocks(&l)[:32], bc7Blocks(&l)[64:96]...)),
		"cube_bc1.dds":       buildDDS(ddsHeader{w: 4, h: 4, fourCC: "DXT1", caps2: caps2Cube | caps2AllFaces}, cube),
		"volume_l8.dds":      buildDDS(ddsHeader{w: 4, h: 4, depth: 2, mips: 3, caps2: caps2Volume, pfFlags: pfLuminance, bpp: 8, masks: [4]uint32{0xFF}}, vol),
		"a8r8g8b8.dds":       mask("A8R8G8B8", pfRGB|pfAlphaPixels, 32, [4]uint32{0xFF0000, 0xFF00, 0xFF, 0xFF000000}),
		"x8r8g8b8.dds":       mask("X8R8G8B8", pfRGB, 32, [4]uint32{0xFF0000, 0xFF00, 0xFF, 0}),
		"a8b8g8r8.dds":       mask("A8B8G8R8", pfRGB|pfAlphaPixels, 32, [4]uint32{0xFF, 0xFF00, 0xFF0000, 0xFF000000}),
		"r8g8b8.dds":         mask("R8G8B8", pfRGB, 24, [4]uint32{0xFF0000, 0xFF00, 0xFF, 0}),
		"r5g6b5.dds":         mask("R5G6B5", pfRGB, 16, [4]uint32{0xF800, 0x7E0, 0x1F, 0}),
		"a1r5g5b5.dds":       mask("A1R5G5B5", pfRGB|pfAlphaPixels, 16, [4]uint32{0x7C00, 0x3E0, 0x1F, 0x8000}),
		"a4r4g4b4.dds":       mask("A4R4G4B4", pfRGB|pfAlphaPixels, 16, [4]uint32{0xF00, 0xF0, 0xF, 0xF000}),
		"l8.dds":             mask("L8", pfLuminance, 8, [4]uint32{0xFF, 0, 0, 0}),
		"a8l8.dds":           mask("A8L8", pfLuminance|pfAlphaPixels, 16, [4]uint32{0xFF, 0, 0, 0xFF00}),
		"a8.dds":             mask("A8", pfAlpha, 8, [4]uint32{0, 0, 0, 0xFF}),
		"r8g8b8a8_dx10.dds":  buildDDS(ddsHeader{w: 3, h: 2, dx10: true, dxgi: 28}, l.bytes(24)),
		"b8g8r8a8_dx10.dds":  buildDDS(ddsHeader{w: 3, h: 2, dx10: true, dxgi: 87}, l.bytes(24)),
		"rgba16f_dx10.dds":   buildDDS(ddsHeader{w: 2, h: 2, dx10: true, dxgi: 10}, l.bytes(32)),
		"r11g11b10_dx10.dds": buildDDS(ddsHeader{w: 2, h: 2, dx10: true, dxgi: 26}, l.bytes(16)),
	}
}

func TestGenerateTestdata(t *testing.T) {
	if os.Getenv("PACKSMITH_GEN_TESTDATA") == "" {
		t.Skip("set PACKSMITH_GEN_TESTDATA=1 to rewrite testdata/")
	}
	for name, b := range testdataSet(t) {
		if err := os.WriteFile(filepath.Join("testdata", name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// The committed files are what the generator makes today, and every one
// decodes at every mip and slice.
func TestTestdataDecodes(t *testing.T) {
	for name, want := range testdataSet(t) {
		got, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("testdata/%s is stale; regenerate (see gen_test.go)", name)
		}
		in, err := DecodeInfo(bytes.NewReader(got))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		for s := range in.Slices() {
			for m := range in.MipCount {
				_, _, d := in.MipSize(m)
				for z := range d {
					if _, _, err := Decode(bytes.NewReader(got), Options{Mip: m, Slice: s, Z: z}); err != nil {
						t.Errorf("%s slice %d mip %d z %d: %v", name, s, m, z, err)
					}
				}
			}
		}
		if int64(len(got)) != in.DataOffset+in.DataSize {
			t.Errorf("%s: %d bytes, headers claim %d", name, len(got), in.DataOffset+in.DataSize)
		}
	}
}
