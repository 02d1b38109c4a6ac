package dds

import (
	"encoding/binary"
	"math"
)

// BC7 encoding. bc7Fit encodes a block in one mode with one partition,
// rotation and index selection; encodeBC7 chooses which to try, spending
// full fits only where a cheap estimate says they can pay:
//
//   - mode 6 (one subset, RGBA 7+1 bits, 4-bit indices) for every block;
//   - modes 4 and 5 (one channel indexed apart from the others) with the two
//     rotations rotationOrder estimates best (an opaque block's rotation 0
//     leaves its constant alpha alone, which mode 6 does better), one when
//     the block is noise (its error above bc7Noise);
//   - where the error is still above bc7Split (and not above bc7Noise,
//     noise no mode fits much better): the two-subset modes on the
//     bc7Candidates partitions rankPartitions estimates best, modes 1 and 3
//     for opaque blocks, mode 7 for blocks with alpha;
//
//   - opaque blocks still above bc7Three after those: mode 2 on the
//     bc7Candidates best three-subset partitions and mode 0 on its best;
//
// stopping as soon as the error is at most bc7Good.
//
// The reference in the tests tries every mode, partition, rotation and
// index selection, and measures how far this choice is from it; the
// previous choice (every rotation, three-subset modes, no split gate) is
// kept in the tests as bc7Thorough for the benchmark's comparison.

// bc7Candidates is how many two-subset partitions the fast path encodes fully.
const bc7Candidates = 2

// rankFull is how many partitions, by the cheap first estimate, get the
// full one in rankPartitions.
const rankFull = 12

// bc7Params picks one way of encoding a block.
type bc7Params struct {
	mode     int
	part     uint32
	rot, isb uint32
	iters    int // least-squares refinements after the first fit
}

type bc7Result struct {
	block [16]byte
	err   int
}

// expandBits widens an n-bit value to 8 bits by repeating its top bits,
// as the decoder does.
func expandBits(v uint32, n uint) uint32 {
	v <<= 8 - n
	return v | v>>n
}

// quantEnd quantises an endpoint (0…255 per channel) to bits per channel
// with p-bit p (pbits false: no p-bit). It returns the stored values and
// the decoded 8-bit ones.
func quantEnd(e [4]float64, nc int, bits uint, p uint32, pbits bool) (q, d [4]uint32) {
	tot := bits
	if pbits {
		tot++
	}
	maxv := float64(uint32(1)<<tot - 1)
	for c := range nc {
		v := min(max(e[c], 0), 255) / 255 * maxv
		var x uint32
		if pbits {
			x = uint32(min(max(math.Round((v-float64(p))/2), 0), float64(uint32(1)<<bits-1)))
			d[c] = expandBits(x<<1|p, tot)
		} else {
			x = uint32(min(max(math.Round(v), 0), maxv))
			d[c] = expandBits(x, tot)
		}
		q[c] = x
	}
	return
}

func endErr(e [4]float64, d [4]uint32, nc int) float64 {
	s := 0.0
	for c := range nc {
		x := e[c] - float64(d[c])
		s += x * x
	}
	return s
}

// subsetFit is one subset's (or one channel group's) endpoint pair.
type subsetFit struct {
	q [2][4]uint32 // stored values
	d [2][4]uint32 // decoded 8-bit values
	p [2]uint32    // p-bits per endpoint (equal for shared p-bits)
}

// quantPair quantises a pair of float endpoints over channels [c0, c1),
// choosing p-bits per endpoint (epb), per pair (spb) or none.
func quantPair(e [2][4]float64, c0, c1 int, bits uint, epb, spb bool) subsetFit {
	var f subsetFit
	sub := func(e [4]float64) [4]float64 {
		var o [4]float64
		copy(o[:c1-c0], e[c0:c1])
		return o
	}
	n := c1 - c0
	ea, eb := sub(e[0]), sub(e[1])
	put := func(k int, q, d [4]uint32, p uint32) {
		for c := range n {
			f.q[k][c0+c], f.d[k][c0+c] = q[c], d[c]
		}
		f.p[k] = p
	}
	switch {
	case epb:
		for k, ee := range [2][4]float64{ea, eb} {
			q0, d0 := quantEnd(ee, n, bits, 0, true)
			q1, d1 := quantEnd(ee, n, bits, 1, true)
			if endErr(ee, d1, n) < endErr(ee, d0, n) {
				put(k, q1, d1, 1)
			} else {
				put(k, q0, d0, 0)
			}
		}
	case spb:
		best := math.Inf(1)
		for p := uint32(0); p < 2; p++ {
			qa, da := quantEnd(ea, n, bits, p, true)
			qb, db := quantEnd(eb, n, bits, p, true)
			if s := endErr(ea, da, n) + endErr(eb, db, n); s < best {
				best = s
				put(0, qa, da, p)
				put(1, qb, db, p)
			}
		}
	default:
		qa, da := quantEnd(ea, n, bits, 0, false)
		qb, db := quantEnd(eb, n, bits, 0, false)
		put(0, qa, da, 0)
		put(1, qb, db, 0)
	}
	return f
}

