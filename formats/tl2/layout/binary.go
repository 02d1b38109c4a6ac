package layout

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"

	"packsmith/formats/utf16"
)

// Magic is the first byte of every BINLAYOUT; Version is the only layout
// version TL2 writes.
const (
	Magic   = 0x0B
	Version = 4
)

// DescGroup is the Group descriptor: the only one with a datagroup record.
// DescRoomPiece places a piece of level geometry: a layout with at least
// one is a level, the only kind of layout with a walk grid.
const (
	DescGroup      = 1
	DescRoomPiece  = 11
	DescTimeline   = 35
	DescLogicGroup = 36
)

// maxDepth bounds object nesting so hostile input cannot exhaust the stack.
const maxDepth = 512

// Layout is a decoded BINLAYOUT.
type Layout struct {
	Version uint8 // written as is; GUTS writes 4 (and 54 for some menus)
	Objects []*Object
	// DataGroup holds the records at the end of the file: the synthetic
	// root first, then one per Group object in depth-first pre-order. Nil
	// when the file has none (datagroupOffset 0). Encode rewrites the
	// Offset of record i≥1 to the position of the i-th Group object.
	DataGroup []GroupRecord
}

// Object is one placed object (Room Piece, Sound, Window, …).
type Object struct {
	Descriptor uint8
	ID         int64
	// Name as stored: "" stands for the descriptor's default name.
	Name     string
	Props    []Prop
	Timeline *Timeline   // Timeline objects' extra data
	Logic    *LogicGroup // Logic Group objects' extra data
	// Extra is raw extra data: of other descriptors, or of a Timeline or
	// Logic Group whose bytes the structured form would not reproduce.
	// When non-nil it is written as is.
	Extra    []byte
	Children []*Object
}

// Prop is one serialized property: its id and raw value bytes.
type Prop struct {
	ID    uint8
	Value []byte
}

// GroupRecord is one datagroup record.
type GroupRecord struct {
	ID             int64
	Choice         uint8 // 0 none/ALL, 1 Weight, 2 Random Chance
	Randomization  uint32
	Number         uint8
	Offset         uint32 // file position of the Group's object block (root: 6)
	Tag            int32  // FEATURETAGS index, -1 none
	NoTagFound     uint8
	LevelUnique    uint8
	GameMode       uint8 // 0 none, 1 NORMAL, 2 NEW GAME PLUS
	ActiveThemes   []int64
	InactiveThemes []int64
	Children       uint16 // Group records directly below this one
}

// Timeline is a Timeline object's event/property tracks.
type Timeline struct {
	Objects []TimelineObject
}

// TimelineObject is the track list for one target object.
type TimelineObject struct {
	ObjectID int64
	Entries  []TimelineEntry
}

// TimelineEntry animates a property (Property set) or fires an event
// (Event set); GUTS leaves the other name empty.
type TimelineEntry struct {
	Property string
	Event    string
	Points   []TimelinePoint
}

// TimelinePoint is one key; Value is only stored for property entries.
type TimelinePoint struct {
	Percent       float32
	Interpolation uint8
	Value         string
}

// Interpolations names the TimelinePoint.Interpolation values.
var Interpolations = []string{"Linear", "Linear Round", "Linear Round Down", "Linear Round Up",
	"Spline", "Quaternion", "No interpolation", "Use Timeline Default"}

// LogicGroup is a Logic Group's link graph.
type LogicGroup struct {
	Objects []LogicObject
}

// LogicObject is one node of the graph: an object of the layout.
type LogicObject struct {
	ID       uint8
	ObjectID int64
	X, Y     float32
	Links    []LogicLink
}

// LogicLink connects this node's output to node To's input, by name.
type LogicLink struct {
	To     uint8
	Output string
	Input  string
}

// DecodeError locates a problem in a BINLAYOUT.
type DecodeError struct {
	Offset int
	Msg    string
}

func (e *DecodeError) Error() string {
	return fmt.Sprintf("binlayout: offset %d (0x%X): %s", e.Offset, e.Offset, e.Msg)
}

