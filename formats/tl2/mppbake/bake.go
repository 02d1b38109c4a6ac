package mppbake

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync/atomic"
	"unsafe"

	"packsmith/formats/tl2/mpp"
	"packsmith/formats/workpool"
)

// Classifier constants (seed §8.1).
const (
	RayTop       = 200.0
	RayBottom    = -200.0
	HeightLimit  = 80.0
	ProbeLength  = 0.30000001
	ProbeLift    = 1.5
	regionPad    = float32(0.2)
	regionSnap   = float32(10)
	cell32       = float32(mpp.CellSize)
	parallelEps  = 9.9999997e-06
	defaultCells = 1 << 26
	// defaultTriangles bounds the world triangles (about 140 bytes each).
	defaultTriangles = 1 << 22
	// maxBucketEntries bounds the bucket index (4 bytes an entry).
	maxBucketEntries = 1 << 26
	// maxSide bounds a grid's side in cells before w×h is formed.
	maxSide = 1 << 30
	// defaultTests bounds the triangle tests of a whole bake (a ray test
	// or a probe is one): large triangles stacked over each other make
	// every cell test all of them. A real level tests about three a cell
	// (city04b: 650,000 for 244,000 cells): the cap leaves 75 times that,
	// a bigger grid than any shipped level, and stops a hostile one within
	// about a second.
	defaultTests = 50_000_000
)

// Matrix is an affine transform, row-major 3×4: world = M·(x, y, z, 1).
type Matrix [3][4]float64

// Identity is the identity transform.
var Identity = Matrix{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}}

// Mul returns m·n.
func (m Matrix) Mul(n Matrix) Matrix {
	var r Matrix
	for i := range 3 {
		for j := range 4 {
			v := m[i][0]*n[0][j] + m[i][1]*n[1][j] + m[i][2]*n[2][j]
			if j == 3 {
				v += m[i][3]
			}
			r[i][j] = v
		}
	}
	return r
}

// Apply transforms a point.
func (m Matrix) Apply(p [3]float32) [3]float64 {
	x, y, z := float64(p[0]), float64(p[1]), float64(p[2])
	return [3]float64{
		m[0][0]*x + m[0][1]*y + m[0][2]*z + m[0][3],
		m[1][0]*x + m[1][1]*y + m[1][2]*z + m[1][3],
		m[2][0]*x + m[2][1]*y + m[2][2]*z + m[2][3],
	}
}

// Triangle is a collision triangle in the piece's own space.
type Triangle struct {
	A, B, C [3]float32
	NoPath  bool // its submesh is a nocollide one
}

// Shape is a collision mesh: its triangles and its stored bounds.
type Shape struct {
	Triangles []Triangle
	Min, Max  [3]float32
}

// Piece is one placed collision mesh.
type Piece struct {
	Name  string // for messages
	World Matrix
	Shape *Shape
	// NoPath makes every triangle NOPATH (the piece property).
	NoPath bool
	// Box: the piece's bounds count towards the region box.
	Box bool
	// Solid: the piece's triangles are baked (not left out by a gate).
	Solid bool
}

// Options tunes a bake.
type Options struct {
	// Workers is the number of goroutines; ≤ 0 means GOMAXPROCS.
	Workers int
	// MaxCells refuses grids larger than this; ≤ 0 means 2^26.
	MaxCells int
	// MaxTriangles refuses more world triangles than this (counted before
	// anything is allocated); ≤ 0 means 2^22.
	MaxTriangles int
	// MaxBytes refuses a bake whose grid, triangles and index need more
	// (computed before each is allocated); ≤ 0 means no cap beyond the
	// others.
	MaxBytes int64
	// MaxTests stops a bake that has made more triangle tests than this
	// (ErrTooMuchWork); ≤ 0 means 5×10^7, about a second.
	MaxTests int64
	// Progress, when set, is told the rows done out of the grid's height
	// (from the workers, at most every few rows).
	Progress func(done, total int)
}

// ErrBudget is wrapped by the refusals of Options.MaxBytes.
var ErrBudget = errors.New("memory limit")

// ErrTooMuchWork is wrapped when a bake passes Options.MaxTests.
var ErrTooMuchWork = errors.New("mppbake: too many triangle tests")

// errOverTests stops the bake's rows once the tests' total is over
// MaxTests; Bake returns ErrTooMuchWork, with the figures, instead.
var errOverTests = errors.New("over the test cap")

