package mpp

import (
	"bytes"
	"encoding/binary"
	"flag"
	"math"
	"testing"

	"packsmith/internal/fuzzseed"
)

var updateSeeds = flag.Bool("update-seeds", false, "rewrite testdata/fuzz/FuzzDecode from seedGrids")

type seed struct {
	name string
	data []byte
}

// rawGrid builds file bytes directly, so seeds may also be invalid.
func rawGrid(w, h int32, floats [4]float32, cells []byte) []byte {
	b := make([]byte, 24, 24+len(cells))
	binary.LittleEndian.PutUint32(b[0:], uint32(w))
	binary.LittleEndian.PutUint32(b[4:], uint32(h))
	for i, f := range floats {
		binary.LittleEndian.PutUint32(b[8+4*i:], math.Float32bits(f))
	}
	return append(b, cells...)
}

func artCells(rows ...string) []byte {
	var b []byte
	for _, r := range rows {
		for _, ch := range r {
			switch ch {
			case '.':
				b = append(b, 0x00)
			case '#':
				b = append(b, 0x01)
			default:
				b = append(b, 0xFF)
			}
		}
	}
	return b
}

// seedGrids is the generator of the committed fuzz seeds: small grids of
// each kind the decoder and the analysis distinguish.
func seedGrids() []seed {
	stub := bytes.Repeat([]byte{0xFF}, 50*50)
	return []seed{
		{"walkable_1x1", rawGrid(1, 1, [4]float32{0, 0, 0.4, 0.4}, []byte{0x00})},
		{"wall_1x1", rawGrid(1, 1, [4]float32{}, []byte{0x01})},
		{"void_1x1", rawGrid(1, 1, [4]float32{}, []byte{0xFF})},
		{"mixed_3x2", rawGrid(3, 2, [4]float32{10, 20, 1.2, 0.8}, artCells(".#~", "~#."))},
		{"pocket_thin_wall_8x4", rawGrid(8, 4, [4]float32{0, 0, 3.2, 1.6}, artCells(
			"~~~~~~~~",
			"~...#..~",
			"~...#..~",
			"~~~~~~.~"))},
		{"pockets_chain_11x5", rawGrid(11, 5, [4]float32{}, artCells(
			"......##.#.",
			"......##.#.",
			"......####.",
			"......####~",
			"......####."))},
		{"stub_50x50", rawGrid(50, 50, [4]float32{10, 10, 20, 20}, stub)},
		{"nan_floats_2x2", append(rawGrid(2, 2, [4]float32{}, nil)[:8],
			0x01, 0x00, 0xC0, 0x7F, 0x00, 0x00, 0x80, 0xFF, 0, 0, 0, 0x80, 1, 0, 0, 0, 0, 1, 0xFF, 0)},
		{"header_only", rawGrid(1, 1, [4]float32{}, nil)},
		{"short_header", make([]byte, 12)},
		{"bad_cell", rawGrid(2, 1, [4]float32{}, []byte{0x00, 0x02})},
		{"negative_width", rawGrid(-3, 2, [4]float32{}, make([]byte, 6))},
		{"huge_dims", rawGrid(math.MaxInt32, math.MaxInt32, [4]float32{}, []byte{0})},
	}
}

// TestFuzzSeeds keeps testdata/fuzz/FuzzDecode equal to seedGrids; run
// with -update-seeds to rewrite it.
func TestFuzzSeeds(t *testing.T) {
	seeds := map[string][]byte{}
	for _, s := range seedGrids() {
		seeds[s.name] = s.data
	}
	fuzzseed.Sync(t, "FuzzDecode", seeds, *updateSeeds)
}
