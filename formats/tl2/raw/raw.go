package raw

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"packsmith/formats/tl2/rghash"
)

// Kind is one of the seven RAW indices.
type Kind int

const (
	Affixes Kind = iota
	Skills
	UnitData
	Missiles
	Triggerables
	UI
	RoomPieces
	numKinds
)

// Kinds lists the seven kinds in the order Generate writes them.
var Kinds = []Kind{Affixes, Skills, UnitData, Missiles, Triggerables, UI, RoomPieces}

var kindFiles = [numKinds]string{"AFFIXES.RAW", "SKILLS.RAW", "UNITDATA.RAW", "MISSILES.RAW",
	"TRIGGERABLES.RAW", "UI.RAW", "ROOMPIECES.RAW"}

// FileName is the index's name under MEDIA/, e.g. "AFFIXES.RAW".
func (k Kind) FileName() string {
	if k < 0 || k >= numKinds {
		return "kind(" + strconv.Itoa(int(k)) + ")"
	}
	return kindFiles[k]
}

func (k Kind) String() string { return strings.TrimSuffix(k.FileName(), ".RAW") }

// KindOf recognises a RAW by its file name (any case, any folder).
func KindOf(name string) (Kind, bool) {
	name = strings.ToUpper(name)
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	for k, f := range kindFiles {
		if f == name {
			return Kind(k), true
		}
	}
	return 0, false
}

// Affix is one AFFIXES.RAW record.
type Affix struct {
	File, Name                 string
	MinSpawn, MaxSpawn, Weight int32
	Difficulties               int32 // DIFFICULTIES_ALLOWED, -1 when absent
	UnitTypes, NotUnitTypes    []string
}

// Skill is one SKILLS.RAW record.
type Skill struct {
	Name, File string
	GUID       int64
}

// Unit is one UNITDATA.RAW record.
type Unit struct {
	GUID                                        int64
	Name, File                                  string
	Flags                                       uint8 // FlagEquipment | FlagSet
	Level, MinLevel, MaxLevel, Rarity, RarityHC int32
	UnitType                                    string
}

// Unit flags.
const (
	FlagEquipment = 1 << 0 // CREATEAS EQUIPMENT
	FlagSet       = 1 << 1 // has a SET
)

// UnitCategories are UNITDATA.RAW's four sections, in file order, named
// after their folders under MEDIA/UNITS/.
var UnitCategories = [4]string{"ITEMS", "MONSTERS", "PLAYERS", "PROPS"}

// Missile is one MISSILES.RAW record: a layout and its Missile objects.
type Missile struct {
	File  string
	Names []string
}

// Triggerable is one TRIGGERABLES.RAW record.
type Triggerable struct {
	File, Name string
}

// Menu is one UI.RAW record (a Menu Definition object).
type Menu struct {
	Name, File       string
	Type, GameState  uint32
	CreateOnLoad     uint8
	MultiplayerOnly  uint8
	SingleplayerOnly uint8
	KeyBinding       string
}

// PieceFile is one ROOMPIECES.RAW file with its piece GUIDs.
type PieceFile struct {
	File   string
	Pieces []int64
}

// File is one decoded RAW index; only the slice of its Kind is used.
type File struct {
	Kind         Kind
	Affixes      []Affix
	Skills       []Skill
	Units        [4][]Unit
	Missiles     []Missile
	Triggerables []Triggerable
	Menus        []Menu
	RoomPieces   []PieceFile
}

// Len is the number of records (what "written only when non-empty" means).
func (f *File) Len() int {
	switch f.Kind {
	case Affixes:
		return len(f.Affixes)
	case Skills:
		return len(f.Skills)
	case UnitData:
		return len(f.Units[0]) + len(f.Units[1]) + len(f.Units[2]) + len(f.Units[3])
	case Missiles:
		return len(f.Missiles)
	case Triggerables:
		return len(f.Triggerables)
	case UI:
		return len(f.Menus)
	case RoomPieces:
		return len(f.RoomPieces)
	}
	return 0
}

// DecodeError locates a problem in a RAW file.
type DecodeError struct {
	Kind   Kind
	Offset int
	Msg    string
}

func (e *DecodeError) Error() string {
	return fmt.Sprintf("%s: offset %d (0x%X): %s", e.Kind.FileName(), e.Offset, e.Offset, e.Msg)
}

// ErrTooLarge reports a count or string that does not fit its field.
var ErrTooLarge = errors.New("raw: too many records or too long a string for the format")

