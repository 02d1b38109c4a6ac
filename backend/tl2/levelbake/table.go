package levelbake

import (
	"encoding/binary"
	"strconv"
	"strings"

	"packsmith/backend/tl2/modfiles"
	"packsmith/formats/tl2/bindat"
	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/rghash"
)

// PieceDef is one [PIECE] of a LEVELSETS .DAT.
type PieceDef struct {
	Name       string
	GUID       string
	Files      []string // visual meshes
	Collisions []string // collision meshes
	NoPath     bool
	NeverBake  bool
	AlwaysBake bool // ALWAYSBAKECOLLISION
	Source     string
}

// Collision returns the collision mesh for a VISUAL index: the index when
// both lists are the same length and it is in range, else the first; ""
// when the piece has none.
func (p *PieceDef) Collision(visual int) string {
	nc := len(p.Collisions)
	if nc == 0 {
		return ""
	}
	nv := len(p.Files)
	if nv == 0 {
		nv = nc
	}
	if visual < 0 || visual >= nv {
		visual = 0
	}
	if nc != nv || visual >= nc {
		return p.Collisions[0]
	}
	return p.Collisions[visual]
}

// Table maps piece GUIDs to their definitions.
type Table struct {
	byGUID map[string]*PieceDef
	Files  int // DAT files read
}

// NewTable returns an empty table.
func NewTable() *Table { return &Table{byGUID: map[string]*PieceDef{}} }

// Lookup finds a piece by GUID (decimal text, as layouts store it).
func (t *Table) Lookup(guid string) (*PieceDef, bool) {
	p, ok := t.byGUID[normGUID(guid)]
	return p, ok
}

func normGUID(s string) string {
	s = strings.TrimSpace(s)
	if v, err := strconv.ParseInt(s, 10, 64); err == nil {
		return strconv.FormatInt(v, 10)
	}
	if v, err := strconv.ParseUint(s, 10, 64); err == nil {
		return strconv.FormatInt(int64(v), 10)
	}
	return s
}

var datNames = []string{"TILESET", "PIECE", "NAME", "GUID", "FILE", "COLLISIONFILE", "NOPATH", "NEVERBAKE", "ALWAYSBAKECOLLISION"}

// AddDat reads a LEVELSETS .DAT (text or BINDAT) into the table. Pieces
// already in the table keep their first definition.
func (t *Table) AddDat(file string, data []byte) error {
	var root *dattext.Node
	if len(data) >= 12 && binary.LittleEndian.Uint32(data) == bindat.Version {
		dict := rghash.NewDictionary()
		for _, n := range datNames {
			dict.Add(n)
		}
		d, err := bindat.Decompile(file, data, dict)
		if err != nil {
			return err
		}
		root = d.Root
	} else {
		n, err := dattext.Parse(file, data)
		if err != nil {
			return err
		}
		root = n
	}
	t.Files++
	return root.Walk(func(n *dattext.Node, _ int) error {
		if !strings.EqualFold(n.Name, "PIECE") {
			return nil
		}
		p := &PieceDef{Source: file}
		for _, pr := range n.Props {
			v := strings.TrimSpace(pr.Value)
			switch strings.ToUpper(pr.Key) {
			case "NAME":
				p.Name = v
			case "GUID":
				p.GUID = normGUID(v)
			case "FILE":
				p.Files = append(p.Files, v)
			case "COLLISIONFILE":
				p.Collisions = append(p.Collisions, v)
			case "NOPATH":
				p.NoPath = isTrue(v)
			case "NEVERBAKE":
				p.NeverBake = isTrue(v)
			case "ALWAYSBAKECOLLISION":
				p.AlwaysBake = isTrue(v)
			}
		}
		if p.GUID == "" {
			return nil
		}
		if _, dup := t.byGUID[p.GUID]; !dup {
			t.byGUID[p.GUID] = p
		}
		return nil
	})
}

func isTrue(v string) bool { return strings.EqualFold(v, "true") || v == "1" }

// meshKey turns a DAT path ("media/levelsets/…") into a lookup key.
func meshKey(p string) string { return modfiles.Key(p) }
