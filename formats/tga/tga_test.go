package tga

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image/color"
	"strings"
	"testing"
)

// tgaHead is an 18-byte header built field by field.
type tgaHead struct {
	cmType, imgType byte
	cmFirst, cmLen  uint16
	cmBits          byte
	w, h            uint16
	depth, desc     byte
	id              string
}

func build(h tgaHead, cmap, pixels []byte) []byte {
	var b bytes.Buffer
	b.WriteByte(byte(len(h.id)))
	b.WriteByte(h.cmType)
	b.WriteByte(h.imgType)
	binary.Write(&b, binary.LittleEndian, h.cmFirst)
	binary.Write(&b, binary.LittleEndian, h.cmLen)
	b.WriteByte(h.cmBits)
	binary.Write(&b, binary.LittleEndian, [2]uint16{7, 9}) // origin: ignored
	binary.Write(&b, binary.LittleEndian, h.w)
	binary.Write(&b, binary.LittleEndian, h.h)
	b.WriteByte(h.depth)
	b.WriteByte(h.desc)
	b.WriteString(h.id)
	b.Write(cmap)
	b.Write(pixels)
	return b.Bytes()
}

// withFooter appends a TGA 2.0 extension area (495 bytes) with the given
// attribute type, and the footer pointing at it.
func withFooter(file []byte, attr byte) []byte {
	ext := len(file)
	area := make([]byte, 495)
	binary.LittleEndian.PutUint16(area, 495)
	area[494] = attr
	out := append(bytes.Clone(file), area...)
	out = binary.LittleEndian.AppendUint32(out, uint32(ext))
	out = binary.LittleEndian.AppendUint32(out, 0)
	return append(out, "TRUEVISION-XFILE.\x00"...)
}

func decodeOK(t *testing.T, file []byte) ([][]color.NRGBA, Info) {
	t.Helper()
	img, in, err := Decode(bytes.NewReader(file), Options{})
	if err != nil {
		t.Fatalf("Decode: %v", err)
	}
	var rows [][]color.NRGBA
	for y := range img.Rect.Dy() {
		var row []color.NRGBA
		for x := range img.Rect.Dx() {
			row = append(row, img.NRGBAAt(x, y))
		}
		rows = append(rows, row)
	}
	return rows, in
}

func checkRows(t *testing.T, got [][]color.NRGBA, want [][]color.NRGBA) {
	t.Helper()
	for y := range want {
		for x := range want[y] {
			if got[y][x] != want[y][x] {
				t.Errorf("(%d,%d) = %v, want %v", x, y, got[y][x], want[y][x])
			}
		}
	}
}

var (
	red   = color.NRGBA{255, 0, 0, 255}
	green = color.NRGBA{0, 255, 0, 255}
	blue  = color.NRGBA{0, 0, 255, 255}
	white = color.NRGBA{255, 255, 255, 255}
)

func TestTrueColour24BottomUp(t *testing.T) {
	// Stored B,G,R; the first stored row is the bottom one.
	px := []byte{0, 0, 255, 0, 255, 0 /* bottom: red green */, 255, 0, 0, 255, 255, 255 /* top: blue white */}
	got, in := decodeOK(t, build(tgaHead{imgType: 2, w: 2, h: 2, depth: 24, id: "hello"}, nil, px))
	if in.ID != "hello" || in.TopToBottom || in.HasAlpha {
		t.Errorf("info %+v", in)
	}
	checkRows(t, got, [][]color.NRGBA{{blue, white}, {red, green}})
}

func TestTrueColour32TopDownRightToLeft(t *testing.T) {
	px := []byte{0, 0, 255, 128, 0, 255, 0, 64}
	got, in := decodeOK(t, build(tgaHead{imgType: 2, w: 2, h: 1, depth: 32, desc: 0x20 | 0x10 | 8}, nil, px))
	if !in.HasAlpha || !in.RightToLeft || !in.TopToBottom {
		t.Errorf("info %+v", in)
	}
	checkRows(t, got, [][]color.NRGBA{{{0, 255, 0, 64}, {255, 0, 0, 128}}})
}

