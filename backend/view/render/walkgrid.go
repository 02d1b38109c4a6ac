package render

import (
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"

	"packsmith/backend/archive"
	"packsmith/backend/sys/limits"
	"packsmith/backend/view/preview"
	"packsmith/formats/tl2/mpp"
)

// KindWalkGrid is the entry kind drivers give .MPP files.
const KindWalkGrid = "walkgrid"

// StubMessage is what a stub grid means in play. It stays ASCII: it is
// printed to consoles of every code page.
const StubMessage = "stub walk grid (50x50, every cell void): the player cannot move here; GUTS wrote it because the level failed to load when the grid was baked"

// noWalkableMessage is the same symptom without the stub's exact shape.
const noWalkableMessage = "no walkable cell: the player cannot move here"

// MaxGridBytes caps what a walk grid preview reads: the largest grid
// mpp.Render can draw at scale 1, plus its header.
const MaxGridBytes = mpp.HeaderSize + MaxGridPixels

func init() {
	preview.Register(preview.Renderer{Name: "walk grid", Match: matchGrid, Image: renderGrid})
}

func matchGrid(e archive.Entry, head []byte) bool {
	return e.Kind == KindWalkGrid || ext(e.Path) == ".mpp"
}

// GridReport is a walk grid's stats and analysis, for the window's table
// and `packsmith info FILE.mpp --json`.
type GridReport struct {
	Bytes int64 `json:"bytes"`
	mpp.Stats
	// Pockets counts walkable regions cut off from the largest one;
	// PocketCells is their size, ThinWalls how many are cut off by a
	// barrier thin enough to be a baking artefact.
	Pockets     int `json:"pockets"`
	PocketCells int `json:"pocketCells"`
	ThinWalls   int `json:"thinWalls"`
	// Warnings say in words what hurts players ("the player cannot move here").
	Warnings []string `json:"warnings"`
}

// ReadGrid reads and decodes a whole walk grid, refusing more than
// MaxGridBytes, or a grid whose analysis would not fit the memory budget
// (backend/sys/limits), before allocating for it.
func ReadGrid(r io.Reader, b *limits.Budget) (*mpp.Grid, []byte, error) {
	return readGrid(r, nil, b)
}

// readGrid reads the header first and lets check refuse the grid's size
// before the cells are read.
func readGrid(r io.Reader, check func(w, h int) error, budget *limits.Budget) (*mpp.Grid, []byte, error) {
	head := make([]byte, mpp.HeaderSize)
	n, err := io.ReadFull(r, head)
	if err != nil && err != io.ErrUnexpectedEOF {
		return nil, nil, fmt.Errorf("reading at offset %d: %w", n, err)
	}
	head = head[:n]
	if n == mpp.HeaderSize {
		w := int64(int32(binary.LittleEndian.Uint32(head[0:])))
		h := int64(int32(binary.LittleEndian.Uint32(head[4:])))
		if w > 0 && h > 0 && w*h <= MaxGridBytes {
			max := budget.Available()
			if need := 2*w*h + mpp.AnalyseBytes(w*h, 0); need > max {
				return nil, nil, fmt.Errorf("grid %d×%d: reading and analysing it needs %d MB, more than the %d MB memory limit (%s)",
					w, h, need>>20, max>>20, limits.Hint)
			}
			if check != nil {
				if err := check(int(w), int(h)); err != nil {
					return nil, nil, err
				}
			}
		}
	}
	rest, err := io.ReadAll(io.LimitReader(r, MaxGridBytes+1-int64(n)))
	b := append(head, rest...)
	if err != nil {
		return nil, nil, fmt.Errorf("reading at offset %d: %w", len(b), err)
	}
	if len(b) > MaxGridBytes {
		return nil, nil, fmt.Errorf("larger than %d bytes, the biggest walk grid Packsmith draws", MaxGridBytes)
	}
	g, err := mpp.Decode(b)
	if err != nil {
		return nil, nil, err
	}
	return g, b, nil
}

