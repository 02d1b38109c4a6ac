package diff

import (
	"context"

	"packsmith/backend/archive"
	"packsmith/backend/view/content"
	"packsmith/backend/view/render"
)

// How the window shows one entry's change.
const (
	ViewText   = "text"   // a line diff of the decoded text
	ViewImage  = "image"  // the two pictures side by side
	ViewGrid   = "grid"   // the walk-grid comparison
	ViewBinary = "binary" // sizes and the first byte that differs
)

// EntryDiff is what changed inside one entry.
type EntryDiff struct {
	PathA string `json:"pathA"` // "" when the entry was added
	PathB string `json:"pathB"` // "" when it was removed
	View  string `json:"view"`
	SizeA int64  `json:"sizeA"`
	SizeB int64  `json:"sizeB"`
	Same  bool   `json:"same"`
	// Text: the hunks (3 lines of context), the line counts, and whether
	// the texts were too far apart for a minimal diff.
	Hunks       []Hunk `json:"hunks"`
	LinesA      int    `json:"linesA"`
	LinesB      int    `json:"linesB"`
	Approximate bool   `json:"approximate"`
	// Offset is the first byte that differs (binary).
	Offset int64 `json:"offset"`
	// Note says why there is no text diff ("larger than 64 MB", a decompile error).
	Note string `json:"note,omitempty"`
}

// Context is how many equal lines surround a hunk.
const Context = 3

// Entry compares entry pathA of a with pathB of b; either path may be ""
// (added, removed), not both.
func Entry(ctx context.Context, a archive.Archive, pathA string, b archive.Archive, pathB string) (EntryDiff, error) {
	d := EntryDiff{PathA: pathA, PathB: pathB, SizeA: -1, SizeB: -1, Hunks: []Hunk{}}
	var ea, eb archive.Entry
	var inA, inB bool
	if pathA != "" {
		if ea, inA = archive.Find(a, pathA); !inA {
			return d, &archive.EntryError{Archive: a.Path(), Entry: pathA, Offset: -1, Err: archive.ErrNotFound}
		}
		d.PathA, d.SizeA = ea.Path, ea.Size
	}
	if pathB != "" {
		if eb, inB = archive.Find(b, pathB); !inB {
			return d, &archive.EntryError{Archive: b.Path(), Entry: pathB, Offset: -1, Err: archive.ErrNotFound}
		}
		d.PathB, d.SizeB = eb.Path, eb.Size
	}
	one := eb
	if !inB {
		one = ea
	}
	switch {
	case render.IsWalkGrid(one):
		d.View = ViewGrid
	case content.IsPicture(one):
		d.View = ViewImage
	}
	if inA && inB {
		buf1, buf2 := make([]byte, 64<<10), make([]byte, 64<<10)
		same, off, sa, sb, err := sameBytes(ctx, a, ea, b, eb, buf1, buf2)
		if err != nil {
			return d, err
		}
		d.Same, d.Offset, d.SizeA, d.SizeB = same, off, sa, sb
	}
	if d.View != "" {
		return d, nil
	}
	var ta, tb string
	okA, okB := true, true
	if inA {
		t, ok, big, err := content.Text(ctx, a, ea)
		if err != nil {
			d.Note = err.Error()
		} else if big {
			d.Note = "larger than 64 MB: no text diff"
		}
		ta, okA = t, ok
	}
	if inB {
		t, ok, big, err := content.Text(ctx, b, eb)
		if err != nil {
			d.Note = err.Error()
		} else if big {
			d.Note = "larger than 64 MB: no text diff"
		}
		tb, okB = t, ok
	}
	if !okA || !okB {
		d.View = ViewBinary
		return d, nil
	}
	d.View = ViewText
	la, lb := SplitLines(ta), SplitLines(tb)
	d.LinesA, d.LinesB = len(la), len(lb)
	script, approx := Script(la, lb)
	d.Approximate = approx
	d.Hunks = Hunks(script, Context)
	if d.Hunks == nil {
		d.Hunks = []Hunk{}
	}
	return d, nil
}
