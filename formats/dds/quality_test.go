package dds_test

import (
	"fmt"
	"image"
	"math"
	"path/filepath"
	"testing"

	"packsmith/formats/dds"
)

// sampleBlocks takes up to n non-uniform 4×4 blocks, spread evenly over
// the pictures (in the order given), as straight RGBA.
func sampleBlocks(imgs []*image.NRGBA, n int) []dds.Texels {
	var all []dds.Texels
	for _, img := range imgs {
		w, h := img.Rect.Dx(), img.Rect.Dy()
		for by := 0; by+4 <= h; by += 4 {
			for bx := 0; bx+4 <= w; bx += 4 {
				var px dds.Texels
				uniform := true
				for i := range 16 {
					o := img.PixOffset(bx+i%4, by+i/4)
					copy(px[i][:], img.Pix[o:o+4])
					if px[i] != px[0] {
						uniform = false
					}
				}
				if !uniform {
					all = append(all, px)
				}
			}
		}
	}
	if len(all) <= n {
		return all
	}
	out := make([]dds.Texels, 0, n)
	for k := range n {
		out = append(out, all[k*len(all)/n])
	}
	return out
}

// qualityBlocks are the blocks the fast-versus-reference comparison runs
// on: real fixture textures (when present) and the generated pictures.
func qualityBlocks(t testing.TB, n int) []dds.Texels {
	var imgs []*image.NRGBA
	for _, f := range realTextures(t) {
		imgs = append(imgs, f.img)
	}
	fromFixtures := sampleBlocks(imgs, n)
	var gen []*image.NRGBA
	for _, name := range []string{"checker_edges_40x24", "gradient_64x64", "rings_alpha_61x37", "soft_noise_32x32"} {
		gen = append(gen, generated()[name])
	}
	return append(fromFixtures, sampleBlocks(gen, n/4)...)
}

// comparison sums the squared errors of the fast and the reference
// encoder over blocks and gives both PSNRs.
type comparison struct {
	name                 string
	blocks, exhaustive   int
	fastSSE, refSSE      float64
	channels             int
	worseBlocks          int // blocks where the reference lost to the fast encoder
	fastPSNR, refPSNR, d float64
}

func (c *comparison) finish() {
	n := float64(c.blocks * 16 * c.channels)
	c.fastPSNR = 10 * math.Log10(255*255*n/math.Max(c.fastSSE, 1e-9))
	c.refPSNR = 10 * math.Log10(255*255*n/math.Max(c.refSSE, 1e-9))
	c.d = c.refPSNR - c.fastPSNR
}

func (c comparison) String() string {
	return fmt.Sprintf("%s: %d blocks (%d searched exhaustively): fast %.2f dB, reference %.2f dB, gap %.2f dB",
		c.name, c.blocks, c.exhaustive, c.fastPSNR, c.refPSNR, c.d)
}

func compareBC1(blocks []dds.Texels) comparison {
	c := comparison{name: "BC1", channels: 3}
	for _, px := range blocks {
		for i := range 16 {
			px[i][3] = 255
		}
		_, fe := dds.FastBC1(&px)
		_, re, ex := dds.RefBC1(&px)
		c.add(fe, re, ex)
	}
	c.finish()
	return c
}

func compareBC3(blocks []dds.Texels) comparison {
	c := comparison{name: "BC3", channels: 4}
	for _, px := range blocks {
		_, fe := dds.FastBC3(&px)
		_, re, ex := dds.RefBC3(&px)
		c.add(fe, re, ex)
	}
	c.finish()
	return c
}

func compareBC7(blocks []dds.Texels) comparison {
	c := comparison{name: "BC7", channels: 4}
	for _, px := range blocks {
		_, fe := dds.FastBC7(&px)
		_, re := dds.RefBC7(&px)
		c.add(fe, re, true)
	}
	c.finish()
	return c
}