type reader struct {
	kind Kind
	b    []byte
	off  int
}

func (r *reader) fail(format string, a ...any) error {
	return &DecodeError{Kind: r.kind, Offset: r.off, Msg: fmt.Sprintf(format, a...)}
}

func (r *reader) need(n int, what string) error {
	if n < 0 || len(r.b)-r.off < n {
		return r.fail("%s: need %d bytes, %d left", what, n, len(r.b)-r.off)
	}
	return nil
}

func (r *reader) u8(what string) (uint8, error) {
	if err := r.need(1, what); err != nil {
		return 0, err
	}
	r.off++
	return r.b[r.off-1], nil
}

func (r *reader) u16(what string) (uint16, error) {
	if err := r.need(2, what); err != nil {
		return 0, err
	}
	r.off += 2
	return binary.LittleEndian.Uint16(r.b[r.off-2:]), nil
}

func (r *reader) u32(what string) (uint32, error) {
	if err := r.need(4, what); err != nil {
		return 0, err
	}
	r.off += 4
	return binary.LittleEndian.Uint32(r.b[r.off-4:]), nil
}

func (r *reader) i32(what string) (int32, error) {
	v, err := r.u32(what)
	return int32(v), err
}

func (r *reader) i64(what string) (int64, error) {
	if err := r.need(8, what); err != nil {
		return 0, err
	}
	r.off += 8
	return int64(binary.LittleEndian.Uint64(r.b[r.off-8:])), nil
}

func (r *reader) str(what string) (string, error) {
	n, err := r.u16(what + " length")
	if err != nil {
		return "", err
	}
	if err := r.need(2*int(n), what); err != nil {
		return "", err
	}
	u := make([]uint16, n)
	for i := range u {
		u[i] = binary.LittleEndian.Uint16(r.b[r.off+2*i:])
	}
	r.off += 2 * int(n)
	return rghash.DecodeUTF16(u), nil
}

// count reads a record count and checks it against the bytes left, given
// the smallest record size, so a hostile count cannot force a huge
// allocation.
func (r *reader) count(wide bool, minRec int, what string) (int, error) {
	var n int
	if wide {
		v, err := r.u32(what)
		if err != nil {
			return 0, err
		}
		n = int(min(v, math.MaxInt32))
	} else {
		v, err := r.u16(what)
		if err != nil {
			return 0, err
		}
		n = int(v)
	}
	if left := len(r.b) - r.off; n > left/minRec {
		return 0, r.fail("%s %d cannot fit in the %d bytes left", what, n, left)
	}
	return n, nil
}

