package dds

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"image"
	"math"
	"math/bits"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
)

func solid(c [4]uint8) (px texels) {
	for i := range px {
		px[i] = c
	}
	return
}

func encodeWith(fn func(*texels, []byte), px texels, n int) string {
	b := make([]byte, n)
	fn(&px, b)
	return hex.EncodeToString(b)
}

// Blocks worked out by hand from the layouts in doc.go.
func TestEncodeBlocksByHand(t *testing.T) {
	red, blue := [4]uint8{255, 0, 0, 255}, [4]uint8{0, 0, 255, 255}
	var alt, half texels
	for i := range 16 {
		alt[i] = red
		if i%2 == 1 {
			alt[i] = blue
		}
		half[i] = red
		if i >= 8 {
			half[i] = [4]uint8{0, 0, 0, 0}
		}
	}
	var ramp texels // alpha 17·i: one 4-bit step per texel
	var stripes texels
	for i := range 16 {
		ramp[i] = [4]uint8{8, 20, 33, uint8(17 * i)}
		stripes[i] = [4]uint8{0, 0, 0, 255}
		if i%2 == 1 {
			stripes[i][3] = 0
		}
	}
	for _, tc := range []struct {
		name string
		got  string
		want string
	}{
		// One colour: c0 = c1 = red 0xF800, every index 0.
		{"BC1 solid red", encodeWith(encodeBC1, solid(red), 8), "00f800f800000000"},
		// Red and blue alternating: c0 = red 0xF800 > c1 = blue 0x001F,
		// odd texels index 1: 01 in every other 2-bit field, 0x44444444.
		{"BC1 red/blue", encodeWith(encodeBC1, alt, 8), "00f81f0044444444"},
		// Texels 8–15 transparent: three-colour mode (c0 ≤ c1), index 3 for
		// them: the upper 16 index bits all set.
		{"BC1 1-bit alpha", encodeWith(encodeBC1, half, 8), "00f800f80000ffff"},
		// BC2 alpha: texel i's nibble is i.
		{"BC2 alpha nibbles", encodeWith(encodeBC2, ramp, 16)[:16], "1032547698badcfe"},
		// BC3 alpha 255/0 alternating: a0 = 255 > a1 = 0, odd texels index 1:
		// bits 3, 9, 15, 21, 27, 33, 39, 45 of the 48 → 08 82 20 08 82 20.
		{"BC3 alpha stripes", encodeWith(encodeBC3, stripes, 16)[:16], "ff00088220088220"},
		// One alpha value: a0 = a1 = 77 (the six-value mode), index 0.
		{"BC3 constant alpha", encodeWith(encodeBC3, solid([4]uint8{1, 2, 3, 77}), 16)[:16], "4d4d000000000000"},
		// BC7 white: mode 6 (bit 6), every endpoint 127 with p-bit 1 (7·8 +
		// 2 one bits from bit 7 to bit 64), every index 0.
		{"BC7 solid white", encodeWith(encodeBC7, solid([4]uint8{255, 255, 255, 255}), 16), "c0ffffffffffffff0100000000000000"},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.name, tc.got, tc.want)
		}
	}
	// The colour half of the BC2 ramp block: (8, 20, 33) is exactly 565
	// (1, 5, 4), 0x08A4, so both endpoints are that and every index 0.
	if got := encodeWith(encodeBC2, ramp, 16)[16:]; got != "a408a40800000000" {
		t.Errorf("BC2 colour block %s, want a408a40800000000", got)
	}
}

// variedBlock is a block with a gradient, an edge and alpha, for the
// every-mode check.
func variedBlock(seed int) (px texels) {
	for i := range 16 {
		x, y := i%4, i/4
		px[i] = [4]uint8{uint8(40 + 50*x + seed*13), uint8(200 - 30*y), uint8(seed * 37), uint8(255 - 20*x*y)}
		if x+y > 3 {
			px[i][2] += 90
		}
	}
	return
}

