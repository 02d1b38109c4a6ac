package save

import "fmt"

// Mod is one entry of a mod list: a MOD_ID and (0x44 on) its version.
type Mod struct {
	ID      int64  `json:"id,string"`
	Version uint16 `json:"version"`
}

// ModList is a mod list and where its u32 count is in the body.
type ModList struct {
	At   int
	Mods []Mod
}

// Object kinds.
const (
	KindPlayer = "player"
	KindPet    = "pet"
	KindItem   = "item"
)

// Object is one mod-id list in the body: the player's, a pet's or an
// item's (worn, carried, socketed, in the player's stash tabs).
type Object struct {
	Kind string
	Name string // the unit's name, or the item's
	Unit int    // the unit (index in Save.Units) it is in
	At   int    // body offset of its u32 count
	IDs  []int64
	// GUID is the unit's or item's GUID (UNITDATA.RAW's): a unit's base
	// class (its class when that is -1 or 0), an item's id. Moving a
	// character back from a combined mod gives each object the id of
	// the constituent that provides this GUID.
	GUID int64
}

// Unit is a sized unit block: the player (Units[0]) or a pet or ally.
type Unit struct {
	Kind   string
	Name   string
	GUID   int64 // base class (class when that is -1 or 0)
	SizeAt int   // body offset of the u32 size
	End    int   // body offset just past the block
}

// Save is a parsed save: the envelope, the body's fields the mods need,
// and where every object's mod-id list is.
type Save struct {
	*Container
	Class       string
	Difficulty  uint32
	Hardcore    bool
	NewGamePlus uint32
	GameTime    float32
	// Bound, Recent and Full are the three mod lists (empty before 0x43).
	Bound, Recent, Full ModList
	Units               []Unit
	Objects             []Object
	// Rest is where parsing stopped: the maps (with the units and items
	// lying on them), quests and the rest are not parsed and stay bytes.
	Rest int
}

// HasModLists says whether the version has the three mod lists.
func (s *Save) HasModLists() bool { return s.Version >= VersionModLists }

// Name is the player's name.
func (s *Save) Name() string {
	if len(s.Units) == 0 {
		return ""
	}
	return s.Units[0].Name
}

// Parse decodes a whole save file and parses its body.
func Parse(b []byte, o Options) (*Save, error) {
	c, err := Decode(b, o)
	if err != nil {
		return nil, err
	}
	return ParseBody(c, o)
}

// ParseBody parses c's body as far as the mods need (doc.go): the start,
// the mod lists, the player and the pets with their items.
func ParseBody(c *Container, o Options) (*Save, error) {
	s := &Save{Container: c}
	r := &reader{b: c.Body, end: len(c.Body), o: &o, block: "start"}
	s.Class = r.str()
	s.Difficulty = r.u32()
	s.Hardcore = r.u8() != 0
	s.NewGamePlus = r.u32()
	r.u8() // retired: unused in TL2
	s.GameTime = r.f32()
	r.block = "movies"
	r.fixedList(12, "movies")
	if c.Version >= VersionModLists {
		r.block = "mod lists"
		s.Bound = r.modList(c.Version)
		s.Recent = r.modList(c.Version)
		s.Full = r.modList(c.Version)
	}
	s.unit(r, KindPlayer)
	s.afterPlayer(r)
	r.block = "pets"
	n := r.count(r.u32(), 4, "pets")
	for i := 0; i < n && r.err == nil; i++ {
		s.unit(r, KindPet)
	}
	s.Rest = r.off
	if r.err != nil {
		return nil, r.err
	}
	return s, nil
}

func (r *reader) modList(v uint32) ModList {
	size := 8
	if v >= VersionModVersions {
		size = 10
	}
	l := ModList{At: r.off}
	n := r.count(r.u32(), size, "mods")
	for i := 0; i < n && r.err == nil; i++ {
		m := Mod{ID: r.i64()}
		if size == 10 {
			m.Version = r.u16()
		}
		l.Mods = append(l.Mods, m)
	}
	return l
}

// afterPlayer skips what lies between the player and the pets: key
// mapping, statistics, the area, a coordinate, the portal, a u32.
func (s *Save) afterPlayer(r *reader) {
	r.block = "key mapping"
	r.skip(r.count(uint32(r.u16()), 11, "keys") * 11)
	r.skip(r.count(uint32(r.u16()), 16, "function keys") * 16)
	r.block = "statistics"
	r.fixedList(4, "statistics")
	r.block = "area"
	r.str()
	r.str()
	r.skip(4 + 12)
	r.block = "portal"
	r.skip(1 + 12)
	r.str()
	r.skip(4)
}

// idList records an object's mod-id list.
func (s *Save) idList(r *reader, kind, name string, guid int64) {
	at := r.off
	n := r.count(r.u32(), 8, "mod ids")
	ids := make([]int64, 0, n)
	for i := 0; i < n && r.err == nil; i++ {
		ids = append(ids, r.i64())
	}
	if r.err == nil {
		s.Objects = append(s.Objects, Object{Kind: kind, Name: name, Unit: len(s.Units) - 1, At: at, IDs: ids, GUID: guid})
	}
}