// AnalyseGrid gives the report of a decoded grid and the analysis behind it
// (for the overlay).
func AnalyseGrid(g *mpp.Grid, size int64, b *limits.Budget) (GridReport, *mpp.Analysis, error) {
	if f, off, v, bad := g.NonFinite(); bad {
		return GridReport{}, nil, fmt.Errorf("header field %s at offset %d is %v; a walk grid's origin and extent are finite numbers", f, off, v)
	}
	rep := GridReport{Bytes: size, Stats: g.Stats(), Warnings: []string{}}
	a, err := mpp.Analyse(g, mpp.AnalyseOptions{MaxBytes: b.Available()})
	if err != nil {
		if errors.Is(err, mpp.ErrBudget) {
			if used := b.InUse(); used > 0 {
				err = fmt.Errorf("%w: %d MB of the %d MB memory limit are in use already (%s)", err, used>>20, b.MB(), limits.Hint)
			} else {
				err = fmt.Errorf("%w (%s)", err, limits.Hint)
			}
		}
		return rep, nil, err
	}
	rep.Pockets, rep.PocketCells, rep.ThinWalls = len(a.Pockets), a.PocketCells, a.ThinWalls
	switch {
	case rep.Stub:
		rep.Warnings = append(rep.Warnings, StubMessage)
	case rep.NoWalkable:
		rep.Warnings = append(rep.Warnings, noWalkableMessage)
	}
	if rep.Pockets > 0 {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("%d walkable pocket(s), %d cells, cut off from the main area (%d by a thin wall): players who land there are stuck",
			rep.Pockets, rep.PocketCells, rep.ThinWalls))
	}
	return rep, a, nil
}

// GridOptions reads scale (1–16, default 1), overlay=1 and legend=0; the
// picture may take what is left of the budget.
func GridOptions(opts map[string]string, b *limits.Budget) (GridRenderOptions, bool, error) {
	scale, err := intOpt(opts, "scale", 1)
	if err != nil {
		return GridRenderOptions{}, false, err
	}
	if scale < 1 || scale > 16 {
		return GridRenderOptions{}, false, fmt.Errorf("option scale=%d: want 1 to 16", scale)
	}
	overlay := opts["overlay"] == "1" || opts["overlay"] == "true"
	return GridRenderOptions{Scale: scale, MaxBytes: b.Available(), NoLegend: opts["legend"] == "0" || opts["legend"] == "false"}, overlay, nil
}

func hexColor(c color.RGBA) string { return fmt.Sprintf("#%02X%02X%02X", c.R, c.G, c.B) }

func renderGrid(r io.Reader, e archive.Entry, o preview.Options) (image.Image, preview.ImageMeta, error) {
	ro, overlay, err := GridOptions(o.View, o.Budget)
	if err != nil {
		return nil, nil, err
	}
	g, b, err := readGrid(r, func(w, h int) error {
		err := CheckGridRender(w, h, ro)
		if errors.Is(err, mpp.ErrBudget) {
			err = fmt.Errorf("%w (%s)", err, limits.Hint)
		}
		return err
	}, o.Budget)
	if err != nil {
		return nil, nil, err
	}
	// The picture is made after the analysis; both live at once, so the
	// analysis gets the budget the picture leaves (a 1000² checker grid at
	// scale 8: 256 MB of picture and 430 MB of pockets).
	pw, ph, _ := canvasSize(g.Width, g.Height, ro, 5)
	release, err := o.Budget.Take("its picture", 4*pw*ph+int64(len(b)))
	if err != nil {
		return nil, nil, fmt.Errorf("%w (%s)", err, limits.Hint)
	}
	defer release()
	rep, a, err := AnalyseGrid(g, int64(len(b)), o.Budget)
	if err != nil {
		return nil, nil, err
	}
	if overlay {
		ro.Overlay = a
	}
	img, err := DrawGrid(g, ro)
	if err != nil {
		return nil, nil, err
	}
	pct := func(p float64) *float64 { return &p }
	legend := []LegendItem{
		{Name: "walkable", Color: hexColor(ColorWalkable), Count: rep.Walkable.Count, Percent: pct(rep.Walkable.Percent)},
		{Name: "wall", Color: hexColor(ColorWall), Count: rep.Wall.Count, Percent: pct(rep.Wall.Percent)},
		{Name: "void", Color: hexColor(ColorVoid), Count: rep.Void.Count, Percent: pct(rep.Void.Percent)},
	}
	if overlay {
		legend = append(legend,
			LegendItem{Name: "pocket", Color: hexColor(ColorPocket), Count: rep.PocketCells},
			LegendItem{Name: "thin wall", Color: hexColor(ColorThinWall), Count: rep.ThinWalls})
	}
	bd := img.Bounds()
	return img, &GridMeta{
		Kind:    KindWalkGrid,
		Format:  "MPP walk grid",
		Width:   bd.Dx(),
		Height:  bd.Dy(),
		Scale:   ro.Scale,
		Overlay: overlay,
		Stub:    rep.Stub,
		Pockets: rep.Pockets,
		Grid:    rep,
		Legend:  legend,
	}, nil
}