// compareBC7Thorough is compareBC7 for the choice before the estimates
// gated it (bc7Thorough), the one the fast encoder is held near.
func compareBC7Thorough(blocks []dds.Texels) comparison {
	c := comparison{name: "BC7 thorough", channels: 4}
	for _, px := range blocks {
		_, fe := dds.ThoroughBC7(&px)
		_, re := dds.RefBC7(&px)
		c.add(fe, re, true)
	}
	c.finish()
	return c
}

func (c *comparison) add(fast, ref int, exhaustive bool) {
	c.blocks++
	if exhaustive {
		c.exhaustive++
	}
	c.fastSSE += float64(fast)
	c.refSSE += float64(ref)
	if ref > fast {
		c.worseBlocks++
	}
}

// TestEncoderNearReference: on real and generated blocks the fast
// encoders score within 1 dB of the reference search (reference_test.go),
// and the reference is never worse on a block (it would not be one).
func TestEncoderNearReference(t *testing.T) {
	if testing.Short() {
		t.Skip("slow reference search")
	}
	for _, tc := range []struct {
		n   int
		cmp func([]dds.Texels) comparison
	}{{240, compareBC1}, {160, compareBC3}, {120, compareBC7}} {
		c := tc.cmp(qualityBlocks(t, tc.n))
		t.Log(c)
		if c.d > 1 {
			t.Errorf("%s is %.2f dB below the reference; at most 1 dB allowed", c.name, c.d)
		}
		if c.worseBlocks > 0 {
			t.Errorf("%s: the reference lost to the fast encoder on %d blocks", c.name, c.worseBlocks)
		}
	}
}

// sourcePNGBlocks are every block of the source PNGs GUTS left beside a
// loose fixture DDS (drawn icon art), or none without the fixtures.
func sourcePNGBlocks(t *testing.T) []dds.Texels {
	srcs, _ := filepath.Glob(filepath.Join(testfixturesRoot(t), "*", "MEDIA", "UI", "ICONS", "*.png"))
	var imgs []*image.NRGBA
	for _, p := range srcs {
		imgs = append(imgs, readPNG(t, p))
	}
	if len(imgs) == 0 {
		t.Log("no source PNG in the fixtures")
	}
	return sampleBlocks(imgs, 1<<20)
}

// TestBC7NearThorough: gating the BC7 choice by estimates (encodeBC7)
// costs at most 0.3 dB against the choice before it (bc7Thorough), on the
// fixture and generated blocks, on blocks of the benchmark picture and on
// the source PNGs of the fixtures (icon art).
func TestBC7NearThorough(t *testing.T) {
	if testing.Short() {
		t.Skip("encodes thousands of blocks twice")
	}
	for _, set := range []struct {
		name   string
		blocks []dds.Texels
	}{
		{"fixture and generated blocks", qualityBlocks(t, 3000)},
		{"benchmark picture", sampleBlocks([]*image.NRGBA{benchPicture()}, 3000)},
		{"source PNGs beside the loose fixture DDS", sourcePNGBlocks(t)},
	} {
		if len(set.blocks) == 0 {
			continue // no fixtures: sourcePNGBlocks said so
		}
		var fast, thorough float64
		for _, px := range set.blocks {
			_, fe := dds.FastBC7(&px)
			_, te := dds.ThoroughBC7(&px)
			fast += float64(fe)
			thorough += float64(te)
		}
		n := float64(len(set.blocks) * 64)
		pf := 10 * math.Log10(255*255*n/math.Max(fast, 1e-9))
		pt := 10 * math.Log10(255*255*n/math.Max(thorough, 1e-9))
		t.Logf("%s: %d blocks: fast %.3f dB, thorough %.3f dB, gap %.3f dB", set.name, len(set.blocks), pf, pt, pt-pf)
		if pt-pf > 0.3 {
			t.Errorf("%s: the fast BC7 choice is %.3f dB below the thorough one; at most 0.3 dB allowed", set.name, pt-pf)
		}
	}
}
