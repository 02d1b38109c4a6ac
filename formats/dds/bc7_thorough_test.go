package dds

// bc7Thorough is the BC7 choice encodeBC7 made before it was gated by
// estimates: mode 6, modes 4 and 5 with every rotation and index
// selection, then modes 1 and 3 (opaque) or 7 (alpha) on the two best
// ranked partitions, then modes 2 and 0 on theirs, stopping only at
// bc7Good. The benchmarks compare its time and PSNR with encodeBC7's.
func bc7Thorough(px *texels, dst []byte) {
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
	// Modes 4 and 5 index one channel apart from the other three; a
	// rotation picks which, which also suits opaque blocks whose one
	// channel varies unlike the rest.
	for rot := uint32(0); rot < 4; rot++ {
		try(bc7Params{mode: 5, rot: rot, iters: 1})
		try(bc7Params{mode: 4, rot: rot, iters: 1})
		try(bc7Params{mode: 4, rot: rot, isb: 1, iters: 1})
	}
	if best.err <= bc7Good {
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
	if best.err <= bc7Good {
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
