package levelbake

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"packsmith/backend/sys/limits"
	"packsmith/backend/sys/usermsg"
	"packsmith/backend/tl2/modfiles"
	"packsmith/formats/ogre/mesh"
	"packsmith/formats/tl2/layout"
	"packsmith/formats/tl2/mpp"
	"packsmith/formats/tl2/mppbake"
)

// Baker bakes the layouts of one mod. It caches the piece table and the
// meshes, so baking every level of a mod reads each file once. It is safe
// for concurrent use.
type Baker struct {
	files *modfiles.Files

	mu        sync.Mutex
	table     *Table
	gameTable bool
	gameErr   error
	shapes    map[string]*shapeEntry
}

type shapeEntry struct {
	shape *mppbake.Shape
	err   error
}

// New opens the mod folder (the folder holding MEDIA/, or MEDIA itself)
// and, when gameDir is not "", the game's data: the folder holding
// DATA.PAK and DATA.PAK.MAN (read in place) or an extracted MEDIA/.
func New(modDir, gameDir string) (*Baker, error) {
	f, err := modfiles.OpenDir(modDir, gameDir)
	if err != nil {
		return nil, err
	}
	return NewFor(f)
}

// NewFor bakes the levels of a mod opened with modfiles; Close closes f.
func NewFor(f *modfiles.Files) (*Baker, error) {
	b := &Baker{files: f, table: NewTable(), shapes: map[string]*shapeEntry{}}
	for _, p := range f.ModFiles("MEDIA/LEVELSETS/", ".DAT") {
		data, _, err := f.ReadMod(p)
		if err != nil {
			f.Close()
			return nil, err
		}
		if err := b.table.AddDat(p, data); err != nil {
			f.Close()
			return nil, fmt.Errorf("piece table: %w", err)
		}
	}
	return b, nil
}

// Mod is the mod's files (and the game's behind them) the baker reads.
func (b *Baker) Mod() *modfiles.Files { return b.files }

// Close releases the game's DATA.PAK.
func (b *Baker) Close() error { return b.files.Close() }

func (b *Baker) lookup(guid string) (*PieceDef, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if p, ok := b.table.Lookup(guid); ok {
		return p, nil
	}
	if !b.files.HasGame() {
		return nil, nil
	}
	if !b.gameTable {
		b.gameTable = true
		for _, p := range b.files.GameFiles("MEDIA/LEVELSETS/", ".DAT") {
			data, _, err := b.files.ReadGame(p)
			if err == nil {
				err = b.table.AddDat(b.files.GameName()+": "+p, data)
			}
			if err != nil {
				b.gameErr = fmt.Errorf("game piece table: %w", err)
				break
			}
		}
	}
	if p, ok := b.table.Lookup(guid); ok {
		return p, nil
	}
	return nil, b.gameErr
}

func (b *Baker) shape(p string) (*mppbake.Shape, error) {
	key := meshKey(p)
	b.mu.Lock()
	e, ok := b.shapes[key]
	b.mu.Unlock()
	if ok {
		return e.shape, e.err
	}
	e = &shapeEntry{}
	data, found, err := b.files.ReadFile(key)
	switch {
	case err != nil:
		e.err = err
	case !found:
		e.err = errNotFound
	default:
		e.shape, e.err = readShape(data)
		if e.err != nil {
			e.err = fmt.Errorf("%s: %w", key, e.err)
		}
	}
	b.mu.Lock()
	b.shapes[key] = e
	b.mu.Unlock()
	return e.shape, e.err
}

var errNotFound = errors.New("not found")

func readShape(data []byte) (*mppbake.Shape, error) {
	m, err := mesh.Decode(data, nil)
	if err != nil {
		return nil, err
	}
	s := &mppbake.Shape{}
	var ok bool
	s.Min, s.Max, ok = m.Bounds()
	if !ok {
		s.Min, s.Max = [3]float32{1, 1, 1}, [3]float32{-1, -1, -1} // empty
	}
	nocollide := make([]bool, len(m.Submeshes))
	for i, sm := range m.Submeshes {
		nocollide[i] = strings.Contains(strings.ToLower(sm.Material), "nocollide")
	}
	m.Triangles(func(sub int, t mesh.Triangle) {
		s.Triangles = append(s.Triangles, mppbake.Triangle{A: t.A, B: t.B, C: t.C, NoPath: nocollide[sub]})
	})
	return s, nil
}