// lineEnds fits a line through the texels in members over channels
// [c0, c1) and returns its extreme points there.
func lineEnds(px *[16][4]float64, members uint16, c0, c1 int) (e [2][4]float64) {
	if c0 == 0 && c1 >= 3 {
		return lineEndsRGB(px, members, c1 == 4)
	}
	var mean [4]float64
	n := 0.0
	for i := range 16 {
		if members>>i&1 != 0 {
			for c := c0; c < c1; c++ {
				mean[c] += px[i][c]
			}
			n++
		}
	}
	if n == 0 {
		return
	}
	for c := c0; c < c1; c++ {
		mean[c] /= n
	}
	var cov [4][4]float64
	for i := range 16 {
		if members>>i&1 == 0 {
			continue
		}
		for a := c0; a < c1; a++ {
			da := px[i][a] - mean[a]
			for b := c0; b < c1; b++ {
				cov[a][b] += da * (px[i][b] - mean[b])
			}
		}
	}
	// Start from the covariance row of the widest channel (see principalEnds).
	k := c0
	for c := c0 + 1; c < c1; c++ {
		if cov[c][c] > cov[k][k] {
			k = c
		}
	}
	axis := cov[k]
	norm := func(v *[4]float64) bool {
		l := 0.0
		for c := c0; c < c1; c++ {
			l += v[c] * v[c]
		}
		if l < 1e-12 {
			return false
		}
		l = math.Sqrt(l)
		for c := c0; c < c1; c++ {
			v[c] /= l
		}
		return true
	}
	if !norm(&axis) {
		for c := c0; c < c1; c++ {
			axis[c] = 1
		}
		norm(&axis)
	}
	for range 6 {
		var nx [4]float64
		for a := c0; a < c1; a++ {
			for b := c0; b < c1; b++ {
				nx[a] += cov[a][b] * axis[b]
			}
		}
		if !norm(&nx) {
			break
		}
		axis = nx
	}
	tmin, tmax := math.Inf(1), math.Inf(-1)
	for i := range 16 {
		if members>>i&1 == 0 {
			continue
		}
		t := 0.0
		for c := c0; c < c1; c++ {
			t += (px[i][c] - mean[c]) * axis[c]
		}
		tmin, tmax = min(tmin, t), max(tmax, t)
	}
	for c := c0; c < c1; c++ {
		e[0][c] = mean[c] + tmin*axis[c]
		e[1][c] = mean[c] + tmax*axis[c]
	}
	return
}