func TestUndeclaredAlpha(t *testing.T) {
	// 32-bit with no alpha bits: zero padding means opaque…
	got, in := decodeOK(t, build(tgaHead{imgType: 2, w: 1, h: 1, depth: 32, desc: 0x20}, nil, []byte{1, 2, 3, 0}))
	if in.HasAlpha || got[0][0] != (color.NRGBA{3, 2, 1, 255}) {
		t.Errorf("zero padding: %v %+v", got[0][0], in)
	}
	// …anything else is alpha the writer forgot to declare.
	got, _ = decodeOK(t, build(tgaHead{imgType: 2, w: 1, h: 1, depth: 32, desc: 0x20}, nil, []byte{1, 2, 3, 9}))
	if got[0][0] != (color.NRGBA{3, 2, 1, 9}) {
		t.Errorf("undeclared alpha: %v", got[0][0])
	}
	// TGA 2.0 attribute 0 overrides declared alpha bits; 4 is premultiplied.
	file := build(tgaHead{imgType: 2, w: 1, h: 1, depth: 32, desc: 0x28}, nil, []byte{1, 2, 3, 9})
	got, _ = decodeOK(t, withFooter(file, 0))
	if got[0][0] != (color.NRGBA{3, 2, 1, 255}) {
		t.Errorf("attribute 0: %v", got[0][0])
	}
	got, in = decodeOK(t, withFooter(file, 4))
	if got[0][0] != (color.NRGBA{3, 2, 1, 9}) || !in.Premultiplied {
		t.Errorf("attribute 4: %v %+v", got[0][0], in)
	}
}

func TestSixteenBit(t *testing.T) {
	// ARRRRRGG GGGBBBBB: 0x7C00 red, 0x03E0 green, 0x801F blue with the
	// alpha bit, 0x4210 = (16,16,16) → 255·16/31 = 131.6 → 132.
	px := []byte{0x00, 0x7C, 0xE0, 0x03, 0x1F, 0x80, 0x10, 0x42}
	got, _ := decodeOK(t, build(tgaHead{imgType: 2, w: 4, h: 1, depth: 16, desc: 0x21}, nil, px))
	checkRows(t, got, [][]color.NRGBA{{{255, 0, 0, 0}, {0, 255, 0, 0}, blue, {132, 132, 132, 0}}})
	// Without alpha bits (and at 15 bits) the top bit is ignored.
	for _, d := range []byte{15, 16} {
		got, _ = decodeOK(t, build(tgaHead{imgType: 2, w: 4, h: 1, depth: d, desc: 0x20}, nil, px))
		checkRows(t, got, [][]color.NRGBA{{red, green, blue, {132, 132, 132, 255}}})
	}
}

func TestColourMapped(t *testing.T) {
	// Map entries 10…12 (24-bit B,G,R); 8-bit indices.
	cmap := []byte{0, 0, 255, 0, 255, 0, 255, 0, 0}
	head := tgaHead{cmType: 1, imgType: 1, cmFirst: 10, cmLen: 3, cmBits: 24, w: 3, h: 1, depth: 8, desc: 0x20}
	got, in := decodeOK(t, build(head, cmap, []byte{12, 10, 11}))
	if !in.ColorMapped {
		t.Errorf("info %+v", in)
	}
	checkRows(t, got, [][]color.NRGBA{{blue, red, green}})

	_, _, err := Decode(bytes.NewReader(build(head, cmap, []byte{12, 9, 11})), Options{})
	var e *Error
	if !errors.As(err, &e) || e.Offset != 18+9+1 || !strings.Contains(e.Msg, "colour index 9") {
		t.Errorf("index outside the map: %v", err)
	}

	// 16-bit indices into a 32-bit map with alpha.
	cmap = []byte{1, 2, 3, 4, 5, 6, 7, 8}
	head = tgaHead{cmType: 1, imgType: 1, cmLen: 2, cmBits: 32, w: 2, h: 1, depth: 16, desc: 0x28}
	got, _ = decodeOK(t, build(head, cmap, []byte{1, 0, 0, 0}))
	checkRows(t, got, [][]color.NRGBA{{{7, 6, 5, 8}, {3, 2, 1, 4}}})
}

func TestGreyscale(t *testing.T) {
	got, _ := decodeOK(t, build(tgaHead{imgType: 3, w: 2, h: 1, depth: 8, desc: 0x20}, nil, []byte{0, 200}))
	checkRows(t, got, [][]color.NRGBA{{{0, 0, 0, 255}, {200, 200, 200, 255}}})
	got, _ = decodeOK(t, build(tgaHead{imgType: 3, w: 1, h: 1, depth: 16, desc: 0x28}, nil, []byte{50, 60}))
	checkRows(t, got, [][]color.NRGBA{{{50, 50, 50, 60}}})
}