// TestBC7EveryMode: for every mode and a spread of partitions, rotations
// and index selections, the block bc7Fit writes decodes with the mode,
// partition and rotation it was asked for, and to exactly the error it
// estimated (which checks endpoint order, p-bits, anchor bits and index
// packing against the decoder).
func TestBC7EveryMode(t *testing.T) {
	for mode := range 8 {
		m := &bc7Modes[mode]
		for part := uint32(0); part < 1<<m.pb; part += 7 {
			for rot := uint32(0); rot < 1<<m.rb; rot++ {
				for isb := uint32(0); isb < 1<<m.isb; isb++ {
					for seed := range 3 {
						px := variedBlock(seed)
						r := bc7Fit(&px, bc7Params{mode: mode, part: part, rot: rot, isb: isb, iters: 2})
						if got := bits.TrailingZeros8(r.block[0]); got != mode {
							t.Fatalf("mode %d: block says mode %d", mode, got)
						}
						br := newBitReader(r.block[:])
						br.read(uint(mode) + 1)
						if p, ro, is := br.read(m.pb), br.read(m.rb), br.read(m.isb); p != part || ro != rot || is != isb {
							t.Fatalf("mode %d: fields read back %d/%d/%d, want %d/%d/%d", mode, p, ro, is, part, rot, isb)
						}
						if e := blockError(r.block[:], &px); e != r.err {
							t.Fatalf("mode %d part %d rot %d isb %d seed %d: decodes with error %d, the encoder estimated %d",
								mode, part, rot, isb, seed, e, r.err)
						}
					}
				}
			}
		}
	}
}

// picture makes a w×h test picture: smooth gradients with an edge, alpha
// varying when withAlpha.
func picture(w, h int, withAlpha bool) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			fx, fy := float64(x)/float64(max(w-1, 1)), float64(y)/float64(max(h-1, 1))
			c := [4]uint8{uint8(255 * fx), uint8(255 * fy), uint8(128 + 100*math.Sin(6*fx+3*fy)), 255}
			if x > w/2 {
				c[2] = 255 - c[2]
			}
			if withAlpha {
				c[3] = uint8(255 * (1 - fx*fy))
			}
			copy(img.Pix[img.PixOffset(x, y):], c[:])
		}
	}
	return img
}

func psnrOf(a, b *image.NRGBA, nc int) float64 {
	var se float64
	n := 0
	for y := range a.Rect.Dy() {
		for x := range a.Rect.Dx() {
			pa, pb := a.Pix[a.PixOffset(x, y):], b.Pix[b.PixOffset(x, y):]
			for c := range nc {
				d := float64(pa[c]) - float64(pb[c])
				se += d * d
				n++
			}
		}
	}
	if se == 0 {
		return math.Inf(1)
	}
	return 10 * math.Log10(255*255*float64(n)/se)
}

// TestEncodeRoundTrip: every format Encode writes reads back through the
// package's decoder at every mip level with the right size, and the top
// level scores the PSNR the format allows.
func TestEncodeRoundTrip(t *testing.T) {
	want := map[string]struct {
		format string
		nc     int
		psnr   float64
	}{
		"BC1": {"BC1", 3, 30}, "BC2": {"BC2", 4, 30}, "BC3": {"BC3", 4, 30}, "BC7": {"BC7", 4, 36},
		"BC4": {"BC4", 1, 40}, "BC5": {"BC5", 2, 40},
		"RGBA8": {"A8B8G8R8", 4, math.Inf(1)}, "BGRA8": {"A8R8G8B8", 4, math.Inf(1)},
	}
	for _, f := range EncodeFormats {
		for _, sz := range [][2]int{{1, 1}, {3, 5}, {37, 21}, {64, 64}} {
			alpha := f != "BC1"
			img := picture(sz[0], sz[1], alpha)
			file, err := Encode(img, EncodeOptions{Format: strings.ToLower(f)})
			if err != nil {
				t.Fatalf("%s %v: %v", f, sz, err)
			}
			in, err := DecodeInfo(bytes.NewReader(file))
			if err != nil {
				t.Fatal(err)
			}
			if in.Format != want[f].format || in.Width != sz[0] || in.Height != sz[1] || in.MipCount != FullChain(sz[0], sz[1]) {
				t.Fatalf("%s %v: wrote %s %d×%d with %d mips", f, sz, in.Format, in.Width, in.Height, in.MipCount)
			}
			if int64(len(file)) != in.DataOffset+in.DataSize {
				t.Errorf("%s %v: file is %d bytes, headers say %d", f, sz, len(file), in.DataOffset+in.DataSize)
			}
			for m := range in.MipCount {
				lv, _ := decodeBytes(t, file, Options{Mip: m})
				w, h, _ := in.MipSize(m)
				if lv.Rect.Dx() != w || lv.Rect.Dy() != h {
					t.Fatalf("%s %v mip %d: %v", f, sz, m, lv.Rect)
				}
			}
			top, _ := decodeBytes(t, file, Options{})
			if sz[0] >= 37 {
				if p := psnrOf(top, img, want[f].nc); p < want[f].psnr {
					t.Errorf("%s %v: PSNR %.2f dB, want ≥ %.0f", f, sz, p, want[f].psnr)
				} else {
					t.Logf("%s %v: PSNR %.2f dB", f, sz, p)
				}
			}
		}
	}
}

