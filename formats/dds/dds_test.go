package dds

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"strings"
	"testing"
)

// solidBC1 is a BC1 surface of w×h in one RGB565 colour.
func solidBC1(w, h int, c uint16) []byte {
	return repeatBlock(colorBlockBytes(c, c, [16]uint8{}), ((w+3)/4)*((h+3)/4))
}

// expand565 is the decoded colour of a solid RGB565 block.
func expand565(c uint16) color.NRGBA {
	r, g, b := uint32(c>>11), uint32(c>>5&63), uint32(c&31)
	return color.NRGBA{uint8(unormN(r, 31)), uint8(unormN(g, 63)), uint8(unormN(b, 31)), 255}
}

func checkSolid(t *testing.T, img *image.NRGBA, w, h int, c color.NRGBA) {
	t.Helper()
	if img.Rect.Dx() != w || img.Rect.Dy() != h {
		t.Fatalf("size %v, want %d×%d", img.Rect, w, h)
	}
	for y := range h {
		for x := range w {
			if got := img.NRGBAAt(x, y); got != c {
				t.Fatalf("(%d,%d) = %v, want %v", x, y, got, c)
			}
		}
	}
}

func TestMipChainNotMultipleOf4(t *testing.T) {
	// 9×5 with a full chain: 9×5, 4×2, 2×1, 1×1; each mip its own colour.
	sizes := [][2]int{{9, 5}, {4, 2}, {2, 1}, {1, 1}}
	cols := []uint16{0xF800, 0x07E0, 0x001F, 0xFFFF}
	var data []byte
	for i, s := range sizes {
		data = append(data, solidBC1(s[0], s[1], cols[i])...)
	}
	file := buildDDS(ddsHeader{w: 9, h: 5, mips: 4, fourCC: "DXT1"}, data)
	for m, s := range sizes {
		img, in := decodeBytes(t, file, Options{Mip: m})
		if in.MipCount != 4 || in.Format != "BC1" || in.DataSize != int64(len(data)) {
			t.Fatalf("info %+v", in)
		}
		checkSolid(t, img, s[0], s[1], expand565(cols[m]))
	}
	if _, _, err := Decode(bytes.NewReader(file), Options{Mip: 4}); !errors.Is(err, ErrBadOption) {
		t.Errorf("mip 4: err = %v, want ErrBadOption", err)
	}
}

func TestEdgeBlocksClipped(t *testing.T) {
	// 5×3 BC1: the right block column and the bottom rows overhang. Texel
	// (x,y) of each block has index x, so column 4 of the image is index 0.
	blk := colorBlockBytes(0xF800, 0x001F, cycle4)
	file := buildDDS(ddsHeader{w: 5, h: 3, fourCC: "DXT1"}, repeatBlock(blk, 2))
	img, _ := decodeBytes(t, file, Options{})
	pal := []color.NRGBA{{255, 0, 0, 255}, {0, 0, 255, 255}, {170, 0, 85, 255}, {85, 0, 170, 255}}
	for y := range 3 {
		for x := range 5 {
			if got, want := img.NRGBAAt(x, y), pal[x%4]; got != want {
				t.Errorf("(%d,%d) = %v, want %v", x, y, got, want)
			}
		}
	}
}

func TestCubeMapFaces(t *testing.T) {
	// Legacy cube map, 4×4 with 2 mips: per face, mip 0 then mip 1.
	var data []byte
	col := func(face, mip int) uint16 { return uint16(face*0x0841 + mip*0x8000 + 1) }
	for f := range 6 {
		data = append(data, solidBC1(4, 4, col(f, 0))...)
		data = append(data, solidBC1(2, 2, col(f, 1))...)
	}
	file := buildDDS(ddsHeader{w: 4, h: 4, mips: 2, fourCC: "DXT1", caps2: caps2Cube | caps2AllFaces}, data)
	in, err := DecodeInfo(bytes.NewReader(file))
	if err != nil || !in.IsCube || in.Faces != 6 || in.Slices() != 6 {
		t.Fatalf("info %+v, %v", in, err)
	}
	for f := range 6 {
		for m := range 2 {
			img, _ := decodeBytes(t, file, Options{Slice: f, Mip: m})
			checkSolid(t, img, 4>>m, 4>>m, expand565(col(f, m)))
		}
	}
	if _, _, err := Decode(bytes.NewReader(file), Options{Slice: 6}); !errors.Is(err, ErrBadOption) {
		t.Errorf("slice 6: err = %v, want ErrBadOption", err)
	}
}

