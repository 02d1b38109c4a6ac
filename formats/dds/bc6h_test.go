package dds

import "testing"

// BC6H blocks packed by hand from the definition's Table.F; expected values
// are half-float bits worked out by hand (unquantize, interpolate, ×31/64
// or ×31/32).

func halves(t *testing.T, b []byte, signed bool) [16][3]uint16 {
	t.Helper()
	var h [16][3]uint16
	bc6hHalves(b, signed, &h)
	return h
}

func checkHalves(t *testing.T, got [16][3]uint16, want map[int][3]uint16) {
	t.Helper()
	for i, w := range want {
		if got[i] != w {
			t.Errorf("texel %d = %04X, want %04X", i, got[i], w)
		}
	}
}

// indices4 writes 4-bit single-subset indices (texel 0 has 3 bits).
func indices4(w *bitWriter, idx map[int]uint64) { bc7Indices(w, 4, nil, idx) }

func TestBC6HMode11Unsigned(t *testing.T) {
	// Mode 0x03: one subset, untransformed 10-bit endpoints.
	var w bitWriter
	w.put(0x03, 5)
	w.bits(0, 9, 0)   // r0
	w.bits(100, 9, 0) // g0
	w.bits(1023, 9, 0)
	w.bits(495, 9, 0) // r1
	w.bits(480, 9, 0)
	w.bits(460, 9, 0)
	indices4(&w, map[int]uint64{1: 15, 2: 8})
	b := w.block(t)
	// Unquantize 10 bits: x·64+32, except 0 → 0 and 1023 → 0xFFFF.
	// Endpoints: r 0, 31712; g 6432, 30752; b 0xFFFF, 29472.
	checkHalves(t, halves(t, b, false), map[int][3]uint16{
		0: {0x0000, 0x0C2B, 0x7BFF}, // 6432·31>>6 = 3115; 65535·31>>6 = 31743
		1: {0x3C00, 0x3A2F, 0x37C3}, // 31712·31>>6 = 15360 (1.0); 14895; 14275
		// w=34: r (34·31712+32)>>6 = 16847 → 8160; g 19352 → 9373; b 46377 → 22463
		2: {0x1FE0, 0x249D, 0x57BF},
	})
	// Tone map of texel 1: 1.0 → 255, 0x3A2F = 0.773 → 197, 0x37C3 = 0.485 → 124.
	got := decodeBlock(decodeBC6HU, b)
	if got[1] != (rgba8{255, 197, 124, 255}) {
		t.Errorf("texel 1 tone-mapped to %v, want [255 197 124 255]", got[1])
	}
	if got[0] != (rgba8{0, 0, 255, 255}) { // 0x0C2B ≈ 0.000185 → 0; 65504 → 255
		t.Errorf("texel 0 tone-mapped to %v", got[0])
	}
}

func TestBC6HMode1Transformed(t *testing.T) {
	// Mode 0x00: two subsets (partition 0: columns 2–3 are subset 1), base
	// 10 bits, 5-bit deltas. Base (500,400,300); deltas e1 (−5,+3,0),
	// e2 (+15,−16,+1), e3 (0,0,−1).
	r0, g0, b0 := 500, 400, 300
	r1, g1, b1 := 0x1B, 3, 0
	r2, g2, b2 := 15, 0x10, 1
	r3, g3, b3 := 0, 0, 0x1F
	var w bitWriter
	w.put(0, 2)
	// m[1:0],g2[4],b2[4],b3[4],r0[9:0],g0[9:0],b0[9:0],r1[4:0],g3[4],g2[3:0],
	// g1[4:0],b3[0],g3[3:0],b1[4:0],b3[1],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]
	w.bit(g2, 4)
	w.bit(b2, 4)
	w.bit(b3, 4)
	w.bits(r0, 9, 0)
	w.bits(g0, 9, 0)
	w.bits(b0, 9, 0)
	w.bits(r1, 4, 0)
	w.bit(g3, 4)
	w.bits(g2, 3, 0)
	w.bits(g1, 4, 0)
	w.bit(b3, 0)
	w.bits(g3, 3, 0)
	w.bits(b1, 4, 0)
	w.bit(b3, 1)
	w.bits(b2, 3, 0)
	w.bits(r2, 4, 0)
	w.bit(b3, 2)
	w.bits(r3, 4, 0)
	w.bit(b3, 3)
	w.put(0, 5) // partition
	bc7Indices(&w, 3, map[int]bool{15: true}, map[int]uint64{1: 7, 2: 0, 3: 7, 15: 3})
	// Endpoints (10-bit): e0 (500,400,300) e1 (495,403,300) e2 (515,384,301)
	// e3 (500,400,299); unquantized x·64+32, then ×31>>6 at the ends.
	checkHalves(t, halves(t, w.block(t), false), map[int][3]uint16{
		0:  {0x3C9B, 0x307F, 0x2463},
		1:  {0x3C00, 0x30DC, 0x2463},
		2:  {0x3E6C, 0x2E8F, 0x2482},
		3:  {0x3C9B, 0x307F, 0x2444},
		15: {0x3DA8, 0x2F60, 0x2468}, // w=27 between e2 and e3
	})
}

