package dds

import (
	"bytes"
	"testing"
)

// benchFile builds a 4096×4096 file of varied blocks: for BC7 every mode in
// turn with filler bits; for BC1 filler (both colour modes occur).
func benchFile(b *testing.B, dxgi uint32) []byte {
	b.Helper()
	const n = 4096
	blocks := (n / 4) * (n / 4)
	l := lcg(7)
	var data []byte
	switch dxgi {
	case 98:
		data = make([]byte, 0, blocks*16)
		for len(data) < blocks*16 {
			data = append(data, bc7Blocks(&l)...)
		}
	case 71:
		data = l.bytes(blocks * 8)
	}
	return buildDDS(ddsHeader{w: n, h: n, dx10: true, dxgi: dxgi}, data)
}

func benchDecode(b *testing.B, dxgi uint32) {
	file := benchFile(b, dxgi)
	b.SetBytes(4096 * 4096 * 4) // decoded RGBA bytes per op
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, _, err := Decode(bytes.NewReader(file), Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// Run with -cpu 1,2 to see what decoding rows of blocks in parallel buys.
func BenchmarkDecodeBC7_4096(b *testing.B) { benchDecode(b, 98) }
func BenchmarkDecodeBC1_4096(b *testing.B) { benchDecode(b, 71) }
