package dds

import (
	"encoding/binary"
	"math"
)

// Block encoders for BC1–BC5. Each takes the 16 texels of a 4×4 block as
// straight RGBA (texel i at x = i%4, y = i/4) and writes one block. Errors
// are measured with the decoder's own palette arithmetic (unormN, third,
// mid, unormPalette), so what the encoder minimises is what decodes.

type texels = [16][4]uint8

// bc1Palette is the decoded palette of endpoints c0, c1 in the four-colour
// (four true) or three-colour mode, as RGB.
func bc1Palette(c0, c1 uint16, four bool) [4][3]int32 {
	r0, g0, b0 := uint32(c0>>11), uint32(c0>>5&63), uint32(c0&31)
	r1, g1, b1 := uint32(c1>>11), uint32(c1>>5&63), uint32(c1&31)
	var p [4][3]int32
	p[0] = [3]int32{int32(unormN(r0, 31)), int32(unormN(g0, 63)), int32(unormN(b0, 31))}
	p[1] = [3]int32{int32(unormN(r1, 31)), int32(unormN(g1, 63)), int32(unormN(b1, 31))}
	if four {
		p[2] = [3]int32{int32(third(r0, r1, 31)), int32(third(g0, g1, 63)), int32(third(b0, b1, 31))}
		p[3] = [3]int32{int32(third(r1, r0, 31)), int32(third(g1, g0, 63)), int32(third(b1, b0, 31))}
	} else {
		p[2] = [3]int32{int32(mid(r0, r1, 31)), int32(mid(g0, g1, 63)), int32(mid(b0, b1, 31))}
	}
	return p
}

// colorTexels are a block's texels as RGB ints and the mask of those that
// count (the opaque ones in BC1's 1-bit alpha mode), converted once per block.
type colorTexels struct {
	px   [16][3]int32
	mask uint16
}

func newColorTexels(px *texels, mask uint16) *colorTexels {
	w := &colorTexels{mask: mask}
	for i := range 16 {
		w.px[i] = [3]int32{int32(px[i][0]), int32(px[i][1]), int32(px[i][2])}
	}
	return w
}

// bc1Indices picks the nearest of the first n palette entries for every
// texel with mask bit set (the others get index 3, transparent) and returns
// the packed indices and the summed squared RGB error.
func bc1Indices(w *colorTexels, pal *[4][3]int32, n int) (uint32, int) {
	if n == 4 && w.mask == 0xFFFF {
		return bc1Project(w, pal)
	}
	var idx uint32
	total := int32(0)
	for i := range 16 {
		if w.mask>>i&1 == 0 {
			idx |= 3 << (2 * i)
			continue
		}
		p := &w.px[i]
		best, bestE := int32(0), int32(math.MaxInt32)
		for k := range n {
			dr, dg, db := p[0]-pal[k][0], p[1]-pal[k][1], p[2]-pal[k][2]
			if e := dr*dr + dg*dg + db*db; e < bestE {
				best, bestE = int32(k), e
			}
		}
		idx |= uint32(best) << (2 * i)
		total += bestE
	}
	return idx, int(total)
}

// bc1Project is bc1Indices for the four-colour palette of a full block,
// about twice as fast: the palette lies on a line in the order 0, 2, 3, 1,
// so the texel's position along it picks the entry (the nearest one but
// where rounding bends the line by a level). The error is that entry's.
func bc1Project(w *colorTexels, pal *[4][3]int32) (uint32, int) {
	d := [3]int32{pal[1][0] - pal[0][0], pal[1][1] - pal[0][1], pal[1][2] - pal[0][2]}
	dd := d[0]*d[0] + d[1]*d[1] + d[2]*d[2]
	order := [4]uint32{0, 2, 3, 1}
	var idx uint32
	total := int32(0)
	for i := range 16 {
		p := &w.px[i]
		k := uint32(0)
		if dd > 0 {
			// 6·t·dd against dd, 3dd, 5dd: the midpoints between entries.
			t6 := 6 * ((p[0]-pal[0][0])*d[0] + (p[1]-pal[0][1])*d[1] + (p[2]-pal[0][2])*d[2])
			switch {
			case t6 >= 5*dd:
				k = 3
			case t6 >= 3*dd:
				k = 2
			case t6 >= dd:
				k = 1
			}
		}
		e := order[k]
		q := &pal[e]
		dr, dg, db := p[0]-q[0], p[1]-q[1], p[2]-q[2]
		total += dr*dr + dg*dg + db*db
		idx |= e << (2 * i)
	}
	return idx, int(total)
}

