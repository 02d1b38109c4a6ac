package dds_test

import (
	"bytes"
	"image"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"packsmith/backend/archive"
	_ "packsmith/backend/drivers/all"
	"packsmith/formats/dds"
	"packsmith/internal/testfixtures"
)

// fixtureTexture is one real DDS from the TL2 fixtures: a loose file or an
// entry of a .MOD/.PAK.
type fixtureTexture struct {
	name string // file, or archive:entry
	orig []byte
	img  *image.NRGBA // mip 0 as our decoder reads it
	info dds.Info
}

var (
	fixturesOnce sync.Once
	fixtures     []fixtureTexture
	fixturesErr  error
)

// realTextures reads every DDS under the TL2 fixtures once per test binary.
func realTextures(t testing.TB) []fixtureTexture {
	t.Helper()
	root := testfixtures.Dir(t, "tl2")
	fixturesOnce.Do(func() { fixtures, fixturesErr = loadTextures(root) })
	if fixturesErr != nil {
		t.Fatal(fixturesErr)
	}
	testfixtures.AtLeast(t, len(fixtures), 100, "DDS textures in the TL2 fixtures")
	return fixtures
}

func loadTextures(root string) ([]fixtureTexture, error) {
	var out []fixtureTexture
	add := func(name string, b []byte) error {
		img, in, err := dds.Decode(bytes.NewReader(b), dds.Options{})
		if err != nil {
			return err
		}
		out = append(out, fixtureTexture{name: name, orig: b, img: img, info: in})
		return nil
	}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		switch strings.ToUpper(filepath.Ext(p)) {
		case ".DDS":
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			return add(rel, b)
		case ".MOD", ".PAK":
			a, err := archive.Open(p, archive.OpenOptions{})
			if err != nil {
				return err
			}
			defer a.Close()
			for _, e := range a.Entries() {
				if !strings.EqualFold(filepath.Ext(e.Path), ".dds") {
					continue
				}
				rc, err := a.Open(e.Path)
				if err != nil {
					return err
				}
				b, err := io.ReadAll(rc)
				rc.Close()
				if err != nil {
					return err
				}
				if err := add(rel+":"+e.Path, b); err != nil {
					return err
				}
			}
		}
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out, err
}

// generated are pictures made by code: gradients, hard edges, noise and
// alpha, at sizes that are and are not multiples of 4.
func generated() map[string]*image.NRGBA {
	mk := func(w, h int, f func(x, y int) [4]uint8) *image.NRGBA {
		img := image.NewNRGBA(image.Rect(0, 0, w, h))
		for y := range h {
			for x := range w {
				c := f(x, y)
				copy(img.Pix[img.PixOffset(x, y):], c[:])
			}
		}
		return img
	}
	seed := uint32(12345)
	rnd := func() uint8 {
		seed = seed*1664525 + 1013904223
		return uint8(seed >> 24)
	}
	return map[string]*image.NRGBA{
		"gradient_64x64": mk(64, 64, func(x, y int) [4]uint8 {
			return [4]uint8{uint8(x * 4), uint8(y * 4), uint8(255 - x*2 - y), 255}
		}),
		"rings_alpha_61x37": mk(61, 37, func(x, y int) [4]uint8 {
			d := math.Hypot(float64(x-30), float64(y-18))
			v := uint8(128 + 127*math.Sin(d/3))
			return [4]uint8{v, 255 - v, uint8(x * 4), uint8(min(255, int(d*8)))}
		}),
		"checker_edges_40x24": mk(40, 24, func(x, y int) [4]uint8 {
			if (x/5+y/3)%2 == 0 {
				return [4]uint8{230, 40, 30, 255}
			}
			return [4]uint8{20, 60, 200, 255}
		}),
		"soft_noise_32x32": mk(32, 32, func(x, y int) [4]uint8 {
			n := rnd() / 8
			return [4]uint8{uint8(x*6) + n, uint8(y*6) + n, 128 + n, 255}
		}),
	}
}

// psnr is the peak signal-to-noise ratio of b against a over the first nc
// channels; identical images give +Inf.
func psnr(a, b []byte, nc int) float64 {
	var se float64
	n := 0
	for i := 0; i+3 < len(a) && i+3 < len(b); i += 4 {
		for c := range nc {
			d := float64(a[i+c]) - float64(b[i+c])
			se += d * d
			n++
		}
	}
	if se == 0 {
		return math.Inf(1)
	}
	return 10 * math.Log10(255*255*float64(n)/se)
}
