package levelbake

import (
	"context"
	"errors"
	"os"
	"testing"
	"time"

	"packsmith/backend/sys/limits"
	"packsmith/internal/crafted"
)

// FuzzBakeLayout bakes a fuzzed layout placing a fuzzed collision mesh,
// the way `packsmith bake` reads them from a mod folder: nothing may
// panic (issue 22: a piece at 1e30 overflowed w×h into makeslice), every
// bake stays within the budget and the test cap, and a grid that comes
// out is as large as its header says.
func FuzzBakeLayout(f *testing.F) {
	lay := func(props ...string) []byte {
		dir := f.TempDir()
		p, err := crafted.BakeMod(dir, nil, props...)
		if err != nil {
			f.Fatal(err)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		return b
	}
	f.Add(lay(""), crafted.FloorMesh(16))
	f.Add(lay("<FLOAT>POSITIONX:1e30", ""), crafted.FloorMesh(16))
	f.Add(lay("<FLOAT>POSITIONX:4\n<FLOAT>X:3\n<FLOAT>Z:-2", "<FLOAT>FORWARDX:1\n<FLOAT>FORWARDZ:0\n<FLOAT>RIGHTX:0\n<FLOAT>RIGHTZ:-1"), crafted.FloorMesh(8))
	f.Add(lay(""), crafted.OverlapMesh(12, 30))
	budget, err := limits.NewBudget(limits.MinMB)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, layout, mesh []byte) {
		dir := t.TempDir()
		if _, err := crafted.BakeMod(dir, mesh); err != nil {
			t.Fatal(err)
		}
		b, err := New(dir, "")
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		rep, err := b.BakeLayout(ctx, "L.LAYOUT", layout, Options{Workers: 1, MaxTests: 2_000_000, Budget: budget})
		if errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("bake ran 10 s")
		}
		if err != nil {
			return
		}
		if g := rep.Grid; len(g.Cells) != g.Width*g.Height || rep.Result.Tests > 2_000_000 {
			t.Fatalf("grid %d×%d with %d cells, %d tests", g.Width, g.Height, len(g.Cells), rep.Result.Tests)
		}
	})
}