// ErrTooLarge reports a value that does not fit its length field.
var ErrTooLarge = errors.New("binlayout: value too large for its length field")

type reader struct {
	b   []byte
	off int
	end int // reads may not pass this (the enclosing block's end)
}

func (r *reader) fail(format string, a ...any) error {
	return &DecodeError{Offset: r.off, Msg: fmt.Sprintf(format, a...)}
}

func (r *reader) need(n int, what string) error {
	if n < 0 || r.end-r.off < n {
		return r.fail("%s: need %d bytes, %d left", what, n, r.end-r.off)
	}
	return nil
}

func (r *reader) u8(what string) (uint8, error) {
	if err := r.need(1, what); err != nil {
		return 0, err
	}
	v := r.b[r.off]
	r.off++
	return v, nil
}

func (r *reader) u16(what string) (uint16, error) {
	if err := r.need(2, what); err != nil {
		return 0, err
	}
	v := binary.LittleEndian.Uint16(r.b[r.off:])
	r.off += 2
	return v, nil
}

func (r *reader) u32(what string) (uint32, error) {
	if err := r.need(4, what); err != nil {
		return 0, err
	}
	v := binary.LittleEndian.Uint32(r.b[r.off:])
	r.off += 4
	return v, nil
}

func (r *reader) u64(what string) (uint64, error) {
	if err := r.need(8, what); err != nil {
		return 0, err
	}
	v := binary.LittleEndian.Uint64(r.b[r.off:])
	r.off += 8
	return v, nil
}

func (r *reader) f32(what string) (float32, error) {
	v, err := r.u32(what)
	return math.Float32frombits(v), err
}

func (r *reader) str(what string) (string, error) {
	n, err := r.u16(what + " length")
	if err != nil {
		return "", err
	}
	if err := r.need(2*int(n), what); err != nil {
		return "", err
	}
	s := utf16.Decode(r.b[r.off:r.off+2*int(n)], false)
	r.off += 2 * int(n)
	return s, nil
}

// Decode parses a BINLAYOUT. Errors name the byte offset.
func Decode(b []byte) (*Layout, error) {
	r := &reader{b: b, end: len(b)}
	magic, err := r.u8("magic")
	if err != nil {
		return nil, err
	}
	if magic != Magic {
		return nil, &DecodeError{0, fmt.Sprintf("magic 0x%02X, want 0x%02X", magic, Magic)}
	}
	l := &Layout{}
	if l.Version, err = r.u8("version"); err != nil {
		return nil, err
	}
	dgOff, err := r.u32("datagroup offset")
	if err != nil {
		return nil, err
	}
	objEnd := len(b)
	if dgOff != 0 {
		if dgOff < 8 || int64(dgOff) > int64(len(b)) {
			return nil, &DecodeError{2, fmt.Sprintf("datagroup offset %d outside the file (%d bytes)", dgOff, len(b))}
		}
		objEnd = int(dgOff)
	}
	r.end = objEnd
	n, err := r.u16("top-level object count")
	if err != nil {
		return nil, err
	}
	l.Objects = make([]*Object, 0, min(int(n), (objEnd-r.off)/minObjectSize))
	for i := 0; i < int(n); i++ {
		o, err := decodeObject(r, 0)
		if err != nil {
			return nil, err
		}
		l.Objects = append(l.Objects, o)
	}
	if r.off != objEnd {
		return nil, r.fail("%d bytes after the last object (datagroup offset %d)", objEnd-r.off, dgOff)
	}
	if dgOff != 0 {
		r.end = len(b)
		for r.off < len(b) {
			g, err := decodeGroupRecord(r)
			if err != nil {
				return nil, err
			}
			l.DataGroup = append(l.DataGroup, g)
		}
		if l.DataGroup == nil {
			l.DataGroup = []GroupRecord{}
		}
	}
	return l, nil
}

