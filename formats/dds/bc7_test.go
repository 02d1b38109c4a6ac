package dds

import (
	"testing"
)

// Each block below is packed field by field as the BC7 mode table lays it
// out; the expected texels are worked by hand from the definition:
// endpoints (with p-bits) widened to 8 bits by bit replication, then
// ((64−w)·e0 + w·e1 + 32) >> 6 with the 2/3/4-bit weight tables.

func bc7Indices(w *bitWriter, bits uint, anchors map[int]bool, idx map[int]uint64) {
	for i := range 16 {
		n := bits
		if i == 0 || anchors[i] {
			n--
		}
		w.put(idx[i], n)
	}
}

func putAll(w *bitWriter, n uint, vs ...uint64) {
	for _, v := range vs {
		w.put(v, n)
	}
}

func checkSome(t *testing.T, got [16][4]uint8, want map[int]rgba8) {
	t.Helper()
	for i, w := range want {
		if got[i] != w {
			t.Errorf("texel %d = %v, want %v", i, got[i], w)
		}
	}
}

func TestBC7Mode0(t *testing.T) {
	// Three subsets, partition 0: 0011 0011 0221 2222; anchors 0, 3, 15.
	var w bitWriter
	w.put(1, 1)                       // mode 0
	w.put(0, 4)                       // partition
	putAll(&w, 4, 0, 15, 15, 0, 8, 8) // R: s0e0 s0e1 s1e0 s1e1 s2e0 s2e1
	putAll(&w, 4, 0, 15, 0, 15, 4, 4) // G
	putAll(&w, 4, 0, 15, 0, 0, 2, 2)  // B
	putAll(&w, 1, 0, 1, 1, 0, 0, 0)   // p-bits per endpoint
	bc7Indices(&w, 3, map[int]bool{3: true, 15: true}, map[int]uint64{1: 7, 2: 4, 3: 3})
	got := decodeBlock(decodeBC7, w.block(t))
	// s0: (0,0,0)…(255,255,255). s1: 5-bit 11111,00001,00001 → (255,8,8);
	// 00000,11110,00000 → (0,247,0). s2: 10000,01000,00100 → (132,66,33).
	checkSome(t, got, map[int]rgba8{
		0:  {0, 0, 0, 255},
		1:  {255, 255, 255, 255},
		2:  {108, 146, 3, 255}, // w=37: (27·255+32)>>6, (27·8+37·247+32)>>6, (27·8+32)>>6
		3:  {147, 109, 5, 255}, // w=27: (37·255+32)>>6, (37·8+27·247+32)>>6, (37·8+32)>>6
		4:  {0, 0, 0, 255},
		9:  {132, 66, 33, 255},
		15: {132, 66, 33, 255},
	})
}

func TestBC7Mode1(t *testing.T) {
	// Two subsets, partition 13 (rows 0–1 subset 0, rows 2–3 subset 1), anchor 15.
	var w bitWriter
	w.put(2, 2) // mode 1
	w.put(13, 6)
	putAll(&w, 6, 0, 63, 32, 32) // R
	putAll(&w, 6, 0, 63, 10, 10) // G
	putAll(&w, 6, 63, 0, 1, 1)   // B
	putAll(&w, 1, 1, 0)          // shared p-bit per subset
	bc7Indices(&w, 3, map[int]bool{15: true}, map[int]uint64{0: 3, 1: 5, 8: 6, 15: 2})
	got := decodeBlock(decodeBC7, w.block(t))
	// s0 (p=1): 7-bit 1,1,127 → (2,2,255); 127,127,1 → (255,255,2).
	// s1 (p=0): 64,20,2 → (129,40,4) at both ends.
	checkSome(t, got, map[int]rgba8{
		0:  {109, 109, 148, 255}, // w=27: (37·2+27·255+32)>>6, (37·255+27·2+32)>>6
		1:  {184, 184, 73, 255},  // w=46: (18·2+46·255+32)>>6, (18·255+46·2+32)>>6
		2:  {2, 2, 255, 255},
		8:  {129, 40, 4, 255},
		15: {129, 40, 4, 255},
	})
}