// TestEncodeDeterministic: the bytes do not depend on how many CPUs encode.
func TestEncodeDeterministic(t *testing.T) {
	img := picture(160, 96, true)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, f := range []string{"bc1", "bc3", "bc7", "rgba8"} {
		var first []byte
		for _, procs := range []int{1, 2, 5} {
			runtime.GOMAXPROCS(procs)
			b, err := Encode(img, EncodeOptions{Format: f})
			if err != nil {
				t.Fatal(err)
			}
			if first == nil {
				first = b
			} else if !bytes.Equal(b, first) {
				t.Errorf("%s: %d CPUs wrote different bytes from 1", f, procs)
			}
		}
	}
}

func TestDownsample(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	copy(img.Pix, []uint8{
		0, 0, 0, 255, 255, 255, 255, 255,
		255, 0, 0, 0, 0, 0, 255, 255, // transparent red, opaque blue
	})
	lin := Downsample(img, 1, 1, false).Pix
	// Colour weighted by alpha over the three opaque texels: (0+255+0)/3 = 85
	// red, 85 green, (0+255+255)/3 = 170 blue; alpha (3·255)/4 = 191.
	if want := []uint8{85, 85, 170, 191}; !bytes.Equal(lin, want) {
		t.Errorf("linear: %v, want %v", lin, want)
	}
	// Black and white halves averaged in linear light give sRGB 188, not 128.
	bw := image.NewNRGBA(image.Rect(0, 0, 2, 1))
	copy(bw.Pix, []uint8{0, 0, 0, 255, 255, 255, 255, 255})
	if got := Downsample(bw, 1, 1, true).Pix; !bytes.Equal(got, []uint8{188, 188, 188, 255}) {
		t.Errorf("sRGB: %v, want 188s", got)
	}
	if got := Downsample(bw, 1, 1, false).Pix; !bytes.Equal(got, []uint8{128, 128, 128, 255}) {
		t.Errorf("linear: %v, want 128s", got)
	}
	// An odd width: 3 → 1 takes all three columns.
	odd := image.NewNRGBA(image.Rect(0, 0, 3, 1))
	copy(odd.Pix, []uint8{30, 0, 0, 255, 60, 0, 0, 255, 90, 0, 0, 255})
	if got := Downsample(odd, 1, 1, false).Pix[0]; got != 60 {
		t.Errorf("3 → 1: red %d, want 60", got)
	}
}

// headerFieldsDiffer lists the header fields (by offset) that differ.
func headerFieldsDiffer(a, b []byte, n int) []int {
	var out []int
	for off := 0; off < n; off += 4 {
		if !bytes.Equal(a[off:off+4], b[off:off+4]) {
			out = append(out, off)
		}
	}
	return out
}