// minObjectSize is the smallest possible object block: it bounds counts
// read from the file before any allocation.
const minObjectSize = 4 + 1 + 8 + 2 + 1 + 4 + 2

func decodeObject(r *reader, depth int) (*Object, error) {
	if depth > maxDepth {
		return nil, r.fail("objects nested deeper than %d", maxDepth)
	}
	start := r.off
	size, err := r.u32("object block size")
	if err != nil {
		return nil, err
	}
	if size < minObjectSize || int64(size) > int64(r.end-start) {
		r.off = start
		return nil, r.fail("object block size %d does not fit (%d bytes left)", size, r.end-start)
	}
	outer := r.end
	r.end = start + int(size)
	o := &Object{}
	if o.Descriptor, err = r.u8("descriptor"); err != nil {
		return nil, err
	}
	id, err := r.u64("object id")
	if err != nil {
		return nil, err
	}
	o.ID = int64(id)
	if o.Name, err = r.str("object name"); err != nil {
		return nil, err
	}
	pc, err := r.u8("property count")
	if err != nil {
		return nil, err
	}
	o.Props = make([]Prop, 0, pc)
	for i := 0; i < int(pc); i++ {
		ln, err := r.u16("property length")
		if err != nil {
			return nil, err
		}
		if ln == 0 {
			return nil, r.fail("property %d has length 0 (no id byte)", i)
		}
		if err := r.need(int(ln), "property"); err != nil {
			return nil, err
		}
		p := Prop{ID: r.b[r.off], Value: append([]byte(nil), r.b[r.off+1:r.off+int(ln)]...)}
		r.off += int(ln)
		o.Props = append(o.Props, p)
	}
	exSize, err := r.u32("extra data size")
	if err != nil {
		return nil, err
	}
	if err := r.need(int(min(exSize, math.MaxInt32)), "extra data"); err != nil {
		return nil, err
	}
	exStart := r.off
	ex := r.b[exStart : exStart+int(exSize)]
	r.off += int(exSize)
	if exSize > 0 {
		o.decodeExtra(ex, exStart)
	}
	cc, err := r.u16("child count")
	if err != nil {
		return nil, err
	}
	o.Children = make([]*Object, 0, min(int(cc), (r.end-r.off)/minObjectSize))
	for i := 0; i < int(cc); i++ {
		c, err := decodeObject(r, depth+1)
		if err != nil {
			return nil, err
		}
		o.Children = append(o.Children, c)
	}
	if r.off != r.end {
		return nil, r.fail("object at %d: %d bytes left in its block of %d", start, r.end-r.off, size)
	}
	r.end = outer
	return o, nil
}

// decodeExtra fills Timeline/Logic when the bytes parse and re-encode
// exactly; anything else is kept raw so Encode stays byte-identical.
func (o *Object) decodeExtra(ex []byte, pos int) {
	switch o.Descriptor {
	case DescTimeline:
		if t, err := decodeTimeline(ex); err == nil {
			if again := appendTimeline(nil, t); string(again) == string(ex) {
				o.Timeline = t
				return
			}
		}
	case DescLogicGroup:
		if g, err := decodeLogic(ex); err == nil {
			if again, err := appendLogic(nil, g, pos); err == nil && string(again) == string(ex) {
				o.Logic = g
				return
			}
		}
	}
	o.Extra = append([]byte(nil), ex...)
}

