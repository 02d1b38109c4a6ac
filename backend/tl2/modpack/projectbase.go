package modpack

import (
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/mod"
)

// projectBase is base data from PACKSMITH.JSON's baseUnits: for each
// base-game file the unpacked .MOD's units inherit from, the values its
// UNITDATA.RAW shows they took from it. Each file reads as a .DAT that
// sets exactly those fields and has no BASEFILE, so a chain ending there
// resolves: nothing is guessed, and a unit the modder adds on the same
// base file gets the same values GUTS gave its siblings.
type projectBase struct {
	units  map[string]*BaseUnit
	source string // the .MOD they were read from, for messages
}

// Root names the data in messages.
func (b *projectBase) Root() string {
	if b.source != "" {
		return ProjectFile + " (the values " + b.source + "'s UNITDATA.RAW holds)"
	}
	return ProjectFile + " (the values the unpacked .MOD's UNITDATA.RAW holds)"
}

// Dat implements raw.BaseData.
func (b *projectBase) Dat(p string) (*dattext.Node, error) {
	u, ok := b.units[mod.UpperName(p)]
	if !ok {
		return nil, fmt.Errorf("%s: not in %s: %w", p, ProjectFile, fs.ErrNotExist)
	}
	return u.node(p), nil
}

// node is the .DAT the values stand for, as the base file p. EQUIPMENT
// false and SET false set CREATEAS and SET to "" (what gives no flag); a
// SET true gets a placeholder name (UNITDATA.RAW keeps only that there is
// one). Fields the record does not know (no unit of the .MOD took them
// from p) lead on to unrecorded(p), a BASEFILE nothing holds, so a unit
// that needs one is reported as guessed, as without the record
// (rawStage maps the name back to p).
func (u *BaseUnit) node(p string) *dattext.Node {
	n := &dattext.Node{Name: "UNIT"}
	known := map[string]bool{}
	for _, k := range u.Unset {
		known[k] = true
	}
	str := func(key string, v *string) {
		if v != nil {
			n.Add("STRING", key, *v)
			known[key] = true
		}
	}
	str("UNITTYPE", u.UnitType)
	for _, f := range []struct {
		key string
		v   *int32
	}{{"LEVEL", u.Level}, {"MINLEVEL", u.MinLevel}, {"MAXLEVEL", u.MaxLevel}, {"RARITY", u.Rarity}, {"RARITY_HC", u.RarityHC}} {
		if f.v != nil {
			n.Add("INTEGER", f.key, strconv.FormatInt(int64(*f.v), 10))
			known[f.key] = true
		}
	}
	flag := func(key string, v *bool, yes string) {
		if v != nil {
			val := ""
			if *v {
				val = yes
			}
			n.Add("STRING", key, val)
			known[key] = true
		}
	}
	flag("CREATEAS", u.Equipment, "EQUIPMENT")
	flag("SET", u.Set, "(a set, as "+ProjectFile+" records)")
	for _, k := range unitFieldNames {
		if !known[k] {
			n.Add("STRING", "BASEFILE", unrecorded(p))
			break
		}
	}
	return n
}

// unitFieldNames are the UNITDATA fields a BASEFILE chain gives (as
// raw's generator reads them).
var unitFieldNames = []string{"UNITTYPE", "LEVEL", "MINLEVEL", "MAXLEVEL", "RARITY", "RARITY_HC", "CREATEAS", "SET"}

// unrecordedMark ends the BASEFILE a recorded base file leads on to for
// the fields its record lacks; upper case, as the generator writes it.
const unrecordedMark = "|NOT RECORDED IN " + ProjectFile

func unrecorded(p string) string { return mod.UpperName(p) + unrecordedMark }

// recordedBase maps an unresolved unit's BaseFile back: (p, true) when it
// is unrecorded(p).
func recordedBase(baseFile string) (string, bool) {
	return strings.CutSuffix(baseFile, unrecordedMark)
}

// unsetIn is what the project records as left to GUTS's default in the
// base file p (nil when base holds no project record).
func unsetIn(base baseSource, p string) []string {
	for base != nil {
		switch b := base.(type) {
		case *projectBase:
			if u := b.units[p]; u != nil {
				return u.Unset
			}
			return nil
		case *layeredBase:
			base = b.then
		default:
			return nil
		}
	}
	return nil
}

// layeredBase asks first (the game's data) and, for a file it does not
// have, then (the values unpack recorded): the game's DATA.PAK wins where
// it has the file.
type layeredBase struct {
	first, then baseSource
}

func (l *layeredBase) Root() string { return l.first.Root() + ", then " + l.then.Root() }

// Dat implements raw.BaseData.
func (l *layeredBase) Dat(p string) (*dattext.Node, error) {
	n, err := l.first.Dat(p)
	if err == nil && n != nil {
		return n, nil
	}
	if m, err2 := l.then.Dat(p); err2 == nil {
		return m, nil
	}
	if err == nil {
		err = fmt.Errorf("%s: %w", p, fs.ErrNotExist)
	}
	return n, err
}

// withProjectBase adds the project's recorded base values behind base (nil
// for none) and says so in note.
func withProjectBase(base baseSource, note string, proj *Project) (baseSource, string) {
	if proj == nil || len(proj.BaseUnits) == 0 {
		return base, note
	}
	pb := &projectBase{units: proj.BaseUnits, source: proj.Source}
	files := fmt.Sprintf("%d base file", len(proj.BaseUnits))
	if len(proj.BaseUnits) != 1 {
		files += "s"
	}
	if base == nil {
		return pb, pb.Root() + " for " + files
	}
	return &layeredBase{first: base, then: pb}, note + ", then " + pb.Root() + " for " + files
}