// to565 quantises an RGB colour (0…255 floats) to RGB565, rounding.
func to565(c [3]float64) uint16 {
	q := func(v float64, m float64) uint16 {
		return uint16(math.Round(min(max(v, 0), 255) * m / 255))
	}
	return q(c[0], 31)<<11 | q(c[1], 63)<<5 | q(c[2], 31)
}

// principalEnds returns the two ends of the texels' spread along their
// principal axis (power iteration on the covariance), in RGB.
func principalEnds(px *texels, mask uint16) (lo, hi [3]float64) {
	var mean [3]float64
	n := 0.0
	for i := range 16 {
		if mask>>i&1 != 0 {
			for c := range 3 {
				mean[c] += float64(px[i][c])
			}
			n++
		}
	}
	if n == 0 {
		return
	}
	for c := range 3 {
		mean[c] /= n
	}
	var cov [3][3]float64
	for i := range 16 {
		if mask>>i&1 == 0 {
			continue
		}
		var d [3]float64
		for c := range 3 {
			d[c] = float64(px[i][c]) - mean[c]
		}
		for a := range 3 {
			for b := range 3 {
				cov[a][b] += d[a] * d[b]
			}
		}
	}
	// Start from the covariance row of the widest channel: never zero when
	// the texels differ, even when channels vary against each other (red
	// against blue), where the row sums cancel.
	k := 0
	for c := 1; c < 3; c++ {
		if cov[c][c] > cov[k][k] {
			k = c
		}
	}
	axis := cov[k]
	if axis == [3]float64{} {
		axis = [3]float64{1, 1, 1}
	}
	for range 6 {
		var nx [3]float64
		for a := range 3 {
			nx[a] = cov[a][0]*axis[0] + cov[a][1]*axis[1] + cov[a][2]*axis[2]
		}
		l := math.Sqrt(nx[0]*nx[0] + nx[1]*nx[1] + nx[2]*nx[2])
		if l < 1e-9 {
			break
		}
		axis = [3]float64{nx[0] / l, nx[1] / l, nx[2] / l}
	}
	l := math.Sqrt(axis[0]*axis[0] + axis[1]*axis[1] + axis[2]*axis[2])
	for c := range 3 {
		axis[c] /= l
	}
	tmin, tmax := math.Inf(1), math.Inf(-1)
	for i := range 16 {
		if mask>>i&1 == 0 {
			continue
		}
		t := 0.0
		for c := range 3 {
			t += (float64(px[i][c]) - mean[c]) * axis[c]
		}
		tmin, tmax = min(tmin, t), max(tmax, t)
	}
	for c := range 3 {
		lo[c] = mean[c] + tmin*axis[c]
		hi[c] = mean[c] + tmax*axis[c]
	}
	return
}

// leastSquares refits both endpoints to the texels given their indices:
// texel i is (1−w)·e0 + w·e1 with w from weights[index].
func leastSquares(px *texels, mask uint16, idx uint32, weights []float64) (e0, e1 [3]float64, ok bool) {
	var aa, ab, bb float64
	var ax, bx [3]float64
	for i := range 16 {
		if mask>>i&1 == 0 {
			continue
		}
		w := weights[idx>>(2*i)&3]
		a, b := 1-w, w
		aa += a * a
		ab += a * b
		bb += b * b
		for c := range 3 {
			ax[c] += a * float64(px[i][c])
			bx[c] += b * float64(px[i][c])
		}
	}
	det := aa*bb - ab*ab
	if math.Abs(det) < 1e-9 {
		return e0, e1, false
	}
	for c := range 3 {
		e0[c] = (bb*ax[c] - ab*bx[c]) / det
		e1[c] = (aa*bx[c] - ab*ax[c]) / det
	}
	return e0, e1, true
}

var (
	weights4c = []float64{0, 1, 1.0 / 3, 2.0 / 3}
	weights3c = []float64{0, 1, 0.5, 0}
)

