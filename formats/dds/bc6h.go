package dds

import (
	"fmt"
	"strconv"
	"strings"
)

// bc6hMode is one row of the BC6H mode table.
type bc6hMode struct {
	transformed bool
	partitioned bool
	epb         uint    // endpoint bits
	delta       [3]uint // delta bits for R, G, B of the transformed endpoints
	fields      []bc6hField
}

// bc6hField moves n bits of the block into endpoint value v (0–11 for
// r0…r3, g0…g3, b0…b3) starting at bit lo, going up — or down from lo when
// rev is set (the reversed fields of modes 11 and 15).
type bc6hField struct {
	v, lo, n uint8
	rev      bool
}

// bc6hLayouts are the endpoint layouts of the definition, verbatim: left to
// right is LSB first after the mode bits; v[a:b] with a<b is bit-reversed.
var bc6hLayouts = []struct {
	mode            uint32
	tr              bool
	epb, dr, dg, db uint
	layout          string
}{
	{0x00, true, 10, 5, 5, 5, "g2[4],b2[4],b3[4],r0[9:0],g0[9:0],b0[9:0],r1[4:0],g3[4],g2[3:0],g1[4:0],b3[0],g3[3:0],b1[4:0],b3[1],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]"},
	{0x01, true, 7, 6, 6, 6, "g2[5],g3[4],g3[5],r0[6:0],b3[0],b3[1],b2[4],g0[6:0],b2[5],b3[2],g2[4],b0[6:0],b3[3],b3[5],b3[4],r1[5:0],g2[3:0],g1[5:0],g3[3:0],b1[5:0],b2[3:0],r2[5:0],r3[5:0]"},
	{0x02, true, 11, 5, 4, 4, "r0[9:0],g0[9:0],b0[9:0],r1[4:0],r0[10],g2[3:0],g1[3:0],g0[10],b3[0],g3[3:0],b1[3:0],b0[10],b3[1],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]"},
	{0x06, true, 11, 4, 5, 4, "r0[9:0],g0[9:0],b0[9:0],r1[3:0],r0[10],g3[4],g2[3:0],g1[4:0],g0[10],g3[3:0],b1[3:0],b0[10],b3[1],b2[3:0],r2[3:0],b3[0],b3[2],r3[3:0],g2[4],b3[3]"},
	{0x0a, true, 11, 4, 4, 5, "r0[9:0],g0[9:0],b0[9:0],r1[3:0],r0[10],b2[4],g2[3:0],g1[3:0],g0[10],b3[0],g3[3:0],b1[4:0],b0[10],b2[3:0],r2[3:0],b3[1],b3[2],r3[3:0],b3[4],b3[3]"},
	{0x0e, true, 9, 5, 5, 5, "r0[8:0],b2[4],g0[8:0],g2[4],b0[8:0],b3[4],r1[4:0],g3[4],g2[3:0],g1[4:0],b3[0],g3[3:0],b1[4:0],b3[1],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]"},
	{0x12, true, 8, 6, 5, 5, "r0[7:0],g3[4],b2[4],g0[7:0],b3[2],g2[4],b0[7:0],b3[3],b3[4],r1[5:0],g2[3:0],g1[4:0],b3[0],g3[3:0],b1[4:0],b3[1],b2[3:0],r2[5:0],r3[5:0]"},
	{0x16, true, 8, 5, 6, 5, "r0[7:0],b3[0],b2[4],g0[7:0],g2[5],g2[4],b0[7:0],g3[5],b3[4],r1[4:0],g3[4],g2[3:0],g1[5:0],g3[3:0],b1[4:0],b3[1],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]"},
	{0x1a, true, 8, 5, 5, 6, "r0[7:0],b3[1],b2[4],g0[7:0],b2[5],g2[4],b0[7:0],b3[5],b3[4],r1[4:0],g3[4],g2[3:0],g1[4:0],b3[0],g3[3:0],b1[5:0],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]"},
	{0x1e, false, 6, 6, 6, 6, "r0[5:0],g3[4],b3[0],b3[1],b2[4],g0[5:0],g2[5],b2[5],b3[2],g2[4],b0[5:0],g3[5],b3[3],b3[5],b3[4],r1[5:0],g2[3:0],g1[5:0],g3[3:0],b1[5:0],b2[3:0],r2[5:0],r3[5:0]"},
	{0x03, false, 10, 10, 10, 10, "r0[9:0],g0[9:0],b0[9:0],r1[9:0],g1[9:0],b1[9:0]"},
	{0x07, true, 11, 9, 9, 9, "r0[9:0],g0[9:0],b0[9:0],r1[8:0],r0[10],g1[8:0],g0[10],b1[8:0],b0[10]"},
	{0x0b, true, 12, 8, 8, 8, "r0[9:0],g0[9:0],b0[9:0],r1[7:0],r0[10:11],g1[7:0],g0[10:11],b1[7:0],b0[10:11]"},
	{0x0f, true, 16, 4, 4, 4, "r0[9:0],g0[9:0],b0[9:0],r1[3:0],r0[10:15],g1[3:0],g0[10:15],b1[3:0],b0[10:15]"},
}