// lineEndsRGB is lineEnds over channels 0–2 (rgba false) or 0–3, each
// channel written out: the same sums in the same order, so the same ends.
func lineEndsRGB(px *[16][4]float64, members uint16, rgba bool) (e [2][4]float64) {
	a := 0.0 // alpha's weight: 0 leaves channel 3 out of every sum
	if rgba {
		a = 1
	}
	var m0, m1, m2, m3, n float64
	for i := range 16 {
		if members>>i&1 != 0 {
			p := &px[i]
			m0, m1, m2, m3 = m0+p[0], m1+p[1], m2+p[2], m3+p[3]*a
			n++
		}
	}
	if n == 0 {
		return
	}
	m0, m1, m2, m3 = m0/n, m1/n, m2/n, m3/n
	var c [4][4]float64
	for i := range 16 {
		if members>>i&1 == 0 {
			continue
		}
		p := &px[i]
		d0, d1, d2, d3 := p[0]-m0, p[1]-m1, p[2]-m2, (p[3]-m3)*a
		c[0][0] += d0 * d0
		c[0][1] += d0 * d1
		c[0][2] += d0 * d2
		c[0][3] += d0 * d3
		c[1][1] += d1 * d1
		c[1][2] += d1 * d2
		c[1][3] += d1 * d3
		c[2][2] += d2 * d2
		c[2][3] += d2 * d3
		c[3][3] += d3 * d3
	}
	c[1][0], c[2][0], c[3][0], c[2][1], c[3][1], c[3][2] = c[0][1], c[0][2], c[0][3], c[1][2], c[1][3], c[2][3]
	nc := 3
	if rgba {
		nc = 4
	}
	k := 0
	for ch := 1; ch < nc; ch++ {
		if c[ch][ch] > c[k][k] {
			k = ch
		}
	}
	v := c[k]
	norm := func(v *[4]float64) bool {
		l := v[0]*v[0] + v[1]*v[1] + v[2]*v[2] + v[3]*v[3]
		if l < 1e-12 {
			return false
		}
		l = math.Sqrt(l)
		v[0], v[1], v[2], v[3] = v[0]/l, v[1]/l, v[2]/l, v[3]/l
		return true
	}
	if !norm(&v) {
		v = [4]float64{1, 1, 1, a}
		norm(&v)
	}
	for range 6 {
		nx := [4]float64{
			c[0][0]*v[0] + c[0][1]*v[1] + c[0][2]*v[2] + c[0][3]*v[3],
			c[1][0]*v[0] + c[1][1]*v[1] + c[1][2]*v[2] + c[1][3]*v[3],
			c[2][0]*v[0] + c[2][1]*v[1] + c[2][2]*v[2] + c[2][3]*v[3],
			c[3][0]*v[0] + c[3][1]*v[1] + c[3][2]*v[2] + c[3][3]*v[3],
		}
		if !norm(&nx) {
			break
		}
		v = nx
	}
	tmin, tmax := math.Inf(1), math.Inf(-1)
	for i := range 16 {
		if members>>i&1 == 0 {
			continue
		}
		p := &px[i]
		t := (p[0]-m0)*v[0] + (p[1]-m1)*v[1] + (p[2]-m2)*v[2] + (p[3]-m3)*a*v[3]
		tmin, tmax = min(tmin, t), max(tmax, t)
	}
	mean := [4]float64{m0, m1, m2, m3}
	for ch := range nc {
		e[0][ch] = mean[ch] + tmin*v[ch]
		e[1][ch] = mean[ch] + tmax*v[ch]
	}
	return
}

// nearestWeight[ib][t] is the index whose weight is nearest to t (0…64).
var nearestWeight = func() (t [5][65]uint8) {
	for _, ib := range []uint{2, 3, 4} {
		w := weightsFor(ib)
		for x := range 65 {
			best := 0
			for k := range w {
				if absInt(int(w[k])-x) < absInt(int(w[best])-x) {
					best = k
				}
			}
			t[ib][x] = uint8(best)
		}
	}
	return
}()

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// pickIndices gives every member texel the palette entry of f nearest over
// channels [c0, c1), returns the indices and the summed squared error. The
// texel's projection on the endpoint line names a candidate; it and its
// two neighbours are measured exactly. RGB and RGBA, nearly every call,
// take a path written out per channel.
func pickIndices(px *[16][4]float64, members uint16, f *subsetFit, c0, c1 int, w []uint32, idx *[16]uint8) float64 {
	var pal [16][4]float64
	for k, wk := range w {
		for c := c0; c < c1; c++ {
			pal[k][c] = float64(((64-wk)*f.d[0][c] + wk*f.d[1][c] + 32) >> 6)
		}
	}
	ib := uint(2)
	switch len(w) {
	case 8:
		ib = 3
	case 16:
		ib = 4
	}
	var dir, lo [4]float64
	dd := 0.0
	for c := c0; c < c1; c++ {
		lo[c] = float64(f.d[0][c])
		dir[c] = float64(f.d[1][c]) - lo[c]
		dd += dir[c] * dir[c]
	}
	scale := 0.0
	if dd > 0 {
		scale = 64 / dd
	}
	near := &nearestWeight[ib]
	last := len(w) - 1
	if c0 == 0 && c1 >= 3 {
		return pickNearest(px, members, &pal, &dir, &lo, scale, near, last, c1 == 4, idx)
	}
	total := 0.0
	for i := range 16 {
		if members>>i&1 == 0 {
			continue
		}
		k0 := 0
		if dd > 0 {
			t := 0.0
			for c := c0; c < c1; c++ {
				t += (px[i][c] - lo[c]) * dir[c]
			}
			k0 = int(near[min(max(int(t*scale+0.5), 0), 64)])
		}
		best, bestE := 0, math.Inf(1)
		for k := max(k0-1, 0); k <= min(k0+1, last); k++ {
			e := 0.0
			for c := c0; c < c1; c++ {
				d := px[i][c] - pal[k][c]
				e += d * d
			}
			if e < bestE {
				best, bestE = k, e
			}
		}
		idx[i] = uint8(best)
		total += bestE
	}
	return total
}

// pickNearest is pickIndices' loop for channels 0–2 (rgba false) or 0–3,
// each channel written out.
func pickNearest(px *[16][4]float64, members uint16, pal *[16][4]float64, dir, lo *[4]float64, scale float64, near *[65]uint8, last int, rgba bool, idx *[16]uint8) float64 {
	a := 0.0
	if rgba {
		a = 1
	}
	total := 0.0
	for i := range 16 {
		if members>>i&1 == 0 {
			continue
		}
		p := &px[i]
		p3 := p[3] * a
		t := (p[0]-lo[0])*dir[0] + (p[1]-lo[1])*dir[1] + (p[2]-lo[2])*dir[2] + (p3-lo[3])*dir[3]*a
		k0 := int(near[min(max(int(t*scale+0.5), 0), 64)])
		best, bestE := 0, math.Inf(1)
		for k := max(k0-1, 0); k <= min(k0+1, last); k++ {
			q := &pal[k]
			d0, d1, d2, d3 := p[0]-q[0], p[1]-q[1], p[2]-q[2], (p3-q[3])*a
			if e := d0*d0 + d1*d1 + d2*d2 + d3*d3; e < bestE {
				best, bestE = k, e
			}
		}
		idx[i] = uint8(best)
		total += bestE
	}
	return total
}

// refit solves for the endpoints that best give the members' values with
// their current indices (least squares per channel).
func refit(px *[16][4]float64, members uint16, idx *[16]uint8, w []uint32, c0, c1 int) ([2][4]float64, bool) {
	var aa, ab, bb float64
	var ax, bx [4]float64
	for i := range 16 {
		if members>>i&1 == 0 {
			continue
		}
		t := float64(w[idx[i]]) / 64
		a, b := 1-t, t
		aa += a * a
		ab += a * b
		bb += b * b
		for c := c0; c < c1; c++ {
			ax[c] += a * px[i][c]
			bx[c] += b * px[i][c]
		}
	}
	var e [2][4]float64
	det := aa*bb - ab*ab
	if math.Abs(det) < 1e-9 {
		return e, false
	}
	for c := c0; c < c1; c++ {
		e[0][c] = (bb*ax[c] - ab*bx[c]) / det
		e[1][c] = (aa*bx[c] - ab*ax[c]) / det
	}
	return e, true
}

// fitGroup fits one subset over channels [c0, c1) with index bits ib,
// refining iters times; the result's indices are in idx.
func fitGroup(px *[16][4]float64, members uint16, c0, c1 int, bits uint, epb, spb bool, ib uint, iters int, idx *[16]uint8) (subsetFit, float64) {
	w := weightsFor(ib)
	ends := lineEnds(px, members, c0, c1)
	f := quantPair(ends, c0, c1, bits, epb, spb)
	e := pickIndices(px, members, &f, c0, c1, w, idx)
	for range iters {
		if e == 0 {
			break
		}
		ne, ok := refit(px, members, idx, w, c0, c1)
		if !ok {
			break
		}
		nf := quantPair(ne, c0, c1, bits, epb, spb)
		var nidx [16]uint8
		ee := pickIndices(px, members, &nf, c0, c1, w, &nidx)
		if ee >= e {
			break
		}
		f, e = nf, ee
		for i := range 16 {
			if members>>i&1 != 0 {
				idx[i] = nidx[i]
			}
		}
	}
	return f, e
}

// bitPacker writes fields LSB first into a 128-bit block.
type bitPacker struct {
	lo, hi uint64
	n      uint
}

func (w *bitPacker) put(v uint32, n uint) {
	if n == 0 {
		return
	}
	x := uint64(v) & (1<<n - 1)
	if w.n < 64 {
		w.lo |= x << w.n
		if w.n+n > 64 {
			w.hi |= x >> (64 - w.n)
		}
	} else {
		w.hi |= x << (w.n - 64)
	}
	w.n += n
}

