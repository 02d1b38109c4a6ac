package levelbake

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"packsmith/formats/gametext"
	"packsmith/formats/ogre/mesh"
	"packsmith/formats/tl2/layout"
	"packsmith/formats/tl2/mpp"
	"packsmith/formats/tl2/mppbake"
)

// Scene is a layout's Room Pieces as the bake places them (the same
// placements and collision meshes) with their visual meshes, for viewers.
// Unlike a bake it does not stop at what is missing: it lists it.
type Scene struct {
	Layout string       `json:"layout"`
	Pieces []ScenePiece `json:"pieces"`
	// Frame is the walk grid's frame, the header a bake would write; nil
	// when no piece has collision bounds.
	Frame *GridFrame `json:"frame,omitempty"`
	// Missing says, in the bake's words, which pieces and collision
	// meshes are not there; nil when all are.
	Missing *MissingError `json:"-"`
	// MissingText is Missing's message ("" when nil).
	MissingText string `json:"missing,omitempty"`
	// MissingVisual lists visual meshes that are absent or unreadable.
	MissingVisual []string `json:"missingVisual,omitempty"`
	// Decompiled: the layout is a BINLAYOUT, so the pieces' Line numbers
	// are of its decompiled text (what the text view shows).
	Decompiled bool `json:"decompiled,omitempty"`
}

// ScenePiece is one placed Room Piece.
type ScenePiece struct {
	ID        int64          `json:"id,string"`
	GUID      string         `json:"guid"`
	Name      string         `json:"name"`   // the LEVELSETS piece's NAME ("" when the GUID is in no .DAT)
	Source    string         `json:"source"` // the LEVELSETS .DAT defining it
	Visual    int            `json:"visual"`
	Mesh      string         `json:"mesh,omitempty"`      // visual mesh key
	Collision string         `json:"collision,omitempty"` // collision mesh key
	Line      int            `json:"line,omitempty"`      // the .LAYOUT text line with its ID (see Scene.Decompiled)
	World     mppbake.Matrix `json:"world"`
	Gate      string         `json:"gate,omitempty"`
	// Problem says why the piece draws as its bounds or not at all.
	Problem string `json:"problem,omitempty"`
	// Geometry is the decoded visual mesh (nil when missing); Shape the
	// collision triangles and bounds (nil when missing).
	Geometry *mesh.Mesh     `json:"-"`
	Shape    *mppbake.Shape `json:"-"`
}

// GridFrame is where a walk grid's cells lie: cell (i, j) has its centre
// at (X0 + i·0.4, Z0 + j·0.4); rows (j) run along +Z.
type GridFrame struct {
	Width, Height int
	OriginX       float32 // the .MPP header's floats
	OriginZ       float32
	ExtentX       float32
	ExtentZ       float32
	X0, Z0        float64 // centre of cell (0, 0)
}

// Cell returns the cell holding world (x, z), and false outside the grid.
func (f *GridFrame) Cell(x, z float64) (i, j int, ok bool) {
	i = int(math.Floor((x-f.X0)/mpp.CellSize + 0.5))
	j = int(math.Floor((z-f.Z0)/mpp.CellSize + 0.5))
	return i, j, i >= 0 && j >= 0 && i < f.Width && j < f.Height
}

// frameOf computes the frame the bake would give the pieces.
func frameOf(pieces []mppbake.Piece) (*GridFrame, error) {
	box, w, h, ox, oz, _, err := mppbake.Header(pieces)
	if err != nil {
		return nil, err
	}
	i0 := math.Floor((float64(box[0]) - float64(ox)) / mpp.CellSize)
	j0 := math.Floor((float64(box[1]) - float64(oz)) / mpp.CellSize)
	return &GridFrame{
		Width: w, Height: h,
		OriginX: 0 - box[0], OriginZ: 0 - box[1], ExtentX: box[2] - box[0], ExtentZ: box[3] - box[1],
		X0: i0*mpp.CellSize + mpp.CellSize/2 + float64(ox),
		Z0: j0*mpp.CellSize + mpp.CellSize/2 + float64(oz),
	}, nil
}

// visualFor is the visual mesh for a VISUAL index: that FILE when in
// range, else the first; "" when the piece has none.
func visualFor(p *PieceDef, visual int) string {
	if len(p.Files) == 0 {
		return ""
	}
	if visual < 0 || visual >= len(p.Files) {
		visual = 0
	}
	return p.Files[visual]
}

// readAny reads a key from the mod, then the game.
func (b *Baker) readAny(key string) ([]byte, bool, error) { return b.files.ReadFile(key) }

