package crafted

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/klauspost/compress/flate"
	"github.com/klauspost/compress/zlib"

	"packsmith/formats/ogre/mesh"
	"packsmith/formats/reborn/onezip"
	"packsmith/formats/reborn/pakd"
	"packsmith/formats/reborn/rotxor"
)

// The inputs of issue 22's hostile-input campaign: each is small on disk
// and claims (or, decoded, really is) far more than the memory budget, or
// makes a path run for minutes. Tests and the hostile benchmark
// (app/cli, BenchmarkHostile) build them at run time.

func pngChunk(b *bytes.Buffer, typ string, data []byte) {
	binary.Write(b, binary.BigEndian, uint32(len(data)))
	c := crc32.NewIEEE()
	c.Write([]byte(typ))
	c.Write(data)
	b.WriteString(typ)
	b.Write(data)
	binary.Write(b, binary.BigEndian, c.Sum32())
}

// HugePNG is a 69-byte PNG whose header claims w×h 8-bit RGBA pixels; its
// one IDAT holds an empty zlib stream.
func HugePNG(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr, w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 6 // 8 bits, RGBA
	pngChunk(&b, "IHDR", ihdr)
	pngChunk(&b, "IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01})
	pngChunk(&b, "IEND", nil)
	return b.Bytes()
}

// GreyPNG is a real w×h 8-bit grey PNG, every pixel 0: its zlib stream
// compresses about 1000:1, so 1 GB of pixels takes about 1 MB.
func GreyPNG(w, h int) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr, uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 0
	pngChunk(&b, "IHDR", ihdr)
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestSpeed)
	row := make([]byte, w+1) // filter byte 0, then the pixels
	for range h {
		zw.Write(row)
	}
	zw.Close()
	pngChunk(&b, "IDAT", z.Bytes())
	pngChunk(&b, "IEND", nil)
	return b.Bytes()
}

// ZipOf writes a zip of deflated entries, name then data, in order.
func ZipOf(path string, entries ...any) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	zw := zip.NewWriter(f)
	zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) { return flate.NewWriter(w, flate.BestSpeed) })
	for i := 0; i+1 < len(entries); i += 2 {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: entries[i].(string), Method: zip.Deflate, Modified: time.Unix(1e9, 0)})
		if err != nil {
			return err
		}
		switch d := entries[i+1].(type) {
		case []byte:
			_, err = w.Write(d)
		case io.Reader:
			_, err = io.Copy(w, d)
		}
		if err != nil {
			return err
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return f.Close()
}

// Zeros streams n zero bytes.
func Zeros(n int64) io.Reader { return io.LimitReader(zeros{}, n) }

// LZ4Zeros is a raw LZ4 block that decodes to n (≥ 24) zero bytes: one
// literal, one long match at offset 1, five closing literals. It takes
// about n/255 bytes.
func LZ4Zeros(n int) []byte {
	m := n - 6 // match length
	b := []byte{0x1F, 0}
	b = append(b, 1, 0) // offset 1
	rest := m - 4 - 15
	for ; rest >= 255; rest -= 255 {
		b = append(b, 255)
	}
	b = append(b, byte(rest))
	return append(b, 0x50, 0, 0, 0, 0, 0)
}

// MLZ0Dat is a Reborn .dat (RotXor over a one-member ZIP) whose member is
// an MLZ0 layer decoding to n zero bytes: a few KB on disk for n = 1 GB.
func MLZ0Dat(n int) []byte {
	m := append([]byte("MLZ0\x00\x00\x00\x00"), LZ4Zeros(n)...)
	binary.LittleEndian.PutUint32(m[4:], uint32(n))
	z, err := onezip.Write("payload.bin", m)
	if err != nil {
		panic(err)
	}
	rotxor.Encrypt(z)
	return z
}

// EmptyPakd is a bare pakd of n empty entries (4 bytes each in its header).
func EmptyPakd(n int) []byte {
	items := make([]pakd.Item, n)
	return pakd.Build(items)
}

// BTXHeader is the 0x34-byte header of a w×h R8G8B8A8 btx whose level 0
// follows it.
func BTXHeader(w, h int) []byte {
	b := make([]byte, 0x34)
	le := binary.LittleEndian
	copy(b, "btx\x00")
	le.PutUint32(b[4:], 0x0103)
	le.PutUint16(b[8:], uint16(w))
	le.PutUint16(b[10:], uint16(h))
	le.PutUint32(b[12:], uint32(4*w))
	le.PutUint32(b[0x18:], 0x34)
	le.PutUint16(b[0x28:], 1)
	return b
}

// BTX streams a whole w×h R8G8B8A8 btx of zero pixels.
func BTX(w, h int) io.Reader {
	return io.MultiReader(bytes.NewReader(BTXHeader(w, h)), Zeros(int64(4*w*h)))
}

// MeshOf encodes collision triangles (x, y, z per vertex, three vertices a
// triangle) as an Ogre mesh with its bounds.
func MeshOf(pos []float32) []byte {
	idx := make([]uint32, len(pos)/3)
	for i := range idx {
		idx[i] = uint32(i)
	}
	lo := [3]float32{pos[0], pos[1], pos[2]}
	hi := lo
	for i := 0; i+2 < len(pos); i += 3 {
		for k := range 3 {
			lo[k], hi[k] = min(lo[k], pos[i+k]), max(hi[k], pos[i+k])
		}
	}
	b, err := mesh.Encode(&mesh.Mesh{
		Submeshes: []mesh.Submesh{{Material: "floor_collision", Indices: idx,
			Geometry: &mesh.Geometry{VertexCount: len(pos) / 3, Positions: pos}}},
		HasBounds: true, Min: lo, Max: hi,
	})
	if err != nil {
		panic(err)
	}
	return b
}