func decodeTimeline(ex []byte) (*Timeline, error) {
	r := &reader{b: ex, end: len(ex)}
	n, err := r.u8("timeline object count")
	if err != nil {
		return nil, err
	}
	t := &Timeline{Objects: make([]TimelineObject, 0, n)}
	for i := 0; i < int(n); i++ {
		var to TimelineObject
		id, err := r.u64("timeline object id")
		if err != nil {
			return nil, err
		}
		to.ObjectID = int64(id)
		ne, err := r.u8("timeline entry count")
		if err != nil {
			return nil, err
		}
		for j := 0; j < int(ne); j++ {
			var e TimelineEntry
			if e.Property, err = r.str("timeline property name"); err != nil {
				return nil, err
			}
			if e.Event, err = r.str("timeline event name"); err != nil {
				return nil, err
			}
			np, err := r.u8("timeline point count")
			if err != nil {
				return nil, err
			}
			for k := 0; k < int(np); k++ {
				var p TimelinePoint
				if p.Percent, err = r.f32("TIMEPERCENT"); err != nil {
					return nil, err
				}
				if p.Interpolation, err = r.u8("INTERPOLATION"); err != nil {
					return nil, err
				}
				if e.Property != "" {
					if p.Value, err = r.str("timeline value"); err != nil {
						return nil, err
					}
				}
				e.Points = append(e.Points, p)
			}
			to.Entries = append(to.Entries, e)
		}
		t.Objects = append(t.Objects, to)
	}
	if r.off != len(ex) {
		return nil, r.fail("%d bytes after the timeline data", len(ex)-r.off)
	}
	return t, nil
}

func decodeLogic(ex []byte) (*LogicGroup, error) {
	r := &reader{b: ex, end: len(ex)}
	n, err := r.u8("logic object count")
	if err != nil {
		return nil, err
	}
	g := &LogicGroup{Objects: make([]LogicObject, 0, n)}
	for i := 0; i < int(n); i++ {
		var lo LogicObject
		if lo.ID, err = r.u8("logic object id"); err != nil {
			return nil, err
		}
		id, err := r.u64("logic object target")
		if err != nil {
			return nil, err
		}
		lo.ObjectID = int64(id)
		if lo.X, err = r.f32("logic X"); err != nil {
			return nil, err
		}
		if lo.Y, err = r.f32("logic Y"); err != nil {
			return nil, err
		}
		if _, err = r.u32("logic next offset"); err != nil {
			return nil, err
		}
		nl, err := r.u8("logic link count")
		if err != nil {
			return nil, err
		}
		for j := 0; j < int(nl); j++ {
			var k LogicLink
			if k.To, err = r.u8("logic link target"); err != nil {
				return nil, err
			}
			if k.Output, err = r.str("logic output name"); err != nil {
				return nil, err
			}
			if k.Input, err = r.str("logic input name"); err != nil {
				return nil, err
			}
			lo.Links = append(lo.Links, k)
		}
		g.Objects = append(g.Objects, lo)
	}
	if r.off != len(ex) {
		return nil, r.fail("%d bytes after the logic group data", len(ex)-r.off)
	}
	return g, nil
}

func decodeGroupRecord(r *reader) (GroupRecord, error) {
	var g GroupRecord
	id, err := r.u64("group id")
	if err != nil {
		return g, err
	}
	g.ID = int64(id)
	if g.Choice, err = r.u8("CHOICE"); err != nil {
		return g, err
	}
	if g.Randomization, err = r.u32("RANDOMIZATION"); err != nil {
		return g, err
	}
	if g.Number, err = r.u8("NUMBER"); err != nil {
		return g, err
	}
	if g.Offset, err = r.u32("group offset"); err != nil {
		return g, err
	}
	tag, err := r.u32("TAG")
	if err != nil {
		return g, err
	}
	g.Tag = int32(tag)
	if g.NoTagFound, err = r.u8("NO TAG FOUND"); err != nil {
		return g, err
	}
	if g.LevelUnique, err = r.u8("LEVEL UNIQUE"); err != nil {
		return g, err
	}
	if g.GameMode, err = r.u8("GAME MODE"); err != nil {
		return g, err
	}
	for _, list := range []*[]int64{&g.ActiveThemes, &g.InactiveThemes} {
		n, err := r.u32("theme count")
		if err != nil {
			return g, err
		}
		if err := r.need(int(min(n, math.MaxInt32/8))*8, "themes"); err != nil {
			return g, err
		}
		for i := 0; i < int(n); i++ {
			v, _ := r.u64("theme")
			*list = append(*list, int64(v))
		}
	}
	if g.Children, err = r.u16("group child count"); err != nil {
		return g, err
	}
	return g, nil
}