func TestBC6HMode11Signed(t *testing.T) {
	var w bitWriter
	w.put(0x03, 5)
	w.bits(1024-100, 9, 0) // r0 = −100
	w.bits(0, 9, 0)
	w.bits(511, 9, 0)
	w.bits(100, 9, 0)
	w.bits(512, 9, 0) // g1 = −512
	w.bits(0, 9, 0)
	indices4(&w, map[int]uint64{1: 15, 2: 8})
	b := w.block(t)
	// Signed unquantize: ±100 → ±6432; 511 and −512 saturate to ±0x7FFF.
	// Finish: magnitude ×31>>5 with the sign bit.
	checkHalves(t, halves(t, b, true), map[int][3]uint16{
		0: {0x9857, 0x0000, 0x7BFF},
		1: {0x1857, 0xFBFF, 0x0000},
		// w=34: r (4·6432+32)>>6 = 402 → 389; g (−34·32767+32)>>6 = −17407 → −16863;
		// b (30·32767+32)>>6 = 15360 → 14880.
		2: {0x0185, 0xC1DF, 0x3A20},
	})
	// Negative values tone-map to 0, 65504 to 255, 0x1857 (0.00212) to 1.
	got := decodeBlock(decodeBC6HS, b)
	if got[0] != (rgba8{0, 0, 255, 255}) || got[1] != (rgba8{1, 0, 0, 255}) {
		t.Errorf("texels 0, 1 tone-mapped to %v, %v", got[0], got[1])
	}
}

func TestBC6HMode14ReversedBits(t *testing.T) {
	// Mode 0x0f: 16-bit base, 4-bit deltas; the base's top six bits are
	// stored reversed (r0[10:15]).
	var w bitWriter
	w.put(0x0f, 5)
	w.bits(0xABCD, 9, 0) // r0
	w.bits(0x0001, 9, 0) // g0
	w.bits(0xFFFF, 9, 0) // b0
	w.put(7, 4)          // r1: +7
	w.put(0b010101, 6)   // r0 bits 15,14,…,10 = 1,0,1,0,1,0
	w.put(0xF, 4)        // g1: −1
	w.put(0, 6)
	w.put(1, 4) // b1: +1, wraps 0xFFFF to 0
	w.put(0x3F, 6)
	indices4(&w, map[int]uint64{1: 15})
	// 16-bit endpoints are not rescaled: r 0xABCD·31>>6 = 21303, 0xABD4 → 21306.
	checkHalves(t, halves(t, w.block(t), false), map[int][3]uint16{
		0: {0x5337, 0x0000, 0x7BFF},
		1: {0x533A, 0x0000, 0x0000},
	})
}

func TestBC6HReserved(t *testing.T) {
	b := make([]byte, 16)
	for i := range b {
		b[i] = 0xFF
	}
	b[0] = 0x13 // 10011: reserved
	got := decodeBlock(decodeBC6HU, b)
	checkTexels(t, got, func(int) rgba8 { return rgba8{0, 0, 0, 255} })
}
