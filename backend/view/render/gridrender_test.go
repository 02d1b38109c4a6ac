package render

import (
	"errors"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"packsmith/formats/tl2/mpp"
	"packsmith/internal/testfixtures"
)

const (
	fixtureGrid = "cyber_mod/MEDIA/LAYOUTS/CITY04/1X1SINGLE_ROOM/CITY_04B.MPP"
	fixtureStub = "cyber_mod/MEDIA/LAYOUTS/CITY05/CITY05.MPP"
)

// readGridFixture decodes a real grid in place (skipping when fixtures are
// absent).
func readGridFixture(t testing.TB, rel string) *mpp.Grid {
	t.Helper()
	b, err := os.ReadFile(testfixtures.File(t, "tl2", rel))
	if err != nil {
		t.Fatal(err)
	}
	g, err := mpp.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func gridFromArt(t testing.TB, art string) *mpp.Grid {
	t.Helper()
	g, err := mpp.ParseArt(art)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// outDir is where rendered pictures go: MPP_RENDER_DIR when set (to look
// at them after the run), else a temporary folder.
func renderDir(t *testing.T) string {
	if d := os.Getenv("MPP_RENDER_DIR"); d != "" {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		return d
	}
	return t.TempDir()
}

func savePNG(t *testing.T, img image.Image, name string) {
	t.Helper()
	p := filepath.Join(renderDir(t), name)
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s", p)
}

func pixel(img *image.RGBA, x, y int) color.RGBA {
	return img.RGBAAt(x, y)
}

func TestRenderFixtures(t *testing.T) {
	for _, c := range []struct {
		rel, name string
		scale     int
	}{
		{fixtureGrid, "city_04b_x1.png", 1},
		{fixtureGrid, "city_04b_x4.png", 4},
		{fixtureStub, "city05_stub_x4.png", 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := readGridFixture(t, c.rel)
			a, err := mpp.Analyse(g, mpp.AnalyseOptions{})
			if err != nil {
				t.Fatal(err)
			}
			img, err := DrawGrid(g, GridRenderOptions{Scale: c.scale, Overlay: a})
			if err != nil {
				t.Fatal(err)
			}
			if img.Bounds().Dx() < g.Width*c.scale || img.Bounds().Dy() <= g.Height*c.scale {
				t.Fatalf("picture %v too small for %d×%d at %d plus legend", img.Bounds(), g.Width, g.Height, c.scale)
			}
			// Every cell's interior pixel has its class colour.
			s := c.scale
			for y := 0; y < g.Height; y++ {
				for x := 0; x < g.Width; x++ {
					want := classColor(g.At(x, y))
					if got := pixel(img, x*s+s-1, y*s+s-1); got != want {
						t.Fatalf("cell (%d,%d) is %v, want %v", x, y, got, want)
					}
				}
			}
			savePNG(t, img, c.name)
		})
	}
}

func TestRenderScaleOneAndLines(t *testing.T) {
	g := gridFromArt(t, ".#~\n~#.")
	img, err := DrawGrid(g, GridRenderOptions{NoLegend: true})
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds() != image.Rect(0, 0, 3, 2) {
		t.Fatalf("scale 1 without legend: %v", img.Bounds())
	}
	if pixel(img, 0, 0) != ColorWalkable || pixel(img, 1, 0) != ColorWall || pixel(img, 2, 0) != ColorVoid {
		t.Fatal("class colours")
	}
	img4, _ := DrawGrid(g, GridRenderOptions{Scale: 4, NoLegend: true})
	if pixel(img4, 0, 0) == ColorWalkable || pixel(img4, 1, 1) != ColorWalkable {
		t.Fatal("scale 4: want a cell line on the cell's first row and column")
	}
	img3, _ := DrawGrid(g, GridRenderOptions{Scale: 3, NoLegend: true})
	if pixel(img3, 0, 0) != ColorWalkable {
		t.Fatal("scale 3: no cell lines")
	}
	withLegend, _ := DrawGrid(g, GridRenderOptions{})
	if withLegend.Bounds().Dy() <= 2 || withLegend.Bounds().Dx() < 100 {
		t.Fatalf("legend missing: %v", withLegend.Bounds())
	}
}

func TestRenderOverlay(t *testing.T) {
	g := gridFromArt(t, `
~~~~~~~~~~~~~~~~
~......#..~~~~~~
~......#..~~~.~~
~......~~~~~~~~~
~~~~~~~~~~~~~~~~`)
	a, _ := mpp.Analyse(g, mpp.AnalyseOptions{})
	img, err := DrawGrid(g, GridRenderOptions{Scale: 8, Overlay: a})
	if err != nil {
		t.Fatal(err)
	}
	at := func(x, y int) color.RGBA { return pixel(img, x*8+4, y*8+4) }
	if at(8, 1) != ColorPocket || at(7, 1) != ColorThinWall && at(7, 2) != ColorThinWall || at(2, 2) != ColorWalkable {
		t.Fatalf("overlay colours: pocket %v wall %v/%v floor %v", at(8, 1), at(7, 1), at(7, 2), at(2, 2))
	}
	if at(13, 2) != ColorPocket {
		t.Fatal("sealed pocket not marked")
	}
	savePNG(t, img, "overlay_x8.png")

	other := gridFromArt(t, "..\n..")
	if _, err := DrawGrid(other, GridRenderOptions{Overlay: a}); err == nil {
		t.Fatal("overlay of another grid accepted")
	}
}

func TestRenderTooLarge(t *testing.T) {
	g, _ := mpp.New(1000, 1000, mpp.Void)
	_, err := DrawGrid(g, GridRenderOptions{Scale: 100})
	if !errors.Is(err, ErrGridTooLarge) {
		t.Fatalf("err = %v", err)
	}
}

func TestCompareAndRenderDiff(t *testing.T) {
	before := gridFromArt(t, `
~~~~~~
~....~
~.##.~
~....~`)
	after := gridFromArt(t, `
~~~~~~
~....~
~..#.~
~.~..#`)
	d, err := mpp.Compare(before, after)
	if err != nil {
		t.Fatal(err)
	}
	// (2,2) wall→walkable, (2,3) walkable→void, (5,3) void→wall.
	if d.Changed != 3 || d.Unchanged != 21 || d.BecameWalkable != 1 || d.LostWalkable != 1 ||
		d.Changes[1][0] != 1 || d.Changes[0][2] != 1 || d.Changes[2][1] != 1 || d.SizeChanged {
		t.Fatalf("diff %+v", d)
	}
	img, d2, err := DrawGridDiff(before, after, GridRenderOptions{Scale: 8})
	if err != nil {
		t.Fatal(err)
	}
	if *d2 != *d {
		t.Fatal("RenderDiff counts differ from Compare")
	}
	at := func(x, y int) color.RGBA { return pixel(img, x*8+4, y*8+4) }
	if at(2, 2) != ColorGained || at(2, 3) != ColorLost || at(5, 3) != ColorOtherDiff || at(1, 1) != fade(ColorWalkable) {
		t.Fatal("diff colours")
	}
	savePNG(t, img, "diff_x8.png")

	// Different sizes: the missing area counts as void.
	small := gridFromArt(t, "..\n..")
	big := gridFromArt(t, "...\n..#")
	d3, err := mpp.Compare(small, big)
	if err != nil {
		t.Fatal(err)
	}
	if !d3.SizeChanged || d3.Width != 3 || d3.Height != 2 || d3.BecameWalkable != 1 || d3.Changes[2][1] != 1 {
		t.Fatalf("size change %+v", d3)
	}
}

func TestCompareFixtures(t *testing.T) {
	real := readGridFixture(t, fixtureGrid)
	edited := real.Clone()
	n := 0
	for y := 100; y < 110; y++ {
		for x := 100; x < 120; x++ {
			if edited.At(x, y) == mpp.Walkable {
				edited.Set(x, y, mpp.Wall)
				n++
			}
		}
	}
	img, d, err := DrawGridDiff(real, edited, GridRenderOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if d.Changed != n || d.LostWalkable != n || d.Changes[0][1] != n {
		t.Fatalf("diff %+v, walled %d cells", d, n)
	}
	savePNG(t, img, "city_04b_diff.png")
}

func BenchmarkRender1000(b *testing.B) {
	g := benchGrid(b)
	b.ResetTimer()
	for b.Loop() {
		if _, err := DrawGrid(g, GridRenderOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRender1000Overlay(b *testing.B) {
	g := benchGrid(b)
	b.ResetTimer()
	for b.Loop() {
		a, err := mpp.Analyse(g, mpp.AnalyseOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := DrawGrid(g, GridRenderOptions{Overlay: a}); err != nil {
			b.Fatal(err)
		}
	}
}

// benchGrid is a 1000×1000 level of walled rooms in void, some of them
// sealed off, so every class and some pockets occur.
func benchGrid(b testing.TB) *mpp.Grid {
	g, err := mpp.New(1000, 1000, mpp.Void)
	if err != nil {
		b.Fatal(err)
	}
	for y := 20; y < 980; y++ {
		for x := 20; x < 980; x++ {
			c := mpp.Walkable
			if x%50 == 0 || y%50 == 0 {
				c = mpp.Wall
				if (x+y)%7 == 0 {
					c = mpp.Walkable // doors
				}
			}
			g.Set(x, y, c)
		}
	}
	// Re-wall every ninth room completely: those become pockets behind
	// one-cell walls.
	for ry := 50; ry < 950; ry += 50 {
		for rx := 50; rx < 950; rx += 50 {
			if (rx/50+ry/50)%9 != 0 {
				continue
			}
			for i := 0; i <= 50; i++ {
				g.Set(rx+i, ry, mpp.Wall)
				g.Set(rx+i, ry+50, mpp.Wall)
				g.Set(rx, ry+i, mpp.Wall)
				g.Set(rx+50, ry+i, mpp.Wall)
			}
		}
	}
	return g
}

func TestBenchGridHasPockets(t *testing.T) {
	g := benchGrid(t)
	a, err := mpp.Analyse(g, mpp.AnalyseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Pockets) == 0 || a.ThinWalls != len(a.Pockets) {
		t.Fatalf("%d pockets, %d thin walls", len(a.Pockets), a.ThinWalls)
	}
	img, err := DrawGrid(g, GridRenderOptions{Overlay: a})
	if err != nil {
		t.Fatal(err)
	}
	savePNG(t, img, "bench_1000_overlay.png")
	t.Logf("%d regions, %d pockets (%d cells)", len(a.Regions), len(a.Pockets), a.PocketCells)
}

func TestCheckGridRender(t *testing.T) {
	if err := CheckGridRender(8000, 8000, GridRenderOptions{Scale: 16}); !errors.Is(err, ErrGridTooLarge) {
		t.Fatalf("err = %v", err)
	}
	if err := CheckGridRender(1000, 1000, GridRenderOptions{Scale: 4, MaxBytes: 32 << 20}); !errors.Is(err, mpp.ErrBudget) {
		t.Fatalf("err = %v", err)
	}
	if err := CheckGridRender(1000, 1000, GridRenderOptions{Scale: 4, MaxBytes: 128 << 20}); err != nil {
		t.Fatal(err)
	}
}
