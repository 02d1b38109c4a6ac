package main

// Small encoders for the preview demo (textures.zip): DDS with BC1 and BC3
// blocks, an uncompressed TGA, and walk grids. They write the file layouts
// directly so the decoders are checked against bytes they did not make.

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
)

// demoImage is a w×h test card: colour ramps, a ring and, with alpha, a
// radial fade, so every mip and channel shows something.
func demoImage(w, h int, alpha bool) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			fx, fy := float64(x)/float64(w-1), float64(y)/float64(h-1)
			d := math.Hypot(fx-0.5, fy-0.5)
			c := color.NRGBA{uint8(255 * fx), uint8(255 * fy), uint8(255 * (1 - fx)), 255}
			if d > 0.28 && d < 0.36 {
				c = color.NRGBA{255, 255, 255, 255}
			}
			if alpha {
				c.A = uint8(255 * math.Max(0, 1-d*2))
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

// halve is a 2×2 box filter: the next mip level.
func halve(src *image.NRGBA) *image.NRGBA {
	b := src.Bounds()
	w, h := max(1, b.Dx()/2), max(1, b.Dy()/2)
	dst := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var s [4]int
			for _, p := range [][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
				c := src.NRGBAAt(min(2*x+p[0], b.Dx()-1), min(2*y+p[1], b.Dy()-1))
				s[0], s[1], s[2], s[3] = s[0]+int(c.R), s[1]+int(c.G), s[2]+int(c.B), s[3]+int(c.A)
			}
			dst.SetNRGBA(x, y, color.NRGBA{uint8((s[0] + 2) / 4), uint8((s[1] + 2) / 4), uint8((s[2] + 2) / 4), uint8((s[3] + 2) / 4)})
		}
	}
	return dst
}

func to565(c color.NRGBA) uint16 {
	return uint16(c.R>>3)<<11 | uint16(c.G>>2)<<5 | uint16(c.B>>3)
}

func from565(v uint16) [3]int {
	r, g, b := int(v>>11), int(v>>5&63), int(v&31)
	return [3]int{(r*255 + 15) / 31, (g*255 + 31) / 63, (b*255 + 15) / 31}
}

// block returns the 16 texels of the 4×4 block at (bx, by), edges clamped.
func block(img *image.NRGBA, bx, by int) [16]color.NRGBA {
	var t [16]color.NRGBA
	b := img.Bounds()
	for i := range t {
		t[i] = img.NRGBAAt(min(bx*4+i%4, b.Dx()-1), min(by*4+i/4, b.Dy()-1))
	}
	return t
}

// bc1Block encodes colour with the four-colour palette: the endpoints are
// the two texels farthest apart, each texel takes the nearest palette entry.
func bc1Block(t [16]color.NRGBA) []byte {
	dist := func(a, b color.NRGBA) int {
		dr, dg, db := int(a.R)-int(b.R), int(a.G)-int(b.G), int(a.B)-int(b.B)
		return dr*dr + dg*dg + db*db
	}
	hi, lo, far := t[0], t[0], -1
	for i := range t {
		for j := i + 1; j < len(t); j++ {
			if d := dist(t[i], t[j]); d > far {
				hi, lo, far = t[i], t[j], d
			}
		}
	}
	c0, c1 := to565(hi), to565(lo)
	if c0 < c1 {
		c0, c1 = c1, c0
	}
	out := make([]byte, 8)
	binary.LittleEndian.PutUint16(out, c0)
	binary.LittleEndian.PutUint16(out[2:], c1)
	if c0 == c1 {
		return out // one colour: every index 0
	}
	e0, e1 := from565(c0), from565(c1)
	var pal [4][3]int
	for k := 0; k < 3; k++ {
		pal[0][k], pal[1][k] = e0[k], e1[k]
		pal[2][k], pal[3][k] = (2*e0[k]+e1[k]+1)/3, (e0[k]+2*e1[k]+1)/3
	}
	var bits uint32
	for i, c := range t {
		best, bd := 0, math.MaxInt
		for j, p := range pal {
			dr, dg, db := int(c.R)-p[0], int(c.G)-p[1], int(c.B)-p[2]
			if d := dr*dr + dg*dg + db*db; d < bd {
				best, bd = j, d
			}
		}
		bits |= uint32(best) << (2 * i)
	}
	binary.LittleEndian.PutUint32(out[4:], bits)
	return out
}

// bc3Alpha encodes alpha with the eight-value palette (a0 > a1).
func bc3Alpha(t [16]color.NRGBA) []byte {
	a0, a1 := t[0].A, t[0].A
	for _, c := range t {
		a0, a1 = max(a0, c.A), min(a1, c.A)
	}
	out := make([]byte, 8)
	out[0], out[1] = a0, a1
	if a0 == a1 {
		return out
	}
	var pal [8]int
	pal[0], pal[1] = int(a0), int(a1)
	for k := 1; k <= 6; k++ { // entries 2..7: (k·a0 + (7−k)·a1)/7 for k = 6…1
		pal[8-k] = (k*int(a0) + (7-k)*int(a1) + 3) / 7
	}
	var bits uint64
	for i, c := range t {
		best, bd := 0, math.MaxInt
		for j, p := range pal {
			if d := (int(c.A) - p) * (int(c.A) - p); d < bd {
				best, bd = j, d
			}
		}
		bits |= uint64(best) << (3 * i)
	}
	for i := 0; i < 6; i++ {
		out[2+i] = byte(bits >> (8 * i))
	}
	return out
}

