package render

import (
	"errors"
	"fmt"
	"image"
	"image/color"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"

	"packsmith/formats/tl2/mpp"
)

// Walk-grid pictures: the codec (formats/tl2/mpp) decodes, analyses and
// compares grids; drawing them, with gg and its fonts, lives here beside
// the other renderers.

// Colours of the picture; exported so a front end can draw a matching key.
var (
	ColorWalkable  = color.RGBA{0xD9, 0xE8, 0xC4, 0xFF} // pale green floor
	ColorWall      = color.RGBA{0x8A, 0x4B, 0x2E, 0xFF} // brown
	ColorVoid      = color.RGBA{0x1B, 0x1E, 0x2B, 0xFF} // near black
	ColorPocket    = color.RGBA{0xFF, 0x9F, 0x1C, 0xFF} // orange
	ColorThinWall  = color.RGBA{0xE0, 0x1E, 0x5A, 0xFF} // crimson
	ColorGained    = color.RGBA{0x2E, 0xC4, 0x4F, 0xFF} // became walkable
	ColorLost      = color.RGBA{0xE5, 0x30, 0x30, 0xFF} // was walkable
	ColorOtherDiff = color.RGBA{0xF2, 0xD0, 0x22, 0xFF} // wall <-> void
	colorPanel     = color.RGBA{0x4A, 0x4E, 0x5C, 0xFF} // lighter than void, so the grid's edge shows
	colorText      = color.RGBA{0xEE, 0xEE, 0xEE, 0xFF}
)

// classColor returns the colour of a class.
func classColor(c mpp.Class) color.RGBA {
	switch c {
	case mpp.Walkable:
		return ColorWalkable
	case mpp.Wall:
		return ColorWall
	}
	return ColorVoid
}

// GridRenderOptions tunes DrawGrid and DrawGridDiff; the zero value draws one pixel
// per cell with a legend.
type GridRenderOptions struct {
	// Scale is the edge of one cell in pixels (default 1). From 4 up, cell
	// lines are drawn.
	Scale int
	// Overlay, when set, marks its pockets and thin walls.
	Overlay *mpp.Analysis
	// NoLegend leaves the legend out, so the image is exactly the grid.
	NoLegend bool
	// MaxBytes caps the picture's memory (4 bytes a pixel, plus one a cell
	// for marks); 0 means only MaxPixels.
	MaxBytes int64
}

// CheckGridRender says whether DrawGrid (or DrawGridDiff) of a w×h grid with opt
// would be refused for its size, so callers can ask before they decode and
// analyse a large grid.
func CheckGridRender(w, h int, opt GridRenderOptions) error {
	_, _, err := canvasSize(w, h, opt, 5)
	return err
}

// canvasSize is the picture's size for a w×h grid with a legend of items
// lines, or the reason it is refused.
func canvasSize(w, h int, opt GridRenderOptions, items int) (int64, int64, error) {
	s := int64(opt.scale())
	pw, ph := int64(w)*s, int64(h)*s
	if !opt.NoLegend {
		pw = max(pw, 260)
		ph += int64(2*legendPad + items*legendLine)
	}
	if pw*ph > MaxGridPixels || s > 1<<12 {
		return pw, ph, fmt.Errorf("%w: %d×%d pixels at scale %d (limit %d pixels)", ErrGridTooLarge, pw, ph, s, MaxGridPixels)
	}
	if need := 4*pw*ph + int64(w)*int64(h); opt.MaxBytes > 0 && need > opt.MaxBytes {
		return pw, ph, fmt.Errorf("mpp: a %d×%d picture needs %d MB, more than the %d MB %w", pw, ph, need>>20, opt.MaxBytes>>20, mpp.ErrBudget)
	}
	return pw, ph, nil
}

// MaxGridPixels bounds the pictures DrawGrid makes (a 1000×1000 grid at
// scale 8).
const MaxGridPixels = 64 << 20

// ErrGridTooLarge is returned when a picture would exceed MaxGridPixels.
var ErrGridTooLarge = errors.New("mpp: picture too large")

const (
	legendPad  = 6
	legendLine = 16
	legendBox  = 11
)

type legendItem struct {
	c     color.RGBA
	label string
}

