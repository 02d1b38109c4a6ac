package mpp

import (
	"encoding/binary"
	"fmt"
	"math"
)

// HeaderSize is the size of the fixed header before the cells.
const HeaderSize = 24

// CellSize is the edge of one cell in world units.
const CellSize = 0.4

// Stub dimensions and size: what GUTS writes when it cannot load the level.
const (
	StubWidth  = 50
	StubHeight = 50
	StubSize   = HeaderSize + StubWidth*StubHeight // 2,524 bytes
)

// Class is what a cell holds; its value is the byte stored in the file.
type Class uint8

// The three cell classes.
const (
	Walkable Class = 0x00
	Wall     Class = 0x01
	Void     Class = 0xFF
)

// Classes lists the classes in the order used by counts and legends.
var Classes = [3]Class{Walkable, Wall, Void}

// Index returns the position of c in Classes, or -1 for a value that is no
// class.
func (c Class) Index() int {
	switch c {
	case Walkable:
		return 0
	case Wall:
		return 1
	case Void:
		return 2
	}
	return -1
}

func (c Class) String() string {
	switch c {
	case Walkable:
		return "walkable"
	case Wall:
		return "wall"
	case Void:
		return "void"
	}
	return fmt.Sprintf("Class(0x%02X)", uint8(c))
}

// Grid is a decoded walk grid.
type Grid struct {
	Width, Height    int
	OriginX, OriginZ float32
	ExtentX, ExtentZ float32
	// Cells holds Width×Height classes, row-major (X fastest).
	Cells []Class
}

// FormatError describes input that is not a walk grid. Offset is the byte
// offset in the input where the problem is.
type FormatError struct {
	Offset int64
	Msg    string
}

func (e *FormatError) Error() string {
	return fmt.Sprintf("mpp: offset %d: %s", e.Offset, e.Msg)
}

func errAt(off int64, format string, args ...any) error {
	return &FormatError{Offset: off, Msg: fmt.Sprintf(format, args...)}
}

// New returns a w×h grid with every cell set to fill and the header floats
// derived from the size (origin 0, extent = size × CellSize).
func New(w, h int, fill Class) (*Grid, error) {
	if err := checkDims(int64(w), int64(h)); err != nil {
		return nil, err
	}
	g := &Grid{
		Width: w, Height: h,
		ExtentX: float32(float64(w) * CellSize),
		ExtentZ: float32(float64(h) * CellSize),
		Cells:   make([]Class, w*h),
	}
	if fill != Walkable {
		for i := range g.Cells {
			g.Cells[i] = fill
		}
	}
	return g, nil
}

// maxCells bounds grids built in memory; decoded grids are bounded by the
// input size instead. 2^28 cells is 100× the largest real grid.
const maxCells = 1 << 28

func checkDims(w, h int64) error {
	if w <= 0 {
		return errAt(0, "grid width %d is not positive", w)
	}
	if h <= 0 {
		return errAt(4, "grid height %d is not positive", h)
	}
	if w*h > maxCells {
		return errAt(0, "grid %d×%d has more than %d cells", w, h, maxCells)
	}
	return nil
}

// Decode parses a walk grid. The cell count must match the file size exactly
// and every cell must be one of the three classes, so no allocation exceeds
// the input's own size.
func Decode(b []byte) (*Grid, error) {
	if len(b) < HeaderSize {
		return nil, errAt(int64(len(b)), "file is %d bytes, shorter than the %d-byte header", len(b), HeaderSize)
	}
	w := int64(int32(binary.LittleEndian.Uint32(b[0:])))
	h := int64(int32(binary.LittleEndian.Uint32(b[4:])))
	if w <= 0 {
		return nil, errAt(0, "grid width %d is not positive", w)
	}
	if h <= 0 {
		return nil, errAt(4, "grid height %d is not positive", h)
	}
	// Both are below 2^31, so the product fits in int64.
	have := int64(len(b) - HeaderSize)
	if w*h != have {
		return nil, errAt(HeaderSize, "grid %d×%d needs %d cell bytes, file has %d", w, h, w*h, have)
	}
	g := &Grid{
		Width:   int(w),
		Height:  int(h),
		OriginX: math.Float32frombits(binary.LittleEndian.Uint32(b[8:])),
		OriginZ: math.Float32frombits(binary.LittleEndian.Uint32(b[12:])),
		ExtentX: math.Float32frombits(binary.LittleEndian.Uint32(b[16:])),
		ExtentZ: math.Float32frombits(binary.LittleEndian.Uint32(b[20:])),
		Cells:   make([]Class, have),
	}
	for i, v := range b[HeaderSize:] {
		c := Class(v)
		if c.Index() < 0 {
			return nil, errAt(int64(HeaderSize+i),
				"cell (%d,%d) holds 0x%02X; cells are 0x00 walkable, 0x01 wall or 0xFF void",
				int64(i)%w, int64(i)/w, v)
		}
		g.Cells[i] = c
	}
	return g, nil
}