// bc7Fit encodes px (straight RGBA) with the given parameters: each
// subset's endpoints fitted, the anchors' top index bits cleared, the
// fields packed.
func bc7Fit(px *texels, prm bc7Params) bc7Result {
	m := &bc7Modes[prm.mode]
	fp := rotatedTexels(px, prm.rot)
	sub, anchors := subsetMap(m.ns, prm.part)
	var masks [3]uint16
	for i := range 16 {
		masks[sub[i]] |= 1 << i
	}
	fits, idx1, idx2, total := bc7FitSubsets(&fp, m, prm, masks)
	// An anchor texel stores its index without the top bit: where that bit
	// is set, swap the subset's endpoints and mirror its indices.
	if m.ib2 > 0 {
		bc7AnchorSeparate(m, prm, &fits, &idx1, &idx2)
	} else {
		bc7AnchorSubsets(m, sub, anchors, &fits, &idx1)
	}
	var r bc7Result
	r.block = bc7Pack(m, prm, &fits, &idx1, &idx2, anchors)
	r.err = int(math.Round(total))
	return r
}

// rotatedTexels is px as floats, alpha swapped with the channel the
// rotation names (1 red, 2 green, 3 blue).
func rotatedTexels(px *texels, rot uint32) (fp [16][4]float64) {
	for i := range 16 {
		for c := range 4 {
			fp[i][c] = float64(px[i][c])
		}
		if rot > 0 {
			fp[i][3], fp[i][rot-1] = fp[i][rot-1], fp[i][3]
		}
	}
	return fp
}

// bc7FitSubsets fits each subset's endpoints and indices: colour and alpha
// apart (modes 4 and 5: idx1 holds the m.ib-bit set, idx2 the m.ib2-bit
// one), RGBA together, or RGB with alpha 255 (its error counted).
func bc7FitSubsets(fp *[16][4]float64, m *bc7Mode, prm bc7Params, masks [3]uint16) (fits [3]subsetFit, idx1, idx2 [16]uint8, total float64) {
	separate := m.ib2 > 0
	cIb, aIb := m.ib, m.ib
	if separate {
		cIb, aIb = m.ib, m.ib2
		if prm.isb == 1 {
			cIb, aIb = aIb, cIb
		}
	}
	for s := range m.ns {
		switch {
		case separate:
			var ci, ai [16]uint8
			fc, ec := fitGroup(fp, masks[s], 0, 3, m.cb, false, false, cIb, prm.iters, &ci)
			fa, ea := fitGroup(fp, masks[s], 3, 4, m.ab, false, false, aIb, prm.iters, &ai)
			for k := range 2 {
				fc.q[k][3], fc.d[k][3] = fa.q[k][3], fa.d[k][3]
			}
			fits[s] = fc
			total += ec + ea
			// idx1 holds the m.ib-bit set, idx2 the m.ib2-bit set.
			if prm.isb == 1 {
				idx1, idx2 = ai, ci
			} else {
				idx1, idx2 = ci, ai
			}
		case m.ab > 0:
			f, e := fitGroup(fp, masks[s], 0, 4, m.cb, m.epb, m.spb, m.ib, prm.iters, &idx1)
			fits[s] = f
			total += e
		default:
			f, e := fitGroup(fp, masks[s], 0, 3, m.cb, m.epb, m.spb, m.ib, prm.iters, &idx1)
			for k := range 2 {
				f.d[k][3] = 255
			}
			fits[s] = f
			total += e
			for i := range 16 {
				if masks[s]>>i&1 != 0 {
					d := fp[i][3] - 255
					total += d * d
				}
			}
		}
	}
	return fits, idx1, idx2, total
}

// bc7AnchorSeparate clears the anchors' top bits of a mode with colour and
// alpha apart: one subset; texel 0 anchors both index sets, which belong
// to colour and alpha (swapped by the index selection bit).
func bc7AnchorSeparate(m *bc7Mode, prm bc7Params, fits *[3]subsetFit, idx1, idx2 *[16]uint8) {
	colorSet, alphaSet := idx1, idx2
	cBits, aBits := m.ib, m.ib2
	if prm.isb == 1 {
		colorSet, alphaSet = idx2, idx1
		cBits, aBits = m.ib2, m.ib
	}
	if colorSet[0]>>(cBits-1) != 0 {
		for k := range 3 {
			fits[0].q[0][k], fits[0].q[1][k] = fits[0].q[1][k], fits[0].q[0][k]
		}
		for i := range 16 {
			colorSet[i] = uint8(1<<cBits-1) - colorSet[i]
		}
	}
	if alphaSet[0]>>(aBits-1) != 0 {
		fits[0].q[0][3], fits[0].q[1][3] = fits[0].q[1][3], fits[0].q[0][3]
		for i := range 16 {
			alphaSet[i] = uint8(1<<aBits-1) - alphaSet[i]
		}
	}
}

