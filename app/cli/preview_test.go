package cli

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/view/render"
	"packsmith/formats/tl2/bindat"
	"packsmith/formats/tl2/layout"
	"packsmith/formats/tl2/mpp"
)

// writeZip writes name → bytes as a zip in dir.
func writeZip(t *testing.T, dir string, files map[string][]byte) string {
	t.Helper()
	p := filepath.Join(dir, "pack.zip")
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for n, data := range files {
		w, _ := zw.Create(n)
		w.Write(data)
	}
	zw.Close()
	if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// bc1DDS is a 4×4 BC1 texture, one block: texels 0–3 of row 0 take palette
// entries 0–3 of red (c0) and blue (c1), the rest red.
func bc1DDS() []byte {
	b := make([]byte, 128, 136)
	copy(b, "DDS ")
	le := binary.LittleEndian
	le.PutUint32(b[4:], 124)
	le.PutUint32(b[8:], 0x1|0x2|0x4|0x1000)
	le.PutUint32(b[12:], 4)
	le.PutUint32(b[16:], 4)
	le.PutUint32(b[76:], 32)
	le.PutUint32(b[80:], 0x4)
	copy(b[84:], "DXT1")
	le.PutUint32(b[108:], 0x1000)
	return append(b, 0x00, 0xF8, 0x1F, 0x00, 0xE4, 0, 0, 0)
}

func gridFile(t *testing.T, dir string) (string, *mpp.Grid) {
	t.Helper()
	g, _ := mpp.New(6, 4, mpp.Wall)
	for x := 1; x < 5; x++ {
		g.Set(x, 1, mpp.Walkable)
		g.Set(x, 2, mpp.Walkable)
	}
	g.Set(5, 3, mpp.Void)
	b, err := mpp.Encode(g)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "ROOM.MPP")
	os.WriteFile(p, b, 0o644)
	return p, g
}

