package dds

import (
	"encoding/binary"
	"math/bits"
)

// bc7Mode holds one row of the BC7 mode table.
type bc7Mode struct {
	ns       int  // subsets
	pb       uint // partition bits
	rb       uint // rotation bits
	isb      uint // index selection bits
	cb, ab   uint // colour and alpha bits per endpoint
	epb, spb bool // per-endpoint / shared p-bits
	ib, ib2  uint // primary and secondary index bits
}

var bc7Modes = [8]bc7Mode{
	{ns: 3, pb: 4, cb: 4, epb: true, ib: 3},
	{ns: 2, pb: 6, cb: 6, spb: true, ib: 3},
	{ns: 3, pb: 6, cb: 5, ib: 2},
	{ns: 2, pb: 6, cb: 7, epb: true, ib: 2},
	{ns: 1, rb: 2, isb: 1, cb: 5, ab: 6, ib: 2, ib2: 3},
	{ns: 1, rb: 2, cb: 7, ab: 8, ib: 2, ib2: 2},
	{ns: 1, cb: 7, ab: 7, epb: true, ib: 4},
	{ns: 2, pb: 6, cb: 5, ab: 5, epb: true, ib: 2},
}

func weightsFor(n uint) []uint32 {
	switch n {
	case 2:
		return weights2[:]
	case 3:
		return weights3[:]
	}
	return weights4[:]
}

// bc7Endpoints reads a block's endpoints (channel-major, then subset,
// then endpoint), adds the p-bits and scales them to 8 bits by
// replicating the top bits into the low ones (alpha 255 when the mode
// has none).
func bc7Endpoints(br *bitReader, m *bc7Mode) [6][4]uint32 {
	n := 2 * m.ns
	var ep [6][4]uint32
	for c := range 3 {
		for e := range n {
			ep[e][c] = br.read(m.cb)
		}
	}
	if m.ab > 0 {
		for e := range n {
			ep[e][3] = br.read(m.ab)
		}
	}
	cb, ab := m.cb, m.ab
	switch {
	case m.epb:
		for e := range n {
			p := br.read(1)
			for c := range 4 {
				ep[e][c] = ep[e][c]<<1 | p
			}
		}
		cb++
		if ab > 0 {
			ab++
		}
	case m.spb:
		for s := range m.ns {
			p := br.read(1)
			for e := 2 * s; e < 2*s+2; e++ {
				for c := range 3 {
					ep[e][c] = ep[e][c]<<1 | p
				}
			}
		}
		cb++
	}
	// Scale to 8 bits by replicating the top bits into the low ones.
	for e := range n {
		for c := range 3 {
			v := ep[e][c] << (8 - cb)
			ep[e][c] = v | v>>cb
		}
		if ab > 0 {
			v := ep[e][3] << (8 - ab)
			ep[e][3] = v | v>>ab
		} else {
			ep[e][3] = 255
		}
	}
	return ep
}

// decodeBC7 decodes one BC7 block: the mode is the number of zero bits
// before the first one bit; a zero first byte is reserved and decodes to
// transparent black.
func decodeBC7(src, dst []byte, stride int) {
	mode := bits.TrailingZeros8(src[0])
	if mode >= 8 {
		for y := range 4 {
			clear(dst[y*stride : y*stride+16])
		}
		return
	}
	m := &bc7Modes[mode]
	br := newBitReader(src)
	br.read(uint(mode) + 1)
	part := br.read(m.pb)
	rot := br.read(m.rb)
	isb := br.read(m.isb)

	ep := bc7Endpoints(&br, m)

	sub, anchors := subsetMap(m.ns, part)
	var idx1, idx2 [16]uint8
	for i := range 16 {
		nb := m.ib
		if anchors>>i&1 != 0 {
			nb--
		}
		idx1[i] = uint8(br.read(nb))
	}
	if m.ib2 > 0 {
		for i := range 16 {
			nb := m.ib2
			if i == 0 {
				nb--
			}
			idx2[i] = uint8(br.read(nb))
		}
	}

	cIdx, aIdx := &idx1, &idx1
	cW, aW := weightsFor(m.ib), weightsFor(m.ib)
	if m.ib2 > 0 {
		aIdx, aW = &idx2, weightsFor(m.ib2)
		if isb == 1 {
			cIdx, aIdx = &idx2, &idx1
			cW, aW = aW, cW
		}
	}
	for i := range 16 {
		e0, e1 := &ep[2*sub[i]], &ep[2*sub[i]+1]
		wc, wa := cW[cIdx[i]], aW[aIdx[i]]
		px := [4]uint32{
			((64-wc)*e0[0] + wc*e1[0] + 32) >> 6,
			((64-wc)*e0[1] + wc*e1[1] + 32) >> 6,
			((64-wc)*e0[2] + wc*e1[2] + 32) >> 6,
			((64-wa)*e0[3] + wa*e1[3] + 32) >> 6,
		}
		if rot > 0 {
			px[3], px[rot-1] = px[rot-1], px[3]
		}
		binary.LittleEndian.PutUint32(dst[(i>>2)*stride+(i&3)*4:], px[0]|px[1]<<8|px[2]<<16|px[3]<<24)
	}
}