func TestBC7Mode2(t *testing.T) {
	// Three subsets, partition 8 (rows 0–1: 0, row 2: 1, row 3: 2); anchors 0, 8, 15.
	var w bitWriter
	w.put(4, 3) // mode 2
	w.put(8, 6)
	putAll(&w, 5, 31, 0, 16, 16, 0, 31) // R
	putAll(&w, 5, 0, 31, 8, 8, 0, 0)    // G
	putAll(&w, 5, 0, 0, 0, 31, 31, 31)  // B
	bc7Indices(&w, 2, map[int]bool{8: true, 15: true}, map[int]uint64{0: 1, 1: 2, 8: 1, 12: 3, 15: 1})
	got := decodeBlock(decodeBC7, w.block(t))
	// 31 → 255, 16 → 132, 8 → 66. s0 (255,0,0)…(0,255,0); s1 (132,66,0)…(132,66,255);
	// s2 (0,0,255)…(255,0,255).
	checkSome(t, got, map[int]rgba8{
		0:  {171, 84, 0, 255}, // w=21: (43·255+32)>>6, (21·255+32)>>6
		1:  {84, 171, 0, 255}, // w=43
		2:  {255, 0, 0, 255},
		8:  {132, 66, 84, 255},
		12: {255, 0, 255, 255},
		15: {84, 0, 255, 255},
	})
}

func TestBC7Mode3(t *testing.T) {
	// Two subsets, partition 0 (columns 2–3 subset 1), anchor 15; 7 bits + p-bit.
	var w bitWriter
	w.put(8, 4) // mode 3
	w.put(0, 6)
	putAll(&w, 7, 127, 0, 64, 0) // R
	putAll(&w, 7, 0, 127, 0, 64) // G
	putAll(&w, 7, 1, 2, 3, 4)    // B
	putAll(&w, 1, 1, 0, 0, 1)    // p-bits
	bc7Indices(&w, 2, map[int]bool{15: true}, map[int]uint64{0: 1, 2: 2, 15: 1})
	got := decodeBlock(decodeBC7, w.block(t))
	// s0: (255,1,3)…(0,254,4); s1: (128,0,6)…(1,129,9).
	checkSome(t, got, map[int]rgba8{
		0:  {171, 84, 3, 255}, // w=21: (43·255+32)>>6, (43·1+21·254+32)>>6, (43·3+21·4+32)>>6
		1:  {255, 1, 3, 255},
		2:  {43, 87, 8, 255}, // w=43: (21·128+43·1+32)>>6, (43·129+32)>>6, (21·6+43·9+32)>>6
		15: {86, 42, 7, 255}, // w=21: (43·128+21+32)>>6, (21·129+32)>>6, (43·6+21·9+32)>>6
	})
}

func TestBC7Mode4(t *testing.T) {
	// One subset, rotation 1 (swap A and R), index selection 1 (colour takes
	// the 3-bit indices, alpha the 2-bit ones).
	var w bitWriter
	w.put(16, 5)         // mode 4
	w.put(1, 2)          // rotation
	w.put(1, 1)          // index selection
	putAll(&w, 5, 31, 0) // R
	putAll(&w, 5, 0, 31) // G
	putAll(&w, 5, 16, 16)
	putAll(&w, 6, 63, 0) // A
	bc7Indices(&w, 2, nil, map[int]uint64{0: 1, 1: 2})
	bc7Indices(&w, 3, nil, map[int]uint64{0: 3, 1: 7})
	got := decodeBlock(decodeBC7, w.block(t))
	// Endpoints (255,0,132,255) and (0,255,132,0).
	checkSome(t, got, map[int]rgba8{
		// colour w=27 → (147,108,132), alpha w=21 → 171; then swap A,R.
		0: {171, 108, 132, 147},
		// colour w=64 → (0,255,132), alpha w=43 → 84; swapped.
		1: {84, 255, 132, 0},
		2: {255, 0, 132, 255},
	})
}

