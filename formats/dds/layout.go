package dds

import (
	"encoding/binary"
	"image"
	"math"
	"sync"
)

type chanKind uint8

const (
	kNone  chanKind = iota
	kUnorm          // n-bit unsigned normalized
	kSnorm          // n-bit two's complement normalized
	kFloat          // IEEE float of 32 or 16 bits, or unsigned 11/10-bit float
)

// channel is one field of a packed pixel, counted from the least
// significant bit of the little-endian pixel.
type channel struct {
	shift, bits uint8
	kind        chanKind
}

// layout is an uncompressed pixel layout: DXGI formats and every mask-based
// legacy format share it.
type layout struct {
	bpp  int
	c    [4]channel // R, G, B, A
	grey bool       // a single value shown as R = G = B
	lut  [4]*[256]uint8
}

// prepare builds lookup tables for the fields of up to 8 bits.
func (l *layout) prepare() {
	for i, c := range l.c {
		if c.bits == 0 || c.bits > 8 || l.lut[i] != nil {
			continue
		}
		t := new([256]uint8)
		for v := range 1 << c.bits {
			t[v] = convert(c, uint64(v))
		}
		l.lut[i] = t
	}
}

// convert maps a raw field to 8 bits. UNORM rounds v·255/max to nearest
// (the exact value of the definition, not bit replication); SNORM becomes an
// 8-bit signed value s (−127…127, −128 clamped) shown as s+128, so 0 is 128;
// floats are clamped to 0…1 and scaled by 255 with rounding.
func convert(c channel, v uint64) uint8 {
	n := uint(c.bits)
	switch c.kind {
	case kUnorm:
		m := uint64(1)<<n - 1
		return uint8((v*255 + m/2) / m)
	case kSnorm:
		s := int64(v<<(64-n)) >> (64 - n)
		half := int64(1)<<(n-1) - 1
		s = max(s, -half)
		if n != 8 {
			s = roundDiv(s*127, half)
		}
		return uint8(s + 128)
	case kFloat:
		var f float64
		switch n {
		case 32:
			f = float64(math.Float32frombits(uint32(v)))
		case 16:
			return half8()[v&0xffff]
		default: // 11 and 10: 5-bit exponent, no sign
			f = smallFloat(uint32(v), n-5)
		}
		return unitTo8(f)
	}
	return 0
}

// roundDiv divides rounding half away from zero.
func roundDiv(a, b int64) int64 {
	if a < 0 {
		return -((-a + b/2) / b)
	}
	return (a + b/2) / b
}

func unitTo8(f float64) uint8 {
	if !(f > 0) { // also NaN
		return 0
	}
	if f >= 1 {
		return 255
	}
	return uint8(f*255 + 0.5)
}

func halfToFloat(h uint16) float64 {
	f := smallFloat(uint32(h&0x7fff), 10)
	if h&0x8000 != 0 {
		return -f
	}
	return f
}

// smallFloat decodes an unsigned float with a 5-bit exponent (bias 15) and
// an m-bit mantissa: half floats without the sign, and the 11/10-bit floats.
func smallFloat(v uint32, m uint) float64 {
	e := int(v >> m)
	f := float64(v & (1<<m - 1))
	switch e {
	case 0:
		return math.Ldexp(f, -14-int(m))
	case 31:
		if f != 0 {
			return math.NaN()
		}
		return math.Inf(1)
	}
	return math.Ldexp(1+f/float64(uint32(1)<<m), e-15)
}

var (
	halfLUTOnce sync.Once
	halfLUT     *[65536]uint8
)

// half8 is the tone map for half floats: clamp to 0…1, scale by 255, round.
func half8() *[65536]uint8 {
	halfLUTOnce.Do(func() {
		t := new([65536]uint8)
		for h := range 65536 {
			t[h] = unitTo8(halfToFloat(uint16(h)))
		}
		halfLUT = t
	})
	return halfLUT
}

// decode fills img from tightly packed rows of pitch bytes.
func (l *layout) decode(img *image.NRGBA, data []byte, pitch int64) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	bpp := l.bpp / 8
	parallelRows(h, w*h, func(y0, y1 int) {
		var px [24]byte // room to read 8 bytes at any field of a 128-bit pixel
		for y := y0; y < y1; y++ {
			src := data[int64(y)*pitch:]
			dst := img.Pix[y*img.Stride:]
			for x := range w {
				var v uint64
				p := src[x*bpp : x*bpp+bpp]
				if bpp <= 8 {
					copy(px[:8], p)
					clear(px[len(p):8])
					v = binary.LittleEndian.Uint64(px[:])
				} else {
					copy(px[:], p)
					clear(px[len(p):])
				}
				var out [4]uint8
				for i := range 4 {
					c := l.c[i]
					if c.bits == 0 {
						if i == 3 {
							out[i] = 255
						}
						continue
					}
					var raw uint64
					if bpp <= 8 {
						raw = v >> c.shift
					} else {
						raw = binary.LittleEndian.Uint64(px[c.shift/8:]) >> (c.shift % 8)
					}
					raw &= 1<<c.bits - 1
					if t := l.lut[i]; t != nil {
						out[i] = t[raw]
					} else {
						out[i] = convert(c, raw)
					}
				}
				if l.grey {
					out[1], out[2] = out[0], out[0]
				}
				copy(dst[4*x:4*x+4], out[:])
			}
		}
	})
}