// Encode writes a BINLAYOUT. Block sizes, Logic Group offsets and the
// datagroup offsets are computed here.
func Encode(l *Layout) ([]byte, error) {
	return EncodeInto(make([]byte, 0, 1024), l)
}

// EncodeInto is Encode into buf's memory, from its start (the offsets in
// a BINLAYOUT count from its first byte): a caller that knows about how
// large the layout is saves the copies of a growing buffer (a pack's
// 10,500 layouts grew theirs by 25 MB).
func EncodeInto(buf []byte, l *Layout) ([]byte, error) {
	if len(l.Objects) > math.MaxUint16 {
		return nil, fmt.Errorf("%w: %d top-level objects", ErrTooLarge, len(l.Objects))
	}
	b := append(buf[:0], Magic, l.Version, 0, 0, 0, 0)
	b = binary.LittleEndian.AppendUint16(b, uint16(len(l.Objects)))
	var groups []uint32
	var err error
	for _, o := range l.Objects {
		if b, err = appendObject(b, o, &groups, 0); err != nil {
			return nil, err
		}
	}
	if l.DataGroup != nil {
		binary.LittleEndian.PutUint32(b[2:], uint32(len(b)))
		for i, g := range l.DataGroup {
			if i >= 1 && i-1 < len(groups) {
				g.Offset = groups[i-1]
			}
			b = appendGroupRecord(b, &g)
		}
	}
	return b, nil
}

func appendObject(b []byte, o *Object, groups *[]uint32, depth int) ([]byte, error) {
	if depth > maxDepth {
		return nil, fmt.Errorf("binlayout: objects nested deeper than %d", maxDepth)
	}
	start := len(b)
	if o.Descriptor == DescGroup {
		*groups = append(*groups, uint32(start))
	}
	b = append(b, 0, 0, 0, 0, o.Descriptor)
	b = binary.LittleEndian.AppendUint64(b, uint64(o.ID))
	var err error
	if b, err = appendStr(b, o.Name); err != nil {
		return nil, fmt.Errorf("object %d name: %w", o.ID, err)
	}
	if len(o.Props) > math.MaxUint8 {
		return nil, fmt.Errorf("%w: object %d has %d properties (max 255)", ErrTooLarge, o.ID, len(o.Props))
	}
	b = append(b, uint8(len(o.Props)))
	for _, p := range o.Props {
		if len(p.Value)+1 > math.MaxUint16 {
			return nil, fmt.Errorf("%w: object %d property %d is %d bytes", ErrTooLarge, o.ID, p.ID, len(p.Value))
		}
		b = binary.LittleEndian.AppendUint16(b, uint16(len(p.Value)+1))
		b = append(b, p.ID)
		b = append(b, p.Value...)
	}
	sizeAt := len(b)
	b = append(b, 0, 0, 0, 0)
	switch {
	case o.Extra != nil:
		b = append(b, o.Extra...)
	case o.Timeline != nil:
		b = appendTimeline(b, o.Timeline)
	case o.Logic != nil:
		if b, err = appendLogic(b, o.Logic, len(b)); err != nil {
			return nil, fmt.Errorf("object %d: %w", o.ID, err)
		}
	}
	binary.LittleEndian.PutUint32(b[sizeAt:], uint32(len(b)-sizeAt-4))
	if len(o.Children) > math.MaxUint16 {
		return nil, fmt.Errorf("%w: object %d has %d children", ErrTooLarge, o.ID, len(o.Children))
	}
	b = binary.LittleEndian.AppendUint16(b, uint16(len(o.Children)))
	for _, c := range o.Children {
		if b, err = appendObject(b, c, groups, depth+1); err != nil {
			return nil, err
		}
	}
	if int64(len(b)-start) > math.MaxUint32 {
		return nil, fmt.Errorf("%w: object %d block", ErrTooLarge, o.ID)
	}
	binary.LittleEndian.PutUint32(b[start:], uint32(len(b)-start))
	return b, nil
}

