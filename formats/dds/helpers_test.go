package dds

import (
	"bytes"
	"encoding/binary"
	"image"
	"testing"
)

// ddsHeader describes a file for buildDDS; zero fields take defaults.
type ddsHeader struct {
	w, h, depth, mips int
	caps2             uint32
	fourCC            string
	pfFlags           uint32
	bpp               uint32
	masks             [4]uint32 // R, G, B, A
	dx10              bool
	dxgi, dim, misc   uint32
	arraySize         uint32
}

// buildDDS writes the 128-byte header (and DX10 extension) followed by data,
// field by field as the DDS_HEADER documentation lays them out.
func buildDDS(h ddsHeader, data []byte) []byte {
	var b bytes.Buffer
	put := func(v uint32) { binary.Write(&b, binary.LittleEndian, v) }
	b.WriteString("DDS ")
	put(124)
	flags := uint32(0x1 | 0x2 | 0x4 | 0x1000)
	if h.mips > 0 {
		flags |= 0x20000
	}
	if h.depth > 0 {
		flags |= 0x800000
	}
	put(flags)
	put(uint32(h.h))
	put(uint32(h.w))
	put(0) // pitch or linear size: readers must not rely on it
	put(uint32(h.depth))
	put(uint32(h.mips))
	for range 11 {
		put(0)
	}
	// DDS_PIXELFORMAT
	put(32)
	pf := h.pfFlags
	var cc uint32
	if h.dx10 {
		h.fourCC = "DX10"
	}
	if h.fourCC != "" {
		pf |= 0x4
		cc = binary.LittleEndian.Uint32([]byte(h.fourCC))
	}
	put(pf)
	put(cc)
	put(h.bpp)
	for _, m := range h.masks {
		put(m)
	}
	caps := uint32(0x1000)
	if h.mips > 1 || h.caps2 != 0 {
		caps |= 0x8 | 0x400000
	}
	put(caps)
	put(h.caps2)
	put(0)
	put(0)
	put(0)
	if h.dx10 {
		dim := h.dim
		if dim == 0 {
			dim = 3
		}
		arr := h.arraySize
		if arr == 0 {
			arr = 1
		}
		put(h.dxgi)
		put(dim)
		put(h.misc)
		put(arr)
		put(0)
	}
	b.Write(data)
	return b.Bytes()
}

func decodeBytes(t testing.TB, file []byte, opt Options) (*image.NRGBA, Info) {
	t.Helper()
	img, in, err := Decode(bytes.NewReader(file), opt)
	if err != nil {
		t.Fatalf("Decode: %v", err)
	}
	return img, in
}

// bitWriter packs fields LSB first, the order BC6H and BC7 read them.
type bitWriter struct {
	lo, hi uint64
	n      uint
}

func (w *bitWriter) put(v uint64, n uint) {
	for i := range n {
		bit := v >> i & 1
		if w.n < 64 {
			w.lo |= bit << w.n
		} else {
			w.hi |= bit << (w.n - 64)
		}
		w.n++
	}
}

// bit writes bit b of v (for the scattered BC6H fields).
func (w *bitWriter) bit(v int, b uint) { w.put(uint64(v)>>b&1, 1) }

// bits writes bits lo…hi of v, low first.
func (w *bitWriter) bits(v int, hi, lo uint) { w.put(uint64(v)>>lo, hi-lo+1) }

func (w *bitWriter) block(t testing.TB) []byte {
	t.Helper()
	if w.n != 128 {
		t.Fatalf("block has %d bits, want 128", w.n)
	}
	b := make([]byte, 16)
	binary.LittleEndian.PutUint64(b, w.lo)
	binary.LittleEndian.PutUint64(b[8:], w.hi)
	return b
}

// decodeBlock runs a block decoder into a fresh 4×4 RGBA buffer.
func decodeBlock(fn blockFunc, src []byte) [16][4]uint8 {
	var buf [64]byte
	fn(src, buf[:], 16)
	var out [16][4]uint8
	for i := range out {
		copy(out[i][:], buf[4*i:])
	}
	return out
}

func repeatBlock(b []byte, n int) []byte { return bytes.Repeat(b, n) }
