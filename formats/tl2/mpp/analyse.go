package mpp

import (
	"context"
	"errors"
	"fmt"
	"image"
	"sort"
	"unsafe"
)

// Point is a cell position: X is the column, Y the row.
type Point struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// Region is a 4-connected set of walkable cells.
type Region struct {
	ID    int `json:"id"`
	Cells int `json:"cells"`
	// Bounds encloses the region's cells (Max is exclusive).
	Bounds image.Rectangle `json:"bounds"`
	// Seed is the region's first cell in row-major order.
	Seed Point `json:"seed"`
}

// Pocket is a walkable region the player cannot reach from the main one.
type Pocket struct {
	Region
	// Sealed is set when no path through walls joins the pocket to the main
	// region (void surrounds it); Barrier is then empty.
	Sealed bool `json:"sealed"`
	// Cost is the fewest wall cells to open, in total, to join the pocket to
	// the main region (possibly through other pockets).
	Cost int `json:"cost"`
	// Barrier is the run of wall cells on that cheapest path that touches
	// this pocket, from the pocket outwards; OpensTo is the region on its
	// other side (the main region or a pocket nearer to it).
	Barrier []Point `json:"barrier,omitempty"`
	OpensTo int     `json:"opensTo"`
	// Thin is set when the barrier is at most AnalyseOptions.MaxThinWall
	// cells thick.
	Thin bool `json:"thin"`
}

// Analysis is the result of Analyse.
type Analysis struct {
	Width  int `json:"width"`
	Height int `json:"height"`
	// Main is the ID of the largest walkable region, -1 when nothing is
	// walkable. Regions are numbered in row-major order of their seeds.
	Main    int      `json:"main"`
	Regions []Region `json:"regions"`
	// Pockets lists every region but the main one with at least
	// MinPocketCells cells, largest first.
	Pockets []Pocket `json:"pockets"`
	// PocketCells is the number of walkable cells in Pockets.
	PocketCells int `json:"pocketCells"`
	// ThinWalls counts the pockets whose barrier is thin.
	ThinWalls int `json:"thinWalls"`

	labels []int32 // region per cell, -1 for walls and void
}

// AnalyseOptions tunes Analyse; the zero value gives the defaults.
type AnalyseOptions struct {
	// MaxThinWall is the thickest barrier, in cells, still called a thin
	// wall. Default 3 (1.2 world units).
	MaxThinWall int
	// MinPocketCells drops smaller pockets from the report. Default 1.
	MinPocketCells int
	// MaxBytes caps what the analysis allocates (see AnalyseBytes); 0
	// means no cap. A grid over it is refused before its buffers are made,
	// one with too many regions as soon as their count passes it.
	MaxBytes int64
	// Context, when set, stops the analysis when it ends (its error is
	// returned): a grid of 64 million cells takes seconds, and a signal
	// or a window's Cancel must not wait for it.
	Context context.Context
}

// cancelEvery is how many cells an analysis loop visits between looks at
// its context (about a millisecond of work).
const cancelEvery = 1 << 16

// ErrBudget is returned when an analysis or a picture would need more
// memory than the caller's MaxBytes.
var ErrBudget = errors.New("memory limit")

// Bytes per cell of the analysis (labels, distances, parents, queues) and
// per walkable region (the region and its pocket, with append's slack:
// while a slice grows its old and new arrays live at once, and each
// pocket's barrier is an allocation of its own). Measured on a 1000²
// checker grid (half a million one-cell pockets): 860 bytes a region
// allocated in all, the garbage of the growth included.
const (
	analyseCellBytes   = 4 + 4 + 4 + 6
	analyseRegionBytes = 4*int64(unsafe.Sizeof(Region{})+unsafe.Sizeof(Pocket{})) + 64
)

// AnalyseBytes is what Analyse allocates for a grid of cells cells and
// regions walkable regions.
func AnalyseBytes(cells, regions int64) int64 {
	return cells*analyseCellBytes + regions*analyseRegionBytes
}

