package cli

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/formats/tl2/mpp"
)

const demoMod = "../../testdata/demo/PACKSMITH_SAMPLE.MOD"
const demoTextures = "../../testdata/demo/textures.zip"

// extract --decompile writes, for every compiled entry, exactly the bytes
// `decompile ARCHIVE ENTRY -o` writes, under the source's name.
func TestExtractDecompileMatchesDecompile(t *testing.T) {
	dir := t.TempDir()
	out, errs, code := run(t, "extract", demoMod, "-o", filepath.Join(dir, "x"), "--decompile", "--json")
	if code != 0 {
		t.Fatalf("code %d: %s", code, errs)
	}
	var res struct{ Files, Converted int }
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	// 12 entries: 4 RAW, 4 BINDAT, 3 BINLAYOUT converted; the .MPP copied.
	if res.Files != 12 || res.Converted != 11 {
		t.Fatalf("files %d converted %d, want 12 and 11", res.Files, res.Converted)
	}
	cases := map[string]string{
		"MEDIA/UNITS/ITEMS/SAMPLE/SAMPLE_SWORD.DAT":     "MEDIA/UNITS/ITEMS/SAMPLE/SAMPLE_SWORD.DAT",
		"MEDIA/LAYOUTS/SAMPLE_LEVEL/SAMPLE_ROOM.LAYOUT": "MEDIA/LAYOUTS/SAMPLE_LEVEL/SAMPLE_ROOM.LAYOUT",
		"MEDIA/UI/MENUS/SAMPLE_MENU.LAYOUT":             "MEDIA/UI/MENUS/SAMPLE_MENU.LAYOUT",
		"MEDIA/UNITDATA.RAW":                            "MEDIA/UNITDATA.RAW.txt",
		"MEDIA/SKILLS/SAMPLE_BLINK/SAMPLE_BLINK.DAT":    "MEDIA/SKILLS/SAMPLE_BLINK/SAMPLE_BLINK.DAT",
		"MEDIA/SKILLS/SAMPLE_BLINK/SAMPLE_BLINK.LAYOUT": "MEDIA/SKILLS/SAMPLE_BLINK/SAMPLE_BLINK.LAYOUT",
	}
	for entry, file := range cases {
		want := filepath.Join(dir, "want")
		if _, errs, code := run(t, "decompile", demoMod, entry, "-o", want); code != 0 {
			t.Fatalf("decompile %s: %s", entry, errs)
		}
		w, _ := os.ReadFile(want)
		got, err := os.ReadFile(filepath.Join(dir, "x", filepath.FromSlash(file)))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, w) || len(got) < 10 {
			t.Errorf("%s: extract --decompile wrote %d bytes, decompile -o %d; they differ", entry, len(got), len(w))
		}
		if !strings.HasSuffix(file, ".txt") && !bytes.HasPrefix(got, []byte{0xFF, 0xFE}) {
			t.Errorf("%s: not UTF-16LE with BOM: % x", file, got[:4])
		}
	}
	// The walk grid is copied byte for byte.
	grid, _ := os.ReadFile(filepath.Join(dir, "x", "MEDIA", "LAYOUTS", "SAMPLE_LEVEL", "SAMPLE_ROOM.MPP"))
	orig, _, _ := run(t, "cat", demoMod, "MEDIA/LAYOUTS/SAMPLE_LEVEL/SAMPLE_ROOM.MPP")
	if string(grid) != orig || len(grid) != 1224 {
		t.Errorf("grid: %d bytes, want the entry's 1224", len(grid))
	}

	// Again into the same folder: refused, naming a file, nothing written.
	before, _ := os.ReadFile(filepath.Join(dir, "x", "MEDIA", "UNITDATA.RAW.txt"))
	os.WriteFile(filepath.Join(dir, "x", "MEDIA", "UNITDATA.RAW.txt"), []byte("mine"), 0o644)
	_, errs, code = run(t, "extract", demoMod, "-o", filepath.Join(dir, "x"), "--decompile")
	if code != 1 || !strings.Contains(errs, "MEDIA/AFFIXES.RAW.txt and 11 more already exists in ") || !strings.Contains(errs, "(overwrite them with --overwrite)") {
		t.Fatalf("second extract: code %d, %q", code, errs)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "x", "MEDIA", "UNITDATA.RAW.txt")); string(b) != "mine" {
		t.Fatalf("an existing file was replaced without --overwrite")
	}
	if _, errs, code := run(t, "extract", demoMod, "-o", filepath.Join(dir, "x"), "--decompile", "--overwrite"); code != 0 {
		t.Fatalf("--overwrite: %s", errs)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "x", "MEDIA", "UNITDATA.RAW.txt")); !bytes.Equal(b, before) {
		t.Fatalf("--overwrite did not write the table again")
	}
}

func TestExtractPNG(t *testing.T) {
	dir := t.TempDir()
	out, errs, code := run(t, "extract", demoTextures, "-o", dir, "--png", "--json")
	if code != 0 {
		t.Fatalf("code %d: %s", code, errs)
	}
	var res struct {
		Files, Converted int
		Kept             []struct{ Entry, Why string }
	}
	json.Unmarshal([]byte(out), &res)
	if res.Files != 9 || res.Converted != 8 || len(res.Kept) != 1 || res.Kept[0].Entry != "textures/truncated.dds" ||
		!strings.Contains(res.Kept[0].Why, "the header claims 2048") {
		t.Fatalf("result %+v", res)
	}
	if !strings.Contains(errs, "warning: "+demoTextures+": textures/truncated.dds: not converted to PNG") {
		t.Errorf("no warning for the truncated texture: %q", errs)
	}
	sizes := map[string][2]int{
		"textures/bc1_mips.dds.png": {64, 64}, "textures/bc3_alpha_mips.dds.png": {64, 64},
		"textures/cube_bc1.dds.png": {16, 16}, "textures/icon.tga.png": {32, 32}, "textures/reborn_icon.btx.png": {32, 32},
	}
	zr, err := zip.OpenReader(demoTextures)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	for _, f := range zr.File {
		if strings.HasSuffix(f.Name, ".MPP") {
			rc, _ := f.Open()
			b, _ := io.ReadAll(rc)
			rc.Close()
			g, err := mpp.Decode(b)
			if err != nil {
				t.Fatal(err)
			}
			sizes[f.Name+".png"] = [2]int{g.Width, g.Height}
		}
	}
	if len(sizes) != 8 {
		t.Fatalf("%d expected PNGs", len(sizes))
	}
	for name, wh := range sizes {
		img := readPNG(t, filepath.Join(dir, filepath.FromSlash(name)))
		if b := img.Bounds(); b.Dx() != wh[0] || b.Dy() != wh[1] {
			t.Errorf("%s: %d×%d, want %d×%d", name, b.Dx(), b.Dy(), wh[0], wh[1])
		}
	}
	// The truncated texture is there as it is.
	b, _ := os.ReadFile(filepath.Join(dir, "textures", "truncated.dds"))
	if len(b) != 1000 {
		t.Errorf("truncated.dds: %d bytes, want its 1000", len(b))
	}
	if _, err := png.Decode(bytes.NewReader(b)); err == nil {
		t.Errorf("truncated.dds was written as a PNG")
	}
}