// bc7AnchorSubsets clears each subset's anchor top bit: endpoints (and
// their p-bits) swapped, the subset's indices mirrored.
func bc7AnchorSubsets(m *bc7Mode, sub [16]uint8, anchors uint16, fits *[3]subsetFit, idx1 *[16]uint8) {
	for s := range m.ns {
		var anchor int
		for i := range 16 {
			if sub[i] == uint8(s) && anchors>>i&1 != 0 {
				anchor = i
				break
			}
		}
		if idx1[anchor]>>(m.ib-1) == 0 {
			continue
		}
		f := &fits[s]
		f.q[0], f.q[1] = f.q[1], f.q[0]
		f.p[0], f.p[1] = f.p[1], f.p[0]
		for i := range 16 {
			if sub[i] == uint8(s) {
				idx1[i] = uint8(1<<m.ib-1) - idx1[i]
			}
		}
	}
}

// bc7Pack writes the block's fields in the mode's order: mode, partition,
// rotation, index selection, endpoints by channel, p-bits, indices.
func bc7Pack(m *bc7Mode, prm bc7Params, fits *[3]subsetFit, idx1, idx2 *[16]uint8, anchors uint16) (block [16]byte) {
	n := 2 * m.ns
	var bw bitPacker
	bw.put(1<<prm.mode, uint(prm.mode)+1)
	bw.put(prm.part, m.pb)
	bw.put(prm.rot, m.rb)
	bw.put(prm.isb, m.isb)
	for c := range 3 {
		for e := range n {
			bw.put(fits[e/2].q[e%2][c], m.cb)
		}
	}
	if m.ab > 0 {
		for e := range n {
			bw.put(fits[e/2].q[e%2][3], m.ab)
		}
	}
	switch {
	case m.epb:
		for e := range n {
			bw.put(fits[e/2].p[e%2], 1)
		}
	case m.spb:
		for s := range m.ns {
			bw.put(fits[s].p[0], 1)
		}
	}
	for i := range 16 {
		nb := m.ib
		if anchors>>i&1 != 0 {
			nb--
		}
		bw.put(uint32(idx1[i]), nb)
	}
	if m.ib2 > 0 {
		for i := range 16 {
			nb := m.ib2
			if i == 0 {
				nb--
			}
			bw.put(uint32(idx2[i]), nb)
		}
	}
	binary.LittleEndian.PutUint64(block[:], bw.lo)
	binary.LittleEndian.PutUint64(block[8:], bw.hi)
	return block
}

// rankPartitions orders the first count partitions of ns subsets by an estimate of
// their error with indices of the given number of levels: for each subset,
// what lies off its principal axis (from summed values and products) plus
// what rounding the texels' positions along the axis to evenly spaced
// levels between the extremes costs. It writes the best len(out), ties to
// the lower number.
func rankPartitions(px *texels, ns, count int, nc int, levels int, out []uint32) (scores [64]float64) {
	// Per texel: nc values, then the products c·d for c ≤ d.
	const nv = momentSlots
	used := nc + nc*(nc+1)/2 // of the nv slots
	var per [16][nv]float64
	for i := range 16 {
		k := 0
		for c := range nc {
			per[i][k] = float64(px[i][c])
			k++
		}
		for c := range nc {
			for d := c; d < nc; d++ {
				per[i][k] = float64(px[i][c]) * float64(px[i][d])
				k++
			}
		}
	}
	// Two passes: what lies off the axes, for every partition; then, for
	// the rankFull best of those, the rounding along the axes too.
	// Subset 0's sums are the block's less the others' (exact: the values
	// are integers far below 2^53), which spares half the adding.
	var total [nv]float64
	for i := range 16 {
		for k := range used {
			total[k] += per[i][k]
		}
	}
	subsetScore := func(p int, full bool) float64 {
		sub, _ := subsetMap(ns, uint32(p))
		var sums [3][nv]float64
		var cnt [3]float64
		var masks [3]uint16
		for i := range 16 {
			j := sub[i]
			cnt[j]++
			masks[j] |= 1 << i
			if j == 0 {
				continue
			}
			for k := range used {
				sums[j][k] += per[i][k]
			}
		}
		for k := range used {
			sums[0][k] = total[k] - sums[1][k] - sums[2][k]
		}
		s := 0.0
		for j := range ns {
			s += partitionResidual(px, nc, levels, &sums[j], cnt[j], masks[j], full)
		}
		return s
	}
	for p := range count {
		scores[p] = subsetScore(p, false)
	}
	var shortlist [64]bool
	for range min(rankFull, count) {
		shortlist[lowestScore(&scores, &shortlist, count)] = true
	}
	for p := range count {
		if shortlist[p] {
			scores[p] = subsetScore(p, true)
		} else {
			scores[p] = math.Inf(1)
		}
	}
	var taken [64]bool
	for k := range out {
		best := lowestScore(&scores, &taken, count)
		taken[best] = true
		out[k] = uint32(best)
	}
	return scores
}

