// Package savetest writes Torchlight II character saves (.SVB) for tests,
// from the layout formats/tl2/save documents: there are no real saves in
// the shared fixtures. The fields a reader skips are filled with a
// pattern, not zeros, so a reader that skips the wrong number of bytes
// lands on garbage and fails.
package savetest

import (
	"encoding/binary"
	"math"

	"unicode/utf16"

	"packsmith/formats/tl2/save"
)

// Item is an item with its sockets and a number of effects.
type Item struct {
	Name    string
	GUID    int64 // its unit GUID (0: a value made from the name)
	ModIDs  []int64
	Sockets []Item
	Effects int // effects in its first list; each has every optional field
}

// Unit is the player or a pet.
type Unit struct {
	Name     string
	GUID     int64 // its base class (0: the fill pattern)
	ModIDs   []int64
	Items    []Item
	Wardrobe bool
}

// Spec describes a save.
type Spec struct {
	Version     uint32
	Flag        byte // scramble byte (versions from 0x3B)
	Class       string
	Difficulty  uint32
	Hardcore    bool
	NewGamePlus uint32
	Bound       []save.Mod
	Recent      []save.Mod
	Full        []save.Mod
	Player      Unit
	Pets        []Unit
	// Rest is what follows the pets (maps, quests, …): opaque here.
	Rest []byte
}

type w struct{ b []byte }

func (x *w) u8(v byte)     { x.b = append(x.b, v) }
func (x *w) u16(v uint16)  { x.b = binary.LittleEndian.AppendUint16(x.b, v) }
func (x *w) u32(v uint32)  { x.b = binary.LittleEndian.AppendUint32(x.b, v) }
func (x *w) i64(v int64)   { x.b = binary.LittleEndian.AppendUint64(x.b, uint64(v)) }
func (x *w) f32(v float32) { x.u32(math.Float32bits(v)) }
func (x *w) fill(n int) {
	for i := 0; i < n; i++ {
		x.b = append(x.b, byte(0xA5+i))
	}
}
func (x *w) str(s string) {
	u := utf16.Encode([]rune(s))
	x.u16(uint16(len(u)))
	for _, c := range u {
		x.u16(c)
	}
}
func (x *w) ids(ids []int64) {
	x.u32(uint32(len(ids)))
	for _, id := range ids {
		x.i64(id)
	}
}

// Body is the plain body s describes.
func Body(s Spec) []byte {
	x := &w{}
	x.str(s.Class)
	x.u32(s.Difficulty)
	x.u8(b2u(s.Hardcore))
	x.u32(s.NewGamePlus)
	x.u8(0)
	x.f32(12.5)
	x.u32(2) // movies
	x.fill(24)
	if s.Version >= save.VersionModLists {
		for _, l := range [][]save.Mod{s.Bound, s.Recent, s.Full} {
			x.u32(uint32(len(l)))
			for _, m := range l {
				x.i64(m.ID)
				if s.Version >= save.VersionModVersions {
					x.u16(m.Version)
				}
			}
		}
	}
	x.unit(s.Player, true, s.Version)
	x.u16(3) // keys
	x.fill(33)
	x.u16(1) // function keys
	x.fill(16)
	x.u32(22) // statistics
	x.fill(88)
	x.str("TOWN")
	x.str("WAYPOINTS")
	x.fill(16)
	x.fill(13) // portal
	x.str("MINES")
	x.u32(1)
	x.u32(uint32(len(s.Pets)))
	for _, p := range s.Pets {
		x.unit(p, false, s.Version)
	}
	x.b = append(x.b, s.Rest...)
	return x.b
}

// File is the whole .SVB file s describes.
func File(s Spec) []byte {
	c := save.New(s.Version, Body(s))
	if s.Version >= save.VersionFlag {
		c.Flag = s.Flag
	}
	return c.Encode()
}

func b2u(b bool) byte {
	if b {
		return 1
	}
	return 0
}

func (x *w) unit(u Unit, player bool, v uint32) {
	at := len(x.b)
	x.u32(0)
	if v >= save.VersionSign {
		x.u8(0xFF)
	}
	x.fill(2 + 24 + 1)
	if u.GUID != 0 { // base class, after sign, hidden and class
		binary.LittleEndian.PutUint64(x.b[len(x.b)-17:], uint64(u.GUID))
	}
	x.u8(b2u(u.Wardrobe))
	if u.Wardrobe {
		x.fill(48)
	}
	x.fill(7)
	if player {
		x.u8(0x43)
	}
	x.fill(1 + 20 + 24 + 4)
	x.str(u.Name)
	x.str("")
	if player {
		x.str("PLAYER")
	}
	x.fill(8 + 76 + 64 + 48)
	x.u32(1) // skills
	x.fill(12)
	for i := 0; i < 4; i++ {
		x.str("SPELL")
		x.u32(uint32(i))
	}
	x.fill(28 + 20 + 16 + 1)
	x.ids(u.ModIDs)
	x.items(u.Items)
	x.u32(0) // effects, transfer …: skipped by the block size
	x.fill(40)
	binary.LittleEndian.PutUint32(x.b[at:], uint32(len(x.b)-at-4))
}

func (x *w) items(items []Item) {
	x.u32(uint32(len(items)))
	for _, it := range items {
		x.u8(2)
		if it.GUID != 0 {
			x.i64(it.GUID)
		} else {
			x.i64(int64(len(it.Name)) * 7919)
		}
		x.str(it.Name)
		x.str("Sharp")
		x.str("")
		x.fill(24)
		x.ids(it.ModIDs)
		x.fill(1 + 24 + 4 + 8 + 7 + 12 + 76 + 4 + 8)
		x.items(it.Sockets)
		x.fill(4 + 12 + 8 + 4)
		x.u16(1) // damage bonus
		x.fill(12)
		x.u32(uint32(it.Effects))
		for i := 0; i < it.Effects; i++ {
			x.effect()
		}
		x.u32(0)
		x.u32(0)
		x.u32(1) // augments
		x.str("AUG")
		x.u32(2) // stats
		x.fill(24)
	}
}

// effect writes an effect with every optional field.
func (x *w) effect() {
	x.u32(0x100 | 0x800 | 0x1000 | 0x2000 | 0x20000)
	x.str("FIRE")
	x.str("LINK")
	x.str("GRAPH")
	x.str("PARTICLES")
	x.fill(8)
	x.u8(2)
	x.fill(8)
	x.u16(1)
	x.fill(12)
	x.fill(32)
	x.u8(3)
	x.fill(6)
}