// TestReencodeTestdata re-encodes a picture over every file in testdata/:
// the formats the encoder writes come back in the same format, size, mip
// count and header (only the pitch/linear-size field may change), with
// the pixels the format can hold; the others are refused with a reason.
func TestReencodeTestdata(t *testing.T) {
	refused := map[string]string{
		"bc4s_dx10.dds":      "encoding to BC4_SNORM is not supported",
		"bc5s_dx10.dds":      "encoding to BC5_SNORM is not supported",
		"bc6h_sf16.dds":      "encoding to BC6H_SF16 is not supported",
		"bc6h_uf16.dds":      "encoding to BC6H_UF16 is not supported",
		"r11g11b10_dx10.dds": "encoding to R11G11B10_FLOAT is not supported (signed or float fields)",
		"rgba16f_dx10.dds":   "encoding to R16G16B16A16_FLOAT is not supported (signed or float fields)",
		"cube_bc1.dds":       "the texture is a cube map, array or volume (6 slices, depth 1)",
		"bc7_array2.dds":     "the texture is a cube map, array or volume (2 slices, depth 1)",
		"volume_l8.dds":      "the texture is a cube map, array or volume (1 slices, depth 2)",
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "*.dds"))
	if len(files) < 27 {
		t.Fatalf("%d files in testdata", len(files))
	}
	done := 0
	for _, p := range files {
		name := filepath.Base(p)
		orig, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		hd, err := readHeader(bytes.NewReader(orig))
		if err != nil {
			t.Fatal(err)
		}
		in := hd.Info
		img := picture(in.Width, in.Height, true)
		out, desc, err := Reencode(orig, img, ReencodeOptions{})
		if want, ok := refused[name]; ok {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%s: error %v, want %q", name, err, want)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		done++
		got, err := DecodeInfo(bytes.NewReader(out))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got.Format != in.Format || got.Width != in.Width || got.Height != in.Height || got.MipCount != in.MipCount ||
			got.FourCC != in.FourCC || got.DXGIFormat != in.DXGIFormat || got.SRGB != in.SRGB {
			t.Errorf("%s: became %+v, was %+v", name, got, in)
		}
		if int64(len(out)) != got.DataOffset+got.DataSize {
			t.Errorf("%s: %d bytes, want %d", name, len(out), got.DataOffset+got.DataSize)
		}
		for _, off := range headerFieldsDiffer(out, orig, int(in.DataOffset)) {
			if off != 20 {
				t.Errorf("%s: header field at %d changed", name, off)
			}
		}
		wantDesc := "encoded as " + map[bool]string{true: in.FourCC, false: in.Format}[in.FourCC != "" && in.FourCC != "DX10" && in.Compressed]
		if !strings.HasPrefix(desc, wantDesc+", ") || !strings.HasSuffix(desc, " mip") && !strings.HasSuffix(desc, " mips") {
			t.Errorf("%s: description %q, want it to start %q", name, desc, wantDesc)
		}
		// Uncompressed UNORM fields hold the nearest value of their width.
		dec, _ := decodeBytes(t, out, Options{})
		if !in.Compressed {
			l := hd.pf.layout
			for i := 0; i < len(dec.Pix); i += 4 {
				src := img.Pix[i : i+4]
				for c := range 4 {
					f := l.c[c]
					if l.grey && c > 0 && c < 3 || f.bits == 0 {
						continue
					}
					v := uint32(src[c])
					if l.grey && c == 0 {
						v = (299*uint32(src[0]) + 587*uint32(src[1]) + 114*uint32(src[2]) + 500) / 1000
					}
					m := uint32(1)<<f.bits - 1
					want := uint8(((v*m+127)/255*255 + m/2) / m)
					if dec.Pix[i+c] != want {
						t.Fatalf("%s: pixel %d channel %d is %d, want %d (from %d)", name, i/4, c, dec.Pix[i+c], want, v)
					}
				}
			}
		}
	}
	if done != 18 {
		t.Errorf("%d files re-encoded, want 18", done)
	}
}