func TestDX10ArrayAndCubeArray(t *testing.T) {
	// BC7 mode 6 solid blocks: endpoints equal, so every texel is the
	// endpoint; 7-bit value v with p-bit 0 widens to v<<1 | v>>6.
	solid7 := func(v uint64) []byte {
		var w bitWriter
		w.put(64, 7)
		putAll(&w, 7, v, v, v, v, v, v, 127, 127)
		putAll(&w, 1, 0, 0)
		w.put(0, 63)
		return w.block(t)
	}
	var data []byte
	for e := range 3 {
		data = append(data, solid7(uint64(10*e+1))...)
	}
	file := buildDDS(ddsHeader{w: 4, h: 4, dx10: true, dxgi: 98, arraySize: 3}, data)
	for e := range 3 {
		img, in := decodeBytes(t, file, Options{Slice: e})
		v := uint8((10*e + 1) << 1)
		if in.Format != "BC7" || in.ArraySize != 3 || in.DataOffset != 148 {
			t.Fatalf("info %+v", in)
		}
		checkSolid(t, img, 4, 4, color.NRGBA{v, v, v, 254})
	}

	// A cube array of 2: 12 faces.
	data = nil
	for i := range 12 {
		data = append(data, solid7(uint64(i))...)
	}
	file = buildDDS(ddsHeader{w: 4, h: 4, dx10: true, dxgi: 98, arraySize: 2, misc: dx10Cube}, data)
	img, in := decodeBytes(t, file, Options{Slice: 7})
	if in.Slices() != 12 || !in.IsCube {
		t.Fatalf("info %+v", in)
	}
	checkSolid(t, img, 4, 4, color.NRGBA{14, 14, 14, 254})
}

func TestVolume(t *testing.T) {
	// L8 4×4×4 with 3 mips: mip m has depth 4>>m slices of (4>>m)² bytes.
	var data []byte
	for m := range 3 {
		s := 4 >> m
		for z := range s {
			data = append(data, bytes.Repeat([]byte{byte(m*64 + z)}, s*s)...)
		}
	}
	file := buildDDS(ddsHeader{w: 4, h: 4, depth: 4, mips: 3, caps2: caps2Volume, pfFlags: pfLuminance, bpp: 8, masks: [4]uint32{0xFF}}, data)
	for m := range 3 {
		for z := range 4 >> m {
			img, in := decodeBytes(t, file, Options{Mip: m, Z: z})
			if !in.IsVolume || in.Depth != 4 {
				t.Fatalf("info %+v", in)
			}
			v := uint8(m*64 + z)
			checkSolid(t, img, 4>>m, 4>>m, color.NRGBA{v, v, v, 255})
		}
	}
}

func TestImageDecodeRegistered(t *testing.T) {
	file := buildDDS(ddsHeader{w: 4, h: 4, fourCC: "DXT1"}, solidBC1(4, 4, 0xF800))
	img, name, err := image.Decode(bytes.NewReader(file))
	if err != nil || name != "dds" {
		t.Fatalf("image.Decode: %v, %q", err, name)
	}
	if _, ok := img.(*image.NRGBA); !ok {
		t.Errorf("image is %T", img)
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(file))
	if err != nil || cfg.Width != 4 || cfg.Height != 4 || cfg.ColorModel != color.NRGBAModel {
		t.Errorf("DecodeConfig: %+v, %v", cfg, err)
	}
}

