package dds_test

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"

	"packsmith/formats/dds"
	"packsmith/internal/testfixtures"
)

// TestReencodeFixtures re-encodes every real TL2 texture from the picture
// our decoder makes of it: the result keeps the format, size, mip count
// and header (only the pitch/linear-size field may change), and its top
// level scores at least 30 dB against the picture.
func TestReencodeFixtures(t *testing.T) {
	texs := realTextures(t)
	formats := map[string]int{}
	worst, worstName := math.Inf(1), ""
	for _, f := range texs {
		out, desc, err := dds.Reencode(f.orig, f.img, dds.ReencodeOptions{})
		if err != nil {
			t.Errorf("%s (%s): %v", f.name, f.info.Format, err)
			continue
		}
		got, err := dds.DecodeInfo(bytes.NewReader(out))
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		in := f.info
		if got.Format != in.Format || got.Width != in.Width || got.Height != in.Height || got.MipCount != in.MipCount ||
			got.FourCC != in.FourCC || got.DXGIFormat != in.DXGIFormat || got.DataOffset != in.DataOffset {
			t.Errorf("%s: became %s %d×%d %d mips, was %s %d×%d %d mips", f.name, got.Format, got.Width, got.Height, got.MipCount,
				in.Format, in.Width, in.Height, in.MipCount)
		}
		for off := 0; off < int(in.DataOffset); off += 4 {
			if off != 20 && !bytes.Equal(out[off:off+4], f.orig[off:off+4]) {
				t.Errorf("%s: header field at %d changed", f.name, off)
			}
		}
		if want := fmt.Sprintf(", %d mip", in.MipCount); !strings.Contains(desc, want) {
			t.Errorf("%s: description %q lacks %q", f.name, desc, want)
		}
		img, _, err := dds.Decode(bytes.NewReader(out), dds.Options{})
		if err != nil {
			t.Fatal(err)
		}
		p := psnr(img.Pix, f.img.Pix, 4)
		if p < 30 {
			t.Errorf("%s (%s): PSNR %.2f dB against the picture, want ≥ 30", f.name, in.Format, p)
		}
		if p < worst {
			worst, worstName = p, f.name
		}
		formats[in.Format+fmt.Sprintf("/%d mips", in.MipCount)]++
	}
	t.Logf("%d textures re-encoded %v; lowest PSNR %.2f dB (%s)", len(texs), formats, worst, worstName)
}

// pillowPython finds a Python with Pillow: Debian's python3-pil lives in
// /usr/bin/python3, which a python3 earlier on PATH (pyenv) may hide.
// PACKSMITH_PYTHON names the only interpreter to try.
func pillowPython() (string, error) {
	var tried []string
	candidates := []string{"/usr/bin/python3", "python3"}
	if py := os.Getenv("PACKSMITH_PYTHON"); py != "" {
		candidates = []string{py}
	}
	for _, py := range candidates {
		out, err := exec.Command(py, "-c", "import PIL; print(PIL.__version__)").CombinedOutput()
		if err == nil {
			return py, nil
		}
		tried = append(tried, fmt.Sprintf("%s: %v %s", py, err, strings.TrimSpace(string(out))))
	}
	return "", fmt.Errorf("no Python with Pillow (python3-pil): %s", strings.Join(tried, "; "))
}

// pillowScript decodes each DDS named on standard input with Pillow and
// writes its top level as raw RGBA beside it (NAME.rgba), printing
// "NAME W H" per file.
const pillowScript = `
import sys
from PIL import Image
for line in sys.stdin:
    p = line.strip()
    if not p:
        continue
    im = Image.open(p)
    im.load()
    rgba = im.convert("RGBA")
    with open(p + ".rgba", "wb") as f:
        f.write(rgba.tobytes())
    print(p, rgba.size[0], rgba.size[1])
`

