package raw

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"sort"
	"strconv"
	"strings"

	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/layout"
)

// Source is the packer's view of a mod for Generate: no file system.
// Paths are slash-separated and relative to the mod folder
// ("MEDIA/SKILLS/X/X.DAT"), in any case; Generate upper-cases them.
type Source interface {
	// Paths lists the mod's files, in any order.
	Paths() []string
	// Dat returns a parsed .DAT source.
	Dat(path string) (*dattext.Node, error)
	// Layout returns a compiled (or decoded) .LAYOUT.
	Layout(path string) (*layout.Layout, error)
}

// BaseData reads base-game .DAT files for UNITDATA's BASEFILE chain.
// path is upper-case, slash-separated, starting "MEDIA/". Return an error
// wrapping fs.ErrNotExist when the file is not there.
type BaseData interface {
	Dat(path string) (*dattext.Node, error)
}

// Options tune Generate.
type Options struct {
	// Base resolves BASEFILEs outside the mod; nil packs what resolves and
	// reports the rest in Result.Unresolved.
	Base BaseData
	// Schema reads layout properties; nil means layout.DefaultSchema().
	Schema *layout.Schema
}

// Output is one generated index.
type Output struct {
	Path string // "MEDIA/AFFIXES.RAW"
	File *File
	Data []byte
}

// Unresolved is a unit whose BASEFILE chain leaves the mod and could not
// be read, so its inherited values are defaults.
type Unresolved struct {
	File     string // the unit, "MEDIA/UNITS/…"
	BaseFile string // the first missing link, upper-case
	Missing  []string
}

// Warning is a non-fatal problem with one source file.
type Warning struct {
	File string
	Msg  string
}

func (w Warning) String() string { return w.File + ": " + w.Msg }

// Result is what Generate produced.
type Result struct {
	Outputs    []Output // only non-empty indices, in Kinds order
	Warnings   []Warning
	Unresolved []Unresolved
}

// unitFields are the UNITDATA values taken through the BASEFILE chain.
var unitFields = []string{"UNITTYPE", "LEVEL", "MINLEVEL", "MAXLEVEL", "RARITY", "RARITY_HC", "CREATEAS", "SET"}

// maxChain bounds BASEFILE chains (and catches cycles).
const maxChain = 64