// Result is a baked grid and what went into it.
type Result struct {
	Grid      *mpp.Grid
	BoxPieces int   // pieces whose bounds made the region
	Pieces    int   // pieces whose triangles were baked
	Triangles int   // triangles baked (NOPATH included)
	NoPath    int   // NOPATH triangles
	Tests     int64 // triangle tests made (ray tests and probes; Options.MaxTests)
	// MinX…MaxZ is the snapped region box.
	MinX, MinZ, MaxX, MaxZ float32
}

// ErrNoGeometry is returned when no piece has collision bounds.
var ErrNoGeometry = errors.New("mppbake: no room piece with collision geometry")

// Header computes the region box, the grid size and the header floats of
// the pieces' bounds; it is the header GUTS writes.
func Header(pieces []Piece) (box [4]float32, w, h int, ox, oz float32, n int, err error) {
	minx, minz := float32(math.Inf(1)), float32(math.Inf(1))
	maxx, maxz := float32(math.Inf(-1)), float32(math.Inf(-1))
	for i := range pieces {
		p := &pieces[i]
		if !p.Box || p.Shape == nil {
			continue
		}
		lo, hi := p.Shape.Min, p.Shape.Max
		if lo[0] > hi[0] || lo[1] > hi[1] || lo[2] > hi[2] {
			continue
		}
		n++
		var m [3][4]float32
		for r := range 3 {
			for c := range 4 {
				m[r][c] = float32(p.World[r][c])
			}
		}
		for k := range 8 {
			cx, cy, cz := lo[0], lo[1], lo[2]
			if k&1 != 0 {
				cx = hi[0]
			}
			if k&2 != 0 {
				cy = hi[1]
			}
			if k&4 != 0 {
				cz = hi[2]
			}
			x := f32(f32(f32(m[0][0]*cx)+f32(m[0][1]*cy)) + f32(f32(m[0][2]*cz)+m[0][3]))
			z := f32(f32(f32(m[2][0]*cx)+f32(m[2][1]*cy)) + f32(f32(m[2][2]*cz)+m[2][3]))
			minx, maxx = min(minx, x), max(maxx, x)
			minz, maxz = min(minz, z), max(maxz, z)
		}
	}
	if n == 0 {
		return box, 0, 0, 0, 0, 0, ErrNoGeometry
	}
	lo := func(v float32) float32 { return f32(f32(floor32(f32((v-regionPad)/regionSnap))) * regionSnap) }
	hi := func(v float32) float32 { return f32(f32(ceil32(f32((v+regionPad)/regionSnap))) * regionSnap) }
	box = [4]float32{lo(minx), lo(minz), hi(maxx), hi(maxz)}
	origin := func(v float32) float32 {
		t := math.Floor((float64(v) - float64(regionPad)) / float64(cell32))
		return float32((t - 1) * float64(cell32))
	}
	ox, oz = origin(box[0]), origin(box[1])
	// In float64 first: a piece placed at 1e30 gives a count no int holds
	// (converting it is undefined, and w×h then overflows); such a grid
	// is given as -1 cells wide, which Bake refuses.
	dim := func(a, b, o float32) int {
		n := math.Ceil(float64(f32((b-o)/cell32))) - math.Floor(float64(f32((a-o)/cell32)))
		if math.IsNaN(n) || n < 0 || n > maxSide {
			return -1
		}
		return int(ceil32(f32((b-o)/cell32))) - int(floor32(f32((a-o)/cell32)))
	}
	w, h = dim(box[0], box[2], ox), dim(box[1], box[3], oz)
	return box, w, h, ox, oz, n, nil
}

//go:noinline
func f32(v float32) float32 { return v }

func floor32(v float32) float32 { return float32(math.Floor(float64(v))) }
func ceil32(v float32) float32  { return float32(math.Ceil(float64(v))) }

// tri is a world triangle ready for the vertical ray: its XZ box, the
// three XZ vertices and the plane y = py + gx·(x−px) + gz·(z−pz).
type tri struct {
	minx, minz, maxx, maxz float64
	x0, z0, x1, z1, x2, z2 float64
	px, py, pz, gx, gz     float64
	maxy                   float64 // the highest vertex: no hit inside is above it
	nopath                 bool
}

