package mpp

import (
	"bytes"
	"errors"
	"testing"
)

// FuzzDecode checks that any input either decodes to a grid that encodes
// back to the same bytes, or fails with a FormatError inside the input;
// small grids are also analysed and drawn. Seeds: testdata/fuzz/FuzzDecode
// (written by TestFuzzSeeds).
func FuzzDecode(f *testing.F) {
	for _, s := range seedGrids() {
		f.Add(s.data)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		g, err := Decode(b)
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) || fe.Offset < 0 || fe.Offset > int64(len(b)) {
				t.Fatalf("bad error %v", err)
			}
			return
		}
		out, err := Encode(g)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out, b) {
			t.Fatal("Encode(Decode(b)) != b")
		}
		st := g.Stats()
		if st.Walkable.Count+st.Wall.Count+st.Void.Count != st.Cells {
			t.Fatalf("stats do not add up: %+v", st)
		}
		if len(g.Cells) > 1<<14 {
			return
		}
		a, err := Analyse(g, AnalyseOptions{})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, r := range a.Regions {
			n += r.Cells
		}
		if n != st.Walkable.Count {
			t.Fatalf("regions hold %d cells, %d walkable", n, st.Walkable.Count)
		}
		for _, p := range a.Pockets {
			for _, c := range p.Barrier {
				if g.At(c.X, c.Y) != Wall {
					t.Fatalf("barrier cell %v is %v", c, g.At(c.X, c.Y))
				}
			}
		}
		if _, err := Render(g, RenderOptions{Overlay: a, Scale: 1 + len(b)%5}); err != nil {
			t.Fatal(err)
		}
	})
}
