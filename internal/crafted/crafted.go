// Package crafted builds small hostile inputs for the reliability tests:
// files of a few kilobytes whose headers claim gigabytes of decoded data.
// They are generated at test time (in t.TempDir()), never committed.
package crafted

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"time"

	"github.com/klauspost/compress/zlib"

	"packsmith/formats/tl2/mod"
)

// RLETGA is a w×h 32-bit RLE TGA whose pixels are all one run packet after
// another: 5 bytes per 128 pixels.
func RLETGA(w, h int) []byte {
	var b bytes.Buffer
	hd := make([]byte, 18)
	hd[2] = 10 // RLE true colour
	binary.LittleEndian.PutUint16(hd[12:], uint16(w))
	binary.LittleEndian.PutUint16(hd[14:], uint16(h))
	hd[16] = 32
	hd[17] = 8
	b.Write(hd)
	packet := []byte{0xFF, 1, 2, 3, 4}
	for n := w * h; n > 0; n -= 128 {
		b.Write(packet)
	}
	return b.Bytes()
}

// DXT1Header is the 128-byte header of a w×h DXT1 DDS with one mip.
func DXT1Header(w, h int) []byte {
	b := make([]byte, 128)
	copy(b, "DDS ")
	le := binary.LittleEndian
	le.PutUint32(b[4:], 124)
	le.PutUint32(b[8:], 0x1|0x2|0x4|0x1000|0x80000)
	le.PutUint32(b[12:], uint32(h))
	le.PutUint32(b[16:], uint32(w))
	le.PutUint32(b[20:], uint32(w/4*h/4*8))
	le.PutUint32(b[28:], 1)
	le.PutUint32(b[76:], 32)
	le.PutUint32(b[80:], 0x4)
	copy(b[84:], "DXT1")
	le.PutUint32(b[108:], 0x1000)
	return b
}

// DXT1 streams a whole w×h DXT1 DDS (header, then zero blocks).
func DXT1(w, h int) io.Reader {
	return io.MultiReader(bytes.NewReader(DXT1Header(w, h)), io.LimitReader(zeros{}, int64(w/4*h/4*8)))
}

type zeros struct{}

func (zeros) Read(b []byte) (int, error) { clear(b); return len(b), nil }

// Grid is a w×h walk grid; checker makes every other cell walkable (one
// region per walkable cell, the worst case for analysis), else all walkable.
func Grid(w, h int, checker bool) []byte {
	b := make([]byte, 24+w*h)
	le := binary.LittleEndian
	le.PutUint32(b[0:], uint32(w))
	le.PutUint32(b[4:], uint32(h))
	le.PutUint32(b[16:], 0x3F800000)
	le.PutUint32(b[20:], 0x3F800000)
	if checker {
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				if (x+y)%2 == 1 {
					b[24+y*w+x] = 1
				}
			}
		}
	}
	return b
}