func (r *reader) strs8(what string) ([]string, error) {
	k, err := r.u8(what + " count")
	if err != nil {
		return nil, err
	}
	if k == 0 {
		return nil, nil
	}
	out := make([]string, 0, k)
	for i := 0; i < int(k); i++ {
		s, err := r.str(what)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// Decode parses a RAW index of the given kind. Errors name the offset.
func Decode(kind Kind, b []byte) (*File, error) {
	if kind < 0 || kind >= numKinds {
		return nil, fmt.Errorf("raw: unknown kind %d", kind)
	}
	r := &reader{kind: kind, b: b}
	f := &File{Kind: kind}
	var err error
	switch kind {
	case Affixes:
		err = decodeAffixes(r, f)
	case Skills:
		err = decodeSkills(r, f)
	case UnitData:
		err = decodeUnits(r, f)
	case Missiles:
		err = decodeMissiles(r, f)
	case Triggerables:
		err = decodeTriggerables(r, f)
	case UI:
		err = decodeMenus(r, f)
	case RoomPieces:
		err = decodeRoomPieces(r, f)
	}
	if err != nil {
		return nil, err
	}
	if r.off != len(b) {
		return nil, r.fail("%d bytes after the last record", len(b)-r.off)
	}
	return f, nil
}

func decodeAffixes(r *reader, f *File) error {
	n, err := r.count(false, 2+2+16+1+1, "affix count")
	if err != nil {
		return err
	}
	f.Affixes = make([]Affix, 0, n)
	for i := 0; i < n; i++ {
		var a Affix
		if a.File, err = r.str("FILE"); err != nil {
			return err
		}
		if a.Name, err = r.str("NAME"); err != nil {
			return err
		}
		for _, p := range []*int32{&a.MinSpawn, &a.MaxSpawn, &a.Weight, &a.Difficulties} {
			if *p, err = r.i32("affix value"); err != nil {
				return err
			}
		}
		if a.UnitTypes, err = r.strs8("UNITTYPES"); err != nil {
			return err
		}
		if a.NotUnitTypes, err = r.strs8("NOT_UNITTYPES"); err != nil {
			return err
		}
		f.Affixes = append(f.Affixes, a)
	}
	return nil
}

func decodeSkills(r *reader, f *File) error {
	n, err := r.count(true, 2+2+8, "skill count")
	if err != nil {
		return err
	}
	f.Skills = make([]Skill, 0, n)
	for i := 0; i < n; i++ {
		var s Skill
		if s.Name, err = r.str("NAME"); err != nil {
			return err
		}
		if s.File, err = r.str("FILE"); err != nil {
			return err
		}
		if s.GUID, err = r.i64("UNIQUE_GUID"); err != nil {
			return err
		}
		f.Skills = append(f.Skills, s)
	}
	return nil
}

func decodeUnits(r *reader, f *File) error {
	for c := range f.Units {
		n, err := r.count(true, 8+2+2+1+20+2, UnitCategories[c]+" unit count")
		if err != nil {
			return err
		}
		units := make([]Unit, 0, n)
		for i := 0; i < n; i++ {
			var u Unit
			if u.GUID, err = r.i64("UNIT_GUID"); err != nil {
				return err
			}
			if u.Name, err = r.str("NAME"); err != nil {
				return err
			}
			if u.File, err = r.str("FILE"); err != nil {
				return err
			}
			if u.Flags, err = r.u8("flags"); err != nil {
				return err
			}
			for _, p := range []*int32{&u.Level, &u.MinLevel, &u.MaxLevel, &u.Rarity, &u.RarityHC} {
				if *p, err = r.i32("unit value"); err != nil {
					return err
				}
			}
			if u.UnitType, err = r.str("UNITTYPE"); err != nil {
				return err
			}
			units = append(units, u)
		}
		f.Units[c] = units
	}
	return nil
}

func decodeMissiles(r *reader, f *File) error {
	n, err := r.count(false, 2+1, "missile file count")
	if err != nil {
		return err
	}
	f.Missiles = make([]Missile, 0, n)
	for i := 0; i < n; i++ {
		var m Missile
		if m.File, err = r.str("FILE"); err != nil {
			return err
		}
		if m.Names, err = r.strs8("MISSILE NAME"); err != nil {
			return err
		}
		f.Missiles = append(f.Missiles, m)
	}
	return nil
}

func decodeTriggerables(r *reader, f *File) error {
	n, err := r.count(false, 2+2, "triggerable count")
	if err != nil {
		return err
	}
	f.Triggerables = make([]Triggerable, 0, n)
	for i := 0; i < n; i++ {
		var t Triggerable
		if t.File, err = r.str("FILE"); err != nil {
			return err
		}
		if t.Name, err = r.str("NAME"); err != nil {
			return err
		}
		f.Triggerables = append(f.Triggerables, t)
	}
	return nil
}

func decodeMenus(r *reader, f *File) error {
	n, err := r.count(true, 2+2+8+3+2, "menu count")
	if err != nil {
		return err
	}
	f.Menus = make([]Menu, 0, n)
	for i := 0; i < n; i++ {
		var m Menu
		if m.Name, err = r.str("MENU NAME"); err != nil {
			return err
		}
		if m.File, err = r.str("FILE"); err != nil {
			return err
		}
		if m.Type, err = r.u32("TYPE"); err != nil {
			return err
		}
		if m.GameState, err = r.u32("GAME STATE"); err != nil {
			return err
		}
		for _, p := range []*uint8{&m.CreateOnLoad, &m.MultiplayerOnly, &m.SingleplayerOnly} {
			if *p, err = r.u8("menu flag"); err != nil {
				return err
			}
		}
		if m.KeyBinding, err = r.str("KEY BINDING"); err != nil {
			return err
		}
		f.Menus = append(f.Menus, m)
	}
	return nil
}

func decodeRoomPieces(r *reader, f *File) error {
	// n file names, then n GUID lists: at least 2 + 4 bytes per file.
	n, err := r.count(true, 2+4, "room piece file count")
	if err != nil {
		return err
	}
	f.RoomPieces = make([]PieceFile, n)
	for i := range f.RoomPieces {
		if f.RoomPieces[i].File, err = r.str("FILE"); err != nil {
			return err
		}
	}
	for i := range f.RoomPieces {
		k, err := r.count(true, 8, "piece count")
		if err != nil {
			return err
		}
		g := make([]int64, k)
		for j := range g {
			g[j], _ = r.i64("PIECE GUID")
		}
		f.RoomPieces[i].Pieces = g
	}
	return nil
}

type writer struct {
	b   []byte
	err error
}

func (w *writer) u8(v uint8)   { w.b = append(w.b, v) }
func (w *writer) u16(v uint16) { w.b = binary.LittleEndian.AppendUint16(w.b, v) }
func (w *writer) u32(v uint32) { w.b = binary.LittleEndian.AppendUint32(w.b, v) }
func (w *writer) i32(v int32)  { w.u32(uint32(v)) }
func (w *writer) i64(v int64)  { w.b = binary.LittleEndian.AppendUint64(w.b, uint64(v)) }

func (w *writer) str(s string) {
	u := rghash.AppendUTF16(nil, s)
	if len(u) > math.MaxUint16 {
		w.fail("string of %d UTF-16 units", len(u))
		u = u[:0]
	}
	w.u16(uint16(len(u)))
	for _, c := range u {
		w.u16(c)
	}
}

func (w *writer) fail(format string, a ...any) {
	if w.err == nil {
		w.err = fmt.Errorf("%w: "+format, append([]any{ErrTooLarge}, a...)...)
	}
}

func (w *writer) count(n int, wide bool) {
	if !wide && n > math.MaxUint16 || n > math.MaxUint32 {
		w.fail("%d records", n)
	}
	if wide {
		w.u32(uint32(n))
	} else {
		w.u16(uint16(n))
	}
}

func (w *writer) strs8(list []string) {
	if len(list) > math.MaxUint8 {
		w.fail("%d names in a one-byte list", len(list))
	}
	w.u8(uint8(len(list)))
	for _, s := range list {
		w.str(s)
	}
}

// Encode writes a RAW index.
func Encode(f *File) ([]byte, error) {
	w := &writer{b: make([]byte, 0, 256)}
	switch f.Kind {
	case Affixes:
		w.count(len(f.Affixes), false)
		for _, a := range f.Affixes {
			w.str(a.File)
			w.str(a.Name)
			w.i32(a.MinSpawn)
			w.i32(a.MaxSpawn)
			w.i32(a.Weight)
			w.i32(a.Difficulties)
			w.strs8(a.UnitTypes)
			w.strs8(a.NotUnitTypes)
		}
	case Skills:
		w.count(len(f.Skills), true)
		for _, s := range f.Skills {
			w.str(s.Name)
			w.str(s.File)
			w.i64(s.GUID)
		}
	case UnitData:
		for _, units := range f.Units {
			w.count(len(units), true)
			for _, u := range units {
				w.i64(u.GUID)
				w.str(u.Name)
				w.str(u.File)
				w.u8(u.Flags)
				w.i32(u.Level)
				w.i32(u.MinLevel)
				w.i32(u.MaxLevel)
				w.i32(u.Rarity)
				w.i32(u.RarityHC)
				w.str(u.UnitType)
			}
		}
	case Missiles:
		w.count(len(f.Missiles), false)
		for _, m := range f.Missiles {
			w.str(m.File)
			w.strs8(m.Names)
		}
	case Triggerables:
		w.count(len(f.Triggerables), false)
		for _, t := range f.Triggerables {
			w.str(t.File)
			w.str(t.Name)
		}
	case UI:
		w.count(len(f.Menus), true)
		for _, m := range f.Menus {
			w.str(m.Name)
			w.str(m.File)
			w.u32(m.Type)
			w.u32(m.GameState)
			w.u8(m.CreateOnLoad)
			w.u8(m.MultiplayerOnly)
			w.u8(m.SingleplayerOnly)
			w.str(m.KeyBinding)
		}
	case RoomPieces:
		w.count(len(f.RoomPieces), true)
		for _, p := range f.RoomPieces {
			w.str(p.File)
		}
		for _, p := range f.RoomPieces {
			w.count(len(p.Pieces), true)
			for _, g := range p.Pieces {
				w.i64(g)
			}
		}
	default:
		return nil, fmt.Errorf("raw: unknown kind %d", f.Kind)
	}
	if w.err != nil {
		return nil, fmt.Errorf("%s: %w", f.Kind.FileName(), w.err)
	}
	return w.b, nil
}