// Generate builds the seven RAW indices from a mod's sources.
func Generate(src Source, opt Options) (*Result, error) {
	g := &gen{src: src, opt: opt, res: &Result{}, byUpper: map[string]string{}}
	if g.opt.Schema == nil {
		g.opt.Schema = layout.DefaultSchema()
	}
	for _, p := range src.Paths() {
		up := strings.ToUpper(strings.ReplaceAll(p, `\`, "/"))
		g.byUpper[up] = p
		g.paths = append(g.paths, up)
	}
	steps := []func() (*File, error){g.affixes, g.skills, g.units, g.missiles, g.triggerables, g.menus, g.roomPieces}
	for i, step := range steps {
		f, err := step()
		if err != nil {
			return nil, err
		}
		f.Kind = Kinds[i]
		if f.Len() == 0 {
			continue
		}
		b, err := Encode(f)
		if err != nil {
			return nil, err
		}
		g.res.Outputs = append(g.res.Outputs, Output{Path: "MEDIA/" + f.Kind.FileName(), File: f, Data: b})
	}
	return g.res, nil
}

type gen struct {
	src     Source
	opt     Options
	res     *Result
	paths   []string          // upper-case
	byUpper map[string]string // upper-case → the Source's spelling
}

func (g *gen) warn(file, format string, a ...any) {
	g.res.Warnings = append(g.res.Warnings, Warning{File: file, Msg: fmt.Sprintf(format, a...)})
}

// scan returns the upper-case paths under dir ending in ext, in one of
// GUTS's two orders: filesFirst lists a folder's files before its
// subfolders; otherwise files and folders interleave by name (a plain
// component-wise sort).
func (g *gen) scan(dir, ext string, filesFirst bool) []string {
	var out [][]string
	for _, p := range g.paths {
		if strings.HasPrefix(p, dir) && strings.HasSuffix(p, ext) && len(p) > len(dir)+len(ext) {
			out = append(out, strings.Split(p[len(dir):], "/"))
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		for k := 0; k < len(a) && k < len(b); k++ {
			if a[k] == b[k] {
				continue
			}
			if filesFirst {
				aFile, bFile := k == len(a)-1, k == len(b)-1
				if aFile != bFile {
					return aFile
				}
			}
			return a[k] < b[k]
		}
		return len(a) < len(b)
	})
	res := make([]string, len(out))
	for i, parts := range out {
		res[i] = dir + strings.Join(parts, "/")
	}
	return res
}

func (g *gen) dat(up string) (*dattext.Node, bool) {
	n, err := g.src.Dat(g.byUpper[up])
	if err != nil {
		g.warn(up, "not indexed: %v", err)
		return nil, false
	}
	if n == nil {
		return nil, false
	}
	return n, true
}

func (g *gen) layout(up string) (*layout.Layout, bool) {
	l, err := g.src.Layout(g.byUpper[up])
	if err != nil {
		g.warn(up, "not indexed: %v", err)
		return nil, false
	}
	return l, l != nil
}

// intValue reads an integer property; GUTS's text reader saturates out of
// range values, so do the same.
func (g *gen) intValue(file string, n *dattext.Node, key string, def int64, bits int) int64 {
	p, ok := n.Get(key)
	if !ok {
		return def
	}
	v, err := strconv.ParseInt(strings.TrimSpace(p.Value), 10, bits)
	if err != nil {
		var ne *strconv.NumError
		if errors.As(err, &ne) && ne.Err == strconv.ErrRange {
			return v
		}
		if f, ferr := strconv.ParseFloat(strings.TrimSpace(p.Value), 64); ferr == nil && bits == 32 && math.Abs(f) < math.MaxInt32 {
			return int64(f)
		}
		// The leading number, read the C way as GUTS does (an inference:
		// see dattext.CInt); the BINDAT compiler packs the same value.
		v, _, _ = dattext.CInt(strings.TrimSpace(p.Value), bits)
		g.warn(file, "line %d: %s %q is not an integer; using %d, its leading number read the C way as GUTS does (inference)", p.Line, key, p.Value, v)
		return v
	}
	return v
}

func (g *gen) affixes() (*File, error) {
	f := &File{}
	for _, p := range g.scan("MEDIA/AFFIXES/", ".DAT", false) {
		n, ok := g.dat(p)
		if !ok {
			continue
		}
		a := Affix{
			File:         p,
			Name:         strings.ToUpper(n.Value("NAME")),
			MinSpawn:     int32(g.intValue(p, n, "MIN_SPAWN_RANGE", 0, 32)),
			MaxSpawn:     int32(g.intValue(p, n, "MAX_SPAWN_RANGE", 999999, 32)),
			Weight:       int32(g.intValue(p, n, "WEIGHT", 1, 32)),
			Difficulties: int32(g.intValue(p, n, "DIFFICULTIES_ALLOWED", -1, 32)),
			UnitTypes:    sectionValues(n, "UNITTYPES", "UNITTYPE"),
			NotUnitTypes: sectionValues(n, "NOT_UNITTYPES", "UNITTYPE"),
		}
		if len(a.UnitTypes) > math.MaxUint8 || len(a.NotUnitTypes) > math.MaxUint8 {
			return nil, fmt.Errorf("%s: more than 255 unit types", p)
		}
		f.Affixes = append(f.Affixes, a)
	}
	return f, nil
}

func sectionValues(n *dattext.Node, sec, key string) []string {
	var out []string
	for _, c := range n.ChildrenNamed(sec) {
		for _, p := range c.Props {
			if p.Key == key {
				out = append(out, p.Value)
			}
		}
	}
	return out
}

func (g *gen) skills() (*File, error) {
	f := &File{}
	for _, p := range g.scan("MEDIA/SKILLS/", ".DAT", false) {
		n, ok := g.dat(p)
		if !ok {
			continue
		}
		name := n.Value("NAME")
		if name == "" {
			continue
		}
		f.Skills = append(f.Skills, Skill{Name: strings.ToUpper(name), File: p, GUID: g.intValue(p, n, "UNIQUE_GUID", 0, 64)})
	}
	return f, nil
}

func (g *gen) triggerables() (*File, error) {
	f := &File{}
	for _, p := range g.scan("MEDIA/TRIGGERABLES/", ".DAT", true) {
		n, ok := g.dat(p)
		if !ok {
			continue
		}
		f.Triggerables = append(f.Triggerables, Triggerable{File: p, Name: strings.ToUpper(n.Value("NAME"))})
	}
	return f, nil
}

func (g *gen) roomPieces() (*File, error) {
	f := &File{}
	for _, p := range g.scan("MEDIA/LEVELSETS/", ".DAT", true) {
		n, ok := g.dat(p)
		if !ok {
			continue
		}
		pieces := n.ChildrenNamed("PIECE")
		if len(pieces) == 0 {
			continue
		}
		pf := PieceFile{File: p, Pieces: make([]int64, 0, len(pieces))}
		for _, pc := range pieces {
			pf.Pieces = append(pf.Pieces, g.intValue(p, pc, "GUID", 0, 64))
		}
		f.RoomPieces = append(f.RoomPieces, pf)
	}
	return f, nil
}

func (g *gen) missiles() (*File, error) {
	f := &File{}
	s := g.opt.Schema
	missile, ok := s.Descriptor("Missile")
	if !ok {
		return nil, errors.New("raw: schema has no Missile descriptor")
	}
	for _, p := range g.scan("MEDIA/MISSILES/", ".LAYOUT", false) {
		l, ok := g.layout(p)
		if !ok {
			continue
		}
		m := Missile{File: p}
		l.Walk(func(o *layout.Object) {
			if o.Descriptor == missile.ID {
				name, _ := s.Text(o, "MISSILE NAME")
				m.Names = append(m.Names, strings.ToUpper(name))
			}
		})
		if len(m.Names) > math.MaxUint8 {
			return nil, fmt.Errorf("%s: %d Missile objects (max 255)", p, len(m.Names))
		}
		f.Missiles = append(f.Missiles, m)
	}
	return f, nil
}

func (g *gen) menus() (*File, error) {
	f := &File{}
	s := g.opt.Schema
	def, ok := s.Descriptor("Menu Definition")
	if !ok {
		return nil, errors.New("raw: schema has no Menu Definition descriptor")
	}
	flag := func(o *layout.Object, name string) bool {
		v, _ := s.Text(o, name)
		return v == "true"
	}
	b2u := func(b bool) uint8 {
		if b {
			return 1
		}
		return 0
	}
	for _, p := range g.scan("MEDIA/UI/MENUS/", ".LAYOUT", true) {
		l, ok := g.layout(p)
		if !ok {
			continue
		}
		l.Walk(func(o *layout.Object) {
			if o.Descriptor != def.ID || flag(o, "DO NOT CREATE") {
				return
			}
			name, _ := s.Text(o, "MENU NAME")
			typ, _ := s.Text(o, "TYPE")
			state, _ := s.Text(o, "GAME STATE")
			key, _ := s.Text(o, "KEY BINDING")
			m := Menu{
				Name:             name,
				File:             p,
				Type:             g.enum(p, "TYPE", MenuTypes, typ),
				GameState:        g.enum(p, "GAME STATE", GameStates, state),
				CreateOnLoad:     b2u(flag(o, "CREATE ON LOAD") || flag(o, "ALWAYS VISIBLE")),
				MultiplayerOnly:  b2u(flag(o, "MULTIPLAYER ONLY")),
				SingleplayerOnly: b2u(flag(o, "SINGLEPLAYER ONLY")),
				KeyBinding:       key,
			}
			f.Menus = append(f.Menus, m)
		})
	}
	return f, nil
}

func (g *gen) enum(file, what string, names []string, v string) uint32 {
	if v == "" {
		return 0
	}
	for i, n := range names {
		if n != "" && strings.EqualFold(n, v) {
			return uint32(i)
		}
	}
	g.warn(file, "%s %q is not one of the known values; indexed as 0", what, v)
	return 0
}

// units builds UNITDATA: each unit's own GUID and NAME, the other fields
// resolved through its BASEFILE chain (mod files first, then Options.Base).
func (g *gen) units() (*File, error) {
	f := &File{}
	for c, cat := range UnitCategories {
		for _, p := range g.scan("MEDIA/UNITS/"+cat+"/", ".DAT", false) {
			n, ok := g.dat(p)
			if !ok {
				continue
			}
			if v, _ := n.Get("DONTCREATE"); strings.EqualFold(strings.TrimSpace(v.Value), "true") {
				continue
			}
			vals, miss := g.inherit(p, n)
			u := Unit{
				GUID:     g.intValue(p, n, "UNIT_GUID", 0, 64),
				Name:     strings.ToUpper(n.Value("NAME")),
				File:     p,
				UnitType: vals["UNITTYPE"],
			}
			num := func(k string) int32 {
				v, err := strconv.ParseInt(strings.TrimSpace(vals[k]), 10, 32)
				if err != nil && vals[k] != "" {
					g.warn(p, "%s %q is not an integer; using 0", k, vals[k])
				}
				return int32(v)
			}
			u.Level, u.MinLevel, u.MaxLevel = num("LEVEL"), num("MINLEVEL"), num("MAXLEVEL")
			u.Rarity, u.RarityHC = num("RARITY"), num("RARITY_HC")
			// GUTS's defaults for what neither the unit nor its chain sets
			// (see the package doc): LEVEL 1, RARITY 1, RARITY_HC = RARITY.
			if _, ok := vals["LEVEL"]; !ok {
				u.Level = 1
			}
			if _, ok := vals["RARITY"]; !ok {
				u.Rarity = 1
			}
			if _, ok := vals["RARITY_HC"]; !ok {
				u.RarityHC = u.Rarity
			}
			if strings.EqualFold(strings.TrimSpace(vals["CREATEAS"]), "EQUIPMENT") {
				u.Flags |= FlagEquipment
			}
			if vals["SET"] != "" {
				u.Flags |= FlagSet
			}
			if miss != nil {
				g.res.Unresolved = append(g.res.Unresolved, *miss)
			}
			f.Units[c] = append(f.Units[c], u)
		}
	}
	return f, nil
}

// inherit collects unitFields from the unit and its BASEFILE ancestors,
// nearest first. miss is set when the chain leaves what can be read.
func (g *gen) inherit(file string, n *dattext.Node) (map[string]string, *Unresolved) {
	vals := map[string]string{}
	seen := map[string]bool{file: true}
	cur := n
	for depth := 0; ; depth++ {
		for _, k := range unitFields {
			if _, done := vals[k]; done {
				continue
			}
			if p, ok := cur.Get(k); ok {
				vals[k] = p.Value
			}
		}
		base := strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(cur.Value("BASEFILE")), `\`, "/"))
		if base == "" || len(vals) == len(unitFields) {
			return vals, nil
		}
		if seen[base] || depth >= maxChain {
			g.warn(file, "BASEFILE chain loops or is longer than %d at %s", maxChain, base)
			return vals, nil
		}
		seen[base] = true
		next, err := g.baseDat(base)
		if err != nil || next == nil {
			if err != nil && !errors.Is(err, fs.ErrNotExist) {
				g.warn(file, "BASEFILE %s: %v", base, err)
			}
			miss := &Unresolved{File: file, BaseFile: base}
			for _, k := range unitFields {
				if _, ok := vals[k]; !ok {
					miss.Missing = append(miss.Missing, k)
				}
			}
			return vals, miss
		}
		cur = next
	}
}

func (g *gen) baseDat(up string) (*dattext.Node, error) {
	if orig, ok := g.byUpper[up]; ok {
		return g.src.Dat(orig)
	}
	if g.opt.Base == nil {
		return nil, fs.ErrNotExist
	}
	return g.opt.Base.Dat(up)
}