// Scene resolves a layout (text or BINLAYOUT bytes) into placed pieces.
// decodeVisual reads a visual mesh (nil: mesh.Decode with attributes).
func (b *Baker) Scene(name string, data []byte, decodeVisual func(key string, b []byte) (*mesh.Mesh, error)) (*Scene, error) {
	if decodeVisual == nil {
		decodeVisual = func(_ string, b []byte) (*mesh.Mesh, error) { return mesh.Decode(b, &mesh.Options{Attributes: true}) }
	}
	l, err := DecodeLayout(name, data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	sc := &Scene{Layout: name, Pieces: []ScenePiece{}}
	text := data
	if len(data) > 0 && data[0] == layout.Magic {
		if text, err = layout.Decompile(data, ""); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		sc.Decompiled = true
	}
	lines := idLines(text)
	miss := &MissingError{Layout: name}
	seenMesh, seenPiece, seenVis := map[string]bool{}, map[string]bool{}, map[string]bool{}
	visuals := map[string]*mesh.Mesh{}
	var boxes []mppbake.Piece
	for _, pl := range mppbake.Placements(l, nil) {
		sp := ScenePiece{ID: pl.ID, GUID: pl.GUID, Visual: pl.Visual, World: pl.World, Gate: pl.Gate, Line: lines[pl.ID]}
		def, err := b.lookup(pl.GUID)
		if err != nil {
			return nil, err
		}
		if def == nil {
			if !seenPiece[pl.GUID] {
				seenPiece[pl.GUID] = true
				miss.Pieces = append(miss.Pieces, pl.GUID)
			}
			sp.Problem = "piece GUID in no LEVELSETS .DAT"
			sc.Pieces = append(sc.Pieces, sp)
			continue
		}
		sp.Name, sp.Source = def.Name, def.Source
		if c := def.Collision(pl.Visual); c != "" {
			sp.Collision = meshKey(c)
			sh, err := b.shape(c)
			switch {
			case err == nil:
				sp.Shape = sh
				if !pl.CollisionOff {
					boxes = append(boxes, mppbake.Piece{World: pl.World, Shape: sh, Box: true})
				}
			case !seenMesh[sp.Collision]:
				seenMesh[sp.Collision] = true
				if errors.Is(err, errNotFound) {
					miss.Meshes = append(miss.Meshes, sp.Collision)
				} else {
					miss.Problems = append(miss.Problems, err.Error())
				}
			}
			if err != nil {
				sp.Problem = "collision mesh missing"
			}
		}
		if v := visualFor(def, pl.Visual); v != "" {
			sp.Mesh = meshKey(v)
			m, ok := visuals[sp.Mesh]
			if !ok {
				bs, found, err := b.readAny(sp.Mesh)
				switch {
				case err == nil && found:
					m, err = decodeVisual(sp.Mesh, bs)
				case err == nil:
					err = errNotFound
				}
				if err != nil && !seenVis[sp.Mesh] {
					seenVis[sp.Mesh] = true
					if errors.Is(err, errNotFound) {
						sc.MissingVisual = append(sc.MissingVisual, sp.Mesh)
					} else {
						sc.MissingVisual = append(sc.MissingVisual, sp.Mesh+": "+err.Error())
					}
				}
				visuals[sp.Mesh] = m
			}
			sp.Geometry = m
			if m == nil && sp.Problem == "" {
				sp.Problem = "visual mesh missing"
			}
		}
		sc.Pieces = append(sc.Pieces, sp)
	}
	if len(miss.Meshes)+len(miss.Pieces)+len(miss.Problems) > 0 {
		sort.Strings(miss.Meshes)
		sort.Strings(miss.Pieces)
		sc.Missing, sc.MissingText = miss, miss.Error()
	}
	sort.Strings(sc.MissingVisual)
	if len(boxes) > 0 {
		if sc.Frame, err = frameOf(boxes); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	return sc, nil
}

// idLines maps object IDs to the line of a .LAYOUT text that states them
// ("<INTEGER64>ID:…"); empty for a BINLAYOUT.
func idLines(data []byte) map[int64]int {
	out := map[int64]int{}
	t, ok := gametext.Decode(data)
	if !ok {
		return out
	}
	for i, ln := range strings.Split(t.Text, "\n") {
		s := strings.TrimSpace(ln)
		const tag = "<INTEGER64>ID:"
		if len(s) > len(tag) && strings.EqualFold(s[:len(tag)], tag) {
			if v, err := strconv.ParseInt(strings.TrimSpace(s[len(tag):]), 10, 64); err == nil {
				if _, dup := out[v]; !dup {
					out[v] = i + 1
				}
			}
		}
	}
	return out
}

// FrameOfGrid is the frame of an existing walk grid, from its header (the
// inverse of what a bake writes: the region's min corner is −origin).
func FrameOfGrid(g *mpp.Grid) GridFrame {
	minx, minz := 0-g.OriginX, 0-g.OriginZ
	origin := func(v float32) float64 { // stored as a float32, as the bake does
		return float64(float32((math.Floor((float64(v)-float64(float32(0.2)))/mpp.CellSize) - 1) * mpp.CellSize))
	}
	ox, oz := origin(minx), origin(minz)
	i0 := math.Floor((float64(minx) - ox) / mpp.CellSize)
	j0 := math.Floor((float64(minz) - oz) / mpp.CellSize)
	return GridFrame{
		Width: g.Width, Height: g.Height, OriginX: g.OriginX, OriginZ: g.OriginZ, ExtentX: g.ExtentX, ExtentZ: g.ExtentZ,
		X0: i0*mpp.CellSize + mpp.CellSize/2 + ox, Z0: j0*mpp.CellSize + mpp.CellSize/2 + oz,
	}
}