// lowestScore is the partition below count, not yet taken, with the
// lowest score (the lower number on a tie).
func lowestScore(scores *[64]float64, taken *[64]bool, count int) int {
	best := -1
	for p := range count {
		if !taken[p] && (best < 0 || scores[p] < scores[best]) {
			best = p
		}
	}
	return best
}

// momentSlots is room for a texel's values and their products, for up to
// 4 channels: 4 + 10.
const momentSlots = 14

// partitionResidual is one subset's estimated error, from its summed
// values and products t over n texels (members): what lies off its
// principal axis (power iteration on the covariance) and, when full, what
// rounding the texels along the axis to levels evenly spaced levels costs.
func partitionResidual(px *texels, nc, levels int, t *[momentSlots]float64, n float64, members uint16, full bool) float64 {
	if n < 2 {
		return 0
	}
	var cov [4][4]float64
	var mean [4]float64
	k := nc
	trace := 0.0
	for c := range nc {
		mean[c] = t[c] / n
		for d := c; d < nc; d++ {
			v := t[k] - t[c]*t[d]/n
			cov[c][d], cov[d][c] = v, v
			k++
		}
		trace += cov[c][c]
	}
	kk := 0
	for c := 1; c < nc; c++ {
		if cov[c][c] > cov[kk][kk] {
			kk = c
		}
	}
	v := cov[kk]
	lambda := 0.0
	for range 4 {
		var nx [4]float64
		l := 0.0
		for c := range nc {
			for d := range nc {
				nx[c] += cov[c][d] * v[d]
			}
			l += nx[c] * nx[c]
		}
		if l < 1e-12 {
			return max(trace, 0)
		}
		l = math.Sqrt(l)
		for c := range nc {
			v[c] = nx[c] / l
		}
		lambda = l
	}
	if !full {
		return max(trace-lambda, 0)
	}
	var ts [16]float64
	tmin, tmax := math.Inf(1), math.Inf(-1)
	for i := range 16 {
		if members>>i&1 == 0 {
			continue
		}
		x := 0.0
		for c := range nc {
			x += (float64(px[i][c]) - mean[c]) * v[c]
		}
		ts[i] = x
		tmin, tmax = min(tmin, x), max(tmax, x)
	}
	along := 0.0
	if step := (tmax - tmin) / float64(levels-1); step > 0 {
		for i := range 16 {
			if members>>i&1 != 0 {
				q := tmin + math.Round((ts[i]-tmin)/step)*step
				along += (ts[i] - q) * (ts[i] - q)
			}
		}
	}
	return max(trace-lambda, 0) + along
}

// bc7Good is the block error (16 over the 64 values, MSE 0.25) below which encodeBC7
// stops trying further modes: no other choice would show.
const bc7Good = 16

// bc7Split is the block error (MSE 2, 45 dB) below which the two-subset
// modes are not tried: on the test pictures they rarely beat a one-subset
// fit that good, and ranking partitions costs more than all the other
// fits together.
const bc7Split = 128

// bc7Apart: an opaque block tries modes 4 and 5 with a channel set apart
// only when the other two channels' off-axis variance is below this share
// of the three channels'.
const bc7Apart = 0.5

// bc7Three is the block error (MSE 2) above which an opaque block still
// tries the three-subset modes 0 and 2 after the two-subset ones: drawn
// art with three flat colours in a block needs them (GUTS's source PNG
// of an icon: 47.28 dB without, 47.78 with, 48.04 with every rotation).
const bc7Three = 128

// bc7Noise is the block error (MSE 256, 24 dB), after modes 4 and 5,
// above which the two-subset modes are not tried either: such a block is
// noise, which two subsets fit little better than one (0.04 dB on a
// picture of noise), and ranking the partitions of every block of a 4096²
// picture of noise took 93 CPU-seconds (40 without).
const bc7Noise = 64 * 256