func TestBC7Mode5(t *testing.T) {
	// One subset, rotation 2 (swap A and G), 7-bit colour, 8-bit alpha.
	var w bitWriter
	w.put(32, 6) // mode 5
	w.put(2, 2)  // rotation
	putAll(&w, 7, 127, 0)
	putAll(&w, 7, 0, 127)
	putAll(&w, 7, 64, 64)
	putAll(&w, 8, 200, 100)
	bc7Indices(&w, 2, nil, map[int]uint64{0: 1, 5: 3})
	bc7Indices(&w, 2, nil, map[int]uint64{0: 1, 5: 2})
	got := decodeBlock(decodeBC7, w.block(t))
	// Endpoints (255,0,129,200) and (0,255,129,100).
	checkSome(t, got, map[int]rgba8{
		0: {171, 167, 129, 84}, // colour w=21 (171,84,129); alpha (43·200+21·100+32)>>6 = 167
		5: {0, 133, 129, 255},  // colour w=64 (0,255,129); alpha (21·200+43·100+32)>>6 = 133
		1: {255, 200, 129, 0},  // index 0 both: (255,0,129,200), swapped
	})
}

func TestBC7Mode6(t *testing.T) {
	var w bitWriter
	w.put(64, 7)           // mode 6
	putAll(&w, 7, 100, 20) // R
	putAll(&w, 7, 50, 60)  // G
	putAll(&w, 7, 0, 127)  // B
	putAll(&w, 7, 127, 0)  // A
	putAll(&w, 1, 1, 0)    // p-bits
	bc7Indices(&w, 4, nil, map[int]uint64{0: 7, 1: 15, 2: 8})
	got := decodeBlock(decodeBC7, w.block(t))
	// Endpoints (201,101,1,255) and (40,120,254,0).
	checkSome(t, got, map[int]rgba8{
		0: {126, 110, 120, 135}, // w=30
		1: {40, 120, 254, 0},
		2: {115, 111, 135, 120}, // w=34
		3: {201, 101, 1, 255},
	})
}

func TestBC7Mode7(t *testing.T) {
	// Two subsets, partition 1 (column 3 subset 1), anchor 15; 5+1-bit RGBA.
	var w bitWriter
	w.put(128, 8) // mode 7
	w.put(1, 6)
	putAll(&w, 5, 31, 0, 0, 0)   // R
	putAll(&w, 5, 0, 0, 31, 0)   // G
	putAll(&w, 5, 0, 31, 0, 0)   // B
	putAll(&w, 5, 31, 31, 16, 0) // A
	putAll(&w, 1, 1, 0, 1, 0)
	bc7Indices(&w, 2, map[int]bool{15: true}, map[int]uint64{0: 1, 3: 2, 15: 0})
	got := decodeBlock(decodeBC7, w.block(t))
	// 6-bit → 8-bit: 63 → 255, 1 → 4, 62 → 251, 33 → 134.
	// s0 (255,4,4,255)…(0,0,251,251); s1 (4,255,4,134)…(0,0,0,0).
	checkSome(t, got, map[int]rgba8{
		0:  {171, 3, 85, 254},
		1:  {255, 4, 4, 255},
		3:  {1, 84, 1, 44},
		15: {4, 255, 4, 134},
	})
}

func TestBC7Reserved(t *testing.T) {
	b := make([]byte, 16)
	for i := range b {
		b[i] = 0xAA
	}
	b[0] = 0
	got := decodeBlock(decodeBC7, b)
	checkTexels(t, got, func(int) rgba8 { return rgba8{} })
}

// The anchor of every subset must lie in that subset, and the tables must
// match a second transcription: the two-subset table as rows of the spec.
func TestBPTCTables(t *testing.T) {
	for p := range 64 {
		sub, anchors := subsetMap(2, uint32(p))
		if sub[anchor2[p]] != 1 {
			t.Errorf("2-subset partition %d: anchor %d not in subset 1", p, anchor2[p])
		}
		_ = anchors
		sub, _ = subsetMap(3, uint32(p))
		if sub[anchor3a[p]] != 1 || sub[anchor3b[p]] != 2 {
			t.Errorf("3-subset partition %d: anchors %d,%d not in subsets 1,2", p, anchor3a[p], anchor3b[p])
		}
		if sub[0] != 0 {
			t.Errorf("3-subset partition %d: texel 0 not in subset 0", p)
		}
	}
	rows := map[int]string{
		0: "0011001100110011", 13: "0000000011111111", 16: "0000100011101111",
		17: "0111000100000000", 35: "0011001111001100", 63: "0100010001110111",
	}
	for p, r := range rows {
		sub, _ := subsetMap(2, uint32(p))
		for i := range 16 {
			if sub[i] != r[i]-'0' {
				t.Errorf("partition2[%d] texel %d = %d, want %c", p, i, sub[i], r[i])
			}
		}
	}
}