// bc1Candidate is one encoding of a colour block and its error.
type bc1Candidate struct {
	c0, c1 uint16
	idx    uint32
	err    int
}

func evalColor(w *colorTexels, c0, c1 uint16, four bool) bc1Candidate {
	if four && c0 < c1 || !four && c0 > c1 {
		c0, c1 = c1, c0
	}
	if four && c0 == c1 {
		// Equal endpoints read as the three-colour mode in BC1; with only
		// index 0 used both modes decode the same.
		pal := bc1Palette(c0, c1, true)
		idx, e := bc1Indices(w, &pal, 1)
		return bc1Candidate{c0, c1, idx, e}
	}
	n := 4
	if !four {
		n = 3
	}
	pal := bc1Palette(c0, c1, four)
	idx, e := bc1Indices(w, &pal, n)
	return bc1Candidate{c0, c1, idx, e}
}

// encodeColor finds a BC1 colour block for the texels in mask. Four colours
// unless three is set (BC1's 1-bit alpha mode, index 3 transparent).
func encodeColor(px *texels, mask uint16, four bool) bc1Candidate {
	if mask == 0 {
		return bc1Candidate{0, 0, 0xFFFFFFFF, 0}
	}
	lo, hi := principalEnds(px, mask)
	w := newColorTexels(px, mask)
	best := evalColor(w, to565(hi), to565(lo), four)
	weights := weights4c
	if !four {
		weights = weights3c
	}
	for range 2 {
		if best.err == 0 {
			break
		}
		e0, e1, ok := leastSquares(px, mask, best.idx, weights)
		if !ok {
			break
		}
		c := evalColor(w, to565(e0), to565(e1), four)
		if c.err >= best.err {
			break
		}
		best = c
	}
	return perturb(w, best, four)
}

// perturb tries moving each endpoint channel one step up or down, keeping
// what lowers the error, in one sweep: the rounding of a least-squares fit
// to 5:6:5 is often one step off. Blocks already within one level per
// texel and channel are left as they are.
func perturb(w *colorTexels, best bc1Candidate, four bool) bc1Candidate {
	type field struct {
		shift uint
		max   uint16
	}
	fields := [3]field{{11, 31}, {5, 63}, {0, 31}}
	if best.err <= 48 {
		return best
	}
	for range 1 {
		improved := false
		for e := range 2 {
			for _, f := range fields {
				for _, d := range [2]int{-1, 1} {
					if best.err == 0 {
						return best
					}
					c := [2]uint16{best.c0, best.c1}
					v := int(c[e] >> f.shift & f.max)
					if v+d < 0 || v+d > int(f.max) {
						continue
					}
					c[e] = c[e]&^(f.max<<f.shift) | uint16(v+d)<<f.shift
					if n := evalColor(w, c[0], c[1], four); n.err < best.err {
						best, improved = n, true
					}
				}
			}
		}
		if !improved {
			break
		}
	}
	return best
}

func putBC1(dst []byte, c bc1Candidate) {
	binary.LittleEndian.PutUint16(dst, c.c0)
	binary.LittleEndian.PutUint16(dst[2:], c.c1)
	binary.LittleEndian.PutUint32(dst[4:], c.idx)
}

// encodeBC1 writes an 8-byte BC1 block. Texels with alpha below 128 make
// the block use the three-colour mode with those texels transparent.
func encodeBC1(px *texels, dst []byte) {
	var mask uint16
	for i := range 16 {
		if px[i][3] >= 128 {
			mask |= 1 << i
		}
	}
	if mask == 0xFFFF {
		putBC1(dst, encodeColor(px, mask, true))
		return
	}
	putBC1(dst, encodeColor(px, mask, false))
}

// encodeBC2 writes explicit 4-bit alpha, then a four-colour block.
func encodeBC2(px *texels, dst []byte) {
	var a uint64
	for i := range 16 {
		a |= uint64((uint32(px[i][3])+8)/17) << (4 * i)
	}
	binary.LittleEndian.PutUint64(dst, a)
	putBC1(dst[8:], encodeColor(px, 0xFFFF, true))
}

