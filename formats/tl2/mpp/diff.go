package mpp

import "fmt"

// Diff counts how cells changed class between two grids.
type Diff struct {
	// Width and Height are the compared area: the larger of the two grids.
	// Cells outside a smaller grid count as void, with both grids aligned
	// at cell (0, 0).
	Width       int  `json:"width"`
	Height      int  `json:"height"`
	SizeChanged bool `json:"sizeChanged"`
	// Changes[i][j] counts cells that were Classes[i] and are Classes[j].
	Changes        [3][3]int `json:"changes"`
	Changed        int       `json:"changed"`
	Unchanged      int       `json:"unchanged"`
	BecameWalkable int       `json:"becameWalkable"`
	LostWalkable   int       `json:"lostWalkable"`
}

// Compare counts the cells whose class differs between before and after.
func Compare(before, after *Grid) (*Diff, error) {
	d, _, err := compare(before, after, false)
	return d, err
}

// CompareCells is Compare plus, for each cell of the compared area (row
// by row, Diff.Width wide), its change packed as from*3+to, with from and
// to indexes into Classes: what a picture of the difference draws.
func CompareCells(before, after *Grid) (*Diff, []uint8, error) {
	return compare(before, after, true)
}

func compare(a, b *Grid, keep bool) (*Diff, []uint8, error) {
	if err := a.Validate(); err != nil {
		return nil, nil, fmt.Errorf("before: %w", err)
	}
	if err := b.Validate(); err != nil {
		return nil, nil, fmt.Errorf("after: %w", err)
	}
	d := &Diff{
		Width:       max(a.Width, b.Width),
		Height:      max(a.Height, b.Height),
		SizeChanged: a.Width != b.Width || a.Height != b.Height,
	}
	if int64(d.Width)*int64(d.Height) > maxCells {
		return nil, nil, fmt.Errorf("mpp: compared area %d×%d is too large", d.Width, d.Height)
	}
	// kinds packs from and to class indexes as from*3+to, for the picture.
	var kinds []uint8
	if keep {
		kinds = make([]uint8, d.Width*d.Height)
	}
	for y := 0; y < d.Height; y++ {
		for x := 0; x < d.Width; x++ {
			i, j := a.At(x, y).Index(), b.At(x, y).Index()
			d.Changes[i][j]++
			if kinds != nil {
				kinds[y*d.Width+x] = uint8(i*3 + j)
			}
		}
	}
	for i := range 3 {
		for j := range 3 {
			if i == j {
				d.Unchanged += d.Changes[i][j]
			} else {
				d.Changed += d.Changes[i][j]
			}
		}
	}
	d.BecameWalkable = d.Changes[1][0] + d.Changes[2][0]
	d.LostWalkable = d.Changes[0][1] + d.Changes[0][2]
	return d, kinds, nil
}

// Marks returns, for each cell of the analysed grid, 1 when it lies in a
// cut-off pocket, 2 when it is part of a thin wall that cuts one off, else
// 0: what a picture of the analysis highlights.
func Marks(a *Analysis) []uint8 {
	m := make([]uint8, a.Width*a.Height)
	for _, p := range a.Pockets {
		// Walk the pocket's bounds rather than the whole grid: pockets
		// are usually small.
		for y := p.Bounds.Min.Y; y < p.Bounds.Max.Y; y++ {
			for x := p.Bounds.Min.X; x < p.Bounds.Max.X; x++ {
				if a.labels[y*a.Width+x] == int32(p.ID) {
					m[y*a.Width+x] = 1
				}
			}
		}
		if p.Thin {
			for _, c := range p.Barrier {
				m[c.Y*a.Width+c.X] = 2
			}
		}
	}
	return m
}