// Zip writes a zip holding one deflated entry.
func Zip(path, name string, data []byte) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	zw := zip.NewWriter(f)
	w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: time.Unix(1e9, 0)})
	if err == nil {
		_, err = w.Write(data)
	}
	if err == nil {
		err = zw.Close()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// PackedMod writes a .MOD holding one zlib-compressed entry of any size
// (Writer stores blocks of 25 MB or more raw, so a 16384² DXT1 would take
// 128 MB on disk; compressed, it is about 130 KB). It writes the entry small
// with Writer, then splices in the real block and fixes the manifest's size,
// CRC and the manifest offset.
func PackedMod(path, name string, data io.Reader) error {
	stub := []byte("stub")
	var first bytes.Buffer
	mf := &memFile{}
	w, err := mod.NewWriter(mf, &mod.Header{Title: "crafted", ModID: 1}, nil)
	if err != nil {
		return err
	}
	if err := w.Add(mod.FileHeader{Name: name}, bytes.NewReader(stub)); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	b := mf.b
	le := binary.LittleEndian
	offData, offMan := le.Uint32(b[12:]), le.Uint32(b[16:])
	blk := offData + 8
	var size int64
	crc := crc32.NewIEEE()
	zw, _ := zlib.NewWriterLevel(&first, zlib.BestCompression)
	n, err := io.Copy(io.MultiWriter(zw, crc), data)
	if err != nil {
		return err
	}
	size = n
	zw.Close()
	var out bytes.Buffer
	out.Write(b[:blk])
	var h [8]byte
	le.PutUint32(h[0:], uint32(size))
	le.PutUint32(h[4:], uint32(first.Len()))
	out.Write(h[:])
	out.Write(first.Bytes())
	newMan := uint32(out.Len())
	man := append([]byte(nil), b[offMan:]...)
	oldCRC := make([]byte, 4)
	le.PutUint32(oldCRC, crc32.ChecksumIEEE(stub))
	i := bytes.Index(man, oldCRC)
	if i < 0 {
		return io.ErrUnexpectedEOF
	}
	le.PutUint32(man[i:], crc.Sum32())
	oldSize := []byte{byte(len(stub)), 0, 0, 0}
	j := bytes.Index(man[i+4:], oldSize)
	if j < 0 {
		return io.ErrUnexpectedEOF
	}
	le.PutUint32(man[i+4+j:], uint32(size))
	out.Write(man)
	res := out.Bytes()
	le.PutUint32(res[16:], newMan)
	le.PutUint32(res[offData:], uint32(first.Len()))
	return os.WriteFile(path, res, 0o644)
}

type memFile struct {
	b   []byte
	off int64
}

func (m *memFile) Write(p []byte) (int, error) {
	if need := m.off + int64(len(p)); need > int64(len(m.b)) {
		m.b = append(m.b, make([]byte, need-int64(len(m.b)))...)
	}
	copy(m.b[m.off:], p)
	m.off += int64(len(p))
	return len(p), nil
}

func (m *memFile) Seek(off int64, whence int) (int64, error) {
	switch whence {
	case io.SeekCurrent:
		off += m.off
	case io.SeekEnd:
		off += int64(len(m.b))
	}
	m.off = off
	return off, nil
}

func (m *memFile) ReadAt(p []byte, off int64) (int, error) {
	if off >= int64(len(m.b)) {
		return 0, io.EOF
	}
	n := copy(p, m.b[off:])
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// OverlapZip writes a zip of n entries that all point at the same deflated
// block of size zero bytes: about size/1000 bytes on disk, n×size extracted.
func OverlapZip(path string, n int, size int64) error {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.CreateHeader(&zip.FileHeader{Name: "e0000", Method: zip.Deflate, Modified: time.Unix(1e9, 0)})
	if err != nil {
		return err
	}
	if _, err := io.Copy(w, io.LimitReader(zeros{}, size)); err != nil {
		return err
	}
	if err := zw.Flush(); err != nil {
		return err
	}
	// The first entry's sizes are known once it is closed: ask a second
	// writer for them.
	var probe bytes.Buffer
	pw := zip.NewWriter(&probe)
	pf, _ := pw.CreateHeader(&zip.FileHeader{Name: "p", Method: zip.Deflate})
	io.Copy(pf, io.LimitReader(zeros{}, size))
	pw.Close()
	pr, err := zip.NewReader(bytes.NewReader(probe.Bytes()), int64(probe.Len()))
	if err != nil {
		return err
	}
	fh := pr.File[0].FileHeader
	for i := 1; i < n; i++ {
		h := fh
		h.Name = fmt.Sprintf("e%04d", i)
		h.Modified = time.Unix(1e9, 0)
		if _, err := zw.CreateRaw(&h); err != nil {
			return err
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	b := buf.Bytes()
	// Point every central record at the first local header (offset 0).
	for off := 0; ; {
		i := bytes.Index(b[off:], []byte("PK\x01\x02"))
		if i < 0 {
			break
		}
		off += i
		binary.LittleEndian.PutUint32(b[off+42:], 0)
		off += 46
	}
	return os.WriteFile(path, b, 0o644)
}

// ZipRaw writes a zip with one entry whose header states size and crc
// over the given raw (already deflated) bytes, so it can claim any ratio.
func ZipRaw(path, name string, raw []byte, size uint64, crc uint32) error {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.CreateRaw(&zip.FileHeader{Name: name, Method: zip.Deflate, CompressedSize64: uint64(len(raw)),
		UncompressedSize64: size, CRC32: crc, Modified: time.Unix(1e9, 0)})
	if err != nil {
		return err
	}
	w.Write(raw)
	if err := zw.Close(); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// SymlinkZip writes a zip whose entry link is a symbolic link to target,
// followed by a plain file.
func SymlinkZip(path, link, target string) error {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	h := &zip.FileHeader{Name: link, Method: zip.Store, Modified: time.Unix(1e9, 0)}
	h.SetMode(os.ModeSymlink | 0o777)
	w, err := zw.CreateHeader(h)
	if err != nil {
		return err
	}
	w.Write([]byte(target))
	w, _ = zw.Create("plain.txt")
	w.Write([]byte("plain"))
	if err := zw.Close(); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// BackslashMod writes a .MOD whose entry MEDIA/SUB\B.TXT keeps its '\'
// (GUTS stores what the mod folder gave it; Writer would turn it into '/').
func BackslashMod(path string, data []byte) error {
	mf := &memFile{}
	w, err := mod.NewWriter(mf, &mod.Header{Title: "crafted", ModID: 2}, nil)
	if err != nil {
		return err
	}
	if err := w.Add(mod.FileHeader{Name: "MEDIA/SUBXB.TXT"}, bytes.NewReader(data)); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	u16 := func(s string) []byte {
		var o []byte
		for _, c := range s {
			o = append(o, byte(c), 0)
		}
		return o
	}
	b := bytes.Replace(mf.b, u16("SUBXB.TXT"), u16(`SUB\B.TXT`), 1)
	return os.WriteFile(path, b, 0o644)
}