// Their sizes, for Options.MaxBytes.
const (
	sizeTri  = int64(unsafe.Sizeof(tri{}))
	sizeWall = int64(unsafe.Sizeof(wtri{}))
)

// wtri is a world triangle for the probes.
type wtri struct {
	a, b, c                [3]float64
	minx, minz, maxx, maxz float64
	miny, maxy             float64
}

type buckets struct {
	x0, z0 float64 // world position of bucket (0, 0)
	size   float64
	nx, nz int
	start  []int32 // nx*nz+1 offsets into idx
	idx    []int32
}

// newBuckets indexes n triangles by the buckets their boxes touch; each
// bucket lists them in the order given (nil: by index).
func newBuckets(ctx context.Context, x0, z0, size float64, nx, nz int, n int, order []int32, maxEntries int64, box func(i int) (minx, minz, maxx, maxz float64)) (*buckets, error) {
	b := &buckets{x0: x0, z0: z0, size: size, nx: nx, nz: nz, start: make([]int32, nx*nz+1)}
	rng := func(i int) (int, int, int, int, bool) {
		a, c, d, e := box(i)
		i0, i1 := b.cell(a, b.x0, nx), b.cell(d, b.x0, nx)
		j0, j1 := b.cell(c, b.z0, nz), b.cell(e, b.z0, nz)
		if d < b.x0 || e < b.z0 || a > b.x0+size*float64(nx) || c > b.z0+size*float64(nz) {
			return 0, 0, 0, 0, false
		}
		return i0, i1, j0, j1, true
	}
	// The context is looked at by the buckets walked, not the triangles:
	// one triangle over a 64-million-cell grid covers a million buckets.
	work := cancelWork{ctx: ctx}
	for i := range n {
		i0, i1, j0, j1, ok := rng(i)
		if !ok {
			continue
		}
		if err := work.add((i1 - i0 + 1) * (j1 - j0 + 1)); err != nil {
			return nil, err
		}
		for j := j0; j <= j1; j++ {
			for k := i0; k <= i1; k++ {
				b.start[j*nx+k+1]++
			}
		}
	}
	total := int64(0)
	for k := 1; k < len(b.start); k++ {
		total += int64(b.start[k])
		if total > maxEntries {
			if maxEntries < maxBucketEntries {
				return nil, fmt.Errorf("mppbake: the triangles' index needs more than %d entries (%d MB), over the %w", maxEntries, maxEntries*8>>20, ErrBudget)
			}
			return nil, fmt.Errorf("mppbake: the triangles cover more than %d buckets in all (triangles far larger than the level?)", maxBucketEntries)
		}
		b.start[k] += b.start[k-1]
	}
	b.idx = make([]int32, b.start[len(b.start)-1])
	fill := append([]int32(nil), b.start[:len(b.start)-1]...)
	for o := range n {
		i := o
		if order != nil {
			i = int(order[o])
		}
		i0, i1, j0, j1, ok := rng(i)
		if !ok {
			continue
		}
		if err := work.add((i1 - i0 + 1) * (j1 - j0 + 1)); err != nil {
			return nil, err
		}
		for j := j0; j <= j1; j++ {
			for k := i0; k <= i1; k++ {
				b.idx[fill[j*nx+k]] = int32(i)
				fill[j*nx+k]++
			}
		}
	}
	return b, nil
}

// cancelWork looks at a context once per cancelStep units of work (cells
// or buckets walked), however the work is split among the items.
type cancelWork struct {
	ctx  context.Context
	done int
}

// cancelStep is about a millisecond of the simplest per-cell work.
const cancelStep = 1 << 18

func (c *cancelWork) add(n int) error {
	c.done += n + 1
	if c.done < cancelStep {
		return nil
	}
	c.done -= cancelStep // what is over counts towards the next look
	return c.ctx.Err()
}

func (b *buckets) cell(v, origin float64, n int) int {
	k := int(math.Floor((v - origin) / b.size))
	return min(max(k, 0), n-1)
}

func (b *buckets) at(x, z float64) []int32 {
	if x < b.x0 || z < b.z0 {
		return nil
	}
	i, j := int((x-b.x0)/b.size), int((z-b.z0)/b.size)
	if i >= b.nx || j >= b.nz {
		return nil
	}
	k := j*b.nx + i
	return b.idx[b.start[k]:b.start[k+1]]
}

const bucketCells = 8 // bucket edge in cells (3.2 world units)

