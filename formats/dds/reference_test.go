package dds

// Reference encoders for 4×4 blocks, slow and thorough, to measure the
// fast encoders against (quality_test.go, bench_encode_test.go):
//
//   - BC3 alpha: every (a0, a1) pair, all 65536, both palette modes.
//   - BC1/BC3 colour (four-colour mode): every endpoint pair inside the
//     block's RGB565 bounding box widened by one step on each side, when
//     that box has at most refBoxLimit colours; wider boxes (high-contrast
//     blocks) search every pair within ±2 steps per channel of the fast
//     result and of the box corners, repeated from the best until nothing
//     improves.
//   - BC7: every mode, every partition, rotation and index selection, each
//     refined with eight least-squares rounds instead of one or two.

const refBoxLimit = 160

// refChannel is the exhaustive BC4 / BC3-alpha search.
func refChannel(v *[16]uint8) (channelCandidate, int) {
	best := channelCandidate{err: 1 << 30}
	for a0 := range 256 {
		for a1 := range 256 {
			p := unormPalette(uint32(a0), uint32(a1))
			if c, e := channelIndices(v, &p); e < best.err {
				best = channelCandidate{uint8(a0), uint8(a1), c, e}
			}
		}
	}
	return best, best.err
}

// refColor is the colour search described above; it returns the best
// four-colour candidate and whether the search was exhaustive.
func refColor(px *texels) (bc1Candidate, bool) {
	var lo, hi [3]int
	lo = [3]int{99, 99, 99}
	maxs := [3]int{31, 63, 31}
	for i := range 16 {
		q := [3]int{(int(px[i][0])*31 + 127) / 255, (int(px[i][1])*63 + 127) / 255, (int(px[i][2])*31 + 127) / 255}
		for c := range 3 {
			lo[c], hi[c] = min(lo[c], q[c]), max(hi[c], q[c])
		}
	}
	vol := 1
	for c := range 3 {
		lo[c], hi[c] = max(lo[c]-1, 0), min(hi[c]+1, maxs[c])
		vol *= hi[c] - lo[c] + 1
	}
	pack := func(r, g, b int) uint16 { return uint16(r<<11 | g<<5 | b) }
	fast := encodeColor(px, 0xFFFF, true)
	best := fast
	if vol <= refBoxLimit {
		var cols []uint16
		for r := lo[0]; r <= hi[0]; r++ {
			for g := lo[1]; g <= hi[1]; g++ {
				for b := lo[2]; b <= hi[2]; b++ {
					cols = append(cols, pack(r, g, b))
				}
			}
		}
		for i, a := range cols {
			for _, b := range cols[i:] {
				if c := evalBC1(px, 0xFFFF, a, b, true); c.err < best.err {
					best = c
				}
			}
		}
		return best, true
	}
	unpack := func(c uint16) [3]int { return [3]int{int(c >> 11), int(c >> 5 & 63), int(c & 31)} }
	search := func(start bc1Candidate) bc1Candidate {
		cur := start
		for {
			e0, e1 := unpack(cur.c0), unpack(cur.c1)
			next := cur
			var d [6]int
			for d[0] = -2; d[0] <= 2; d[0]++ {
				for d[1] = -2; d[1] <= 2; d[1]++ {
					for d[2] = -2; d[2] <= 2; d[2]++ {
						for d[3] = -2; d[3] <= 2; d[3]++ {
							for d[4] = -2; d[4] <= 2; d[4]++ {
								for d[5] = -2; d[5] <= 2; d[5]++ {
									var a, b [3]int
									ok := true
									for c := range 3 {
										a[c], b[c] = e0[c]+d[c], e1[c]+d[3+c]
										if a[c] < 0 || b[c] < 0 || a[c] > maxs[c] || b[c] > maxs[c] {
											ok = false
										}
									}
									if !ok {
										continue
									}
									if c := evalBC1(px, 0xFFFF, pack(a[0], a[1], a[2]), pack(b[0], b[1], b[2]), true); c.err < next.err {
										next = c
									}
								}
							}
						}
					}
				}
			}
			if next.err >= cur.err {
				return cur
			}
			cur = next
		}
	}
	for _, s := range []bc1Candidate{fast, evalBC1(px, 0xFFFF, pack(hi[0], hi[1], hi[2]), pack(lo[0], lo[1], lo[2]), true)} {
		if c := search(s); c.err < best.err {
			best = c
		}
	}
	return best, false
}

// refBC7 tries every mode, partition, rotation and index selection.
func refBC7(px *texels) bc7Result {
	best := bc7Result{err: 1 << 30}
	for mode := range 8 {
		m := &bc7Modes[mode]
		for part := uint32(0); part < 1<<m.pb; part++ {
			for rot := uint32(0); rot < 1<<m.rb; rot++ {
				for isb := uint32(0); isb < 1<<m.isb; isb++ {
					if r := bc7Fit(px, bc7Params{mode: mode, part: part, rot: rot, isb: isb, iters: 8}); r.err < best.err {
						best = r
					}
				}
			}
		}
	}
	return best
}
