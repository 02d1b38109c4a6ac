package save

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"sort"
)

// Refusals of Move.
var (
	ErrNoModLists = errors.New("this save version has no mod lists (they came with 0x43)")
	ErrNotBound   = errors.New("the character is not bound to any of the mods to move from")
)

// MoveReport says what Move changed.
type MoveReport struct {
	Bound   []Mod // the bound list written
	Objects int   // objects whose mod-id list changed
	IDs     int   // ids replaced
	// Left counts the moved-from ids still in the part of the body that
	// is not parsed (Save.Rest on: maps, quests); LeftAt is the body
	// offset of the first (-1: none). Those bytes are not rewritten.
	Left   int
	LeftAt int
}

// edit replaces old bytes at a body offset.
type edit struct {
	at, old int
	new     []byte
}

// Rebind is a move of a character from the mods in From to those in To.
// With one mod in To: the bound list has it where the first of From was
// (and none of From), the recent and full histories keep their entries
// and get it in front when they lack it, and every object's mod-id list
// has it for each of From, once. With several (the way back from a
// combined mod to the mods it holds) each object gets the one that
// provides it. Unit blocks get their new sizes; the rest is copied as
// parsed.
type Rebind struct {
	From []int64
	// To take the place of From in the bound list, in this order, where
	// the first of From was; the histories get those they lack in front.
	To []Mod
	// Object is the id (one of To) that replaces From's ids in o's list;
	// nil: To[0] for every object.
	Object func(o Object) int64
}

// Rebind rewrites the bound list and every object's ids as rb says. The
// save is not changed: the result is a new container.
func (s *Save) Rebind(rb Rebind) (*Container, MoveReport, error) {
	rep := MoveReport{LeftAt: -1}
	if !s.HasModLists() {
		return nil, rep, fmt.Errorf("version 0x%X: %w", s.Version, ErrNoModLists)
	}
	if len(rb.To) == 0 {
		return nil, rep, errors.New("no mod to move to")
	}
	isTo := func(id int64) bool { return slices.ContainsFunc(rb.To, func(m Mod) bool { return m.ID == id }) }
	moved := func(id int64) bool { return !isTo(id) && slices.Contains(rb.From, id) }
	bound, found := moveBound(s.Bound.Mods, moved, isTo, rb.To)
	if !found {
		return nil, rep, fmt.Errorf("%w (bound: %s; from: %v)", ErrNotBound, modsText(s.Bound.Mods), rb.From)
	}
	rep.Bound = bound
	edits := []edit{s.listEdit(s.Bound, bound)}
	for _, l := range []ModList{s.Recent, s.Full} {
		var lack []Mod
		for _, m := range rb.To {
			if !slices.ContainsFunc(l.Mods, func(x Mod) bool { return x.ID == m.ID }) {
				lack = append(lack, m)
			}
		}
		if len(lack) > 0 {
			edits = append(edits, s.listEdit(l, append(lack, l.Mods...)))
		}
	}
	for _, o := range s.Objects {
		to := rb.To[0].ID
		if rb.Object != nil {
			to = rb.Object(o)
		}
		ids, n := moveIDs(o.IDs, moved, to)
		if n == 0 {
			continue
		}
		rep.Objects++
		rep.IDs += n
		edits = append(edits, edit{at: o.At, old: 4 + 8*len(o.IDs), new: idListBytes(ids)})
	}
	body := apply(s.Body, s.sized(edits))
	s.countLeft(&rep, rb.From, isTo)
	c := *s.Container
	c.Body = body
	return &c, rep, nil
}

// countLeft counts the moved-from ids in the part of the body not parsed.
func (s *Save) countLeft(rep *MoveReport, from []int64, isTo func(int64) bool) {
	for _, id := range from {
		if isTo(id) {
			continue
		}
		n, at := occurrences(s.Body[s.Rest:], id)
		rep.Left += n
		if at >= 0 && (rep.LeftAt < 0 || s.Rest+at < rep.LeftAt) {
			rep.LeftAt = s.Rest + at
		}
	}
}

// moveBound puts to where the first moved (or to) mod was, once each,
// and leaves the moved out.
func moveBound(mods []Mod, moved, isTo func(int64) bool, to []Mod) ([]Mod, bool) {
	var out []Mod
	found, placed := false, false
	for _, m := range mods {
		if moved(m.ID) {
			found = true
		}
		if moved(m.ID) || isTo(m.ID) {
			if !placed {
				out = append(out, to...)
				placed = true
			}
			continue
		}
		out = append(out, m)
	}
	return out, found
}

// moveIDs replaces the moved ids by to, keeping one to; n counts the
// ids replaced.
func moveIDs(ids []int64, moved func(int64) bool, to int64) (out []int64, n int) {
	has := false
	for _, id := range ids {
		if moved(id) {
			n++
			id = to
		}
		if id == to {
			if has {
				continue
			}
			has = true
		}
		out = append(out, id)
	}
	return out, n
}

func (s *Save) listEdit(l ModList, mods []Mod) edit {
	size := 8
	if s.Version >= VersionModVersions {
		size = 10
	}
	b := binary.LittleEndian.AppendUint32(nil, uint32(len(mods)))
	for _, m := range mods {
		b = binary.LittleEndian.AppendUint64(b, uint64(m.ID))
		if size == 10 {
			b = binary.LittleEndian.AppendUint16(b, m.Version)
		}
	}
	return edit{at: l.At, old: 4 + size*len(l.Mods), new: b}
}

func idListBytes(ids []int64) []byte {
	b := binary.LittleEndian.AppendUint32(nil, uint32(len(ids)))
	for _, id := range ids {
		b = binary.LittleEndian.AppendUint64(b, uint64(id))
	}
	return b
}

// sized adds to edits the new size of every unit block an edit changes
// the length of.
func (s *Save) sized(edits []edit) []edit {
	for _, u := range s.Units {
		delta := 0
		for _, e := range edits {
			if e.at > u.SizeAt && e.at < u.End {
				delta += len(e.new) - e.old
			}
		}
		if delta != 0 {
			size := u.End - u.SizeAt - 4 + delta
			edits = append(edits, edit{at: u.SizeAt, old: 4, new: binary.LittleEndian.AppendUint32(nil, uint32(size))})
		}
	}
	return edits
}

// apply writes body with the edits (which do not overlap) made.
func apply(body []byte, edits []edit) []byte {
	sort.Slice(edits, func(i, j int) bool { return edits[i].at < edits[j].at })
	out := make([]byte, 0, len(body)+64)
	prev := 0
	for _, e := range edits {
		out = append(out, body[prev:e.at]...)
		out = append(out, e.new...)
		prev = e.at + e.old
	}
	return append(out, body[prev:]...)
}

// occurrences counts id's 8 bytes in b at any offset and gives the first.
func occurrences(b []byte, id int64) (n, first int) {
	pat := binary.LittleEndian.AppendUint64(nil, uint64(id))
	first = -1
	for off := 0; ; {
		i := bytes.Index(b[off:], pat)
		if i < 0 {
			return n, first
		}
		if first < 0 {
			first = off + i
		}
		n++
		off += i + 1
	}
}

func modsText(mods []Mod) string {
	if len(mods) == 0 {
		return "none"
	}
	var b bytes.Buffer
	for i, m := range mods {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%d v%d", m.ID, m.Version)
	}
	return b.String()
}
