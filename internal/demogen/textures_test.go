package main

import (
	"bytes"
	"image"
	"testing"

	"packsmith/formats/dds"
	"packsmith/formats/reborn/btx"
	"packsmith/formats/tga"
	"packsmith/formats/tl2/mpp"
)

// meanDiff is the mean channel difference between two images.
func meanDiff(a, b *image.NRGBA) float64 {
	d := 0
	for i := range a.Pix {
		v := int(a.Pix[i]) - int(b.Pix[i])
		d += max(v, -v)
	}
	return float64(d) / float64(len(a.Pix))
}

// The encoders must produce what the decoders read back: exact for TGA and
// the grids, close on average for the block formats (four colours on a
// line per 4×4 block, 5/6/5 bits).
func TestTexturesDecode(t *testing.T) {
	src := demoImage(64, 64, true)
	for _, tc := range []struct {
		name string
		bc3  bool
		tol  float64
	}{{"BC1", false, 6}, {"BC3", true, 6}} {
		in := src
		if !tc.bc3 {
			in = demoImage(64, 64, false)
		}
		file := ddsWithMips(in, tc.bc3)
		for m, want := 0, in; m < 7; m, want = m+1, halve(want) {
			got, info, err := dds.Decode(bytes.NewReader(file), dds.Options{Mip: m})
			if err != nil {
				t.Fatalf("%s mip %d: %v", tc.name, m, err)
			}
			if info.Format != tc.name || info.MipCount != 7 || got.Bounds() != want.Bounds() {
				t.Fatalf("%s mip %d: %+v %v", tc.name, m, info, got.Bounds())
			}
			// Small mips put a 2D colour ramp in one block, which four
			// colours on a line cannot follow: only the large ones are held
			// to the tolerance.
			d := meanDiff(got, want)
			if m < 2 && d > tc.tol {
				t.Errorf("%s mip %d differs by %.1f on average", tc.name, m, d)
			}
			t.Logf("%s mip %d: mean difference %.1f", tc.name, m, d)
		}
	}
	for face := 0; face < 6; face++ {
		if _, info, err := dds.Decode(bytes.NewReader(cubeDDS()), dds.Options{Slice: face}); err != nil || info.Faces != 6 {
			t.Fatalf("cube face %d: %v %+v", face, err, info)
		}
	}
	tg, _, err := tga.Decode(bytes.NewReader(demoTGA(src)), tga.Options{})
	if err != nil || !bytes.Equal(tg.Pix, src.Pix) {
		t.Fatalf("TGA: %v", err)
	}
	g, err := mpp.Decode(demoGrid())
	if err != nil {
		t.Fatal(err)
	}
	a, err := mpp.Analyse(g, mpp.AnalyseOptions{})
	if err != nil || len(a.Pockets) != 1 || a.PocketCells != 24 || a.ThinWalls != 1 {
		t.Fatalf("grid analysis %+v %v", a, err)
	}
	e, err := mpp.Decode(editedGrid())
	if err != nil {
		t.Fatal(err)
	}
	if d, err := mpp.Compare(g, e); err != nil || d.BecameWalkable != 2 || d.LostWalkable != 4 || d.Changed != 6 {
		t.Fatalf("edited grid: %+v %v", d, err)
	}
	bi, bin, err := btx.DecodeBytes(btxFile(7, 32, 32, 64, "ui/reborn_icon", encodeBC(demoImage(32, 32, false), false)), btx.Options{})
	if err != nil || bin.Name != "ui/reborn_icon" || bi.Rect.Dx() != 32 || meanDiff(bi, demoImage(32, 32, false)) > 6 {
		t.Fatalf("btx: %v %+v", err, bin)
	}
	if s, err := mpp.Decode(stubGrid()); err != nil || !s.IsStub() {
		t.Fatalf("stub: %v", err)
	}
}