func TestRLE(t *testing.T) {
	// 3×2 true-colour: a run of 4 red crossing the row end, then a raw
	// packet of green, blue. Bottom-up: first three pixels are the bottom row.
	px := []byte{0x83, 0, 0, 255, 0x01, 0, 255, 0, 255, 0, 0}
	got, in := decodeOK(t, build(tgaHead{imgType: 10, w: 3, h: 2, depth: 24}, nil, px))
	if !in.RLE {
		t.Errorf("info %+v", in)
	}
	checkRows(t, got, [][]color.NRGBA{{red, green, blue}, {red, red, red}})

	// RLE colour-mapped (9) and greyscale (11).
	cmap := []byte{0, 0, 255, 255, 255, 255}
	got, _ = decodeOK(t, build(tgaHead{cmType: 1, imgType: 9, cmLen: 2, cmBits: 24, w: 3, h: 1, depth: 8, desc: 0x20}, cmap, []byte{0x81, 1, 0x00, 0}))
	checkRows(t, got, [][]color.NRGBA{{white, white, red}})
	got, _ = decodeOK(t, build(tgaHead{imgType: 11, w: 3, h: 1, depth: 8, desc: 0x20}, nil, []byte{0x82, 7}))
	checkRows(t, got, [][]color.NRGBA{{{7, 7, 7, 255}, {7, 7, 7, 255}, {7, 7, 7, 255}}})
}

func TestBadInput(t *testing.T) {
	ok := build(tgaHead{imgType: 2, w: 2, h: 2, depth: 24}, nil, make([]byte, 12))
	cases := []struct {
		name   string
		file   []byte
		kind   error
		offset int64
		msg    string
	}{
		{"empty", nil, ErrTruncated, 0, "header"},
		{"no image", build(tgaHead{imgType: 0, w: 1, h: 1, depth: 24}, nil, nil), ErrUnsupported, 2, "no image"},
		{"type 32", build(tgaHead{imgType: 32, w: 1, h: 1, depth: 24}, nil, nil), ErrUnsupported, 2, "image type 32"},
		{"depth", build(tgaHead{imgType: 2, w: 1, h: 1, depth: 12}, nil, nil), ErrUnsupported, 16, "12 bits"},
		{"no map", build(tgaHead{imgType: 1, w: 1, h: 1, depth: 8}, nil, nil), nil, 1, "without a colour map"},
		{"zero size", build(tgaHead{imgType: 2, w: 0, h: 1, depth: 24}, nil, nil), nil, 12, "0×1"},
		{"short pixels", ok[:25], ErrTruncated, 25, "pixel data is 7 bytes, the header claims 12"},
		{"short map", build(tgaHead{cmType: 1, imgType: 1, cmLen: 4, cmBits: 24, w: 1, h: 1, depth: 8}, []byte{1, 2}, nil), ErrTruncated, 20, "colour map"},
		{"short RLE", build(tgaHead{imgType: 10, w: 3, h: 3, depth: 24}, nil, []byte{0x81, 0, 0, 255}), ErrTruncated, 22, "after 2 of 9"},
		{"short RLE raw", build(tgaHead{imgType: 10, w: 3, h: 3, depth: 24}, nil, []byte{0x05, 0, 0}), ErrTruncated, 19, "raw packet"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := Decode(bytes.NewReader(c.file), Options{})
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("err = %v", err)
			}
			if c.kind != nil && !errors.Is(err, c.kind) {
				t.Errorf("err = %v, want kind %v", err, c.kind)
			}
			if e.Offset != c.offset || !strings.Contains(e.Msg, c.msg) {
				t.Errorf("err = %v, want offset %d and %q", err, c.offset, c.msg)
			}
		})
	}
	_, _, err := Decode(bytes.NewReader(ok), Options{MaxPixels: 3})
	if !errors.Is(err, ErrTooLarge) {
		t.Errorf("MaxPixels: %v", err)
	}
}

func TestDecodeInfo(t *testing.T) {
	in, err := DecodeInfo(bytes.NewReader(build(tgaHead{imgType: 10, w: 640, h: 480, depth: 32, desc: 0x28, id: "x\x00"}, nil, nil)))
	if err != nil || in.Width != 640 || in.Height != 480 || !in.RLE || in.AlphaBits != 8 || in.ID != "x" {
		t.Errorf("%+v, %v", in, err)
	}
}
