package btx

import (
	"bytes"
	"errors"
	"image/color"
	"testing"
)

func decode(t *testing.T, b []byte) ([]color.NRGBA, Info) {
	t.Helper()
	img, in, err := Decode(bytes.NewReader(b), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if img.Rect.Dx() != in.Width || img.Rect.Dy() != in.Height {
		t.Fatalf("image %v, header %d×%d", img.Rect, in.Width, in.Height)
	}
	var px []color.NRGBA
	for y := range in.Height {
		for x := range in.Width {
			px = append(px, img.NRGBAAt(x, y))
		}
	}
	return px, in
}

func TestR8G8B8A8(t *testing.T) {
	data := []byte{
		255, 0, 0, 255, 0, 255, 0, 128,
		0, 0, 255, 0, 10, 20, 30, 40,
	}
	px, in := decode(t, build(0, 2, 2, 8, "ui/icon_sword", data))
	want := []color.NRGBA{{255, 0, 0, 255}, {0, 255, 0, 128}, {0, 0, 255, 0}, {10, 20, 30, 40}}
	for i := range want {
		if px[i] != want[i] {
			t.Errorf("pixel %d = %v, want %v", i, px[i], want[i])
		}
	}
	if in.Name != "ui/icon_sword" || in.Format != R8G8B8A8 || in.Mips != 1 || in.DataOffset != 0x50 || in.DataSize != 16 {
		t.Errorf("info %+v", in)
	}
}

// BC1 with a size that is not a multiple of 4: 5×3 is 2×1 blocks, the
// right block clipped to one column. Red 0xF800 and blue 0x001F, c0 > c1:
// four opaque colours, 2/3 red + 1/3 blue = (170, 0, 85).
func TestBC1(t *testing.T) {
	blk := bc1Block(0xF800, 0x001F, cycle4)
	px, in := decode(t, build(7, 5, 3, 16, "", append(append([]byte{}, blk...), blk...)))
	pal := [4]color.NRGBA{{255, 0, 0, 255}, {0, 0, 255, 255}, {170, 0, 85, 255}, {85, 0, 170, 255}}
	for i, c := range px {
		if x := i % 5; c != pal[x%4] {
			t.Errorf("pixel (%d,%d) = %v, want %v", x, i/5, c, pal[x%4])
		}
	}
	if in.Format.String() != "BC1" || in.Name != "" {
		t.Errorf("info %+v", in)
	}
}

// BC7 mode 6: e0 = (127, 0, 0, 127) p0 = 1 → (255, 1, 1, 255); e1 =
// (0, 127, 0, 127) p1 = 1 → (1, 255, 1, 255). Index 0 gives e0, 15 gives
// e1, 8 (weight 34/64) gives ((30·255 + 34·1 + 32) >> 6, (30·1 + 34·255 +
// 32) >> 6, 1, 255) = (120, 136, 1, 255).
func TestBC7(t *testing.T) {
	idx := [16]uint32{0, 8}
	for i := 2; i < 16; i++ {
		idx[i] = 15
	}
	blk := bc7Mode6([4]uint32{127, 0, 0, 127}, [4]uint32{0, 127, 0, 127}, 1, 1, idx)
	px, in := decode(t, build(13, 4, 4, 16, "bc7", blk))
	want := map[int]color.NRGBA{0: {255, 1, 1, 255}, 1: {120, 136, 1, 255}, 2: {1, 255, 1, 255}, 15: {1, 255, 1, 255}}
	for i, w := range want {
		if px[i] != w {
			t.Errorf("texel %d = %v, want %v", i, px[i], w)
		}
	}
	if in.Format != BC7 {
		t.Errorf("format %v", in.Format)
	}
}

func TestErrors(t *testing.T) {
	good := build(7, 4, 4, 8, "x", make([]byte, 8))
	patch := func(off int, v ...byte) []byte {
		b := bytes.Clone(good)
		copy(b[off:], v)
		return b
	}
	cases := []struct {
		name string
		in   []byte
		kind error
		msg  string
	}{
		{"format 5", patch(0x10, 5), ErrUnsupported, "btx: format 5 is not documented (known: 0 R8G8B8A8, 7 BC1, 13 BC7) (at offset 16)"},
		{"version", patch(4, 0x04, 0x01), ErrUnsupported, "btx: version 0x0104; only 0x0103 is documented (at offset 4)"},
		{"magic", patch(0, 'D', 'D', 'S', ' '), ErrNotBTX, `btx: magic "DDS ", want "btx\x00" (at offset 0)`},
		{"big-endian", patch(0, 0, 'x', 't', 'b'), ErrUnsupported, "btx: big-endian btx (console build) is not supported (at offset 0)"},
		{"short header", good[:20], ErrTruncated, "btx: header is 20 bytes, want 52 (at offset 20)"},
		{"stride", patch(0xC, 12), ErrCorrupt, "btx: stride is 12; BC1 at width 4 has 8 (at offset 12)"},
		{"zero size", patch(8, 0, 0), ErrCorrupt, "btx: size 0×4 (at offset 8)"},
		{"data cut", good[:len(good)-3], ErrTruncated, "btx: image data is 5 bytes, the header claims 8 from offset 64 (at offset 69)"},
		{"data offset past the end", patch(0x18, 0xFF, 0xFF), ErrTruncated, "btx: image data is 0 bytes, the header claims 8 from offset 65535 (at offset 72)"},
	}
	for _, c := range cases {
		_, _, err := Decode(bytes.NewReader(c.in), Options{})
		var be *Error
		if !errors.As(err, &be) || !errors.Is(err, c.kind) || err.Error() != c.msg {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	if _, _, err := Decode(bytes.NewReader(build(0, 4000, 4000, 16000, "", nil)), Options{MaxPixels: 1 << 20}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("too large: %v", err)
	}
}
