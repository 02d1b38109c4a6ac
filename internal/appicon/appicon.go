// Package appicon draws Packsmith's application icon: a crate (the archive)
// under a smith's hammer on a dark rounded square. It is drawn from code so
// that build/appicon.png and build/windows/icon.ico can be regenerated and
// checked (go run ./internal/appicon/cmd -out build).
//
// DrawFile is the icon of the archives Packsmith opens (the installer's
// file associations): build/fileicon.png and build/windows/fileicon.ico.
//
// The icon file layout written by ICO (all little-endian):
//
//	0  u16 reserved (0)   2  u16 type (1 = icon)   4  u16 image count N
//	6  N × 16-byte entries: u8 width (0 = 256), u8 height, u8 colours (0),
//	   u8 reserved, u16 planes (1), u16 bits per pixel (32), u32 data size,
//	   u32 data offset
//	then each image's data: a complete PNG file (Windows Vista and later).
package appicon

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
)

// Sizes are the images held in icon.ico (Explorer's list, details, tiles
// and the taskbar at 100–200 % scale).
// AppIconSize is build/appicon.png's width and height.
const AppIconSize = 512

// FileIconSize is build/fileicon.png's width and height.
const FileIconSize = 256

var Sizes = []int{16, 20, 24, 32, 40, 48, 64, 128, 256}

type pt struct{ x, y float64 }

type shape struct {
	poly []pt // in the unit square, y down
	col  func(p pt) color.NRGBA
}

func solid(c color.NRGBA) func(pt) color.NRGBA { return func(pt) color.NRGBA { return c } }

func rgb(r, g, b uint8) color.NRGBA { return color.NRGBA{r, g, b, 255} }

// bar is a rectangle of the given length and width centred on c, its long
// side at angle a (radians).
func bar(c pt, length, width, a float64) []pt {
	ux, uy := math.Cos(a), math.Sin(a)
	vx, vy := -uy, ux
	l, w := length/2, width/2
	return []pt{
		{c.x - ux*l - vx*w, c.y - uy*l - vy*w},
		{c.x + ux*l - vx*w, c.y + uy*l - vy*w},
		{c.x + ux*l + vx*w, c.y + uy*l + vy*w},
		{c.x - ux*l + vx*w, c.y - uy*l + vy*w},
	}
}

// roundRect approximates a rounded rectangle with a polygon.
func roundRect(x0, y0, x1, y1, r float64) []pt {
	var out []pt
	corner := func(cx, cy, a0 float64) {
		for i := 0; i <= 12; i++ {
			a := a0 + float64(i)/12*math.Pi/2
			out = append(out, pt{cx + r*math.Cos(a), cy + r*math.Sin(a)})
		}
	}
	corner(x1-r, y0+r, -math.Pi/2)
	corner(x1-r, y1-r, 0)
	corner(x0+r, y1-r, math.Pi/2)
	corner(x0+r, y0+r, math.Pi)
	return out
}

func shapes() []shape {
	bgTop, bgBottom := rgb(0x34, 0x3d, 0x4b), rgb(0x17, 0x1b, 0x22)
	bg := shape{roundRect(0.04, 0.04, 0.96, 0.96, 0.2), func(p pt) color.NRGBA {
		t := (p.y - 0.04) / 0.92
		return lerp(bgTop, bgBottom, t)
	}}
	crate := crateShapes(func(p pt) pt { return p })
	// The hammer, resting with its head above the lid.
	a := -math.Pi / 4 // the handle points up and to the right
	ux, uy := math.Cos(a), math.Sin(a)
	headC := pt{0.70, 0.26}
	headL, headW := 0.30, 0.13
	handle := shape{bar(pt{headC.x - ux*0.22, headC.y - uy*0.22}, 0.44, 0.065, a), solid(rgb(0x8a, 0x55, 0x2a))}
	head := shape{bar(headC, headL, headW, a+math.Pi/2), func(p pt) color.NRGBA {
		// lit from the top left
		t := ((p.x - headC.x) + (p.y - headC.y) + 0.2) / 0.4
		return lerp(rgb(0xe6, 0xeb, 0xf0), rgb(0x8e, 0x99, 0xa6), t)
	}}
	// the striking face, at the head's lower right end
	vx, vy := -uy, ux
	f := headL/2 + 0.012
	face := shape{bar(pt{headC.x + vx*f, headC.y + vy*f}, headW+0.03, 0.035, a), solid(rgb(0x6b, 0x75, 0x80))}
	return append(append([]shape{bg}, crate...), handle, head, face)
}

