package render

import (
	"fmt"
	"image"
	"io"
	"math"
	"os"

	"packsmith/backend/archive"
	"packsmith/backend/view/preview"
	"packsmith/formats/tl2/mpp"
)

// Comparing two walk grids (before and after an edit). The window asks with
// the bound ImageView(…, {diff: ENTRY}) (another entry of the same archive)
// or {diffFile: PATH} (a grid on disk); `packsmith render A --diff B`
// calls DiffGrids directly. The open entry is "before", the other "after".

// DiffReport is what changed between two walk grids: mpp.Diff's counts
// (changes[from][to] over walkable, wall, void) plus both names and sizes.
// `packsmith render --diff --json` prints it.
type DiffReport struct {
	Before       string `json:"before"`
	After        string `json:"after"`
	BeforeWidth  int    `json:"beforeWidth"`
	BeforeHeight int    `json:"beforeHeight"`
	AfterWidth   int    `json:"afterWidth"`
	AfterHeight  int    `json:"afterHeight"`
	mpp.Diff
	// WallVoid counts cells that swapped between wall and void.
	WallVoid int `json:"wallVoid"`
	// ChangedPercent is Changed over the compared area, to 0.01.
	ChangedPercent float64 `json:"changedPercent"`
}

// IsDiff says whether image options ask for a comparison.
func IsDiff(opts map[string]string) bool { return opts["diff"] != "" || opts["diffFile"] != "" }

// IsWalkGrid says whether an entry is shown as a walk grid (by kind or
// .MPP name), so it can be compared.
func IsWalkGrid(e archive.Entry) bool { return matchGrid(e, nil) }

// RenderGridDiff compares entry e of a (before) with the grid the options
// name (after): diff=ENTRY of the same archive or diffFile=PATH on disk.
// Other options are GridOptions' (scale, legend=0).
func RenderGridDiff(a archive.Archive, e archive.Entry, o preview.Options) (image.Image, preview.ImageMeta, error) {
	opts := o.View
	beforeName := a.Path() + ": " + e.Path
	if !IsWalkGrid(e) {
		return nil, nil, fmt.Errorf("%s: only walk grids (.MPP) can be compared", beforeName)
	}
	rc, err := a.Open(e.Path)
	if err != nil {
		return nil, nil, err
	}
	defer rc.Close()
	var after io.ReadCloser
	var afterName string
	switch {
	case opts["diffFile"] != "":
		afterName = opts["diffFile"]
		st, err := os.Stat(afterName)
		if err != nil {
			return nil, nil, fmt.Errorf("compare with %s: %w", afterName, err)
		}
		if !st.Mode().IsRegular() {
			return nil, nil, fmt.Errorf("compare with %s: not a file", afterName)
		}
		if after, err = os.Open(afterName); err != nil {
			return nil, nil, fmt.Errorf("compare with %s: %w", afterName, err)
		}
	default:
		other, ok := archive.Find(a, opts["diff"])
		if !ok {
			return nil, nil, &archive.EntryError{Archive: a.Path(), Entry: opts["diff"], Offset: -1, Err: archive.ErrNotFound}
		}
		afterName = a.Path() + ": " + other.Path
		if after, err = a.Open(other.Path); err != nil {
			return nil, nil, err
		}
	}
	defer after.Close()
	img, m, err := DiffGrids(rc, beforeName, after, afterName, o)
	if err != nil {
		return nil, nil, err // not a nil *GridDiffMeta in a non-nil ImageMeta
	}
	return img, m, nil
}

// DiffGrids reads two walk grids and draws their difference (DrawGridDiff:
// unchanged cells faded, became walkable green, no longer walkable red,
// wall <-> void yellow). Errors start with the name of the grid at fault.
// The meta holds "diff" (a DiffReport) and the legend the window shows.
func DiffGrids(before io.Reader, beforeName string, after io.Reader, afterName string, o preview.Options) (image.Image, *GridDiffMeta, error) {
	ro, _, err := GridOptions(o.View, o.Budget)
	if err != nil {
		return nil, nil, err
	}
	check := func(w, h int) error { return CheckGridRender(w, h, ro) }
	ga, _, err := readGrid(before, check, o.Budget)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: walk grid: %w", beforeName, err)
	}
	gb, _, err := readGrid(after, check, o.Budget)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: walk grid: %w", afterName, err)
	}
	img, d, err := DrawGridDiff(ga, gb, ro)
	if err != nil {
		return nil, nil, fmt.Errorf("comparing %s with %s: %w", beforeName, afterName, err)
	}
	rep := DiffReport{
		Before: beforeName, After: afterName,
		BeforeWidth: ga.Width, BeforeHeight: ga.Height, AfterWidth: gb.Width, AfterHeight: gb.Height,
		Diff:     *d,
		WallVoid: d.Changes[1][2] + d.Changes[2][1],
	}
	if area := d.Width * d.Height; area > 0 {
		rep.ChangedPercent = math.Round(float64(d.Changed)*10000/float64(area)) / 100
	}
	legend := []LegendItem{
		{Name: "unchanged walkable", Color: hexColor(fade(ColorWalkable)), Count: d.Changes[0][0]},
		{Name: "unchanged wall", Color: hexColor(fade(ColorWall)), Count: d.Changes[1][1]},
		{Name: "unchanged void", Color: hexColor(fade(ColorVoid)), Count: d.Changes[2][2]},
		{Name: "became walkable", Color: hexColor(ColorGained), Count: d.BecameWalkable},
		{Name: "no longer walkable", Color: hexColor(ColorLost), Count: d.LostWalkable},
		{Name: "wall <-> void", Color: hexColor(ColorOtherDiff), Count: rep.WallVoid},
	}
	bd := img.Bounds()
	return img, &GridDiffMeta{
		Kind:   "walkgrid-diff",
		Format: "MPP walk grid difference",
		Width:  bd.Dx(),
		Height: bd.Dy(),
		Scale:  ro.Scale,
		Diff:   rep,
		Legend: legend,
	}, nil
}