// Bake bakes the walk grid of the pieces: the grid over their region,
// their triangles in world space, the two bucket indexes over them, each
// cell classified, then the enclosed void filled.
func Bake(ctx context.Context, pieces []Piece, opt Options) (*Result, error) {
	res, gp, err := newGrid(pieces, opt)
	if err != nil {
		return nil, err
	}
	rays, walls, err := worldTriangles(ctx, pieces, opt, gp, res)
	if err != nil {
		return nil, err
	}
	rb, wb, err := gp.indexes(ctx, opt, rays, walls)
	if err != nil {
		return nil, err
	}
	if err := gp.classifyRows(ctx, opt, res.Grid, rays, walls, rb, wb, res); err != nil {
		return nil, err
	}
	if err := enclose(ctx, res.Grid); err != nil {
		return nil, err
	}
	return res, nil
}

// gridPlan is where the grid's cells and the buckets lie in the world.
type gridPlan struct {
	w, h      int
	cx0, cz0  float64 // centre of cell (0, 0)
	bx0, bz0  float64 // corner of bucket (0, 0)
	bsize     float64
	nbx, nbz  int
	gridBytes int64 // the grid and the buckets' offsets
}

// checkBudget refuses a part of the bake whose memory is over the budget,
// before it is allocated.
func checkBudget(maxBytes int64, what string, need int64) error {
	if maxBytes > 0 && need > maxBytes {
		return fmt.Errorf("mppbake: %s needs %d MB, over the %d MB %w", what, (need+1<<20-1)>>20, maxBytes>>20, ErrBudget)
	}
	return nil
}

// newGrid sizes the grid over the pieces' region (refusing one over the
// cell cap or the memory budget) and allocates it void.
func newGrid(pieces []Piece, opt Options) (*Result, *gridPlan, error) {
	box, w, h, ox, oz, nbox, err := Header(pieces)
	if err != nil {
		return nil, nil, err
	}
	maxCells := opt.MaxCells
	if maxCells <= 0 {
		maxCells = defaultCells
	}
	if w <= 0 || h <= 0 || int64(w)*int64(h) > int64(maxCells) {
		if w <= 0 || h <= 0 {
			return nil, nil, fmt.Errorf("mppbake: region %v..%v × %v..%v gives a grid of more than %d cells a side, more than %d cells", box[0], box[2], box[1], box[3], maxSide, maxCells)
		}
		return nil, nil, fmt.Errorf("mppbake: region %v..%v × %v..%v gives a %d×%d grid, more than %d cells", box[0], box[2], box[1], box[3], w, h, maxCells)
	}
	// Memory, before each part is allocated: the grid, the world
	// triangles, the two indexes' offsets and entries.
	nbx0, nbz0 := int64((w+2)/bucketCells+1), int64((h+2)/bucketCells+1)
	gridBytes := int64(w)*int64(h) + 8*nbx0*nbz0
	if err := checkBudget(opt.MaxBytes, fmt.Sprintf("a %d×%d grid", w, h), gridBytes); err != nil {
		return nil, nil, err
	}
	g, err := mpp.New(w, h, mpp.Void)
	if err != nil {
		return nil, nil, err
	}
	g.OriginX, g.OriginZ = f32(0-box[0]), f32(0-box[1])
	g.ExtentX, g.ExtentZ = f32(box[2]-box[0]), f32(box[3]-box[1])
	res := &Result{Grid: g, BoxPieces: nbox, MinX: box[0], MinZ: box[1], MaxX: box[2], MaxZ: box[3]}

	i0 := math.Floor((float64(box[0]) - float64(ox)) / mpp.CellSize)
	j0 := math.Floor((float64(box[1]) - float64(oz)) / mpp.CellSize)
	gp := &gridPlan{w: w, h: h, gridBytes: gridBytes}
	gp.cx0 = i0*mpp.CellSize + mpp.CellSize/2 + float64(ox)
	gp.cz0 = j0*mpp.CellSize + mpp.CellSize/2 + float64(oz)
	gp.bsize = bucketCells * mpp.CellSize
	gp.bx0, gp.bz0 = gp.cx0-mpp.CellSize, gp.cz0-mpp.CellSize
	gp.nbx, gp.nbz = (w+2)/bucketCells+1, (h+2)/bucketCells+1
	return res, gp, nil
}

