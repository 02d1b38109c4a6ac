package raw

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"packsmith/formats/tl2/rghash"
	"packsmith/formats/utf16"
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

// reader decodes little-endian fields. It is sticky: the first failure is
// kept in err (naming the field and the offset), and every later read
// returns a zero value, so a decoder reads its fields in a row and checks
// once.
type reader struct {
	kind Kind
	b    []byte
	off  int
	err  error
}

func (r *reader) fail(format string, a ...any) error {
	return &DecodeError{Kind: r.kind, Offset: r.off, Msg: fmt.Sprintf(format, a...)}
}

// need reports whether n more bytes are there, failing the reader if not.
func (r *reader) need(n int, what string) bool {
	if r.err != nil {
		return false
	}
	if n < 0 || len(r.b)-r.off < n {
		r.err = r.fail("%s: need %d bytes, %d left", what, n, len(r.b)-r.off)
		return false
	}
	return true
}

func (r *reader) u8(what string) uint8 {
	if !r.need(1, what) {
		return 0
	}
	r.off++
	return r.b[r.off-1]
}

func (r *reader) u16(what string) uint16 {
	if !r.need(2, what) {
		return 0
	}
	r.off += 2
	return binary.LittleEndian.Uint16(r.b[r.off-2:])
}

func (r *reader) u32(what string) uint32 {
	if !r.need(4, what) {
		return 0
	}
	r.off += 4
	return binary.LittleEndian.Uint32(r.b[r.off-4:])
}

func (r *reader) i32(what string) int32 { return int32(r.u32(what)) }

func (r *reader) i64(what string) int64 {
	if !r.need(8, what) {
		return 0
	}
	r.off += 8
	return int64(binary.LittleEndian.Uint64(r.b[r.off-8:]))
}

func (r *reader) str(what string) string {
	n := r.u16(what + " length")
	if !r.need(2*int(n), what) {
		return ""
	}
	s := utf16.Decode(r.b[r.off:r.off+2*int(n)], false)
	r.off += 2 * int(n)
	return s
}

// count reads a record count and checks it against the bytes left, given
// the smallest record size, so a hostile count cannot force a huge
// allocation.
func (r *reader) count(wide bool, minRec int, what string) int {
	var n int
	if wide {
		n = int(min(r.u32(what), math.MaxInt32))
	} else {
		n = int(r.u16(what))
	}
	if r.err != nil {
		return 0
	}
	if left := len(r.b) - r.off; n > left/minRec {
		r.err = r.fail("%s %d cannot fit in the %d bytes left", what, n, left)
		return 0
	}
	return n
}

// list is the shape every RAW list shares: a count (u16, or u32 when
// wide), then that many records, each at least minRec bytes, read by one.
func list[T any](r *reader, wide bool, minRec int, what string, one func(*T)) []T {
	n := r.count(wide, minRec, what)
	out := make([]T, 0, n)
	for i := 0; i < n && r.err == nil; i++ {
		var v T
		one(&v)
		out = append(out, v)
	}
	return out
}

// strs8 is a list of strings with a u8 count.
func (r *reader) strs8(what string) []string {
	k := int(r.u8(what + " count"))
	if k == 0 || r.err != nil {
		return nil
	}
	out := make([]string, 0, k)
	for i := 0; i < k && r.err == nil; i++ {
		out = append(out, r.str(what))
	}
	return out
}