func budgetError(what string, need, max int64) error {
	return fmt.Errorf("mpp: %s needs %d MB, more than the %d MB %w", what, (need+1<<20-1)>>20, max>>20, ErrBudget)
}

const noDist = -1

// fill labels the walkable region holding cell s as id (an explicit
// stack, reused across calls: recursion would overflow on large open
// areas) and returns it with the stack.
func (a *Analysis) fill(ctx context.Context, g *Grid, s int, id int32, stack []int32) (Region, []int32, error) {
	w, h := g.Width, g.Height
	r := Region{ID: int(id), Seed: Point{s % w, s / w}}
	minX, minY, maxX, maxY := s%w, s/w, s%w, s/w
	a.labels[s] = id
	stack = append(stack[:0], int32(s))
	for len(stack) > 0 {
		p := int(stack[len(stack)-1])
		stack = stack[:len(stack)-1]
		r.Cells++
		if r.Cells%cancelEvery == 0 && ctx.Err() != nil {
			return r, stack, ctx.Err()
		}
		x, y := p%w, p/w
		minX, maxX = min(minX, x), max(maxX, x)
		minY, maxY = min(minY, y), max(maxY, y)
		for _, q := range neighbours(p, x, y, w, h) {
			if q >= 0 && g.Cells[q] == Walkable && a.labels[q] < 0 {
				a.labels[q] = id
				stack = append(stack, int32(q))
			}
		}
	}
	r.Bounds = image.Rect(minX, minY, maxX+1, maxY+1)
	return r, stack, nil
}

// Analyse finds the walkable regions, the pockets cut off from the largest
// one and the walls that cut them off. Time and memory are linear in the
// number of cells.
func Analyse(g *Grid, opt AnalyseOptions) (*Analysis, error) {
	if err := g.Validate(); err != nil {
		return nil, err
	}
	if opt.MaxThinWall <= 0 {
		opt.MaxThinWall = 3
	}
	if opt.MinPocketCells <= 0 {
		opt.MinPocketCells = 1
	}
	w, h := g.Width, g.Height
	cells := int64(len(g.Cells))
	if need := AnalyseBytes(cells, 0); opt.MaxBytes > 0 && need > opt.MaxBytes {
		return nil, budgetError(fmt.Sprintf("analysing the %d×%d grid", w, h), need, opt.MaxBytes)
	}
	a := &Analysis{Width: w, Height: h, Main: -1, labels: make([]int32, len(g.Cells))}
	for i := range a.labels {
		a.labels[i] = -1
	}

	ctx := opt.Context
	if ctx == nil {
		ctx = context.Background()
	}
	if err := a.label(ctx, g, opt.MaxBytes); err != nil {
		return nil, err
	}
	if len(a.Regions) <= 1 {
		return a, nil
	}

	dist, parent, err := wallDistances(ctx, g, a.labels, int32(a.Main), a.Regions[a.Main].Cells)
	if err != nil {
		return nil, err
	}

	// A pocket's barrier ends at the cell where the search first stepped
	// from a wall into the pocket; every cell of a region has the same
	// distance, so any such entry will do.
	entry := make([]int32, len(a.Regions))
	for i := range entry {
		entry[i] = -1
	}
	for p, l := range a.labels {
		if l >= 0 && l != int32(a.Main) && entry[l] < 0 && parent[p] >= 0 && g.Cells[parent[p]] == Wall {
			entry[l] = int32(p)
		}
	}

	for _, r := range a.Regions {
		if r.ID == a.Main || r.Cells < opt.MinPocketCells {
			continue
		}
		pk := Pocket{Region: r, OpensTo: -1}
		e := entry[r.ID]
		seed := r.Seed.Y*w + r.Seed.X
		if e < 0 || dist[seed] == noDist {
			pk.Sealed = true
			pk.Cost = -1
		} else {
			pk.Cost = int(dist[seed])
			q := parent[e]
			for q >= 0 && g.Cells[q] == Wall {
				pk.Barrier = append(pk.Barrier, Point{int(q) % w, int(q) / w})
				q = parent[q]
			}
			if q >= 0 {
				pk.OpensTo = int(a.labels[q])
			}
			pk.Thin = len(pk.Barrier) <= opt.MaxThinWall
		}
		if pk.Thin {
			a.ThinWalls++
		}
		a.PocketCells += r.Cells
		a.Pockets = append(a.Pockets, pk)
	}
	sort.SliceStable(a.Pockets, func(i, j int) bool { return a.Pockets[i].Cells > a.Pockets[j].Cells })
	return a, nil
}

