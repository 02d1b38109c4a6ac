package mpp

import (
	"bytes"
	"errors"
	"testing"
)

// FuzzDecode checks that any input either decodes to a grid that encodes
// back to the same bytes, or fails with a FormatError inside the input;
// small grids are also analysed, marked and compared with themselves. Seeds: testdata/fuzz/FuzzDecode
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
		for i, m := range Marks(a) {
			if (m == 1 && g.Cells[i] != Walkable) || (m == 2 && g.Cells[i] != Wall) || m > 2 {
				t.Fatalf("cell %d marked %d is %v", i, m, g.Cells[i])
			}
		}
		d, kinds, err := CompareCells(g, g)
		if err != nil || d.Changed != 0 || d.Unchanged != st.Cells || len(kinds) != st.Cells {
			t.Fatalf("self-compare %+v %v", d, err)
		}
	})
}

// FuzzParseArt: any text ParseArt takes comes back from Art as the same
// grid; what it refuses is refused with an error, never a panic.
func FuzzParseArt(f *testing.F) {
	for _, s := range []string{".#~\n~#.", "\n...\n.#.\n...\n", "..\n.", "x", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, art string) {
		if len(art) > 1<<12 {
			return
		}
		g, err := ParseArt(art)
		if err != nil {
			return
		}
		back, err := ParseArt(g.Art())
		if err != nil || back.Art() != g.Art() || back.Width != g.Width || back.Height != g.Height {
			t.Fatalf("%q: Art round trip %q, %v", art, g.Art(), err)
		}
	})
}