// TestPillowPSNR has Pillow, a decoder we did not write, decode DDS files
// we encoded — every real fixture texture re-encoded in its own format,
// and generated pictures in BC1, BC2, BC3, BC7 and RGBA8 — and checks that
// the top level is within 30 dB PSNR of the picture. Without Pillow it
// skips, or fails when PACKSMITH_REQUIRE_FIXTURES=1.
func TestPillowPSNR(t *testing.T) {
	if runtime.GOOS == "windows" {
		// The Windows test build runs under wine, which has no Python; the
		// Linux run of the same test checks the encoders with Pillow.
		t.Skip("Pillow is checked by the Linux build's run")
	}
	py, err := pillowPython()
	if err != nil {
		if testfixtures.Required() {
			t.Fatalf("%v (PACKSMITH_REQUIRE_FIXTURES=1: install python3-pil, scripts/deps.sh does)", err)
		}
		t.Skip(err)
	}
	dir := t.TempDir()
	type job struct {
		name  string
		path  string
		img   *image.NRGBA
		group string // what kind of picture, in what format: the summary's rows
	}
	var jobs []job
	write := func(name string, b []byte, img *image.NRGBA, group string) {
		p := filepath.Join(dir, fmt.Sprintf("%03d.dds", len(jobs)))
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		jobs = append(jobs, job{name, p, img, group})
	}
	encode := func(name string, img *image.NRGBA, format, group string) {
		if format == "bc1" {
			img = opaqueCopy(img) // 1-bit alpha cannot hold an alpha ramp
		}
		b, err := dds.Encode(img, dds.EncodeOptions{Format: format})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		write(name+" as "+format, b, img, group+" as "+strings.ToUpper(format))
	}
	var texs []fixtureTexture
	root := testfixturesRoot(t)
	if _, err := os.Stat(root); err == nil {
		texs = realTextures(t)
	}
	// Every fixture texture in its own format, as a write over the entry
	// would; the small ones also in BC1 and BC7, which they were not made in.
	small := 0
	for _, f := range texs {
		out, _, err := dds.Reencode(f.orig, f.img, dds.ReencodeOptions{})
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		write(f.name, out, f.img, "fixture textures re-encoded as "+f.info.Format)
		if f.info.Width*f.info.Height <= 128*128 && small < 30 {
			small++
			encode(f.name, f.img, "bc1", "fixture textures")
			encode(f.name, f.img, "bc7", "fixture textures")
		}
	}
	// The source pictures GUTS left beside a loose DDS.
	srcs, _ := filepath.Glob(filepath.Join(root, "*", "MEDIA", "UI", "ICONS", "*.png"))
	for _, p := range srcs {
		img := readPNG(t, p)
		for _, format := range []string{"bc1", "bc3", "bc7"} {
			encode(filepath.Base(p), img, format, "source PNGs")
		}
	}
	gen := generated()
	names := make([]string, 0, len(gen))
	for n := range gen {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		img := gen[n]
		for _, format := range []string{"bc1", "bc2", "bc3", "bc7", "rgba8"} {
			encode(n, img, format, "generated pictures")
		}
	}
	var list strings.Builder
	for _, j := range jobs {
		list.WriteString(j.path + "\n")
	}
	cmd := exec.Command(py, "-c", pillowScript)
	cmd.Stdin = strings.NewReader(list.String())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if out, err := cmd.Output(); err != nil {
		t.Fatalf("Pillow: %v: %s", err, stderr.String())
	} else if n := strings.Count(string(out), "\n"); n != len(jobs) {
		t.Fatalf("Pillow decoded %d of %d files", n, len(jobs))
	}
	perFormat := map[string][2]float64{} // format → lowest PSNR, count
	for _, j := range jobs {
		raw, err := os.ReadFile(j.path + ".rgba")
		if err != nil {
			t.Fatal(err)
		}
		w, h := j.img.Rect.Dx(), j.img.Rect.Dy()
		if len(raw) != 4*w*h {
			t.Errorf("%s: Pillow gave %d bytes, want %d×%d×4", j.name, len(raw), w, h)
			continue
		}
		p := psnr(raw, j.img.Pix, 4)
		if p < 30 {
			t.Errorf("%s (%s): Pillow reads it at %.2f dB PSNR against the picture, want ≥ 30", j.name, j.group, p)
		}
		k := j.group
		s, ok := perFormat[k]
		if !ok {
			s[0] = math.Inf(1)
		}
		perFormat[k] = [2]float64{math.Min(s[0], p), s[1] + 1}
	}
	keys := make([]string, 0, len(perFormat))
	for k := range perFormat {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("%s: %d files, lowest PSNR through Pillow %.2f dB", k, int(perFormat[k][1]), perFormat[k][0])
	}
	if len(srcs) == 0 && len(texs) > 0 {
		t.Errorf("no source PNG found beside the loose fixture DDS")
	}
	if len(texs) == 0 {
		testfixtures.Skipf(t, "TL2 fixtures absent: only generated pictures were checked")
	}
}

// testfixturesRoot is the TL2 fixtures folder, or "" when absent (the
// Pillow test still checks generated pictures then).
func testfixturesRoot(t *testing.T) string {
	if p := os.Getenv("PACKSMITH_FIXTURES"); p != "" {
		return filepath.Join(p, "tl2")
	}
	root, ok := testfixtures.RepoRoot()
	if !ok {
		return "/nonexistent"
	}
	return filepath.Join(root, "..", "shared", "fixtures", "tl2")
}

func readPNG(t *testing.T, p string) *image.NRGBA {
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", p, err)
	}
	return dds.ToNRGBA(img)
}

// opaqueCopy is img with every alpha 255.
func opaqueCopy(img *image.NRGBA) *image.NRGBA {
	c := image.NewNRGBA(img.Rect)
	copy(c.Pix, img.Pix)
	for i := 3; i < len(c.Pix); i += 4 {
		c.Pix[i] = 255
	}
	return c
}