// crateShapes is the crate, each point passed through tx (placement).
func crateShapes(tx func(pt) pt) []shape {
	// seen from above at the usual isometric angle
	top, left, right, bottom := pt{0.44, 0.40}, pt{0.16, 0.54}, pt{0.72, 0.54}, pt{0.44, 0.68}
	h := 0.24
	down := func(p pt) pt { return pt{p.x, p.y + h} }
	lid := shape{[]pt{top, right, bottom, left}, solid(rgb(0xf4, 0xbe, 0x52))}
	lface := shape{[]pt{left, bottom, down(bottom), down(left)}, solid(rgb(0xd8, 0x8a, 0x2c))}
	rface := shape{[]pt{bottom, right, down(right), down(bottom)}, solid(rgb(0xb0, 0x64, 0x1c))}
	// Packing tape across the lid and down the front faces.
	mid := func(a, b pt, t float64) pt { return pt{a.x + (b.x-a.x)*t, a.y + (b.y-a.y)*t} }
	tw := 0.09
	tapeLid := shape{[]pt{mid(top, right, 0.5-tw), mid(top, right, 0.5+tw), mid(left, bottom, 0.5+tw), mid(left, bottom, 0.5-tw)}, solid(rgb(0xfb, 0xe3, 0xa6))}
	tapeL := shape{[]pt{mid(left, bottom, 0.5-tw), mid(left, bottom, 0.5+tw), down(mid(left, bottom, 0.5+tw)), down(mid(left, bottom, 0.5-tw))}, solid(rgb(0xe9, 0xb8, 0x6c))}
	out := []shape{lface, rface, lid, tapeLid, tapeL}
	for i := range out {
		for j := range out[i].poly {
			out[i].poly[j] = tx(out[i].poly[j])
		}
	}
	return out
}

// fileShapes is the document icon for archives Packsmith opens: a page
// with a folded corner and the crate on it.
func fileShapes() []shape {
	page := shape{[]pt{{0.16, 0.03}, {0.64, 0.03}, {0.84, 0.23}, {0.84, 0.97}, {0.16, 0.97}}, func(p pt) color.NRGBA {
		return lerp(rgb(0xf5, 0xf6, 0xf8), rgb(0xd5, 0xda, 0xe1), p.y)
	}}
	edge := shape{[]pt{{0.13, 0.0}, {0.655, 0.0}, {0.87, 0.215}, {0.87, 1}, {0.13, 1}}, solid(rgb(0x5a, 0x64, 0x72))}
	fold := shape{[]pt{{0.64, 0.03}, {0.84, 0.23}, {0.64, 0.23}}, solid(rgb(0xa9, 0xb2, 0xbe))}
	crate := crateShapes(func(p pt) pt { return pt{0.5 + (p.x-0.44)*1.05, 0.62 + (p.y-0.63)*1.05} })
	return append([]shape{edge, page, fold}, crate...)
}

func lerp(a, b color.NRGBA, t float64) color.NRGBA {
	t = math.Max(0, math.Min(1, t))
	m := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + (float64(y)-float64(x))*t)) }
	return color.NRGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), 255}
}

func inside(poly []pt, p pt) bool {
	in := false
	for i, j := 0, len(poly)-1; i < len(poly); j, i = i, i+1 {
		a, b := poly[i], poly[j]
		if (a.y > p.y) != (b.y > p.y) && p.x < (b.x-a.x)*(p.y-a.y)/(b.y-a.y)+a.x {
			in = !in
		}
	}
	return in
}

// Draw renders the icon at size×size pixels, antialiased with 4×4 samples
// per pixel. The result depends only on size.
func Draw(size int) *image.NRGBA { return render(shapes(), size) }

