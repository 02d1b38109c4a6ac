package mpp

import (
	"fmt"
	"strings"
)

// ParseArt builds a grid from rows of text, one character a cell: '.'
// walkable, '#' wall, '~' void. Leading and trailing line breaks are
// ignored; every row must be as long as the first. Tests and examples draw
// the case they mean with it.
func ParseArt(art string) (*Grid, error) {
	rows := strings.Split(strings.Trim(art, "\n"), "\n")
	g, err := New(len(rows[0]), len(rows), Void)
	if err != nil {
		return nil, err
	}
	for y, r := range rows {
		if len(r) != g.Width {
			return nil, fmt.Errorf("mpp: art row %d has %d cells, want %d", y, len(r), g.Width)
		}
		for x, ch := range r {
			switch ch {
			case '.':
				g.Set(x, y, Walkable)
			case '#':
				g.Set(x, y, Wall)
			case '~':
				g.Set(x, y, Void)
			default:
				return nil, fmt.Errorf("mpp: art row %d: unknown cell %q", y, ch)
			}
		}
	}
	return g, nil
}

// Art is the grid as ParseArt reads it.
func (g *Grid) Art() string {
	var b strings.Builder
	for y := 0; y < g.Height; y++ {
		if y > 0 {
			b.WriteByte('\n')
		}
		for x := 0; x < g.Width; x++ {
			switch g.At(x, y) {
			case Walkable:
				b.WriteByte('.')
			case Wall:
				b.WriteByte('#')
			default:
				b.WriteByte('~')
			}
		}
	}
	return b.String()
}