// encodeBC3 writes an interpolated alpha block, then a four-colour block.
func encodeBC3(px *texels, dst []byte) {
	var a [16]uint8
	for i := range 16 {
		a[i] = px[i][3]
	}
	encodeChannel(&a, dst)
	putBC1(dst[8:], encodeColor(px, 0xFFFF, true))
}

// encodeBC4 stores red (grey pictures have R = G = B).
func encodeBC4(px *texels, dst []byte) {
	var v [16]uint8
	for i := range 16 {
		v[i] = px[i][0]
	}
	encodeChannel(&v, dst)
}

// encodeBC5 stores red, then green.
func encodeBC5(px *texels, dst []byte) {
	var r, g [16]uint8
	for i := range 16 {
		r[i], g[i] = px[i][0], px[i][1]
	}
	encodeChannel(&r, dst)
	encodeChannel(&g, dst[8:])
}

// channelIndices picks the nearest palette entry per value and returns the
// 48 index bits and the summed squared error.
func channelIndices(v *[16]uint8, p *[8]uint8) (uint64, int) {
	var idx uint64
	total := 0
	for i := range 16 {
		best, bestE := 0, math.MaxInt
		for k := range 8 {
			d := int(v[i]) - int(p[k])
			if e := d * d; e < bestE {
				best, bestE = k, e
			}
		}
		idx |= uint64(best) << (3 * i)
		total += bestE
	}
	return idx, total
}

// channelProject is channelIndices for the eight-value palette (a0 > a1),
// whose entries run a0, p2 … p7, a1 evenly: the value's position between
// the ends picks the entry. The error is that entry's.
func channelProject(v *[16]uint8, p *[8]uint8, a0, a1 int32) (uint64, int) {
	order := [8]uint64{0, 2, 3, 4, 5, 6, 7, 1}
	span := a0 - a1
	var idx uint64
	total := 0
	for i := range 16 {
		x := min(max(int32(v[i]), a1), a0)
		k := ((a0-x)*14 + span) / (2 * span) // round(7·(a0−x)/span)
		e := order[k]
		d := int(v[i]) - int(p[e])
		total += d * d
		idx |= e << (3 * i)
	}
	return idx, total
}

type channelCandidate struct {
	a0, a1 uint8
	idx    uint64
	err    int
}

func evalChannel(v *[16]uint8, a0, a1 uint8) channelCandidate {
	p := unormPalette(uint32(a0), uint32(a1))
	if a0 > a1 {
		idx, e := channelProject(v, &p, int32(a0), int32(a1))
		return channelCandidate{a0, a1, idx, e}
	}
	idx, e := channelIndices(v, &p)
	return channelCandidate{a0, a1, idx, e}
}

// encodeChannel writes a BC4 / BC3-alpha block (8 bytes). It tries the
// eight-value mode from the range ends and a few insets of them, and the
// six-value mode over the values other than 0 and 255 (which that mode
// has for free).
func encodeChannel(v *[16]uint8, dst []byte) {
	lo, hi := uint8(255), uint8(0)
	ilo, ihi := uint8(255), uint8(0) // range of the values that are not 0 or 255
	for _, x := range v {
		lo, hi = min(lo, x), max(hi, x)
		if x != 0 && x != 255 {
			ilo, ihi = min(ilo, x), max(ihi, x)
		}
	}
	var best channelCandidate
	if lo == hi {
		best = channelCandidate{lo, lo, 0, 0} // a0 ≤ a1: index 0 is a0
	} else {
		best = evalChannel(v, hi, lo)
		k := min(3, int(hi-lo)/8)
		for d0 := 0; d0 <= k && best.err > 0; d0++ {
			for d1 := 0; d1 <= k; d1++ {
				a0, a1 := hi-uint8(d0), lo+uint8(d1)
				if a0 <= a1 || d0+d1 == 0 {
					continue
				}
				if c := evalChannel(v, a0, a1); c.err < best.err {
					best = c
				}
			}
		}
		if best.err > 0 {
			if ilo > ihi {
				ilo, ihi = 0, 0 // only 0s and 255s
			}
			if c := evalChannel(v, ilo, ihi); c.err < best.err {
				best = c
			}
		}
	}
	dst[0], dst[1] = best.a0, best.a1
	for i := range 6 {
		dst[2+i] = uint8(best.idx >> (8 * i))
	}
}