// MissingError lists what a layout needs and the data does not hold.
type MissingError struct {
	Layout   string
	Meshes   []string // collision meshes not found or unreadable
	Pieces   []string // piece GUIDs in no LEVELSETS .DAT
	Problems []string // other reasons, e.g. a mesh that does not read
}

func (e *MissingError) Error() string {
	var parts []string
	if len(e.Pieces) > 0 {
		parts = append(parts, fmt.Sprintf("%d piece GUID(s) in no LEVELSETS .DAT: %s", len(e.Pieces), strings.Join(e.Pieces, ", ")))
	}
	if len(e.Meshes) > 0 {
		parts = append(parts, fmt.Sprintf("%d collision mesh(es) missing: %s", len(e.Meshes), strings.Join(e.Meshes, ", ")))
	}
	parts = append(parts, e.Problems...)
	return fmt.Sprintf("%s cannot be baked: %s", e.Layout, strings.Join(parts, "; "))
}

// Report is one baked layout.
type Report struct {
	Layout    string          `json:"layout"`
	Grid      *mpp.Grid       `json:"-"`
	Width     int             `json:"width"`
	Height    int             `json:"height"`
	Placed    int             `json:"placed"`    // Room Pieces in the layout
	Baked     int             `json:"baked"`     // pieces whose triangles were baked
	Gated     int             `json:"gated"`     // pieces left out by a gate
	Triangles int             `json:"triangles"` // triangles baked
	Stats     mpp.Stats       `json:"stats"`
	Pockets   int             `json:"pockets"` // walkable regions cut off from the main one
	Millis    int64           `json:"millis"`
	Result    *mppbake.Result `json:"-"`
}

// Options tunes BakeLayout.
type Options struct {
	Workers int
	// Progress, when set, is told the grid rows baked out of its height.
	Progress func(done, total int)
	// MaxTests caps the bake's triangle tests (mppbake.Options.MaxTests;
	// 0: its default).
	MaxTests int64
	// Budget is the memory budget the bake and its report are sized
	// within: the command's or the window's; nil, a default one of the
	// bake's own (backend/sys/limits).
	Budget *limits.Budget
}

// DecodeLayout reads a layout: BINLAYOUT, or LAYOUT text compiled first.
func DecodeLayout(name string, data []byte) (*layout.Layout, error) {
	if len(data) > 0 && data[0] == layout.Magic {
		return layout.Decode(data)
	}
	bin, _, err := layout.Compile(name, data)
	if err != nil {
		return nil, err
	}
	return layout.Decode(bin)
}

// ErrNotLevel is returned for a layout that places no room piece: a
// scenery or prop layout, not a level, so it has no walk grid to bake.
var ErrNotLevel = errors.New("places no room piece, so it is not a level and has no walk grid to bake")

// IsLevel reports whether a layout (text or BINLAYOUT bytes) places a
// room piece, which makes it a level; an error when it does not read.
func IsLevel(name string, data []byte) (bool, error) {
	l, err := DecodeLayout(name, data)
	if err != nil {
		return false, fmt.Errorf("%s: %w", name, err)
	}
	return l.PlacesRoomPiece(), nil
}

// Check resolves every piece and mesh a layout needs without baking: nil,
// a *MissingError, or another error (ErrNotLevel for a layout that places
// no room piece, mppbake.ErrNoGeometry when no placed piece has collision). Errors of Check and BakeLayout carry no Go package
// prefix (usermsg); errors.Is and errors.As see the originals.
func (b *Baker) Check(name string, data []byte) error {
	_, pieces, err := b.pieces(context.Background(), name, data)
	if err == nil && len(pieces) == 0 {
		err = fmt.Errorf("%s: %w", name, mppbake.ErrNoGeometry) // what the bake would say
	}
	return usermsg.Error(err)
}