// label finds the walkable regions, with an explicit stack: recursion
// would overflow on large open areas.
func (a *Analysis) label(ctx context.Context, g *Grid, maxBytes int64) error {
	cells := int64(len(g.Cells))
	var stack []int32
	for s, c := range g.Cells {
		if s%cancelEvery == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		if c != Walkable || a.labels[s] >= 0 {
			continue
		}
		id := int32(len(a.Regions))
		if maxBytes > 0 && len(a.Regions)&1023 == 0 {
			if need := AnalyseBytes(cells, int64(len(a.Regions)+1024)); need > maxBytes {
				return budgetError(fmt.Sprintf("analysing the %d×%d grid (more than %d walkable regions)", g.Width, g.Height, len(a.Regions)), need, maxBytes)
			}
		}
		var r Region
		var err error
		if r, stack, err = a.fill(ctx, g, s, id, stack); err != nil {
			return err
		}
		a.Regions = append(a.Regions, r)
		if a.Main < 0 || r.Cells > a.Regions[a.Main].Cells {
			a.Main = int(id)
		}
	}
	return nil
}

// neighbours returns the 4-connected neighbours of cell p at (x, y); -1
// marks a side that leaves the grid.
func neighbours(p, x, y, w, h int) [4]int {
	n := [4]int{-1, -1, -1, -1}
	if x > 0 {
		n[0] = p - 1
	}
	if x < w-1 {
		n[1] = p + 1
	}
	if y > 0 {
		n[2] = p - w
	}
	if y < h-1 {
		n[3] = p + w
	}
	return n
}

// wallDistances runs a 0-1 breadth-first search from every cell of the main
// region: stepping onto a wall costs 1, onto a walkable cell 0, and void is
// never entered. It returns each cell's cost (noDist when unreachable) and
// the cell it was reached from (-1 for sources and unreached cells).
func wallDistances(ctx context.Context, g *Grid, labels []int32, main int32, mainCells int) (dist, parent []int32, err error) {
	w, h := g.Width, g.Height
	dist = make([]int32, len(g.Cells))
	parent = make([]int32, len(g.Cells))
	// The first level holds the whole main region; sizing it up front
	// spares a dozen copies of a large queue.
	cur := make([]int32, 0, mainCells+mainCells/4)
	var next []int32
	for i := range dist {
		if i%cancelEvery == 0 && ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		dist[i], parent[i] = noDist, -1
		if labels[i] == main {
			dist[i] = 0
			cur = append(cur, int32(i))
		}
	}
	// Costs are 0 or 1, so one queue per distance level is enough: cost-0
	// steps join the current level, cost-1 steps the next.
	for level := int32(0); len(cur) > 0; level++ {
		for k := 0; k < len(cur); k++ {
			p := int(cur[k])
			if k%cancelEvery == 0 && ctx.Err() != nil {
				return nil, nil, ctx.Err()
			}
			if dist[p] != level {
				continue // improved after it was queued; already handled
			}
			for _, q := range neighbours(p, p%w, p/w, w, h) {
				if q < 0 {
					continue
				}
				var d int32
				switch g.Cells[q] {
				case Walkable:
					d = level
				case Wall:
					d = level + 1
				default:
					continue
				}
				if dist[q] != noDist && dist[q] <= d {
					continue
				}
				dist[q], parent[q] = d, int32(p)
				if d == level {
					cur = append(cur, int32(q))
				} else {
					next = append(next, int32(q))
				}
			}
		}
		cur, next = next, cur[:0]
	}
	return dist, parent, nil
}