// DrawGrid draws the grid: row 0 at the top, column 0 at the left, with a
// legend of class counts below it.
func DrawGrid(g *mpp.Grid, opt GridRenderOptions) (*image.RGBA, error) {
	if err := g.Validate(); err != nil {
		return nil, err
	}
	if a := opt.Overlay; a != nil && (a.Width != g.Width || a.Height != g.Height) {
		return nil, fmt.Errorf("mpp: overlay is for a %d×%d grid, grid is %d×%d", a.Width, a.Height, g.Width, g.Height)
	}
	var marks []uint8 // 0 none, 1 pocket, 2 thin wall
	var items []legendItem
	st := g.Stats()
	items = append(items,
		legendItem{ColorWalkable, fmt.Sprintf("walkable %d (%.1f%%)", st.Walkable.Count, st.Walkable.Percent)},
		legendItem{ColorWall, fmt.Sprintf("wall %d (%.1f%%)", st.Wall.Count, st.Wall.Percent)},
		legendItem{ColorVoid, fmt.Sprintf("void %d (%.1f%%)", st.Void.Count, st.Void.Percent)},
	)
	if st.Stub {
		items = append(items, legendItem{ColorLost, "GUTS stub: the player cannot move here"})
	} else if st.NoWalkable {
		items = append(items, legendItem{ColorLost, "nothing walkable"})
	}
	if a := opt.Overlay; a != nil {
		marks = mpp.Marks(a)
		items = append(items,
			legendItem{ColorPocket, fmt.Sprintf("cut-off pockets %d (%d cells)", len(a.Pockets), a.PocketCells)},
			legendItem{ColorThinWall, fmt.Sprintf("thin walls %d", a.ThinWalls)},
		)
	}
	dc, err := newCanvas(g.Width, g.Height, opt, items)
	if err != nil {
		return nil, err
	}
	fillCells(dc, g.Width, g.Height, opt.scale(), func(i int) color.RGBA {
		if marks != nil {
			switch marks[i] {
			case 1:
				return ColorPocket
			case 2:
				return ColorThinWall
			}
		}
		return classColor(g.Cells[i])
	})
	if a := opt.Overlay; a != nil {
		// Pockets can be a single pixel; a frame makes them findable. The
		// frames go straight into the pixels, like the cells: through the
		// vector rasteriser, the half million pockets of a 1000² checker
		// grid took 14 s and 630 MB.
		img := dc.Image().(*image.RGBA)
		s := opt.scale()
		for _, p := range a.Pockets {
			b := p.Bounds
			c := ColorPocket
			if p.Thin {
				c = ColorThinWall
			}
			frame(img, b.Min.X*s-3, b.Min.Y*s-3, b.Max.X*s+2, b.Max.Y*s+2, c)
		}
	}
	drawLegend(dc, g.Height*opt.scale(), opt, items)
	return dc.Image().(*image.RGBA), nil
}

func (o GridRenderOptions) scale() int {
	if o.Scale <= 0 {
		return 1
	}
	return o.Scale
}

// newCanvas makes the picture: the grid on top, the legend below, as wide as
// the wider of the two.
func newCanvas(w, h int, opt GridRenderOptions, items []legendItem) (*gg.Context, error) {
	s := int64(opt.scale())
	pw, ph := int64(w)*s, int64(h)*s
	if !opt.NoLegend {
		for _, it := range items {
			tw := font.MeasureString(legendFace, it.label).Ceil()
			pw = max(pw, int64(2*legendPad+legendBox+6+tw))
		}
		ph += int64(2*legendPad + len(items)*legendLine)
	}
	if _, _, err := canvasSize(w, h, opt, len(items)); err != nil {
		return nil, err
	}
	if pw*ph > MaxGridPixels || s > 1<<12 {
		return nil, fmt.Errorf("%w: %d×%d pixels at scale %d (limit %d pixels)", ErrGridTooLarge, pw, ph, s, MaxGridPixels)
	}
	dc := gg.NewContext(int(pw), int(ph))
	dc.SetColor(colorPanel)
	dc.Clear()
	return dc, nil
}

// fillCells paints every cell straight into the pixel buffer: drawing a
// million rectangles through the vector rasteriser would take seconds.
// From scale 4 the first row and column of each cell are darkened into
// cell lines.
func fillCells(dc *gg.Context, w, h, s int, colorOf func(int) color.RGBA) {
	img := dc.Image().(*image.RGBA)
	lines := s >= 4
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := colorOf(y*w + x)
			line := darken(c)
			for py := 0; py < s; py++ {
				row := img.Pix[(y*s+py)*img.Stride+x*s*4:]
				for px := 0; px < s; px++ {
					cc := c
					if lines && (px == 0 || py == 0) {
						cc = line
					}
					o := px * 4
					row[o], row[o+1], row[o+2], row[o+3] = cc.R, cc.G, cc.B, cc.A
				}
			}
		}
	}
}