// BakeLayout bakes the walk grid of one layout (text or BINLAYOUT bytes).
func (b *Baker) BakeLayout(ctx context.Context, name string, data []byte, opt Options) (*Report, error) {
	rep, err := b.bakeLayout(ctx, name, data, opt)
	return rep, usermsg.Error(err)
}

func (b *Baker) bakeLayout(ctx context.Context, name string, data []byte, opt Options) (*Report, error) {
	t0 := time.Now()
	rep, pieces, err := b.pieces(ctx, name, data)
	if err != nil {
		return nil, err
	}
	// The grid, the triangles and their index draw from the command's
	// memory budget (what is left of it: the meshes are already read).
	res, err := mppbake.Bake(ctx, pieces, mppbake.Options{Workers: opt.Workers, MaxBytes: opt.Budget.Available(), Progress: opt.Progress, MaxTests: opt.MaxTests})
	if err != nil {
		if errors.Is(err, mppbake.ErrBudget) {
			err = fmt.Errorf("%w (%s)", err, limits.Hint)
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	rep.Grid, rep.Result = res.Grid, res
	rep.Width, rep.Height = res.Grid.Width, res.Grid.Height
	rep.Baked, rep.Triangles = res.Pieces, res.Triangles
	rep.Stats = res.Grid.Stats()
	// The pockets: within what the budget leaves beside the grid, which
	// the report keeps, and its encoding, which the caller writes (issue
	// 44: a 25-million-cell grid under --max-memory 512 peaked at 591 MB
	// when the analysis was given the whole budget). A grid too large
	// for it is reported without its pockets; a cancel stops it.
	cells := int64(len(res.Grid.Cells))
	a, err := mpp.Analyse(res.Grid, mpp.AnalyseOptions{Context: ctx, MaxBytes: max(1, opt.Budget.Available()-2*cells)})
	if cerr := ctx.Err(); cerr != nil {
		return nil, cerr
	}
	if err == nil {
		rep.Pockets = len(a.Pockets)
	}
	rep.Millis = time.Since(t0).Milliseconds()
	return rep, nil
}

// pieces decodes the layout and resolves its placements into pieces.
func (b *Baker) pieces(ctx context.Context, name string, data []byte) (*Report, []mppbake.Piece, error) {
	l, err := DecodeLayout(name, data)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	if !l.PlacesRoomPiece() {
		return nil, nil, fmt.Errorf("%s %w", name, ErrNotLevel)
	}
	places := mppbake.Placements(l, nil)
	rep := &Report{Layout: name, Placed: len(places)}
	miss := &MissingError{Layout: name}
	seenMesh, seenPiece := map[string]bool{}, map[string]bool{}
	var pieces []mppbake.Piece
	for i, pl := range places {
		if pl.CollisionOff {
			continue
		}
		if i&255 == 0 && ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		def, err := b.lookup(pl.GUID)
		if err != nil {
			return nil, nil, err
		}
		if def == nil {
			if !seenPiece[pl.GUID] {
				seenPiece[pl.GUID] = true
				miss.Pieces = append(miss.Pieces, pl.GUID)
			}
			continue
		}
		coll := def.Collision(pl.Visual)
		if coll == "" {
			continue
		}
		sh, err := b.shape(coll)
		if err != nil {
			key := meshKey(coll)
			if !seenMesh[key] {
				seenMesh[key] = true
				if errors.Is(err, errNotFound) {
					miss.Meshes = append(miss.Meshes, key)
				} else {
					miss.Problems = append(miss.Problems, err.Error())
				}
			}
			continue
		}
		solid := pl.Gate == "" && !(pl.BakeOff && !def.NeverBake && !def.AlwaysBake)
		if !solid {
			rep.Gated++
		}
		pieces = append(pieces, mppbake.Piece{
			Name: def.Name, World: pl.World, Shape: sh,
			NoPath: pl.NoPath || def.NoPath, Box: true, Solid: solid,
		})
	}
	if len(miss.Meshes)+len(miss.Pieces)+len(miss.Problems) > 0 {
		sort.Strings(miss.Meshes)
		sort.Strings(miss.Pieces)
		return nil, nil, miss
	}
	return rep, pieces, nil
}