// DrawFile renders the document icon (see fileShapes).
func DrawFile(size int) *image.NRGBA { return render(fileShapes(), size) }

func render(sh []shape, size int) *image.NRGBA {
	const ss = 4
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			var r, g, b, a float64
			for sy := 0; sy < ss; sy++ {
				for sx := 0; sx < ss; sx++ {
					p := pt{(float64(x) + (float64(sx)+0.5)/ss) / float64(size), (float64(y) + (float64(sy)+0.5)/ss) / float64(size)}
					// painter's order: the last shape containing p wins
					for i := len(sh) - 1; i >= 0; i-- {
						if inside(sh[i].poly, p) {
							c := sh[i].col(p)
							r += float64(c.R)
							g += float64(c.G)
							b += float64(c.B)
							a++
							break
						}
					}
				}
			}
			if a == 0 {
				continue
			}
			// un-premultiplied average over the covered samples
			img.SetNRGBA(x, y, color.NRGBA{
				uint8(math.Round(r / a)), uint8(math.Round(g / a)), uint8(math.Round(b / a)),
				uint8(math.Round(a * 255 / (ss * ss))),
			})
		}
	}
	return img
}

// PNG encodes an icon (Draw or DrawFile) at one size.
func PNG(draw func(int) *image.NRGBA, size int) ([]byte, error) {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, draw(size)); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// ICO builds a Windows icon holding one PNG image of draw per size (each
// 1..256).
func ICO(draw func(int) *image.NRGBA, sizes []int) ([]byte, error) {
	var imgs [][]byte
	for _, s := range sizes {
		if s < 1 || s > 256 {
			return nil, fmt.Errorf("appicon: icon size %d outside 1..256", s)
		}
		b, err := PNG(draw, s)
		if err != nil {
			return nil, err
		}
		imgs = append(imgs, b)
	}
	var buf bytes.Buffer
	le := binary.LittleEndian
	buf.Write(le.AppendUint16(nil, 0))
	buf.Write(le.AppendUint16(nil, 1))
	buf.Write(le.AppendUint16(nil, uint16(len(sizes))))
	off := 6 + 16*len(sizes)
	for i, s := range sizes {
		d := uint8(s) // 256 is stored as 0
		buf.Write([]byte{d, d, 0, 0})
		buf.Write(le.AppendUint16(nil, 1))
		buf.Write(le.AppendUint16(nil, 32))
		buf.Write(le.AppendUint32(nil, uint32(len(imgs[i]))))
		buf.Write(le.AppendUint32(nil, uint32(off)))
		off += len(imgs[i])
	}
	for _, b := range imgs {
		buf.Write(b)
	}
	return buf.Bytes(), nil
}

// ICOEntry is one image listed in an icon file.
type ICOEntry struct {
	Size   int // pixels (width = height)
	Bits   int
	Offset int
	Data   []byte
}

// ParseICO reads an icon file's directory (for tests and checks).
func ParseICO(b []byte) ([]ICOEntry, error) {
	le := binary.LittleEndian
	if len(b) < 6 || le.Uint16(b[0:]) != 0 || le.Uint16(b[2:]) != 1 {
		return nil, fmt.Errorf("ico: not an icon file (header % x)", b[:min(len(b), 6)])
	}
	n := int(le.Uint16(b[4:]))
	if 6+16*n > len(b) {
		return nil, fmt.Errorf("ico: %d entries need %d bytes, file has %d", n, 6+16*n, len(b))
	}
	var out []ICOEntry
	for i := 0; i < n; i++ {
		e := b[6+16*i:]
		size := int(e[0])
		if size == 0 {
			size = 256
		}
		ln, off := int(le.Uint32(e[8:])), int(le.Uint32(e[12:]))
		if off < 6+16*n || ln < 0 || off > len(b) || ln > len(b)-off {
			return nil, fmt.Errorf("ico: entry %d at offset %d: data [%d, +%d) outside the %d-byte file", i, 6+16*i, off, ln, len(b))
		}
		out = append(out, ICOEntry{Size: size, Bits: int(le.Uint16(e[6:])), Offset: off, Data: b[off : off+ln]})
	}
	return out, nil
}