// FloorMesh is a size×size floor at y 0 centred on the origin.
func FloorMesh(size float32) []byte {
	h := size / 2
	return MeshOf([]float32{-h, 0, -h, h, 0, -h, h, 0, h, -h, 0, -h, h, 0, h, -h, 0, h})
}

// CornersMesh is two small triangles at opposite corners of a size×size
// square: the grid spans the square, and nearly every cell lies under no
// triangle, so a bake walks tens of millions of cells for a second or so
// with few triangle tests (a floor of two large triangles takes two tests
// a cell and meets the bake's test cap instead).
func CornersMesh(size float32) []byte {
	h := size / 2
	return MeshOf([]float32{-h, 0, -h, -h + 8, 0, -h, -h + 8, 0, -h + 8, h - 8, 0, h - 8, h, 0, h - 8, h, 0, h})
}

// OverlapMesh is n large triangles, each covering most of a span×span
// square, stacked at slightly different heights: every cell of the grid
// lies under nearly all of them (the bake's worst case).
func OverlapMesh(n int, span float32) []byte {
	r := rand.New(rand.NewPCG(22, uint64(n)))
	pos := make([]float32, 0, 9*n)
	for i := range n {
		y := float32(i%50) * 0.5
		j := func() float32 { return (r.Float32() - 0.5) * span * 0.1 }
		pos = append(pos, -span+j(), y, -span+j(), span+j(), y, -span+j(), j(), y+1, span+j())
	}
	return MeshOf(pos)
}

// BakeMod writes a mod folder whose one layout places the piece with GUID
// 11 (collision mesh col) once per placement (text of its properties, one
// per line), and returns the layout's path.
func BakeMod(dir string, col []byte, placements ...string) (string, error) {
	const dat = "[TILESET]\n<STRING>NAME:T\n[PIECE]\n<STRING>NAME:floor\n<INTEGER64>GUID:11\n" +
		"<STRING>FILE:media/levelsets/t/floor.mesh\n<STRING>COLLISIONFILE:media/levelsets/t/floor_collision.mesh\n[/PIECE]\n[/TILESET]\n"
	s := "[Layout]\n<INTEGER>VERSION:4\n<UNSIGNED INT>COUNT:1\n[OBJECTS]\n"
	for i, p := range placements {
		s += fmt.Sprintf("[BASEOBJECT]\n[PROPERTIES]\n<STRING>DESCRIPTOR:Room Piece\n<INTEGER64>ID:%d\n<STRING>GUID:11\n", i+1)
		if p != "" {
			s += strings.TrimSuffix(p, "\n") + "\n"
		}
		s += "[/PROPERTIES]\n[/BASEOBJECT]\n"
	}
	s += "[/OBJECTS]\n[/Layout]\n"
	files := map[string][]byte{
		"MEDIA/LEVELSETS/T.DAT":                  []byte(dat),
		"MEDIA/LEVELSETS/T/FLOOR_COLLISION.MESH": col,
		"MEDIA/LAYOUTS/L/L.LAYOUT":               []byte(s),
	}
	for p, b := range files {
		f := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(f, b, 0o644); err != nil {
			return "", err
		}
	}
	return filepath.Join(dir, "MEDIA", "LAYOUTS", "L", "L.LAYOUT"), nil
}

// NoisePNG is a real w×h opaque RGBA PNG of about 40 bytes a row or less
// on disk, whose every 4×4 block is noise (issue 30: a 4096² BC7 convert
// ran 136 s and ignored SIGTERM). Row 0 is stored as it is; every later
// row with the Up filter and the same bytes, a fixed step per pixel: the
// compressed rows repeat, the decoded ones do not.
func NoisePNG(w, h int) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr, uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 6 // 8 bits, RGBA
	pngChunk(&b, "IHDR", ihdr)
	r := rand.New(rand.NewPCG(30, uint64(w)))
	first := make([]byte, 1+4*w) // filter 0 (None)
	step := make([]byte, 1+4*w)  // filter 2 (Up): each row adds step to the one above
	step[0] = 2
	for x := range w {
		for c := range 3 {
			first[1+4*x+c] = byte(r.Uint32())
			step[1+4*x+c] = byte(r.Uint32())
		}
		first[1+4*x+3] = 255 // alpha 255, step 0: opaque
	}
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	zw.Write(first)
	for range h - 1 {
		zw.Write(step)
	}
	zw.Close()
	pngChunk(&b, "IDAT", z.Bytes())
	pngChunk(&b, "IEND", nil)
	return b.Bytes()
}

// SliverStrip is a mesh of one triangle strip of n triangles over four
// vertices lying nearly on one diagonal of the bounds: every triangle is a
// sliver across the whole picture (its bounding box the picture, its area
// almost none), 2 bytes an index (issue 30: `render` of a 250,000-triangle
// strip ran for minutes).
func SliverStrip(n int) []byte {
	pos := []float32{0, 0, 0, 100, 100, 100, 100.2, 99.9, 100, 0.1, -0.1, 0}
	idx := make([]uint32, n+2)
	for i := range idx {
		idx[i] = uint32(i % 4)
	}
	b, err := mesh.Encode(&mesh.Mesh{
		Submeshes: []mesh.Submesh{{Material: "strip", Indices: idx, Operation: mesh.OpTriangleStrip,
			Geometry: &mesh.Geometry{VertexCount: 4, Positions: pos}}},
		HasBounds: true, Min: [3]float32{0, -0.1, 0}, Max: [3]float32{100.2, 100, 100},
	})
	if err != nil {
		panic(err)
	}
	return b
}