// bc6hModes is indexed by the mode value: 2 bits when those are 00 or 01,
// else 5 bits; nil entries are reserved.
var bc6hModes = func() (t [32]*bc6hMode) {
	for _, l := range bc6hLayouts {
		m := &bc6hMode{transformed: l.tr, partitioned: l.mode < 0x03 || l.mode&3 == 2, epb: l.epb, delta: [3]uint{l.dr, l.dg, l.db}}
		n := 5
		if l.mode < 2 {
			n = 2
		}
		for _, f := range strings.Split(l.layout, ",") {
			m.fields = append(m.fields, parseField(f))
		}
		total := n
		for _, f := range m.fields {
			total += int(f.n)
		}
		if want := map[bool]int{true: 82 - 5, false: 65}[m.partitioned]; total != want {
			panic(fmt.Sprintf("bc6h mode 0x%02x: %d header bits, want %d", l.mode, total, want))
		}
		t[l.mode] = m
	}
	return
}()

// parseField reads "g2[4]", "r0[9:0]" or "r0[10:15]".
func parseField(s string) bc6hField {
	v := uint8(strings.IndexByte("rgb", s[0])*4) + s[1] - '0'
	inner := s[strings.IndexByte(s, '[')+1 : len(s)-1]
	a, b, ok := strings.Cut(inner, ":")
	if !ok {
		b = a
	}
	hi, _ := strconv.Atoi(a)
	lo, _ := strconv.Atoi(b)
	if hi >= lo {
		return bc6hField{v: v, lo: uint8(lo), n: uint8(hi - lo + 1)}
	}
	return bc6hField{v: v, lo: uint8(lo), n: uint8(lo - hi + 1), rev: true}
}

func signExtend(v int32, n uint) int32 { return v << (32 - n) >> (32 - n) }

func decodeBC6HU(src, dst []byte, stride int) { decodeBC6H(src, dst, stride, false) }
func decodeBC6HS(src, dst []byte, stride int) { decodeBC6H(src, dst, stride, true) }

// decodeBC6H tone-maps the half floats of a block: clamp to 0…1, scale by
// 255, round. Alpha is always 255.
func decodeBC6H(src, dst []byte, stride int, signed bool) {
	var h [16][3]uint16
	bc6hHalves(src, signed, &h)
	lut := half8()
	for i := range 16 {
		o := (i>>2)*stride + (i&3)*4
		dst[o], dst[o+1], dst[o+2], dst[o+3] = lut[h[i][0]], lut[h[i][1]], lut[h[i][2]], 255
	}
}

// bc6hHalves decodes a block to half-float bits per texel and channel.
// Reserved modes decode to zero.
func bc6hHalves(src []byte, signed bool, out *[16][3]uint16) {
	br := newBitReader(src)
	mv := br.read(2)
	if mv > 1 {
		mv |= br.read(3) << 2
	}
	m := bc6hModes[mv]
	if m == nil {
		*out = [16][3]uint16{}
		return
	}
	var e [12]int32 // r0…r3, g0…g3, b0…b3
	for _, f := range m.fields {
		v := int32(br.read(uint(f.n)))
		if f.rev {
			for k := range f.n {
				e[f.v] |= (v >> k & 1) << (f.lo - k)
			}
		} else {
			e[f.v] |= v << f.lo
		}
	}
	ns := 1
	part := uint32(0)
	if m.partitioned {
		ns = 2
		part = br.read(5)
	}

	// Sign extension and transform inversion, per channel c.
	var ep [4][3]int32 // endpoint, channel: unquantized
	for c := range 3 {
		v := e[c*4 : c*4+4]
		if signed {
			v[0] = signExtend(v[0], m.epb)
		}
		for k := 1; k < 2*ns; k++ {
			switch {
			case m.transformed:
				v[k] = (v[0] + signExtend(v[k], m.delta[c])) & (1<<m.epb - 1)
				if signed {
					v[k] = signExtend(v[k], m.epb)
				}
			case signed:
				v[k] = signExtend(v[k], m.epb)
			}
		}
		for k := range 2 * ns {
			ep[k][c] = unquantize6(v[k], m.epb, signed)
		}
	}

	sub, anchors := subsetMap(ns, part)
	ib := uint(4)
	w := weights4[:]
	if ns == 2 {
		ib, w = 3, weights3[:]
	}
	for i := range 16 {
		nb := ib
		if anchors>>i&1 != 0 {
			nb--
		}
		wt := int32(w[br.read(nb)])
		e0, e1 := &ep[2*sub[i]], &ep[2*sub[i]+1]
		for c := range 3 {
			out[i][c] = finishUnquantize((e0[c]*(64-wt)+e1[c]*wt+32)>>6, signed)
		}
	}
}

// unquantize6 spreads an epb-bit endpoint over the 16-bit range the
// interpolation works in.
func unquantize6(x int32, epb uint, signed bool) int32 {
	if !signed {
		switch {
		case epb >= 15:
			return x
		case x == 0:
			return 0
		case x == 1<<epb-1:
			return 0xFFFF
		}
		return (x<<15 + 0x4000) >> (epb - 1)
	}
	if epb >= 16 {
		return x
	}
	neg := x < 0
	if neg {
		x = -x
	}
	var q int32
	switch {
	case x == 0:
		q = 0
	case x >= 1<<(epb-1)-1:
		q = 0x7FFF
	default:
		q = (x<<15 + 0x4000) >> (epb - 1)
	}
	if neg {
		q = -q
	}
	return q
}

// finishUnquantize turns an interpolated value into half-float bits:
// ×31/64 for UF16; for SF16 the magnitude ×31/32 with the sign bit on top.
func finishUnquantize(v int32, signed bool) uint16 {
	if !signed {
		return uint16(v * 31 >> 6)
	}
	if v < 0 {
		return 0x8000 | uint16((-v)*31>>5)
	}
	return uint16(v * 31 >> 5)
}
