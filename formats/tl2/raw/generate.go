package raw

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"slices"
	"strconv"
	"strings"

	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/layout"
	"packsmith/formats/workpool"
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
	// Nowhere, when set, says whether a BASEFILE that neither the mod nor
	// Base has resolves nowhere (Base holds all the game's data): the unit
	// is then left out of UNITDATA, as GUTS leaves it (Unresolved.Dropped).
	// Whatever it says, a BASEFILE outside MEDIA/ (where no game file is)
	// is nowhere.
	Nowhere func(base string) bool
	// LeaveOutMenus are Menu Definitions UI.RAW does not list: those a
	// GUTS build left out by the shared-id rule this package does not know
	// (menus), as an unpack read them off the .MOD's own UI.RAW.
	LeaveOutMenus []MenuRef
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
	// In and Line are the file whose BASEFILE names the missing link (the
	// unit itself or one of its bases) and that property's line (0 when
	// the node was built in code).
	In   string
	Line int
	// Dropped: the link resolves nowhere (outside MEDIA/, or absent with
	// Options.Complete), so the unit is not in UNITDATA, as GUTS does.
	Dropped bool
}

// Warning is a non-fatal problem with one source file.
type Warning struct {
	File string
	Line int // the source line the warning is about; 0 when it is about the file
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
var unitFields = [...]string{"UNITTYPE", "LEVEL", "MINLEVEL", "MAXLEVEL", "RARITY", "RARITY_HC", "CREATEAS", "SET"}

// maxChain bounds BASEFILE chains (and catches cycles).
const maxChain = 64

// Generate builds the seven RAW indices from a mod's sources. From a
// MapSource it builds them concurrently (Options.Base is still read by one
// goroutine at a time); the result is the same as one by one.
func Generate(src Source, opt Options) (*Result, error) {
	if opt.Schema == nil {
		opt.Schema = layout.DefaultSchema()
	}
	g := newGen(src, opt)
	steps := [numKinds]func(*gen) (*File, error){(*gen).affixes, (*gen).skills, (*gen).units, (*gen).missiles,
		(*gen).triggerables, (*gen).menus, (*gen).roomPieces}
	var done [numKinds]stepResult
	run := func(k Kind) {
		gk := *g // each step reports into its own Result
		gk.res = &done[k].res
		done[k].file, done[k].data, done[k].err = gk.step(k, steps[k])
	}
	if g.ms != nil && workpool.Size(0, len(stepOrder)) > 1 {
		// A MapSource is maps read, never written, and the steps share
		// nothing else, so they can run at once; their results are joined
		// in Kinds order below, as if run one after the other. A failed
		// step stops nothing: its error is kept for the join, as the first
		// in Kinds order must be the one returned.
		workpool.Each(context.Background(), len(stepOrder), 0, func(_ context.Context, i int) error {
			run(stepOrder[i])
			return nil
		})
	} else {
		for _, k := range Kinds {
			if run(k); done[k].err != nil {
				break
			}
		}
	}
	res := &Result{}
	for _, k := range Kinds {
		d := &done[k]
		if d.err != nil {
			return nil, d.err
		}
		res.Warnings = append(res.Warnings, d.res.Warnings...)
		res.Unresolved = append(res.Unresolved, d.res.Unresolved...)
		if d.data != nil {
			res.Outputs = append(res.Outputs, Output{Path: "MEDIA/" + k.FileName(), File: d.file, Data: d.data})
		}
	}
	return res, nil
}

// stepOrder is the order the steps start in when run at once: the
// longest (UNITDATA, then the many skills and affixes) first.
var stepOrder = []Kind{UnitData, Skills, Affixes, Missiles, Triggerables, UI, RoomPieces}

// stepResult is what one step produced.
type stepResult struct {
	res  Result // its warnings and unresolved units
	file *File
	data []byte // nil when the index is empty
	err  error
}

// step builds and encodes one index.
func (g *gen) step(k Kind, build func(*gen) (*File, error)) (*File, []byte, error) {
	f, err := build(g)
	if err != nil {
		return nil, nil, err
	}
	f.Kind = k
	if f.Len() == 0 {
		return f, nil, nil
	}
	b, err := Encode(f)
	return f, b, err
}

type gen struct {
	src     Source
	opt     Options
	res     *Result    // where this step reports
	ms      *MapSource // src, when it is one
	paths   []srcPath
	under   [][]srcPath       // by scanDirs: the paths below
	byUpper map[string]string // upper-case → the Source's spelling; nil: ms's keys are
}

func (g *gen) warn(file, format string, a ...any) {
	g.res.Warnings = append(g.res.Warnings, Warning{File: file, Msg: fmt.Sprintf(format, a...)})
}

// warnLine is warn about one line of the file (the pack drops it when the
// compiler already said the same of that line).
func (g *gen) warnLine(file string, line int, format string, a ...any) {
	g.res.Warnings = append(g.res.Warnings, Warning{File: file, Line: line, Msg: fmt.Sprintf(format, a...)})
}

func (g *gen) dat(p srcPath) (*dattext.Node, bool) {
	n, err := p.dat, error(nil)
	if p.from != fromDats {
		n, err = g.src.Dat(p.orig)
	}
	if err != nil {
		g.warn(p.up, "not indexed: %v", err)
		return nil, false
	}
	if n == nil {
		return nil, false
	}
	return n, true
}

func (g *gen) layout(p srcPath) (*layout.Layout, bool) {
	l, err := p.lay, error(nil)
	if p.from != fromLayouts {
		l, err = g.src.Layout(p.orig)
	}
	if err != nil {
		g.warn(p.up, "not indexed: %v", err)
		return nil, false
	}
	return l, l != nil
}

// intValue reads an integer property; GUTS's text reader saturates out of
// range values, so do the same.
func (g *gen) intValue(file string, n *dattext.Node, key string, def int64, bits int) int64 {
	p, ok := n.Get(key)
	return g.intProp(file, p, ok, key, def, bits)
}

// intProp is intValue for a property already looked up (ok: it is there).
func (g *gen) intProp(file string, p dattext.Prop, ok bool, key string, def int64, bits int) int64 {
	if !ok {
		return def
	}
	s := strings.TrimSpace(p.Value)
	v, err := strconv.ParseInt(s, 10, bits)
	if err != nil {
		var ne *strconv.NumError
		if errors.As(err, &ne) && ne.Err == strconv.ErrRange {
			return v
		}
		if f, ferr := strconv.ParseFloat(s, 64); ferr == nil && bits == 32 && math.Abs(f) < math.MaxInt32 {
			return int64(f)
		}
		// The leading number, read the C way as GUTS does (an inference:
		// see dattext.CInt); the BINDAT compiler packs the same value.
		v, _, _ = dattext.CInt(s, bits)
		g.warnLine(file, p.Line, "line %d: %s %q is not an integer; using %d, its leading number read the C way as GUTS does (inference)", p.Line, key, p.Value, v)
		return v
	}
	return v
}

func (g *gen) affixes() (*File, error) {
	paths := g.scan("MEDIA/AFFIXES/", ".DAT")
	f := &File{Affixes: make([]Affix, 0, len(paths))}
	for _, sp := range paths {
		n, ok := g.dat(sp)
		if !ok {
			continue
		}
		p := sp.up
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
	for _, c := range n.Children {
		if c.Name != sec {
			continue
		}
		for _, p := range c.Props {
			if p.Key == key {
				out = append(out, p.Value)
			}
		}
	}
	return out
}

func (g *gen) skills() (*File, error) {
	paths := g.scan("MEDIA/SKILLS/", ".DAT")
	f := &File{Skills: make([]Skill, 0, len(paths))}
	for _, sp := range paths {
		n, ok := g.dat(sp)
		if !ok {
			continue
		}
		name := n.Value("NAME")
		if name == "" {
			continue
		}
		f.Skills = append(f.Skills, Skill{Name: strings.ToUpper(name), File: sp.up, GUID: g.intValue(sp.up, n, "UNIQUE_GUID", 0, 64)})
	}
	return f, nil
}

func (g *gen) triggerables() (*File, error) {
	f := &File{}
	for _, sp := range g.scan("MEDIA/TRIGGERABLES/", ".DAT") {
		n, ok := g.dat(sp)
		if !ok {
			continue
		}
		f.Triggerables = append(f.Triggerables, Triggerable{File: sp.up, Name: strings.ToUpper(n.Value("NAME"))})
	}
	return f, nil
}

func (g *gen) roomPieces() (*File, error) {
	f := &File{}
	for _, sp := range g.scan("MEDIA/LEVELSETS/", ".DAT") {
		n, ok := g.dat(sp)
		if !ok {
			continue
		}
		pieces := n.ChildrenNamed("PIECE")
		if len(pieces) == 0 {
			continue
		}
		pf := PieceFile{File: sp.up, Pieces: make([]int64, 0, len(pieces))}
		for _, pc := range pieces {
			pf.Pieces = append(pf.Pieces, g.intValue(sp.up, pc, "GUID", 0, 64))
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
	for _, sp := range g.scan("MEDIA/MISSILES/", ".LAYOUT") {
		l, ok := g.layout(sp)
		if !ok {
			continue
		}
		m := Missile{File: sp.up}
		l.Walk(func(o *layout.Object) {
			if o.Descriptor == missile.ID {
				name, _ := s.Text(o, "MISSILE NAME")
				m.Names = append(m.Names, strings.ToUpper(name))
			}
		})
		if len(m.Names) > math.MaxUint8 {
			return nil, fmt.Errorf("%s: %d Missile objects (max 255)", sp.up, len(m.Names))
		}
		f.Missiles = append(f.Missiles, m)
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

// The indices of unitFields in fieldVals.
const (
	fUnitType = iota
	fLevel
	fMinLevel
	fMaxLevel
	fRarity
	fRarityHC
	fCreateAs
	fSet
	allFields = 1<<len(unitFields) - 1
)

// fieldIndex is the index of key in unitFields, or -1.
func fieldIndex(key string) int {
	switch key {
	case "UNITTYPE":
		return fUnitType
	case "LEVEL":
		return fLevel
	case "MINLEVEL":
		return fMinLevel
	case "MAXLEVEL":
		return fMaxLevel
	case "RARITY":
		return fRarity
	case "RARITY_HC":
		return fRarityHC
	case "CREATEAS":
		return fCreateAs
	case "SET":
		return fSet
	}
	return -1
}

// fieldVals holds unitFields found so far: val[i] is valid when bit i of
// set is.
type fieldVals struct {
	val [8]string
	set uint8
}

func (v *fieldVals) has(i int) bool { return v.set&(1<<i) != 0 }

// take fills the fields still unset from n's first property of each name
// and returns n's first BASEFILE value.
func (v *fieldVals) take(n *dattext.Node) (basefile string, line int) {
	haveBase := false
	for _, p := range n.Props {
		if i := fieldIndex(p.Key); i >= 0 {
			if !v.has(i) {
				v.val[i], v.set = p.Value, v.set|1<<i
			}
		} else if p.Key == "BASEFILE" && !haveBase {
			basefile, line, haveBase = p.Value, p.Line, true
		}
	}
	return basefile, line
}

// unitRoot is what units reads from a unit's own properties: the first of
// each name.
type unitRoot struct {
	name, guid, dontCreate dattext.Prop
	hasGUID                bool
}

func readUnitRoot(n *dattext.Node) unitRoot {
	var r unitRoot
	var haveName, haveDont bool
	for _, p := range n.Props {
		switch {
		case p.Key == "NAME" && !haveName:
			r.name, haveName = p, true
		case p.Key == "UNIT_GUID" && !r.hasGUID:
			r.guid, r.hasGUID = p, true
		case p.Key == "DONTCREATE" && !haveDont:
			r.dontCreate, haveDont = p, true
		}
	}
	return r
}

// units builds UNITDATA: each unit's own GUID and NAME, the other fields
// resolved through its BASEFILE chain (mod files first, then Options.Base).
func (g *gen) units() (*File, error) {
	f := &File{}
	for c, cat := range UnitCategories {
		paths := g.scan("MEDIA/UNITS/"+cat+"/", ".DAT")
		f.Units[c] = make([]Unit, 0, len(paths))
		for _, sp := range paths {
			n, ok := g.dat(sp)
			if !ok {
				continue
			}
			p := sp.up
			r := readUnitRoot(n)
			if strings.EqualFold(strings.TrimSpace(r.dontCreate.Value), "true") {
				continue
			}
			vals, miss := g.inherit(p, n)
			u := Unit{
				GUID:     g.intProp(p, r.guid, r.hasGUID, "UNIT_GUID", 0, 64),
				Name:     strings.ToUpper(r.name.Value),
				File:     p,
				UnitType: vals.val[fUnitType],
			}
			num := func(i int) int32 {
				if vals.val[i] == "" {
					return 0 // what ParseInt gives, without making its error
				}
				v, err := strconv.ParseInt(strings.TrimSpace(vals.val[i]), 10, 32)
				if err != nil && vals.val[i] != "" {
					g.warn(p, "%s %q is not an integer; using 0", unitFields[i], vals.val[i])
				}
				return int32(v)
			}
			u.Level, u.MinLevel, u.MaxLevel = num(fLevel), num(fMinLevel), num(fMaxLevel)
			u.Rarity, u.RarityHC = num(fRarity), num(fRarityHC)
			// GUTS's defaults for what neither the unit nor its chain sets
			// (see the package doc): LEVEL 1, RARITY 1, RARITY_HC = RARITY.
			if !vals.has(fLevel) {
				u.Level = 1
			}
			if !vals.has(fRarity) {
				u.Rarity = 1
			}
			if !vals.has(fRarityHC) {
				u.RarityHC = u.Rarity
			}
			if strings.EqualFold(strings.TrimSpace(vals.val[fCreateAs]), "EQUIPMENT") {
				u.Flags |= FlagEquipment
			}
			if vals.val[fSet] != "" {
				u.Flags |= FlagSet
			}
			if miss != nil {
				g.res.Unresolved = append(g.res.Unresolved, *miss)
				if miss.Dropped {
					continue
				}
			}
			f.Units[c] = append(f.Units[c], u)
		}
	}
	return f, nil
}

// inherit collects unitFields from the unit and its BASEFILE ancestors,
// nearest first. miss is set when the chain leaves what can be read.
func (g *gen) inherit(file string, n *dattext.Node) (fieldVals, *Unresolved) {
	var vals fieldVals
	var seenBuf [4]string
	seen := append(seenBuf[:0], file) // chains are short: a list beats a map
	cur, curFile := n, file
	missing := func(base string, line int) *Unresolved {
		miss := &Unresolved{File: file, BaseFile: base, In: curFile, Line: line}
		for i, k := range unitFields {
			if !vals.has(i) {
				miss.Missing = append(miss.Missing, k)
			}
		}
		return miss
	}
	for depth := 0; ; depth++ {
		bf, line := vals.take(cur)
		base := upperPath(strings.TrimSpace(bf))
		if base != "" && !strings.HasPrefix(base, "MEDIA/") {
			// Every file of the game and of a mod is under MEDIA/: a
			// BASEFILE elsewhere (a typo such as MMEDIA/UNITS/…) is
			// nowhere, whatever the unit sets itself.
			miss := missing(base, line)
			miss.Dropped = true
			return vals, miss
		}
		if base == "" || vals.set == allFields {
			return vals, nil
		}
		if slices.Contains(seen, base) || depth >= maxChain {
			g.warn(file, "BASEFILE chain loops or is longer than %d at %s", maxChain, base)
			return vals, nil
		}
		seen = append(seen, base)
		next, err := g.baseDat(base)
		if err != nil || next == nil {
			if err != nil && !errors.Is(err, fs.ErrNotExist) {
				g.warn(file, "BASEFILE %s: %v", base, err)
			}
			miss := missing(base, line)
			miss.Dropped = g.opt.Nowhere != nil && (err == nil || errors.Is(err, fs.ErrNotExist)) && g.opt.Nowhere(base)
			return vals, miss
		}
		cur, curFile = next, base
	}
}

func (g *gen) baseDat(up string) (*dattext.Node, error) {
	if g.byUpper == nil {
		if n, ok := g.ms.Dats[up]; ok {
			return n, nil
		}
		if _, ok := g.ms.Layouts[up]; ok {
			return g.src.Dat(up)
		}
	} else if orig, ok := g.byUpper[up]; ok {
		return g.src.Dat(orig)
	}
	if g.opt.Base == nil {
		return nil, fs.ErrNotExist
	}
	return g.opt.Base.Dat(up)
}