// encodeBC encodes one surface as BC1 or, with alpha, BC3.
func encodeBC(img *image.NRGBA, bc3 bool) []byte {
	b := img.Bounds()
	var out []byte
	for by := 0; by < (b.Dy()+3)/4; by++ {
		for bx := 0; bx < (b.Dx()+3)/4; bx++ {
			t := block(img, bx, by)
			if bc3 {
				out = append(out, bc3Alpha(t)...)
			}
			out = append(out, bc1Block(t)...)
		}
	}
	return out
}

// ddsHeader is the 128-byte legacy header for a FourCC format.
func ddsHeader(w, h, mips int, fourCC string, cube bool, topSize int) []byte {
	b := make([]byte, 128)
	le := binary.LittleEndian
	copy(b, "DDS ")
	le.PutUint32(b[4:], 124)
	flags := uint32(0x1 | 0x2 | 0x4 | 0x1000 | 0x80000) // CAPS HEIGHT WIDTH PIXELFORMAT LINEARSIZE
	caps := uint32(0x1000)                              // TEXTURE
	if mips > 1 {
		flags |= 0x20000 // MIPMAPCOUNT
		caps |= 0x8 | 0x400000
	}
	if cube {
		caps |= 0x8
		le.PutUint32(b[112:], 0x200|0xFC00) // CUBEMAP, all six faces
	}
	le.PutUint32(b[8:], flags)
	le.PutUint32(b[12:], uint32(h))
	le.PutUint32(b[16:], uint32(w))
	le.PutUint32(b[20:], uint32(topSize))
	le.PutUint32(b[28:], uint32(mips))
	le.PutUint32(b[76:], 32)
	le.PutUint32(b[80:], 0x4) // FOURCC
	copy(b[84:], fourCC)
	le.PutUint32(b[108:], caps)
	return b
}

// ddsWithMips encodes img and its full mip chain.
func ddsWithMips(img *image.NRGBA, bc3 bool) []byte {
	b := img.Bounds()
	mips := 1
	for s := max(b.Dx(), b.Dy()); s > 1; s /= 2 {
		mips++
	}
	var data []byte
	top := 0
	for m, cur := 0, img; m < mips; m, cur = m+1, halve(cur) {
		s := encodeBC(cur, bc3)
		if m == 0 {
			top = len(s)
		}
		data = append(data, s...)
	}
	fourCC := "DXT1"
	if bc3 {
		fourCC = "DXT5"
	}
	return append(ddsHeader(b.Dx(), b.Dy(), mips, fourCC, false, top), data...)
}

// cubeDDS is a 16×16 BC1 cube map, each face a solid colour with a white
// cross so the face picker shows which face is which.
func cubeDDS() []byte {
	faces := []color.NRGBA{{220, 40, 40, 255}, {40, 160, 40, 255}, {40, 80, 220, 255}, {220, 200, 40, 255}, {200, 40, 200, 255}, {40, 200, 200, 255}}
	var data []byte
	for _, c := range faces {
		img := image.NewNRGBA(image.Rect(0, 0, 16, 16))
		for y := 0; y < 16; y++ {
			for x := 0; x < 16; x++ {
				v := c
				if x == 7 || x == 8 || y == 7 || y == 8 {
					v = color.NRGBA{255, 255, 255, 255}
				}
				img.SetNRGBA(x, y, v)
			}
		}
		data = append(data, encodeBC(img, false)...)
	}
	return append(ddsHeader(16, 16, 1, "DXT1", true, 16*8), data...)
}

// demoTGA is an uncompressed 32-bit TGA, top-left origin (BGRA order).
func demoTGA(img *image.NRGBA) []byte {
	b := img.Bounds()
	h := make([]byte, 18)
	h[2] = 2 // uncompressed true-colour
	binary.LittleEndian.PutUint16(h[12:], uint16(b.Dx()))
	binary.LittleEndian.PutUint16(h[14:], uint16(b.Dy()))
	h[16] = 32
	h[17] = 0x20 | 8 // top-left origin, 8 alpha bits
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			c := img.NRGBAAt(x, y)
			h = append(h, c.B, c.G, c.R, c.A)
		}
	}
	return h
}

// Walk grid cells: walkable, wall, void (formats/tl2/mpp documents the file).
const (
	cellWalk = 0x00
	cellWall = 0x01
	cellVoid = 0xFF
)