func appendTimeline(b []byte, t *Timeline) []byte {
	// Counts are u8 in the format; the compiler rejects more than 255.
	b = append(b, uint8(len(t.Objects)))
	for _, to := range t.Objects {
		b = binary.LittleEndian.AppendUint64(b, uint64(to.ObjectID))
		b = append(b, uint8(len(to.Entries)))
		for _, e := range to.Entries {
			b, _ = appendStr(b, e.Property)
			b, _ = appendStr(b, e.Event)
			b = append(b, uint8(len(e.Points)))
			for _, p := range e.Points {
				b = binary.LittleEndian.AppendUint32(b, math.Float32bits(p.Percent))
				b = append(b, p.Interpolation)
				if e.Property != "" {
					b, _ = appendStr(b, p.Value)
				}
			}
		}
	}
	return b
}

// appendLogic writes Logic Group data starting at file position pos of b
// (len(b) == pos when b is the whole file so far): each node stores the
// absolute file position where the next node starts.
func appendLogic(b []byte, g *LogicGroup, pos int) ([]byte, error) {
	base := pos - len(b)
	b = append(b, uint8(len(g.Objects)))
	for _, lo := range g.Objects {
		b = append(b, lo.ID)
		b = binary.LittleEndian.AppendUint64(b, uint64(lo.ObjectID))
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(lo.X))
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(lo.Y))
		nextAt := len(b)
		b = append(b, 0, 0, 0, 0, uint8(len(lo.Links)))
		for _, k := range lo.Links {
			b = append(b, k.To)
			var err error
			if b, err = appendStr(b, k.Output); err != nil {
				return nil, err
			}
			if b, err = appendStr(b, k.Input); err != nil {
				return nil, err
			}
		}
		binary.LittleEndian.PutUint32(b[nextAt:], uint32(base+len(b)))
	}
	return b, nil
}

func appendGroupRecord(b []byte, g *GroupRecord) []byte {
	b = binary.LittleEndian.AppendUint64(b, uint64(g.ID))
	b = append(b, g.Choice)
	b = binary.LittleEndian.AppendUint32(b, g.Randomization)
	b = append(b, g.Number)
	b = binary.LittleEndian.AppendUint32(b, g.Offset)
	b = binary.LittleEndian.AppendUint32(b, uint32(g.Tag))
	b = append(b, g.NoTagFound, g.LevelUnique, g.GameMode)
	for _, list := range [][]int64{g.ActiveThemes, g.InactiveThemes} {
		b = binary.LittleEndian.AppendUint32(b, uint32(len(list)))
		for _, v := range list {
			b = binary.LittleEndian.AppendUint64(b, uint64(v))
		}
	}
	return binary.LittleEndian.AppendUint16(b, g.Children)
}

func appendStr(b []byte, s string) ([]byte, error) {
	if utf16.IsASCII(s) {
		// One unit a byte, as stringToUTF16 gives, without its []uint16
		// or an append that grows one unit at a time (a level's strings
		// were a third of its compile's allocations).
		if len(s) > math.MaxUint16 {
			return b, fmt.Errorf("%w: string of %d UTF-16 units", ErrTooLarge, len(s))
		}
		b = slices.Grow(b, 2+2*len(s))
		b = binary.LittleEndian.AppendUint16(b, uint16(len(s)))
		for i := 0; i < len(s); i++ {
			b = append(b, s[i], 0)
		}
		return b, nil
	}
	u := stringToUTF16(s)
	if len(u) > math.MaxUint16 {
		return b, fmt.Errorf("%w: string of %d UTF-16 units", ErrTooLarge, len(u))
	}
	b = slices.Grow(b, 2+2*len(u))
	b = binary.LittleEndian.AppendUint16(b, uint16(len(u)))
	for _, c := range u {
		b = binary.LittleEndian.AppendUint16(b, c)
	}
	return b, nil
}

func le16(b []byte) uint16 { return binary.LittleEndian.Uint16(b) }