// frame draws the one-pixel outline of the rectangle x0..x1 × y0..y1
// (inclusive), clipped to the image: the pixels a 1-wide stroke of the
// rectangle through the pixel centres covers.
func frame(img *image.RGBA, x0, y0, x1, y1 int, c color.RGBA) {
	r := img.Rect
	set := func(x, y int) {
		if x >= r.Min.X && x < r.Max.X && y >= r.Min.Y && y < r.Max.Y {
			o := img.PixOffset(x, y)
			img.Pix[o], img.Pix[o+1], img.Pix[o+2], img.Pix[o+3] = c.R, c.G, c.B, c.A
		}
	}
	for x := max(x0, r.Min.X); x <= min(x1, r.Max.X-1); x++ {
		set(x, y0)
		set(x, y1)
	}
	for y := max(y0, r.Min.Y); y <= min(y1, r.Max.Y-1); y++ {
		set(x0, y)
		set(x1, y)
	}
}

func darken(c color.RGBA) color.RGBA {
	// Void is nearly black already, so lighten it instead to keep lines
	// visible.
	if int(c.R)+int(c.G)+int(c.B) < 120 {
		return color.RGBA{c.R + 28, c.G + 28, c.B + 28, c.A}
	}
	return color.RGBA{uint8(int(c.R) * 3 / 4), uint8(int(c.G) * 3 / 4), uint8(int(c.B) * 3 / 4), c.A}
}

// legendFace is gg's default face, named here so the legend can be measured
// before the canvas exists.
var legendFace = basicfont.Face7x13

func drawLegend(dc *gg.Context, top int, opt GridRenderOptions, items []legendItem) {
	if opt.NoLegend {
		return
	}
	dc.SetFontFace(legendFace)
	y := float64(top + legendPad)
	for _, it := range items {
		dc.SetColor(it.c)
		dc.DrawRectangle(legendPad, y+2, legendBox, legendBox)
		dc.Fill()
		dc.SetColor(colorText)
		dc.DrawRectangle(legendPad+0.5, y+2.5, legendBox-1, legendBox-1)
		dc.SetLineWidth(1)
		dc.Stroke()
		dc.DrawString(it.label, legendPad+legendBox+6, y+legendBox)
		y += legendLine
	}
}

// DrawGridDiff draws the difference between two grids: unchanged cells in
// their class colour faded, cells that became walkable green, cells that
// stopped being walkable red, wall/void swaps yellow.
func DrawGridDiff(before, after *mpp.Grid, opt GridRenderOptions) (*image.RGBA, *mpp.Diff, error) {
	d, kinds, err := mpp.CompareCells(before, after)
	if err != nil {
		return nil, nil, err
	}
	items := []legendItem{
		{fade(ColorWalkable), fmt.Sprintf("unchanged %d", d.Unchanged)},
		{ColorGained, fmt.Sprintf("became walkable %d", d.BecameWalkable)},
		{ColorLost, fmt.Sprintf("no longer walkable %d", d.LostWalkable)},
		{ColorOtherDiff, fmt.Sprintf("wall <-> void %d", d.Changes[1][2]+d.Changes[2][1])},
	}
	if d.SizeChanged {
		items = append(items, legendItem{colorText, fmt.Sprintf("size %d×%d -> %d×%d", before.Width, before.Height, after.Width, after.Height)})
	}
	opt.Overlay = nil
	dc, err := newCanvas(d.Width, d.Height, opt, items)
	if err != nil {
		return nil, nil, err
	}
	var faded [3]color.RGBA
	for i, c := range mpp.Classes {
		faded[i] = fade(classColor(c))
	}
	fillCells(dc, d.Width, d.Height, opt.scale(), func(i int) color.RGBA {
		from, to := int(kinds[i]/3), int(kinds[i]%3)
		switch {
		case from == to:
			return faded[from]
		case to == 0:
			return ColorGained
		case from == 0:
			return ColorLost
		}
		return ColorOtherDiff
	})
	drawLegend(dc, d.Height*opt.scale(), opt, items)
	return dc.Image().(*image.RGBA), d, nil
}

// fade mixes a colour halfway to grey so changes stand out against it.
func fade(c color.RGBA) color.RGBA {
	m := func(v uint8) uint8 { return uint8((int(v) + 0x60) / 2) }
	return color.RGBA{m(c.R), m(c.G), m(c.B), 0xFF}
}