// worldTriangles places the solid pieces' triangles in the world: every
// one a ray can land on, and the no-path ones as walls too (counted in
// res). Over the triangle cap or the budget is refused first.
func worldTriangles(ctx context.Context, pieces []Piece, opt Options, gp *gridPlan, res *Result) ([]tri, []wtri, error) {
	maxTris := opt.MaxTriangles
	if maxTris <= 0 {
		maxTris = defaultTriangles
	}
	n, nWalls := 0, 0
	for i := range pieces {
		p := &pieces[i]
		if p.Solid && p.Shape != nil {
			n += len(p.Shape.Triangles)
			if n > maxTris {
				return nil, nil, fmt.Errorf("mppbake: the pieces place more than %d triangles", maxTris)
			}
			for _, t := range p.Shape.Triangles {
				if t.NoPath || p.NoPath {
					nWalls++
				}
			}
		}
	}
	if err := checkBudget(opt.MaxBytes, fmt.Sprintf("the grid and %d triangles", n), gp.gridBytes+int64(n)*sizeTri+int64(nWalls)*sizeWall); err != nil {
		return nil, nil, err
	}
	// Sized up front: grown by append, the slices took up to three times
	// what the budget was told while the old array was copied (issue 44:
	// a layout of 150 spread pieces peaked over its --max-memory).
	rays := make([]tri, 0, n)
	walls := make([]wtri, 0, nWalls)
	for i := range pieces {
		p := &pieces[i]
		if !p.Solid || p.Shape == nil {
			continue
		}
		res.Pieces++
		for _, t := range p.Shape.Triangles {
			if err := ctx.Err(); err != nil {
				return nil, nil, err
			}
			a, b, c := p.World.Apply(t.A), p.World.Apply(t.B), p.World.Apply(t.C)
			nop := t.NoPath || p.NoPath
			res.Triangles++
			if nop {
				res.NoPath++
				walls = append(walls, newWall(a, b, c))
			}
			if rt, ok := newRayTri(a, b, c, nop); ok {
				rays = append(rays, rt)
			}
		}
	}
	return rays, walls, nil
}