// unit reads a unit block as far as its items; the rest of the block
// (effects, augments, stats) is skipped by its size.
func (s *Save) unit(r *reader, kind string) {
	if !r.object() {
		return
	}
	r.block = kind
	if kind == KindPet {
		r.block = fmt.Sprintf("pet %d", len(s.Units))
	}
	sizeAt := r.off
	size := r.u32()
	if r.err == nil && uint64(size) > uint64(r.end-r.off) {
		r.fail(ErrTruncated, "block of %d bytes, %d left", size, r.end-r.off)
	}
	if r.err != nil {
		return
	}
	outer := r.end
	r.end = r.off + int(size)
	u := Unit{Kind: kind, SizeAt: sizeAt, End: r.end}
	u.Name, u.GUID = r.unitHead(kind, s.Version)
	s.Units = append(s.Units, u)
	block := r.block
	s.idList(r, kind, u.Name, u.GUID)
	r.block = block + " items"
	s.items(r, 0)
	r.block = block
	if r.err == nil {
		r.off = r.end
	}
	r.end = outer
}

// unitHead reads a unit block up to its mod-id list and returns the name
// and the unit's GUID.
func (r *reader) unitHead(kind string, v uint32) (string, int64) {
	player := kind == KindPlayer
	if v >= VersionSign {
		r.u8() // sign
	}
	r.skip(2) // sign 1, hidden
	guid := r.i64()
	if base := r.i64(); base != -1 && base != 0 {
		guid = base // the class it morphed from, when it did
	}
	r.skip(8)        // runtime id
	r.u8()           // unknown
	if r.u8() != 0 { // wardrobe: face, hair, … boots
		r.skip(12 * 4)
	}
	r.skip(4 + 3) // unknown, enabled, two flags
	if player {
		r.u8() // cheat byte
	}
	r.u8()                // AI type
	r.skip(5*4 + 3*8 + 4) // morph and town time, action, alignment, scale; three ids; seed
	name := r.str()
	r.str() // suffix
	if player {
		r.str() // "PLAYER"
	}
	r.skip(2*4 + 76 + 16*4 + 6*8) // two u32, position and rotation, level … skill points, mouse skills
	r.fixedList(12, "skills")
	for i := 0; i < 4 && r.err == nil; i++ {
		r.str() // spell
		r.u32() // its level
	}
	r.skip(7*4 + 5*4 + 16) // armour, attributes and gold, three unknowns
	r.u8()                 // skin
	return name, guid
}

// minItem is less than any item takes, for count checks.
const minItem = 100

// items reads a u32 count of items; depth counts socket nesting.
func (s *Save) items(r *reader, depth int) {
	n := r.count(r.u32(), minItem, "items")
	if n > 0 && depth >= r.o.maxDepth() {
		r.fail(ErrTooLarge, "items nested more than %d deep", r.o.maxDepth())
		return
	}
	for i := 0; i < n && r.object(); i++ {
		s.item(r, depth)
	}
}

func (s *Save) item(r *reader, depth int) {
	r.skip(1) // sign
	guid := r.i64()
	name := r.str()
	r.str()
	r.str()
	r.skip(24)
	s.idList(r, KindItem, name, guid)
	r.skip(1 + 3*8 + 4 + 2*4 + 7 + 12 + 76 + 4 + 2*4) // links, enchant, stash place, flags, place, level, stack, sockets
	s.items(r, depth+1)
	r.skip(4 + 3*4 + 8 + 4) // unknown, damage, armour, armour type, quest, unknown
	r.skip(r.count(uint32(r.u16()), 12, "damage bonuses") * 12)
	for i := 0; i < 3 && r.err == nil; i++ {
		r.effects()
	}
	r.strList() // augments
	r.fixedList(12, "stats")
}

// Effect flags that add fields.
const (
	effGraph     = 0x100
	effLinkName  = 0x800
	effParticles = 0x1000
	effUnitTheme = 0x2000
	effIcon      = 0x20000
)

// effects reads an item's u32 count of effects.
func (r *reader) effects() {
	n := r.count(r.u32(), 41, "effects")
	for i := 0; i < n && r.object(); i++ {
		flags := r.u32()
		r.str()
		for _, f := range []uint32{effLinkName, effGraph, effParticles} {
			if flags&f != 0 {
				r.str()
			}
		}
		if flags&effUnitTheme != 0 {
			r.skip(8)
		}
		r.skip(int(r.u8()) * 4)                            // properties
		r.skip(r.count(uint32(r.u16()), 12, "stats") * 12) // stats
		r.skip(8 * 4)                                      // type, damage type, activation, level, duration, elapsed, shown value, source
		if flags&effIcon != 0 {
			r.skip(int(r.u8()) * 2)
		}
	}
}