func TestReencodeOptions(t *testing.T) {
	orig, err := Encode(picture(64, 32, true), EncodeOptions{Format: "bc3"})
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = Reencode(orig, picture(60, 30, true), ReencodeOptions{})
	var de *Error
	if !errors.As(err, &de) || !errors.Is(err, ErrBadOption) ||
		err.Error() != "dds: the picture is 60×30 but the texture is 64×32 (ask for a resize to scale it) (at offset 12)" {
		t.Fatalf("size mismatch: %v", err)
	}
	out, desc, err := Reencode(orig, picture(128, 64, true), ReencodeOptions{Resize: true})
	if err != nil || desc != "encoded as DXT5, 7 mips, resized from 128×64" {
		t.Fatalf("resize: %q %v", desc, err)
	}
	if in, _ := DecodeInfo(bytes.NewReader(out)); in.Width != 64 || in.Height != 32 || in.MipCount != 7 {
		t.Errorf("resize: %+v", in)
	}
	out, desc, err = Reencode(orig, picture(64, 32, false), ReencodeOptions{Mips: 1})
	if err != nil || desc != "encoded as DXT5, 1 mip" {
		t.Fatalf("mips 1: %q %v", desc, err)
	}
	in, _ := DecodeInfo(bytes.NewReader(out))
	if in.MipCount != 1 || int64(len(out)) != 128+BlockSurfaceSize("BC3", 64, 32) {
		t.Errorf("mips 1: %d mips, %d bytes", in.MipCount, len(out))
	}
	if flags := binary.LittleEndian.Uint32(out[8:]); flags&0x20000 != 0 {
		t.Errorf("one level but MIPMAPCOUNT still flagged: %#x", flags)
	}
	if _, _, err = Reencode(orig, picture(64, 32, false), ReencodeOptions{Mips: 8}); err == nil ||
		!strings.Contains(err.Error(), "8 mip levels asked; a 64×32 image has 1 to 7") {
		t.Errorf("mips 8: %v", err)
	}
	srgb, err := Encode(picture(16, 16, false), EncodeOptions{Format: "bc7", SRGB: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, desc, err := Reencode(srgb, picture(16, 16, false), ReencodeOptions{}); err != nil || desc != "encoded as BC7 sRGB, 5 mips" {
		t.Errorf("sRGB BC7: %q %v", desc, err)
	}
	if _, _, err := Reencode([]byte("DDS "), picture(4, 4, false), ReencodeOptions{}); err == nil || !strings.Contains(err.Error(), "file ends inside the 128-byte header") {
		t.Errorf("truncated original: %v", err)
	}
}

// TestEncodeContextStops: a context that ends while blocks are encoded
// stops every worker at its next row of blocks, and EncodeContext returns
// the context's error and no bytes.
func TestEncodeContextStops(t *testing.T) {
	img := picture(256, 256, true) // 64 rows of 64 blocks
	ctx, cancel := context.WithCancel(context.Background())
	var n atomic.Int64
	out, err := encodeBlocks(ctx, img, 16, func(px *texels, dst []byte) {
		if n.Add(1) == 10 {
			cancel()
		}
		encodeBC7(px, dst)
	})
	if !errors.Is(err, context.Canceled) || out != nil {
		t.Fatalf("got %d bytes, %v; want no bytes and context.Canceled", len(out), err)
	}
	// Each worker finishes the row it is in: at most two rows per worker.
	if got, most := n.Load(), int64(2*64*runtime.GOMAXPROCS(0)); got > most {
		t.Fatalf("%d blocks encoded after the cancel at block 10; at most %d", got, most)
	}
	cancel()
	if b, err := EncodeContext(ctx, img, EncodeOptions{Format: "BC7"}); !errors.Is(err, context.Canceled) || b != nil {
		t.Fatalf("EncodeContext with an ended context: %d bytes, %v", len(b), err)
	}
	orig, err := Encode(img, EncodeOptions{Format: "BC3", Mips: 2})
	if err != nil {
		t.Fatal(err)
	}
	if b, _, err := ReencodeContext(ctx, orig, img, ReencodeOptions{}); !errors.Is(err, context.Canceled) || b != nil {
		t.Fatalf("ReencodeContext with an ended context: %d bytes, %v", len(b), err)
	}
}