// rotationOrder returns the rotations (0: none, r: channel r-1 swapped
// with alpha) by how little of the three channels indexed together lies
// off their principal axis, best first, and those amounts: the channel indexed alone in modes
// 4 and 5 should be the one that varies unlike the others.
func rotationOrder(px *texels) ([4]int, [4]float64) {
	var mean [4]float64
	for i := range 16 {
		for c := range 4 {
			mean[c] += float64(px[i][c])
		}
	}
	for c := range 4 {
		mean[c] /= 16
	}
	var cov [4][4]float64
	for i := range 16 {
		for a := range 4 {
			da := float64(px[i][a]) - mean[a]
			for b := a; b < 4; b++ {
				cov[a][b] += da * (float64(px[i][b]) - mean[b])
			}
		}
	}
	for a := range 4 {
		for b := range a {
			cov[a][b] = cov[b][a]
		}
	}
	var score [4]float64
	for rot := range 4 {
		// The channels indexed together: all but the one swapped into alpha.
		alone := 3
		if rot > 0 {
			alone = rot - 1
		}
		var ch [3]int
		k := 0
		for c := range 4 {
			if c != alone {
				ch[k] = c
				k++
			}
		}
		score[rot] = offAxis3(&cov, ch)
	}
	order := [4]int{0, 1, 2, 3}
	for i := 1; i < 4; i++ { // insertion sort, stable: ties keep the lower rotation
		for j := i; j > 0 && score[order[j]] < score[order[j-1]]; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	return order, score
}

// offAxis3 is the variance of channels ch that lies off their principal
// axis: the trace of their covariance less its largest eigenvalue (power
// iteration from the widest channel's row).
func offAxis3(cov *[4][4]float64, ch [3]int) float64 {
	var m [3][3]float64
	trace := 0.0
	k := 0
	for a := range 3 {
		for b := range 3 {
			m[a][b] = cov[ch[a]][ch[b]]
		}
		trace += m[a][a]
		if m[a][a] > m[k][k] {
			k = a
		}
	}
	v := m[k]
	lambda := 0.0
	for range 6 {
		var nx [3]float64
		l := 0.0
		for a := range 3 {
			nx[a] = m[a][0]*v[0] + m[a][1]*v[1] + m[a][2]*v[2]
			l += nx[a] * nx[a]
		}
		if l < 1e-12 {
			return max(trace, 0)
		}
		l = math.Sqrt(l)
		for a := range 3 {
			v[a] = nx[a] / l
		}
		lambda = l
	}
	return max(trace-lambda, 0)
}

// encodeBC7 writes a 16-byte BC7 block (see the top of the file for the
// modes tried).
func encodeBC7(px *texels, dst []byte) {
	opaque := true
	for i := range 16 {
		if px[i][3] != 255 {
			opaque = false
			break
		}
	}
	best := bc7Fit(px, bc7Params{mode: 6, iters: 2})
	try := func(p bc7Params) {
		if r := bc7Fit(px, p); r.err < best.err {
			best = r
		}
	}
	defer func() { copy(dst, best.block[:]) }()
	if best.err <= bc7Good {
		return
	}
	tried := 0
	order, score := rotationOrder(px)
	for _, rot := range order {
		if tried == 2 || (tried == 1 && best.err > bc7Noise) {
			break // noise: one rotation is as good a guess as two
		}
		// An opaque block's rotation 0 indexes its constant alpha alone;
		// another helps only where setting its channel apart leaves the
		// other two far nearer a line than the three are.
		if opaque && (rot == 0 || score[rot] > bc7Apart*score[0]) {
			continue
		}
		r := uint32(rot)
		try(bc7Params{mode: 5, rot: r, iters: 1})
		try(bc7Params{mode: 4, rot: r, iters: 1})
		try(bc7Params{mode: 4, rot: r, isb: 1, iters: 1})
		tried++
	}
	if best.err <= bc7Split || best.err > bc7Noise {
		return
	}
	var parts [bc7Candidates]uint32
	if !opaque {
		rankPartitions(px, 2, 64, 4, 4, parts[:])
		for _, p := range parts {
			try(bc7Params{mode: 7, part: p, iters: 1})
		}
		return
	}
	rankPartitions(px, 2, 64, 3, 8, parts[:])
	for _, p := range parts {
		try(bc7Params{mode: 1, part: p, iters: 1})
		try(bc7Params{mode: 3, part: p, iters: 1})
	}
	if best.err <= bc7Three {
		return
	}
	sc := rankPartitions(px, 3, 64, 3, 4, parts[:])
	for _, p := range parts {
		try(bc7Params{mode: 2, part: p, iters: 1})
	}
	// Mode 0 has the first 16 three-subset partitions only.
	p0 := 0
	for p := 1; p < 16; p++ {
		if sc[p] < sc[p0] {
			p0 = p
		}
	}
	try(bc7Params{mode: 0, part: uint32(p0), iters: 1})
}