// indexes buckets the ray triangles (highest first in each bucket) and the
// walls (grown by the probe's reach), sharing what is left of the budget.
func (gp *gridPlan) indexes(ctx context.Context, opt Options, rays []tri, walls []wtri) (rb, wb *buckets, err error) {
	fixed := gp.gridBytes + int64(len(rays))*sizeTri + int64(len(walls))*sizeWall
	maxEntries := int64(maxBucketEntries)
	if opt.MaxBytes > 0 {
		maxEntries = min(maxEntries, max(0, (opt.MaxBytes-fixed)/8)) // two int32 per entry: idx and the fill copy's share
	}
	// Highest first in each bucket: a cell stops testing once the rest
	// lie below its best hit (classify keeps the lowest index on a tie,
	// as the order by index did).
	byTop := make([]int32, len(rays))
	for i := range byTop {
		byTop[i] = int32(i)
	}
	slices.SortFunc(byTop, func(a, b int32) int {
		if c := cmp.Compare(rays[b].maxy, rays[a].maxy); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	rb, err = newBuckets(ctx, gp.bx0, gp.bz0, gp.bsize, gp.nbx, gp.nbz, len(rays), byTop, maxEntries, func(i int) (float64, float64, float64, float64) {
		t := &rays[i]
		return t.minx, t.minz, t.maxx, t.maxz
	})
	const reach = ProbeLength + 1e-3
	if err != nil {
		return nil, nil, err
	}
	if rb != nil {
		maxEntries -= int64(len(rb.idx))
	}
	wb, err = newBuckets(ctx, gp.bx0, gp.bz0, gp.bsize, gp.nbx, gp.nbz, len(walls), nil, maxEntries, func(i int) (float64, float64, float64, float64) {
		t := &walls[i]
		return t.minx - reach, t.minz - reach, t.maxx + reach, t.maxz + reach
	})
	if err != nil {
		return nil, nil, err
	}
	return rb, wb, nil
}

// classifyRows classifies every cell, the rows in parallel, under the cap
// on ray-triangle tests (counted in res).
func (gp *gridPlan) classifyRows(ctx context.Context, opt Options, g *mpp.Grid, rays []tri, walls []wtri, rb, wb *buckets, res *Result) error {
	w, h := gp.w, gp.h
	maxTests := opt.MaxTests
	if maxTests <= 0 {
		maxTests = defaultTests
	}
	var rowsDone, tests atomic.Int64
	// The rows are independent; a worker that finds the total over the
	// cap stops the others (errOverTests) and the cap's error is built
	// below, once.
	workpool.Each(ctx, h, opt.Workers, func(ctx context.Context, j int) error {
		cz := gp.cz0 + float64(j)*mpp.CellSize
		row := g.Cells[j*w : (j+1)*w]
		var n int64
		for i := range row {
			cx := gp.cx0 + float64(i)*mpp.CellSize
			var c mpp.Class
			c, n = classify(cx, cz, rays, walls, rb, wb, n)
			row[i] = c
			// Checked within the row too: one row of a wide grid
			// under thousands of triangles is seconds of work.
			if i&255 == 255 && (ctx.Err() != nil || tests.Load()+n > maxTests) {
				break
			}
		}
		// The total decides, not the order rows were done in: a
		// partial sum over the cap means the whole one is too.
		if tests.Add(n) > maxTests {
			return errOverTests
		}
		if d := rowsDone.Add(1); opt.Progress != nil && (d&15 == 0 || int(d) == h) {
			opt.Progress(int(d), h)
		}
		return nil
	})
	if err := ctx.Err(); err != nil {
		return err
	}
	if n := tests.Load(); n > maxTests {
		return fmt.Errorf("%w: the level's %d triangles overlap so much that its %d×%d cells take more than %d tests (real levels take a few million); are some triangles far larger than the level?",
			ErrTooMuchWork, len(rays), w, h, maxTests)
	}
	res.Tests = tests.Load()
	return nil
}

func newRayTri(a, b, c [3]float64, nop bool) (tri, bool) {
	// n = (b−a)×(c−a); the ray direction is (0, −400, 0).
	ux, uy, uz := b[0]-a[0], b[1]-a[1], b[2]-a[2]
	vx, vy, vz := c[0]-a[0], c[1]-a[1], c[2]-a[2]
	nx := uy*vz - uz*vy
	ny := uz*vx - ux*vz
	nz := ux*vy - uy*vx
	if math.Abs(ny*(RayBottom-RayTop)) < parallelEps {
		return tri{}, false
	}
	t := tri{
		x0: a[0], z0: a[2], x1: b[0], z1: b[2], x2: c[0], z2: c[2],
		px: a[0], py: a[1], pz: a[2], gx: -nx / ny, gz: -nz / ny, nopath: nop,
		minx: min(a[0], b[0], c[0]), maxx: max(a[0], b[0], c[0]),
		minz: min(a[2], b[2], c[2]), maxz: max(a[2], b[2], c[2]),
		maxy: max(a[1], b[1], c[1]),
	}
	return t, true
}

func newWall(a, b, c [3]float64) wtri {
	return wtri{a: a, b: b, c: c,
		minx: min(a[0], b[0], c[0]), maxx: max(a[0], b[0], c[0]),
		minz: min(a[2], b[2], c[2]), maxz: max(a[2], b[2], c[2]),
		miny: min(a[1], b[1], c[1]), maxy: max(a[1], b[1], c[1]),
	}
}

// inside2D: is (x, z) inside the triangle or on its edges, in either
// winding.
func (t *tri) inside2D(x, z float64) bool {
	e0 := (t.x1-t.x0)*(z-t.z0) - (t.z1-t.z0)*(x-t.x0)
	e1 := (t.x2-t.x1)*(z-t.z1) - (t.z2-t.z1)*(x-t.x1)
	e2 := (t.x0-t.x2)*(z-t.z2) - (t.z0-t.z2)*(x-t.x2)
	return (e0 >= 0 && e1 >= 0 && e2 >= 0) || (e0 <= 0 && e1 <= 0 && e2 <= 0)
}

// classify gives the class of the cell centred at (cx, cz) and n plus
// the triangle tests it made.
func classify(cx, cz float64, rays []tri, walls []wtri, rb, wb *buckets, n int64) (mpp.Class, int64) {
	best := math.Inf(-1)
	bestNop := false
	found := false
	bestK := int32(-1)
	for _, k := range rb.at(cx, cz) {
		t := &rays[k]
		// Sorted by maxy: nothing further can beat (or tie) the best
		// (the margin covers the plane's rounding at the vertices).
		if found && t.maxy+1e-9*(1+math.Abs(t.maxy)) < best {
			break
		}
		n++
		if cx < t.minx || cx > t.maxx || cz < t.minz || cz > t.maxz {
			continue
		}
		if !t.inside2D(cx, cz) {
			continue
		}
		y := t.py + t.gx*(cx-t.px) + t.gz*(cz-t.pz)
		if y > RayTop || y < RayBottom {
			continue
		}
		if !found || y > best || (y == best && k < bestK) {
			best, bestNop, found, bestK = y, t.nopath, true, k
		}
	}
	if !found {
		return mpp.Void, n
	}
	if best > HeightLimit || best < -HeightLimit || bestNop {
		return mpp.Wall, n
	}
	if len(walls) == 0 {
		return mpp.Walkable, n
	}
	o := [3]float64{cx, best + ProbeLift, cz}
	cand := wb.at(cx, cz)
	for _, d := range [4][2]float64{{ProbeLength, 0}, {-ProbeLength, 0}, {0, ProbeLength}, {0, -ProbeLength}} {
		e := [3]float64{o[0] + d[0], o[1], o[2] + d[1]}
		n += int64(len(cand))
		for _, k := range cand {
			t := &walls[k]
			if o[1] < t.miny || o[1] > t.maxy || max(o[0], e[0]) < t.minx || min(o[0], e[0]) > t.maxx ||
				max(o[2], e[2]) < t.minz || min(o[2], e[2]) > t.maxz {
				continue
			}
			if segmentHits(o, e, t) {
				return mpp.Wall, n
			}
		}
	}
	return mpp.Walkable, n
}

// segmentHits: does the segment s→e cross the triangle (plane crossing
// within the segment, barycentric inside with a 1e-6 slack)?
func segmentHits(s, e [3]float64, t *wtri) bool {
	sub := func(p, q [3]float64) [3]float64 { return [3]float64{p[0] - q[0], p[1] - q[1], p[2] - q[2]} }
	dot := func(p, q [3]float64) float64 { return p[0]*q[0] + p[1]*q[1] + p[2]*q[2] }
	ab, ac := sub(t.b, t.a), sub(t.c, t.a)
	n := [3]float64{ab[1]*ac[2] - ab[2]*ac[1], ab[2]*ac[0] - ab[0]*ac[2], ab[0]*ac[1] - ab[1]*ac[0]}
	d := sub(e, s)
	den := dot(n, d)
	if math.Abs(den) < parallelEps {
		return false
	}
	u := dot(n, sub(t.a, s)) / den
	if u < 0 || u > 1 {
		return false
	}
	p := [3]float64{s[0] + d[0]*u, s[1] + d[1]*u, s[2] + d[2]*u}
	v0, v1, v2 := ac, ab, sub(p, t.a)
	d00, d01, d02 := dot(v0, v0), dot(v0, v1), dot(v0, v2)
	d11, d12 := dot(v1, v1), dot(v1, v2)
	det := d00*d11 - d01*d01
	if math.Abs(det) < 1e-20 {
		return false
	}
	bu := (d11*d02 - d01*d12) / det
	bv := (d00*d12 - d01*d02) / det
	return bu >= -1e-6 && bv >= -1e-6 && bu+bv <= 1+1e-6
}

// enclose is the second pass: X outer, Z inner, in place.
func enclose(ctx context.Context, g *mpp.Grid) error {
	w, h := g.Width, g.Height
	c := g.Cells
	blk := func(x, z int) bool {
		return x < 0 || z < 0 || x >= w || z >= h || c[z*w+x] == mpp.Wall
	}
	work := cancelWork{ctx: ctx}
	for x := range w {
		// A column of a tall grid is a cache miss a cell: 64 million cells
		// take a third of a second, so a cancel is looked at as it goes,
		// by cells (a 1×64-million grid is one column).
		if err := work.add(h); err != nil {
			return err
		}
		for z := range h {
			if c[z*w+x] != mpp.Walkable {
				continue
			}
			if (blk(x-1, z) && blk(x+1, z)) || (blk(x, z-1) && blk(x, z+1)) ||
				(blk(x-1, z-1) && blk(x+1, z+1)) || (blk(x+1, z-1) && blk(x-1, z+1)) {
				c[z*w+x] = mpp.Wall
			}
		}
	}
	return nil
}