func TestFormatNames(t *testing.T) {
	for cc, want := range map[string]string{
		"DXT1": "BC1", "DXT2": "BC2", "DXT3": "BC2", "DXT4": "BC3", "DXT5": "BC3",
		"ATI1": "BC4", "BC4U": "BC4", "BC4S": "BC4_SNORM", "ATI2": "BC5", "BC5U": "BC5", "BC5S": "BC5_SNORM",
	} {
		in, err := DecodeInfo(bytes.NewReader(buildDDS(ddsHeader{w: 4, h: 4, fourCC: cc}, nil)))
		if err != nil || in.Format != want || in.FourCC != cc {
			t.Errorf("%s: %+v, %v", cc, in, err)
		}
		if pm := cc == "DXT2" || cc == "DXT4"; in.Premultiplied != pm {
			t.Errorf("%s: Premultiplied = %v", cc, in.Premultiplied)
		}
	}
	for dxgi, want := range map[uint32]string{71: "BC1", 72: "BC1", 84: "BC5_SNORM", 95: "BC6H_UF16", 96: "BC6H_SF16", 98: "BC7", 99: "BC7", 87: "B8G8R8A8_UNORM"} {
		in, err := DecodeInfo(bytes.NewReader(buildDDS(ddsHeader{w: 4, h: 4, dx10: true, dxgi: dxgi}, nil)))
		if err != nil || in.Format != want || in.DXGIFormat != dxgi || in.SRGB != (dxgi == 72 || dxgi == 99) {
			t.Errorf("DXGI %d: %+v, %v", dxgi, in, err)
		}
	}
}

func TestBadInput(t *testing.T) {
	good := buildDDS(ddsHeader{w: 8, h: 8, mips: 2, fourCC: "DXT1"}, solidBC1(8, 8, 1))
	patch := func(off int, v ...byte) []byte {
		b := bytes.Clone(good)
		copy(b[off:], v)
		return b
	}
	cases := []struct {
		name   string
		file   []byte
		opt    Options
		kind   error
		offset int64
		msg    string
	}{
		{"empty", nil, Options{}, ErrTruncated, 0, "header"},
		{"short header", good[:100], Options{}, ErrTruncated, 100, "header"},
		{"magic", patch(0, 'X'), Options{}, nil, 0, "magic"},
		{"header size", patch(4, 1), Options{}, nil, 4, "header size"},
		{"zero width", patch(16, 0), Options{}, nil, 12, "0×8"},
		{"mip count", patch(28, 9), Options{}, nil, 28, "mip levels"},
		{"fourcc", patch(84, 'Q'), Options{}, ErrUnsupported, 84, "FourCC"},
		{"mip 1 missing", good, Options{Mip: 1}, ErrTruncated, 160, "image data is 0 bytes"},
		{"data short", good[:150], Options{}, ErrTruncated, 150, "image data is 22 bytes, the header claims 32"},
		{"too many pixels", good, Options{MaxPixels: 63}, ErrTooLarge, 12, "more than 63 pixels"},
		{"huge claim", buildDDS(ddsHeader{w: 16384, h: 16384, fourCC: "DXT1"}, make([]byte, 1000)), Options{}, ErrTruncated, 1128, "header claims 134217728"},
		{"over the limit", buildDDS(ddsHeader{w: 16385, h: 16384, fourCC: "DXT1"}, nil), Options{}, ErrTooLarge, 12, "pixels"},
		{"mask", buildDDS(ddsHeader{w: 1, h: 1, pfFlags: pfRGB, bpp: 32, masks: [4]uint32{0xF0F0}}, []byte{0, 0, 0, 0}), Options{}, ErrUnsupported, 92, "contiguous"},
		{"1-bit signed", buildDDS(ddsHeader{w: 1, h: 1, pfFlags: pfBumpDUDV, bpp: 8, masks: [4]uint32{0x01, 0x06}}, []byte{0}), Options{}, ErrUnsupported, 92, "signed field of 1 bit"},
		{"dxgi", buildDDS(ddsHeader{w: 1, h: 1, dx10: true, dxgi: 67}, nil), Options{}, ErrUnsupported, 128, "DXGI format 67"},
		{"array 0", patch(0, buildDDS(ddsHeader{w: 1, h: 1, dx10: true, dxgi: 28, arraySize: 1}, nil)[:140]...)[:140], Options{}, ErrTruncated, 140, "DX10"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := Decode(bytes.NewReader(c.file), c.opt)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("err = %v, want *Error", err)
			}
			if c.kind != nil && !errors.Is(err, c.kind) {
				t.Errorf("err = %v, want kind %v", err, c.kind)
			}
			if e.Offset != c.offset || !strings.Contains(e.Msg, c.msg) {
				t.Errorf("err = %v, want offset %d and %q", err, c.offset, c.msg)
			}
		})
	}
}