func readPNG(t *testing.T, p string) image.Image {
	t.Helper()
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func TestRenderTextureEntry(t *testing.T) {
	dir := t.TempDir()
	z := writeZip(t, dir, map[string][]byte{"MEDIA/UI/X.DDS": bc1DDS(), "broken.dds": []byte("DDS nonsense")})
	out := filepath.Join(dir, "x.png")
	stdout, errs, code := run(t, "render", z, "media/ui/x.dds", "-o", out)
	if code != 0 || stdout != "wrote "+out+": 4×4, BC1\n" {
		t.Fatalf("code %d out %q err %q", code, stdout, errs)
	}
	img := readPNG(t, out)
	want := []color.NRGBA{{255, 0, 0, 255}, {0, 0, 255, 255}, {170, 0, 85, 255}, {85, 0, 170, 255}}
	for x, w := range want {
		if got := color.NRGBAModel.Convert(img.At(x, 0)); got != w {
			t.Errorf("pixel %d: %v, want %v", x, got, w)
		}
	}
	// A mip the file lacks: one line naming the archive, entry and offset.
	_, errs, code = run(t, "render", z, "MEDIA/UI/X.DDS", "-o", out, "--mip", "2")
	if code != 1 || errs != "packsmith render: "+z+": MEDIA/UI/X.DDS: DDS texture: dds: mip 2 requested; the file has 1 (at offset 28)\n" {
		t.Fatalf("mip 2: code %d err %q", code, errs)
	}
	_, errs, code = run(t, "render", z, "broken.dds", "-o", out)
	if code != 1 || !strings.HasPrefix(errs, "packsmith render: "+z+": broken.dds: DDS texture: ") || strings.Count(errs, "\n") != 1 {
		t.Fatalf("broken: code %d err %q", code, errs)
	}
	_, errs, code = run(t, "render", z, "missing.dds", "-o", out)
	if code != 1 || errs != "packsmith render: "+z+": missing.dds: no such entry\n" {
		t.Fatalf("missing: code %d err %q", code, errs)
	}
	_, errs, code = run(t, "render", z, "MEDIA/UI/X.DDS")
	if code != 2 || !strings.HasPrefix(errs, "packsmith render: -o OUT.png is required ") {
		t.Fatalf("no -o: code %d err %q", code, errs)
	}
	// -o - streams the PNG.
	stdout, _, code = run(t, "render", z, "MEDIA/UI/X.DDS", "-o", "-")
	if code != 0 || !strings.HasPrefix(stdout, "\x89PNG") {
		t.Fatalf("stdout: code %d %q", code, stdout[:min(8, len(stdout))])
	}
}

func TestRenderWalkGrid(t *testing.T) {
	dir := t.TempDir()
	p, _ := gridFile(t, dir)
	out := filepath.Join(dir, "grid.png")
	if _, errs, code := run(t, "render", p, "-o", out, "--scale", "4", "--overlay"); code != 0 {
		t.Fatalf("code %d: %s", code, errs)
	}
	img := readPNG(t, out)
	if b := img.Bounds(); b.Dx() < 24 || b.Dy() <= 16 {
		t.Fatalf("picture %v: want the 24×16 grid and a legend below", b)
	}
	// Cell (2,1) is walkable, (0,0) wall, (5,3) void; sample cell centres.
	at := func(x, y int) color.RGBA { return color.RGBAModel.Convert(img.At(4*x+2, 4*y+2)).(color.RGBA) }
	if at(2, 1) != render.ColorWalkable || at(0, 0) != render.ColorWall || at(5, 3) != render.ColorVoid {
		t.Fatalf("colours %v %v %v", at(2, 1), at(0, 0), at(5, 3))
	}
	_, errs, code := run(t, "render", p, "-o", out, "--scale", "0")
	if code != 2 || !strings.Contains(errs, "--scale must be 1 to 16") {
		t.Fatalf("scale 0: %d %q", code, errs)
	}
	_, errs, code = run(t, "render", p, "-o", out, "--scale", "40")
	if code != 2 || !strings.Contains(errs, "--scale must be 1 to 16") { // a usage error (issue 22: it exited 1)
		t.Fatalf("scale 40: %d %q", code, errs)
	}
	os.WriteFile(p, []byte{1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7}, 0o644)
	_, errs, code = run(t, "render", p, "-o", out)
	if code != 1 || !strings.HasPrefix(errs, "packsmith render: "+p+": walk grid: mpp: offset 24: ") {
		t.Fatalf("bad cell: %d %q", code, errs)
	}
}

func TestInfoWalkGrid(t *testing.T) {
	dir := t.TempDir()
	p, g := gridFile(t, dir)
	out, errs, code := run(t, "info", p, "--json")
	if code != 0 {
		t.Fatalf("code %d: %s", code, errs)
	}
	var got struct {
		File                        string
		Bytes, Width, Height, Cells int
		WorldWidth, WorldDepth      float64
		ExtentX, ExtentZ            float64
		Walkable, Wall, Void        struct{ Count int }
		Stub                        bool
		Pockets                     int
		Warnings                    []string
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	st := g.Stats()
	if got.File != p || got.Bytes != 24+24 || got.Width != 6 || got.Height != 4 || got.Cells != 24 ||
		got.Walkable.Count != 8 || got.Wall.Count != 15 || got.Void.Count != 1 || got.Stub || got.Pockets != 0 ||
		float32(got.ExtentX) != st.ExtentX || got.WorldWidth != st.WorldWidth || got.Warnings == nil {
		t.Fatalf("info %+v", got)
	}
	// The stub says what it means for players.
	stub := make([]byte, mpp.StubSize)
	binary.LittleEndian.PutUint32(stub, 50)
	binary.LittleEndian.PutUint32(stub[4:], 50)
	for i := mpp.HeaderSize; i < len(stub); i++ {
		stub[i] = 0xFF
	}
	sp := filepath.Join(dir, "STUB.MPP")
	os.WriteFile(sp, stub, 0o644)
	out, _, code = run(t, "info", sp)
	if code != 0 || !strings.Contains(out, "stub: true\n") || !strings.Contains(out, "the player cannot move here") {
		t.Fatalf("stub: %d %q", code, out)
	}
	_, errs, code = run(t, "info", filepath.Join(dir, "none.mpp"))
	// the system's own words for a missing file (Linux: "no such file or directory")
	_, serr := os.Stat(filepath.Join(dir, "none.mpp"))
	var perr *fs.PathError
	if !errors.As(serr, &perr) {
		t.Fatalf("stat of a missing file: %v", serr)
	}
	if code != 1 || !strings.HasSuffix(errs, "none.mpp: "+perr.Err.Error()+"\n") {
		t.Fatalf("missing: %d %q", code, errs)
	}
	// A loose texture: its header.
	dp := filepath.Join(dir, "x.dds")
	os.WriteFile(dp, bc1DDS(), 0o644)
	out, _, code = run(t, "info", dp, "--json")
	if code != 0 || !strings.Contains(out, `"Format": "BC1"`) || !strings.Contains(out, `"MipCount": 1`) {
		t.Fatalf("dds info: %d %s", code, out)
	}
	// Archives still go to their family.
	if out, _, code = run(t, "info", demo); code != 0 || !strings.Contains(out, "zip") {
		t.Fatalf("zip info: %d %q", code, out)
	}
}

const unitDAT = "[UNIT]\r\n\t<STRING>NAME:Skeleton\r\n\t<INTEGER>LEVEL:3\r\n[/UNIT]\r\n"

func utf16le(s string) []byte {
	out := []byte{0xFF, 0xFE}
	for _, r := range s { // ASCII test text
		out = append(out, byte(r), 0)
	}
	return out
}

func TestDecompileAndCompile(t *testing.T) {
	dir := t.TempDir()
	bin, err := bindat.CompileText("SKELETON.DAT", []byte(unitDAT), nil)
	if err != nil {
		t.Fatal(err)
	}
	lay, _, err := layout.Compile("ROOM.LAYOUT", []byte("[Layout]\r\n\t<INTEGER>VERSION:4\r\n\t<UNSIGNED INT>COUNT:0\r\n\t[OBJECTS]\r\n\t[/OBJECTS]\r\n[/Layout]\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	z := writeZip(t, dir, map[string][]byte{
		"MEDIA/UNITS/SKELETON.DAT":  bin, // as a .MOD keeps it: BINDAT under the source's name
		"MEDIA/LAYOUTS/ROOM.LAYOUT": lay,
		"MEDIA/UNITS/TEXT.DAT":      utf16le(unitDAT),
	})
	out, errs, code := run(t, "decompile", z, "MEDIA/UNITS/SKELETON.DAT")
	if code != 0 || !strings.Contains(out, ":Skeleton\r\n") || !strings.Contains(out, ":3\r\n") {
		t.Fatalf("decompile: %d %q %q", code, out, errs)
	}
	// -o writes the GUTS form, which compiles back to the same bytes.
	dat := filepath.Join(dir, "SKELETON.DAT")
	if _, errs, code = run(t, "decompile", z, "MEDIA/UNITS/SKELETON.DAT", "-o", dat); code != 0 {
		t.Fatalf("decompile -o: %d %s", code, errs)
	}
	if b, _ := os.ReadFile(dat); !bytes.HasPrefix(b, []byte{0xFF, 0xFE, '[', 0}) {
		t.Fatalf("decompiled file starts % X", b[:min(4, len(b))])
	}
	back := filepath.Join(dir, "SKELETON.BINDAT")
	out, errs, code = run(t, "compile", dat, "-o", back)
	if code != 0 || out != "wrote "+back+": "+itoa(len(bin))+" bytes\n" {
		t.Fatalf("compile: %d %q %q", code, out, errs)
	}
	if b, _ := os.ReadFile(back); !bytes.Equal(b, bin) {
		t.Fatalf("round trip differs")
	}
	// Without the names dictionary, names are UNK_ placeholders: lint says so.
	if b, _ := os.ReadFile(dat); bytes.Contains(b, []byte("U\x00N\x00K\x00_\x00")) && !strings.HasPrefix(errs, "warning: ") {
		t.Fatalf("UNK_ names not warned about: %q", errs)
	}

	// BINLAYOUT round trip through loose files.
	layPath := filepath.Join(dir, "ROOM.LAYOUT")
	if _, errs, code = run(t, "decompile", z, "MEDIA/LAYOUTS/ROOM.LAYOUT", "-o", layPath); code != 0 {
		t.Fatalf("decompile layout: %s", errs)
	}
	layBack := filepath.Join(dir, "ROOM.BINLAYOUT")
	if _, errs, code = run(t, "compile", layPath, "-o", layBack); code != 0 {
		t.Fatalf("compile layout: %s", errs)
	}
	if b, _ := os.ReadFile(layBack); !bytes.Equal(b, lay) {
		t.Fatalf("layout round trip differs")
	}
	// A loose compiled file decompiles too.
	if out, _, code = run(t, "decompile", layBack); code != 0 || !strings.HasPrefix(out, "[Layout]\r\n") {
		t.Fatalf("loose layout: %d %q", code, out)
	}

	// Failures: one line, exit 1, naming the file (and line or offset).
	_, errs, code = run(t, "decompile", z, "MEDIA/UNITS/TEXT.DAT")
	if code != 1 || errs != "packsmith decompile: "+z+": MEDIA/UNITS/TEXT.DAT: not BINDAT, BINLAYOUT or RAW (it is text already: packsmith cat shows it)\n" {
		t.Fatalf("text: %d %q", code, errs)
	}
	badBin := filepath.Join(dir, "BAD.DAT.BINDAT")
	os.WriteFile(badBin, append([]byte{2, 0, 0, 0, 9, 0, 0, 0}, 1, 2), 0o644)
	_, errs, code = run(t, "decompile", badBin)
	if code != 1 || !strings.HasPrefix(errs, "packsmith decompile: "+badBin+": BINDAT: BAD.DAT: offset ") || strings.Count(errs, "\n") != 1 {
		t.Fatalf("bad BINDAT: %d %q", code, errs)
	}
	bad := filepath.Join(dir, "BAD.DAT")
	os.WriteFile(bad, []byte("[UNIT]\r\n\t<STRING>NAME:x\r\n"), 0o644)
	_, errs, code = run(t, "compile", bad, "-o", filepath.Join(dir, "bad.bin"))
	if code != 1 || !strings.HasPrefix(errs, "packsmith compile: "+bad) || strings.Count(errs, "\n") != 1 {
		t.Fatalf("bad source: %d %q", code, errs)
	}
	if _, err := os.Stat(filepath.Join(dir, "bad.bin")); err == nil {
		t.Fatal("a failed compile left its output")
	}
	_, errs, code = run(t, "compile", filepath.Join(dir, "x.txt"), "-o", "y")
	if code != 1 || !strings.Contains(errs, "x.txt: compile takes .DAT") {
		t.Fatalf("unknown extension: %d %q", code, errs)
	}
	_, errs, code = run(t, "compile", dat)
	if code != 2 || !strings.HasPrefix(errs, "packsmith compile: -o OUT is required ") {
		t.Fatalf("no -o: %d %q", code, errs)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }
