package btx

import (
	"encoding/binary"
)

// build writes a btx file by hand from the layout in doc.go: the header,
// the name right after it, then the data at a 16-byte aligned offset.
func build(format byte, w, h, stride int, name string, data []byte) []byte {
	b := make([]byte, HeaderSize)
	copy(b, "btx\x00")
	le := binary.LittleEndian
	le.PutUint32(b[4:], 0x0103)
	le.PutUint16(b[8:], uint16(w))
	le.PutUint16(b[0xA:], uint16(h))
	le.PutUint32(b[0xC:], uint32(stride))
	b[0x10] = format
	b[0x12] = 0 // one mip
	b[0x13], b[0x14], b[0x15] = 1, 1, 5
	le.PutUint16(b[0x1C:], 255)
	le.PutUint16(b[0x28:], 1)
	le.PutUint32(b[0x24:], HeaderSize)
	b = append(b, name...)
	b = append(b, 0)
	for len(b)%16 != 0 {
		b = append(b, 0)
	}
	le.PutUint32(b[0x18:], uint32(len(b)))
	return append(b, data...)
}

// bc1Block: RGB565 endpoints, then 2-bit indices, texel i in bits 2i…2i+1.
func bc1Block(c0, c1 uint16, idx [16]uint8) []byte {
	b := make([]byte, 8)
	binary.LittleEndian.PutUint16(b, c0)
	binary.LittleEndian.PutUint16(b[2:], c1)
	var v uint32
	for i, x := range idx {
		v |= uint32(x) << (2 * i)
	}
	binary.LittleEndian.PutUint32(b[4:], v)
	return b
}

// bits writes fields LSB first into a 16-byte BC7 block.
type bits struct {
	b   [16]byte
	pos int
}

func (w *bits) put(v uint32, n int) {
	for i := 0; i < n; i++ {
		if v>>i&1 != 0 {
			w.b[w.pos/8] |= 1 << (w.pos % 8)
		}
		w.pos++
	}
}

// bc7Mode6 builds a mode 6 block: 7-bit RGBA endpoints e0, e1 with p-bits
// p0, p1, then 4-bit indices (texel 0, the anchor, has 3 bits).
func bc7Mode6(e0, e1 [4]uint32, p0, p1 uint32, idx [16]uint32) []byte {
	var w bits
	w.put(1<<6, 7) // mode 6: six 0 bits, then a 1
	for c := 0; c < 4; c++ {
		w.put(e0[c], 7)
		w.put(e1[c], 7)
	}
	w.put(p0, 1)
	w.put(p1, 1)
	w.put(idx[0], 3)
	for i := 1; i < 16; i++ {
		w.put(idx[i], 4)
	}
	return w.b[:]
}

var cycle4 = [16]uint8{0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3}