// Decode parses a RAW index of the given kind. Errors name the offset.
func Decode(kind Kind, b []byte) (*File, error) {
	if kind < 0 || kind >= numKinds {
		return nil, fmt.Errorf("raw: unknown kind %d", kind)
	}
	r := &reader{kind: kind, b: b}
	f := &File{Kind: kind}
	switch kind {
	case Affixes:
		f.Affixes = list(r, false, 2+2+16+1+1, "affix count", func(a *Affix) {
			a.File, a.Name = r.str("FILE"), r.str("NAME")
			a.MinSpawn, a.MaxSpawn, a.Weight, a.Difficulties = r.i32("affix value"), r.i32("affix value"), r.i32("affix value"), r.i32("affix value")
			a.UnitTypes, a.NotUnitTypes = r.strs8("UNITTYPES"), r.strs8("NOT_UNITTYPES")
		})
	case Skills:
		f.Skills = list(r, true, 2+2+8, "skill count", func(s *Skill) {
			s.Name, s.File, s.GUID = r.str("NAME"), r.str("FILE"), r.i64("UNIQUE_GUID")
		})
	case UnitData:
		for c := range f.Units {
			f.Units[c] = list(r, true, 8+2+2+1+20+2, UnitCategories[c]+" unit count", func(u *Unit) {
				u.GUID, u.Name, u.File, u.Flags = r.i64("UNIT_GUID"), r.str("NAME"), r.str("FILE"), r.u8("flags")
				u.Level, u.MinLevel, u.MaxLevel = r.i32("unit value"), r.i32("unit value"), r.i32("unit value")
				u.Rarity, u.RarityHC = r.i32("unit value"), r.i32("unit value")
				u.UnitType = r.str("UNITTYPE")
			})
		}
	case Missiles:
		f.Missiles = list(r, false, 2+1, "missile file count", func(m *Missile) {
			m.File, m.Names = r.str("FILE"), r.strs8("MISSILE NAME")
		})
	case Triggerables:
		f.Triggerables = list(r, false, 2+2, "triggerable count", func(t *Triggerable) {
			t.File, t.Name = r.str("FILE"), r.str("NAME")
		})
	case UI:
		f.Menus = list(r, true, 2+2+8+3+2, "menu count", func(m *Menu) {
			m.Name, m.File, m.Type, m.GameState = r.str("MENU NAME"), r.str("FILE"), r.u32("TYPE"), r.u32("GAME STATE")
			m.CreateOnLoad, m.MultiplayerOnly, m.SingleplayerOnly = r.u8("menu flag"), r.u8("menu flag"), r.u8("menu flag")
			m.KeyBinding = r.str("KEY BINDING")
		})
	case RoomPieces:
		// n file names, then n GUID lists: at least 2 + 4 bytes per file.
		f.RoomPieces = list(r, true, 2+4, "room piece file count", func(p *PieceFile) { p.File = r.str("FILE") })
		for i := range f.RoomPieces {
			f.RoomPieces[i].Pieces = list(r, true, 8, "piece count", func(g *int64) { *g = r.i64("PIECE GUID") })
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	if r.off != len(b) {
		return nil, r.fail("%d bytes after the last record", len(b)-r.off)
	}
	return f, nil
}

type writer struct {
	b     []byte
	units []uint16 // scratch for non-ASCII strings
	err   error
}

func (w *writer) u8(v uint8)   { w.b = append(w.b, v) }
func (w *writer) u16(v uint16) { w.b = binary.LittleEndian.AppendUint16(w.b, v) }
func (w *writer) u32(v uint32) { w.b = binary.LittleEndian.AppendUint32(w.b, v) }
func (w *writer) i32(v int32)  { w.u32(uint32(v)) }
func (w *writer) i64(v int64)  { w.b = binary.LittleEndian.AppendUint64(w.b, uint64(v)) }

func (w *writer) str(s string) {
	if len(s) <= math.MaxUint16 && utf16.IsASCII(s) {
		// Each byte is one UTF-16 unit: write them without converting.
		w.u16(uint16(len(s)))
		n := len(w.b)
		w.b = slices.Grow(w.b, 2*len(s))[:n+2*len(s)]
		for i, out := 0, w.b[n:]; i < len(s); i++ {
			out[2*i], out[2*i+1] = s[i], 0
		}
		return
	}
	u := rghash.AppendUTF16(w.units[:0], s)
	w.units = u
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
	w := &writer{b: make([]byte, 0, encodedSize(f))}
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

// encodedSize bounds Encode's output (a string takes at most two bytes a
// byte of UTF-8), so the buffer is allocated once.
func encodedSize(f *File) int {
	ss := func(s string) int { return 2 + 2*len(s) }
	list := func(l []string) int {
		n := 1
		for _, s := range l {
			n += ss(s)
		}
		return n
	}
	n := 4
	switch f.Kind {
	case Affixes:
		for _, a := range f.Affixes {
			n += ss(a.File) + ss(a.Name) + 16 + list(a.UnitTypes) + list(a.NotUnitTypes)
		}
	case Skills:
		for _, s := range f.Skills {
			n += ss(s.Name) + ss(s.File) + 8
		}
	case UnitData:
		n = 16
		for _, units := range f.Units {
			for _, u := range units {
				n += 8 + ss(u.Name) + ss(u.File) + 1 + 20 + ss(u.UnitType)
			}
		}
	case Missiles:
		for _, m := range f.Missiles {
			n += ss(m.File) + list(m.Names)
		}
	case Triggerables:
		for _, t := range f.Triggerables {
			n += ss(t.File) + ss(t.Name)
		}
	case UI:
		for _, m := range f.Menus {
			n += ss(m.Name) + ss(m.File) + 11 + ss(m.KeyBinding)
		}
	case RoomPieces:
		for _, p := range f.RoomPieces {
			n += ss(p.File) + 4 + 8*len(p.Pieces)
		}
	}
	return n
}