// Validate checks that the grid can be encoded.
func (g *Grid) Validate() error {
	if err := checkDims(int64(g.Width), int64(g.Height)); err != nil {
		return err
	}
	if len(g.Cells) != g.Width*g.Height {
		return fmt.Errorf("mpp: grid %d×%d has %d cells, want %d", g.Width, g.Height, len(g.Cells), g.Width*g.Height)
	}
	for i, c := range g.Cells {
		if c.Index() < 0 {
			return fmt.Errorf("mpp: cell (%d,%d) holds 0x%02X, which is no class", i%g.Width, i/g.Width, uint8(c))
		}
	}
	return nil
}

// Encode writes the grid in the file layout.
func Encode(g *Grid) ([]byte, error) {
	if err := g.Validate(); err != nil {
		return nil, err
	}
	b := make([]byte, HeaderSize+len(g.Cells))
	binary.LittleEndian.PutUint32(b[0:], uint32(g.Width))
	binary.LittleEndian.PutUint32(b[4:], uint32(g.Height))
	binary.LittleEndian.PutUint32(b[8:], math.Float32bits(g.OriginX))
	binary.LittleEndian.PutUint32(b[12:], math.Float32bits(g.OriginZ))
	binary.LittleEndian.PutUint32(b[16:], math.Float32bits(g.ExtentX))
	binary.LittleEndian.PutUint32(b[20:], math.Float32bits(g.ExtentZ))
	for i, c := range g.Cells {
		b[HeaderSize+i] = byte(c)
	}
	return b, nil
}

// In reports whether (x, y) is a cell of the grid.
func (g *Grid) In(x, y int) bool {
	return x >= 0 && y >= 0 && x < g.Width && y < g.Height
}

// At returns the class of cell (x, y); cells outside the grid are Void.
func (g *Grid) At(x, y int) Class {
	if !g.In(x, y) {
		return Void
	}
	return g.Cells[y*g.Width+x]
}

// Set changes cell (x, y); it does nothing outside the grid.
func (g *Grid) Set(x, y int, c Class) {
	if g.In(x, y) {
		g.Cells[y*g.Width+x] = c
	}
}

// Clone returns a deep copy.
func (g *Grid) Clone() *Grid {
	c := *g
	c.Cells = append([]Class(nil), g.Cells...)
	return &c
}

// IsStub reports whether g is the grid GUTS writes when it could not load
// the level: 50×50 and every cell void (the 2,524-byte file). The player
// cannot move on such a level.
func (g *Grid) IsStub() bool {
	if g.Width != StubWidth || g.Height != StubHeight || len(g.Cells) != StubWidth*StubHeight {
		return false
	}
	for _, c := range g.Cells {
		if c != Void {
			return false
		}
	}
	return true
}

// ClassCount is how many cells hold one class and their share of the grid.
type ClassCount struct {
	Count   int     `json:"count"`
	Percent float64 `json:"percent"`
}

// Stats summarises a grid.
type Stats struct {
	Width  int `json:"width"`
	Height int `json:"height"`
	Cells  int `json:"cells"`
	// WorldWidth and WorldDepth are the grid's size in world units
	// (cells × CellSize); the header floats are reported as stored.
	WorldWidth float64 `json:"worldWidth"`
	WorldDepth float64 `json:"worldDepth"`
	OriginX    float32 `json:"originX"`
	OriginZ    float32 `json:"originZ"`
	ExtentX    float32 `json:"extentX"`
	ExtentZ    float32 `json:"extentZ"`

	Walkable ClassCount `json:"walkable"`
	Wall     ClassCount `json:"wall"`
	Void     ClassCount `json:"void"`
	// Stub is set for the 50×50 all-void grid (see IsStub); NoWalkable for
	// any grid without a single walkable cell.
	Stub       bool `json:"stub"`
	NoWalkable bool `json:"noWalkable"`
}

// Stats counts the cells of each class.
func (g *Grid) Stats() Stats {
	var n [3]int
	for _, c := range g.Cells {
		if i := c.Index(); i >= 0 {
			n[i]++
		}
	}
	total := len(g.Cells)
	pc := func(k int) ClassCount {
		cc := ClassCount{Count: k}
		if total > 0 {
			cc.Percent = 100 * float64(k) / float64(total)
		}
		return cc
	}
	return Stats{
		Width: g.Width, Height: g.Height, Cells: total,
		WorldWidth: float64(g.Width) * CellSize,
		WorldDepth: float64(g.Height) * CellSize,
		OriginX:    g.OriginX, OriginZ: g.OriginZ,
		ExtentX: g.ExtentX, ExtentZ: g.ExtentZ,
		Walkable:   pc(n[0]),
		Wall:       pc(n[1]),
		Void:       pc(n[2]),
		Stub:       g.IsStub(),
		NoWalkable: n[0] == 0,
	}
}

// NonFinite reports the first header float that is NaN or infinite (Decode
// keeps such bits as they are), with its name and offset in the file.
func (g *Grid) NonFinite() (field string, offset int64, value float32, found bool) {
	for _, f := range []struct {
		name string
		off  int64
		v    float32
	}{{"originX", 8, g.OriginX}, {"originZ", 12, g.OriginZ}, {"extentX", 16, g.ExtentX}, {"extentZ", 20, g.ExtentZ}} {
		if x := float64(f.v); math.IsNaN(x) || math.IsInf(x, 0) {
			return f.name, f.off, f.v, true
		}
	}
	return "", 0, 0, false
}
