package render

import (
	"testing"

	"packsmith/backend/view/preview"
	"packsmith/formats/tl2/mpp"
)

// BenchmarkPreviewWalkGrid1000 is what the window waits for when it opens
// a 1000×1000 grid: read, decode, analyse (pockets), draw; PNG encoding
// aside. Rooms in a lattice, some sealed, so every class occurs.
func BenchmarkPreviewWalkGrid1000(b *testing.B) {
	g, _ := mpp.New(1000, 1000, mpp.Void)
	for ry := 0; ry < 20; ry++ {
		for rx := 0; rx < 20; rx++ {
			for y := ry*50 + 2; y < ry*50+48; y++ {
				for x := rx*50 + 2; x < rx*50+48; x++ {
					c := mpp.Walkable
					if x == rx*50+2 || x == rx*50+47 || y == ry*50+2 || y == ry*50+47 {
						c = mpp.Wall
					}
					g.Set(x, y, c)
				}
			}
			if (rx+ry)%3 != 0 { // a door east, except in every third room
				g.Set(rx*50+47, ry*50+25, mpp.Walkable)
				for x := rx*50 + 48; x < rx*50+52 && x < 1000; x++ {
					g.Set(x, ry*50+25, mpp.Walkable)
				}
			}
		}
	}
	data, err := mpp.Encode(g)
	if err != nil {
		b.Fatal(err)
	}
	a := newArchive()
	e := a.add("BIG.MPP", KindWalkGrid, data)
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for b.Loop() {
		if _, _, err := preview.RenderImage(a, e, preview.Options{View: map[string]string{"legend": "0", "overlay": "1"}}); err != nil {
			b.Fatal(err)
		}
	}
}
