package dds

// Hooks for the external tests (package dds_test), which read the real
// fixtures through backend/archive and so cannot live in package dds.

// Texels is a 4×4 block of straight RGBA texels, texel i at x = i%4, y = i/4.
type Texels = texels

// blockSSE decodes block with fn and sums the squared error over the
// first nc channels.
func blockSSE(fn blockFunc, block []byte, px *texels, nc int) int {
	out := decodeBlock(fn, block)
	e := 0
	for i := range 16 {
		for c := range nc {
			d := int(out[i][c]) - int(px[i][c])
			e += d * d
		}
	}
	return e
}

// FastBC1 and the others return the block and its squared error as the
// package's decoder reads it back (RGB for BC1, RGBA for BC3 and BC7).
func FastBC1(px *Texels) ([]byte, int) {
	b := make([]byte, 8)
	putBC1(b, encodeColor(px, 0xFFFF, true))
	return b, blockSSE(decodeBC1, b, px, 3)
}

func RefBC1(px *Texels) ([]byte, int, bool) {
	c, exhaustive := refColor(px)
	b := make([]byte, 8)
	putBC1(b, c)
	return b, blockSSE(decodeBC1, b, px, 3), exhaustive
}

func FastBC3(px *Texels) ([]byte, int) {
	b := make([]byte, 16)
	encodeBC3(px, b)
	return b, blockSSE(decodeBC3, b, px, 4)
}

func RefBC3(px *Texels) ([]byte, int, bool) {
	b := make([]byte, 16)
	var a [16]uint8
	for i := range 16 {
		a[i] = px[i][3]
	}
	ac, _ := refChannel(&a)
	b[0], b[1] = ac.a0, ac.a1
	for i := range 6 {
		b[2+i] = uint8(ac.idx >> (8 * i))
	}
	c, exhaustive := refColor(px)
	putBC1(b[8:], c)
	return b, blockSSE(decodeBC3, b, px, 4), exhaustive
}

func FastBC7(px *Texels) ([]byte, int) {
	b := make([]byte, 16)
	encodeBC7(px, b)
	return b, blockSSE(decodeBC7, b, px, 4)
}

func RefBC7(px *Texels) ([]byte, int) {
	r := refBC7(px)
	return r.block[:], blockSSE(decodeBC7, r.block[:], px, 4)
}

// WithThoroughBC7 runs fn with the "BC7" encoder swapped for bc7Thorough
// (the choice before the estimates gated it), for the benchmarks'
// comparison. Not safe alongside other encodes.
func WithThoroughBC7(fn func()) {
	fast := blockEncoders["BC7"]
	blockEncoders["BC7"] = bc7Thorough
	defer func() { blockEncoders["BC7"] = fast }()
	fn()
}

// ThoroughBC7 is FastBC7 with bc7Thorough.
func ThoroughBC7(px *Texels) ([]byte, int) {
	b := make([]byte, 16)
	bc7Thorough(px, b)
	return b, blockSSE(decodeBC7, b, px, 4)
}