// mppFile writes the 24-byte header (W, H, origin and extent floats) and
// one byte per cell.
func mppFile(w, h int, cells []byte, ox, oz, ex, ez float32) []byte {
	b := make([]byte, 24, 24+len(cells))
	le := binary.LittleEndian
	le.PutUint32(b, uint32(w))
	le.PutUint32(b[4:], uint32(h))
	le.PutUint32(b[8:], math.Float32bits(ox))
	le.PutUint32(b[12:], math.Float32bits(oz))
	le.PutUint32(b[16:], math.Float32bits(ex))
	le.PutUint32(b[20:], math.Float32bits(ez))
	return append(b, cells...)
}

// demoGrid is 48×32: two walled rooms joined by a corridor, in void, and a
// 6×4 pocket in room B's corner behind a one-cell wall, where players who
// land there are stuck.
func demoGrid() []byte {
	const w, h = 48, 32
	cells := bytes.Repeat([]byte{cellVoid}, w*h)
	set := func(x0, y0, x1, y1 int, c byte) {
		for y := y0; y <= y1; y++ {
			for x := x0; x <= x1; x++ {
				cells[y*w+x] = c
			}
		}
	}
	set(2, 2, 20, 20, cellWall) // room A
	set(3, 3, 19, 19, cellWalk)
	set(26, 8, 45, 29, cellWall) // room B
	set(27, 9, 44, 28, cellWalk)
	set(20, 12, 26, 14, cellWall) // corridor
	set(20, 13, 26, 13, cellWalk)
	set(38, 9, 38, 13, cellWall) // the pocket's wall, one cell thick
	set(38, 13, 44, 13, cellWall)
	return mppFile(w, h, cells, 0, 0, w*0.4, h*0.4)
}

// editedGrid is demoGrid after an edit, for comparing the two: the
// pocket's wall opened at (38, 11) and (38, 12) (2 cells became walkable,
// the pocket joins room B) and a 2×2 pillar put in room A at (10, 10) (4
// cells no longer walkable).
func editedGrid() []byte {
	b := demoGrid()
	const w = 48
	cells := b[24:]
	cells[11*w+38], cells[12*w+38] = cellWalk, cellWalk
	for _, p := range [][2]int{{10, 10}, {11, 10}, {10, 11}, {11, 11}} {
		cells[p[1]*w+p[0]] = cellWall
	}
	return b
}

// btxFile writes a Reborn btx texture (formats/reborn/btx/doc.go): the
// 0x34-byte header, the name, then the data at a 16-byte boundary.
func btxFile(format byte, w, h, stride int, name string, data []byte) []byte {
	b := make([]byte, 0x34)
	le := binary.LittleEndian
	copy(b, "btx\x00")
	le.PutUint32(b[4:], 0x0103)
	le.PutUint16(b[8:], uint16(w))
	le.PutUint16(b[0xA:], uint16(h))
	le.PutUint32(b[0xC:], uint32(stride))
	b[0x10] = format
	b[0x13], b[0x14], b[0x15] = 1, 1, 5
	le.PutUint16(b[0x1C:], 255)
	le.PutUint32(b[0x24:], 0x34)
	le.PutUint16(b[0x28:], 1)
	b = append(append(b, name...), 0)
	for len(b)%16 != 0 {
		b = append(b, 0)
	}
	le.PutUint32(b[0x18:], uint32(len(b)))
	return append(b, data...)
}

// stubGrid is what GUTS writes when a level fails to load: 50×50, all void.
func stubGrid() []byte {
	return mppFile(50, 50, bytes.Repeat([]byte{cellVoid}, 2500), 10, 10, 20, 20)
}

func textureFiles() []struct {
	name string
	data []byte
} {
	return []struct {
		name string
		data []byte
	}{
		{"MEDIA/LAYOUTS/DEMO/ROOM.MPP", demoGrid()},
		{"MEDIA/LAYOUTS/DEMO/ROOM_EDIT.MPP", editedGrid()},
		{"MEDIA/LAYOUTS/DEMO/STUB.MPP", stubGrid()},
		// A Reborn texture: BC1, 32×32 (stride: 8 blocks of 8 bytes).
		{"textures/reborn_icon.btx", btxFile(7, 32, 32, 64, "ui/reborn_icon", encodeBC(demoImage(32, 32, false), false))},
		{"textures/bc1_mips.dds", ddsWithMips(demoImage(64, 64, false), false)},
		{"textures/bc3_alpha_mips.dds", ddsWithMips(demoImage(64, 64, true), true)},
		{"textures/cube_bc1.dds", cubeDDS()},
		{"textures/icon.tga", demoTGA(demoImage(32, 32, true))},
		// Cut short on purpose: the window must say why it cannot show it.
		{"textures/truncated.dds", ddsWithMips(demoImage(64, 64, false), false)[:1000]},
	}
}

func writeTextures(dir string) error {
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, f := range textureFiles() {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: f.name, Method: zip.Deflate, Modified: stamp})
		if err != nil {
			return err
		}
		w.Write(f.data)
	}
	zw.SetComment("Packsmith preview demo: textures and walk grids")
	if err := zw.Close(); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "textures.zip"), b.Bytes(), 0o644)
}
