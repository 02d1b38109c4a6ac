package layout

import (
	"encoding/hex"
	"fmt"
	"math"
	"strconv"
	"strings"

	"packsmith/formats/tl2/dattext"
)

// Text section and key names of the LAYOUT format.
const (
	secRoot       = "Layout"
	secObjects    = "OBJECTS"
	secObject     = "BASEOBJECT"
	secProps      = "PROPERTIES"
	secChildren   = "CHILDREN"
	secTimeline   = "TIMELINEDATA"
	secTLObject   = "TIMELINEOBJECT"
	secTLProperty = "TIMELINEOBJECTPROPERTY"
	secTLEvent    = "TIMELINEOBJECTEVENT"
	secTLPoint    = "TIMELINEPOINT"
	secLogic      = "LOGICGROUP"
	secLogicObj   = "LOGICOBJECT"
	secLogicLink  = "LOGICLINK"

	// rawType marks lines the decompiler writes for bytes the schema cannot
	// name (an unknown property id, a value of the wrong size, extra data
	// that does not parse): hex, so decompile → compile stays exact.
	rawType      = "BINARY"
	rawPropKey   = "PROPERTY_"
	rawExtraKey  = "EXTRA DATA"
	transformFwd = 40
	transformRt  = 41
	transformUp  = 95
)

// Finding is a lint message about a LAYOUT source: something GUTS would
// silently drop or mis-read. Compilation still succeeds.
type Finding struct {
	File string
	Line int
	Msg  string
	// CNumber marks a numeric value that is not a number as a whole and
	// was read the C way, as GUTS does (see encodeValueC); a strict caller
	// refuses it.
	CNumber bool
}

func (f Finding) String() string {
	if f.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", f.File, f.Line, f.Msg)
	}
	return f.File + ": " + f.Msg
}

// Compile parses LAYOUT text (any encoding dattext accepts) and returns
// its BINLAYOUT bytes and lint findings. Errors name the file and line.
func Compile(file string, src []byte) ([]byte, []Finding, error) {
	return DefaultSchema().Compile(file, src)
}

// Compile is the package-level Compile with this schema.
func (s *Schema) Compile(file string, src []byte) ([]byte, []Finding, error) {
	root, err := dattext.Parse(file, src)
	if err != nil {
		return nil, nil, err
	}
	l, lint, err := s.FromText(file, root)
	if err != nil {
		return nil, lint, err
	}
	b, err := Encode(l)
	if err != nil {
		return nil, lint, fmt.Errorf("%s: %w", file, err)
	}
	return b, lint, nil
}

// FromText builds a Layout from a parsed LAYOUT tree.
func FromText(file string, root *dattext.Node) (*Layout, []Finding, error) {
	return DefaultSchema().FromText(file, root)
}

type compiler struct {
	s      *Schema
	file   string
	lint   []Finding
	groups []GroupRecord
	count  int

	// One object's properties while they are gathered (objectProps),
	// kept for the next object: a level of hundreds of objects made two
	// maps and a growing list for each.
	pend  []pendingProp
	seen  map[string]int      // property name → index in pend
	vecs  map[string]*vecSlot // vector property → its components so far
	slots []vecSlot           // where vecs point: a chunk, not one allocation a vector
}

func (c *compiler) warn(line int, format string, a ...any) {
	c.lint = append(c.lint, Finding{File: c.file, Line: line, Msg: fmt.Sprintf(format, a...)})
}

func (c *compiler) errf(line int, format string, a ...any) error {
	return &dattext.Error{File: c.file, Line: line, Msg: fmt.Sprintf(format, a...)}
}

// FromText is the package-level FromText with this schema.
func (s *Schema) FromText(file string, root *dattext.Node) (*Layout, []Finding, error) {
	c := &compiler{s: s, file: file}
	if root == nil {
		return nil, nil, c.errf(0, "empty layout")
	}
	// The root's name is not compiled: GUTS writes [Layout] for levels and
	// effects and [UI] for menus.
	l := &Layout{Version: Version}
	// The version byte copies VERSION: GUTS's own menus carry 54 as well
	// as 4, with the same layout.
	if p, ok := root.Get("VERSION"); ok {
		v, err := strconv.ParseUint(strings.TrimSpace(p.Value), 10, 8)
		if err != nil {
			return nil, nil, c.errf(p.Line, "VERSION %q is not 0..255", p.Value)
		}
		l.Version = uint8(v)
	}
	c.groups = []GroupRecord{{ID: -1, Offset: 6, Tag: -1}}
	objs := root.ChildrenNamed(secObjects)
	if len(objs) > 1 {
		return nil, c.lint, c.errf(objs[1].Line, "second [%s] section", secObjects)
	}
	if len(objs) == 1 {
		var err error
		if l.Objects, err = c.objects(objs[0], 0, 0); err != nil {
			return nil, c.lint, err
		}
	}
	if p, ok := root.Get("COUNT"); ok {
		if n, err := strconv.Atoi(strings.TrimSpace(p.Value)); err != nil || n != c.count {
			c.warn(p.Line, "COUNT %q but the layout holds %d objects", p.Value, c.count)
		}
	}
	if len(c.groups) > 1 {
		l.DataGroup = c.groups
	}
	if len(l.Objects) > math.MaxUint16 {
		return nil, c.lint, c.errf(objs[0].Line, "%d top-level objects (max %d)", len(l.Objects), math.MaxUint16)
	}
	return l, c.lint, nil
}

// objects compiles the [BASEOBJECT]s of an [OBJECTS] or [CHILDREN]
// section; parentGroup is the datagroup record of the nearest Group above.
func (c *compiler) objects(sec *dattext.Node, parentGroup, depth int) ([]*Object, error) {
	var out []*Object
	for _, ch := range sec.Children {
		if ch.Name != secObject {
			c.warn(ch.Line, "[%s] inside [%s] is ignored (want [%s])", ch.Name, sec.Name, secObject)
			continue
		}
		o, err := c.object(ch, parentGroup, depth)
		if err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	if len(out) > math.MaxUint16 {
		return nil, c.errf(sec.Line, "%d objects in one list (max %d)", len(out), math.MaxUint16)
	}
	return out, nil
}

// vecSlot collects NAMEX/NAMEY/NAMEZ lines into one vector property.
type vecSlot struct {
	prop *Property
	v    [3]float32
	line int
}

type pendingProp struct {
	id    uint8
	value []byte
	vec   *vecSlot
	name  string
	line  int
}

func (c *compiler) object(sec *dattext.Node, parentGroup, depth int) (*Object, error) {
	if depth > maxDepth {
		return nil, c.errf(sec.Line, "objects nested deeper than %d", maxDepth)
	}
	c.count++
	props := sec.Child(secProps)
	if props == nil {
		return nil, c.errf(sec.Line, "[%s] without [%s]", secObject, secProps)
	}
	o, d, dp, err := c.objectHead(props)
	if err != nil {
		return nil, err
	}
	isGroup := o.Descriptor == DescGroup
	myGroup := parentGroup
	if isGroup {
		c.groups[parentGroup].Children++
		myGroup = len(c.groups)
		c.groups = append(c.groups, GroupRecord{ID: o.ID, Randomization: 1, Number: 1, Tag: -1})
	}
	pend, err := c.objectProps(o, d, props, isGroup, myGroup)
	if err != nil {
		return nil, err
	}
	o.Props = packProps(pend)
	if len(o.Props) > math.MaxUint8 {
		return nil, c.errf(props.Line, "%d properties (max 255)", len(o.Props))
	}
	if err := c.objectSections(o, props, dp); err != nil {
		return nil, err
	}
	if kids := sec.Child(secChildren); kids != nil {
		if o.Children, err = c.objects(kids, myGroup, depth+1); err != nil {
			return nil, err
		}
	}
	return o, nil
}

// objectHead reads an object's DESCRIPTOR (a name in the schema, or a
// bare id the schema lacks: then d is nil) and ID.
func (c *compiler) objectHead(props *dattext.Node) (o *Object, d *Descriptor, dp dattext.Prop, err error) {
	dp, ok := props.Get("DESCRIPTOR")
	if !ok {
		return nil, nil, dp, c.errf(props.Line, "object without DESCRIPTOR")
	}
	d, ok = c.s.Descriptor(dp.Value)
	o = &Object{}
	if ok {
		o.Descriptor = d.ID
	} else if n, err := strconv.ParseUint(dp.Value, 10, 8); err == nil {
		// A bare number is what the decompiler writes for an id the schema
		// lacks; its properties then come as raw lines.
		o.Descriptor = uint8(n)
		c.warn(dp.Line, "descriptor id %d is not in the schema", n)
	} else {
		return nil, nil, dp, c.errf(dp.Line, "unknown DESCRIPTOR %q", dp.Value)
	}
	idp, ok := props.Get("ID")
	if !ok {
		return nil, nil, dp, c.errf(props.Line, "object without ID")
	}
	id, err := strconv.ParseInt(strings.TrimSpace(idp.Value), 10, 64)
	if err != nil {
		return nil, nil, dp, c.errf(idp.Line, "ID %q is not a 64-bit integer", idp.Value)
	}
	o.ID = id
	return o, d, dp, nil
}

// objectProps encodes an object's property lines in the order written (a
// property set twice keeps its first place and its last value; vector
// components gather in one slot); the first NAME is the object's name.
//
// The list it returns is the compiler's own, valid until the next call
// (packProps takes what it needs first).
func (c *compiler) objectProps(o *Object, d *Descriptor, props *dattext.Node, isGroup bool, myGroup int) ([]pendingProp, error) {
	if c.seen == nil {
		c.seen, c.vecs = map[string]int{}, map[string]*vecSlot{}
	} else {
		clear(c.seen)
		clear(c.vecs)
	}
	c.slots = c.slots[:0] // the last object's vectors are packed: its slots are free
	pend, seen, vecs := c.pend[:0], c.seen, c.vecs
	defer func() { c.pend = pend[:0] }()
	nameSeen := false
	for _, p := range props.Props {
		switch p.Key {
		case "DESCRIPTOR", "ID", "PARENTID":
			continue
		case "NAME":
			if !nameSeen {
				nameSeen = true
				if d == nil || p.Value != d.Name {
					o.Name = p.Value
				}
				continue
			}
		}
		if p.Type == rawType {
			if err := c.rawLine(o, p, &pend); err != nil {
				return nil, err
			}
			continue
		}
		if isGroup {
			if handled, err := c.groupProp(&c.groups[myGroup], p); err != nil {
				return nil, err
			} else if handled {
				continue
			}
		}
		if d == nil {
			c.warn(p.Line, "property %q of unknown descriptor %d is not written", p.Key, o.Descriptor)
			continue
		}
		prop, ok := d.Prop(p.Key)
		if !ok {
			// NAMEX / NAMEY / NAMEZ of a vector property.
			if n := len(p.Key); n > 1 && strings.IndexByte("XYZ", p.Key[n-1]) >= 0 {
				if vp, ok := d.Prop(p.Key[:n-1]); ok && (vp.Enc == EncVec3 || vp.Enc == EncVec2) {
					if err := c.vecComponent(vp, p, vecs, seen, &pend); err != nil {
						return nil, err
					}
					continue
				}
			}
			c.warn(p.Line, "unknown property %q for %s: GUTS does not write it", p.Key, d.Name)
			continue
		}
		if err := c.scalarProp(prop, p, seen, &pend); err != nil {
			return nil, err
		}
	}
	return pend, nil
}

// scalarProp encodes one property line the schema knows (not a vector
// component) into pend, or over its earlier value.
func (c *compiler) scalarProp(prop *Property, p dattext.Prop, seen map[string]int, pend *[]pendingProp) error {
	if prop.Enc == EncVec3 || prop.Enc == EncVec2 {
		c.warn(p.Line, "vector property %q is written as %sX/%sY/%sZ FLOAT lines; line ignored", p.Key, p.Key, p.Key, p.Key)
		return nil
	}
	if !typeFits(prop.Enc, p.Type) {
		c.warn(p.Line, "%s is %s in the schema (%s) but written <%s>; compiled as %s", p.Key, prop.TextType, prop.Enc, p.Type, prop.TextType)
	}
	v, err := encodeValue(prop.Enc, p.Value)
	if err != nil {
		cv, text, ok := encodeValueC(prop.Enc, p.Value)
		if !ok {
			return c.errf(p.Line, "%s: %v", p.Key, err)
		}
		v = cv
		c.lint = append(c.lint, Finding{File: c.file, Line: p.Line, CNumber: true, Msg: fmt.Sprintf(
			"%s: <%s> value %q is not a number as a whole; packed as %s, the leading number read the C way (GUTS, a C++ program, reads it so; an inference from mods built with GUTS that load and play)",
			p.Key, p.Type, p.Value, text)})
	} else if prop.Enc == EncFloat {
		c.floatNote(p, math.Float32frombits(uint32(v[0])|uint32(v[1])<<8|uint32(v[2])<<16|uint32(v[3])<<24))
	}
	if i, dup := seen[p.Key]; dup {
		c.warn(p.Line, "%s set again (first at line %d); the last value wins", p.Key, (*pend)[i].line)
		(*pend)[i].value = v
		return nil
	}
	seen[p.Key] = len(*pend)
	*pend = append(*pend, pendingProp{id: prop.ID, value: v, name: p.Key, line: p.Line})
	return nil
}

// packProps turns the pending properties into the object's, a vector from
// its gathered components (an identity orientation axis left out).
func packProps(pend []pendingProp) []Prop {
	if len(pend) == 0 {
		return nil
	}
	out := make([]Prop, 0, len(pend))
	var vecBytes []byte // the vectors' values, one array for the object's
	for _, pp := range pend {
		if pp.vec != nil {
			v := pp.vec.v
			// GUTS drops identity orientation axes (S1 §6.2).
			switch pp.id {
			case transformFwd:
				if v[2] == 1 {
					continue
				}
			case transformRt:
				if v[0] == 1 {
					continue
				}
			case transformUp:
				if v[1] == 1 {
					continue
				}
			}
			n := 3
			if pp.vec.prop.Enc == EncVec2 {
				n = 2
			}
			if cap(vecBytes)-len(vecBytes) < 4*n {
				vecBytes = make([]byte, 0, 12*len(pend))
			}
			at := len(vecBytes)
			for i := 0; i < n; i++ {
				vecBytes = le32(vecBytes, math.Float32bits(v[i]))
			}
			pp.value = vecBytes[at:len(vecBytes):len(vecBytes)] // its own cap: an append to it copies
		}
		out = append(out, Prop{ID: pp.id, Value: pp.value})
	}
	return out
}

// objectSections compiles the [TIMELINE] and [LOGIC] sections under an
// object's properties (one of each at most).
func (c *compiler) objectSections(o *Object, props *dattext.Node, dp dattext.Prop) error {
	var err error
	for _, ch := range props.Children {
		switch ch.Name {
		case secTimeline:
			if o.Timeline != nil {
				return c.errf(ch.Line, "second [%s]", ch.Name)
			}
			if o.Timeline, err = c.timeline(ch); err != nil {
				return err
			}
		case secLogic:
			if o.Logic != nil {
				return c.errf(ch.Line, "second [%s]", ch.Name)
			}
			if o.Logic, err = c.logic(ch); err != nil {
				return err
			}
		default:
			c.warn(ch.Line, "section [%s] in [%s] is not compiled", ch.Name, secProps)
		}
	}
	if o.Timeline != nil && o.Descriptor != DescTimeline || o.Logic != nil && o.Descriptor != DescLogicGroup {
		c.warn(props.Line, "timeline or logic data on a %s object", dp.Value)
	}
	return nil
}

func (c *compiler) vecComponent(vp *Property, p dattext.Prop, vecs map[string]*vecSlot, seen map[string]int, pend *[]pendingProp) error {
	if p.Type != "FLOAT" {
		c.warn(p.Line, "%s is a FLOAT component of %s but written <%s>", p.Key, vp.Name, p.Type)
	}
	f, err := parseFloat32(p.Value)
	if err != nil {
		cf, _ := dattext.CFloat(strings.TrimSpace(p.Value))
		f = float32(cf)
		c.lint = append(c.lint, Finding{File: c.file, Line: p.Line, CNumber: true, Msg: fmt.Sprintf(
			"%s: <%s> value %q is not a number as a whole; packed as %s, the leading number read the C way (GUTS, a C++ program, reads it so; an inference from mods built with GUTS that load and play)",
			p.Key, p.Type, p.Value, strconv.FormatFloat(float64(f), 'g', -1, 32))})
	} else {
		c.floatNote(p, f)
	}
	axis := strings.IndexByte("XYZ", p.Key[len(p.Key)-1])
	if vp.Enc == EncVec2 && axis == 2 {
		c.warn(p.Line, "%s has no Z component; line ignored", vp.Name)
		return nil
	}
	slot := vecs[vp.Name]
	if slot == nil {
		slot = c.newSlot(vecSlot{prop: vp, line: p.Line})
		// Unset axes keep the editor's defaults: the identity basis for
		// the orientation vectors, zero elsewhere.
		switch vp.ID {
		case transformFwd:
			slot.v = [3]float32{0, 0, 1}
		case transformRt:
			slot.v = [3]float32{1, 0, 0}
		case transformUp:
			slot.v = [3]float32{0, 1, 0}
		}
		vecs[vp.Name] = slot
		seen[vp.Name] = len(*pend)
		*pend = append(*pend, pendingProp{id: vp.ID, vec: slot, name: vp.Name, line: p.Line})
	}
	slot.v[axis] = f
	return nil
}

// newSlot is a vector's slot, from a chunk (8 to 64) that the next object
// uses again: a slot lives until its object's properties are packed, and
// a full chunk is left to those that point into it.
func (c *compiler) newSlot(v vecSlot) *vecSlot {
	if len(c.slots) == cap(c.slots) {
		c.slots = make([]vecSlot, 0, min(max(2*cap(c.slots), 8), 64)) // a compiler a file: a menu of three vectors takes 8
	}
	c.slots = append(c.slots, v)
	return &c.slots[len(c.slots)-1]
}

// rawLine compiles the decompiler's <BINARY> escape lines.
func (c *compiler) rawLine(o *Object, p dattext.Prop, pend *[]pendingProp) error {
	b, err := hex.DecodeString(strings.TrimSpace(p.Value))
	if err != nil {
		return c.errf(p.Line, "<%s>%s: bad hex: %v", rawType, p.Key, err)
	}
	switch {
	case p.Key == rawExtraKey:
		o.Extra = b
	case strings.HasPrefix(p.Key, rawPropKey):
		id, err := strconv.ParseUint(p.Key[len(rawPropKey):], 10, 8)
		if err != nil {
			return c.errf(p.Line, "<%s>%s: bad property id", rawType, p.Key)
		}
		if len(b)+1 > math.MaxUint16 {
			return c.errf(p.Line, "<%s>%s: value too long", rawType, p.Key)
		}
		*pend = append(*pend, pendingProp{id: uint8(id), value: b, name: p.Key, line: p.Line})
	default:
		c.warn(p.Line, "<%s>%s is not a known escape; line ignored", rawType, p.Key)
	}
	return nil
}

// Group properties that go to the datagroup record, not the object.
var groupChoices = []string{"ALL", "Weight", "Random Chance"}

func (c *compiler) groupProp(g *GroupRecord, p dattext.Prop) (bool, error) {
	v := strings.TrimSpace(p.Value)
	switch p.Key {
	case "CHOICE":
		// Exact, case-sensitive match as GUTS does; anything else is 0.
		g.Choice = 0
		found := false
		for i, s := range groupChoices {
			if p.Value == s {
				g.Choice = uint8(i)
				found = true
			}
		}
		if !found && p.Value != "" {
			c.warn(p.Line, "CHOICE %q is none of %q (case matters); GUTS writes 0 (ALL)", p.Value, groupChoices)
		}
	case "RANDOMIZATION":
		n, err := parseInt32Bits(v)
		if err != nil {
			return true, c.errf(p.Line, "RANDOMIZATION: %v", err)
		}
		g.Randomization = n
	case "NUMBER":
		n, err := strconv.ParseUint(v, 10, 32)
		if err != nil {
			return true, c.errf(p.Line, "NUMBER %q: not an unsigned integer", p.Value)
		}
		if n > math.MaxUint8 {
			c.warn(p.Line, "NUMBER %d is stored in one byte: %d", n, uint8(n))
		}
		g.Number = uint8(n)
	case "TAG":
		if v == "" {
			g.Tag = -1
			break
		}
		if t, ok := c.s.Tag(v); ok {
			g.Tag = t
		} else if n, err := strconv.ParseInt(v, 10, 32); err == nil {
			g.Tag = int32(n)
		} else {
			c.warn(p.Line, "TAG %q is not a known feature tag; written as none (-1)", p.Value)
			g.Tag = -1
		}
	case "NO TAG FOUND", "LEVEL UNIQUE":
		b, err := parseBool(v)
		if err != nil {
			return true, c.errf(p.Line, "%s: %v", p.Key, err)
		}
		if p.Key == "NO TAG FOUND" {
			g.NoTagFound = b
		} else {
			g.LevelUnique = b
		}
	case "GAME MODE":
		// GUTS: 2-(v=="NORMAL") for any non-empty value.
		switch {
		case p.Value == "":
			g.GameMode = 0
		case p.Value == "NORMAL":
			g.GameMode = 1
		default:
			g.GameMode = 2
		}
	case "ACTIVE THEMES", "DEACTIVE THEMES":
		list := &g.ActiveThemes
		if p.Key == "DEACTIVE THEMES" {
			list = &g.InactiveThemes
		}
		for _, f := range strings.Split(v, ",") {
			if f = strings.TrimSpace(f); f == "" {
				continue
			}
			n, err := strconv.ParseInt(f, 10, 64)
			if err != nil {
				return true, c.errf(p.Line, "%s: %q is not a 64-bit theme id", p.Key, f)
			}
			*list = append(*list, n)
		}
	default:
		return false, nil
	}
	return true, nil
}

func (c *compiler) timeline(sec *dattext.Node) (*Timeline, error) {
	t := &Timeline{}
	for _, os := range sec.Children {
		if os.Name != secTLObject {
			c.warn(os.Line, "[%s] in [%s] ignored", os.Name, sec.Name)
			continue
		}
		var to TimelineObject
		idp, ok := os.Get("OBJECTID")
		if !ok {
			return nil, c.errf(os.Line, "[%s] without OBJECTID", os.Name)
		}
		id, err := strconv.ParseInt(strings.TrimSpace(idp.Value), 10, 64)
		if err != nil {
			return nil, c.errf(idp.Line, "OBJECTID %q is not a 64-bit integer", idp.Value)
		}
		to.ObjectID = id
		for _, es := range os.Children {
			if es.Name != secTLProperty && es.Name != secTLEvent {
				c.warn(es.Line, "[%s] in [%s] ignored", es.Name, os.Name)
				continue
			}
			e := TimelineEntry{Property: es.Value("OBJECTPROPERTYNAME"), Event: es.Value("OBJECTEVENTNAME")}
			if es.Name == secTLProperty && e.Property == "" {
				return nil, c.errf(es.Line, "[%s] without OBJECTPROPERTYNAME", es.Name)
			}
			for _, ps := range es.Children {
				if ps.Name != secTLPoint {
					c.warn(ps.Line, "[%s] in [%s] ignored", ps.Name, es.Name)
					continue
				}
				var pt TimelinePoint
				if pp, ok := ps.Get("TIMEPERCENT"); ok {
					if pt.Percent, err = parseFloat32(pp.Value); err != nil {
						return nil, c.errf(pp.Line, "TIMEPERCENT: %v", err)
					}
				}
				if ip, ok := ps.Get("INTERPOLATION"); ok {
					n, ok := interpolation(ip.Value)
					if !ok {
						return nil, c.errf(ip.Line, "INTERPOLATION %q is none of %q", ip.Value, Interpolations)
					}
					pt.Interpolation = n
				}
				pt.Value = ps.Value("VALUE")
				e.Points = append(e.Points, pt)
			}
			if len(e.Points) > math.MaxUint8 {
				return nil, c.errf(es.Line, "%d timeline points (max 255)", len(e.Points))
			}
			to.Entries = append(to.Entries, e)
		}
		if len(to.Entries) > math.MaxUint8 {
			return nil, c.errf(os.Line, "%d timeline entries (max 255)", len(to.Entries))
		}
		t.Objects = append(t.Objects, to)
	}
	if len(t.Objects) > math.MaxUint8 {
		return nil, c.errf(sec.Line, "%d timeline objects (max 255)", len(t.Objects))
	}
	return t, nil
}

func interpolation(s string) (uint8, bool) {
	for i, n := range Interpolations {
		if strings.EqualFold(s, n) {
			return uint8(i), true
		}
	}
	if n, err := strconv.ParseUint(strings.TrimSpace(s), 10, 8); err == nil {
		return uint8(n), true
	}
	return 0, false
}

func (c *compiler) logic(sec *dattext.Node) (*LogicGroup, error) {
	g := &LogicGroup{}
	for _, os := range sec.Children {
		if os.Name != secLogicObj {
			c.warn(os.Line, "[%s] in [%s] ignored", os.Name, sec.Name)
			continue
		}
		var lo LogicObject
		for _, p := range os.Props {
			var err error
			switch p.Key {
			case "ID":
				lo.ID, err = parseU8(p.Value)
			case "OBJECTID":
				lo.ObjectID, err = strconv.ParseInt(strings.TrimSpace(p.Value), 10, 64)
			case "X":
				lo.X, err = parseFloat32(p.Value)
			case "Y":
				lo.Y, err = parseFloat32(p.Value)
			default:
				c.warn(p.Line, "%s in [%s] ignored", p.Key, os.Name)
			}
			if err != nil {
				return nil, c.errf(p.Line, "%s %q: %v", p.Key, p.Value, err)
			}
		}
		for _, ls := range os.Children {
			if ls.Name != secLogicLink {
				c.warn(ls.Line, "[%s] in [%s] ignored", ls.Name, os.Name)
				continue
			}
			k := LogicLink{Output: ls.Value("OUTPUTNAME"), Input: ls.Value("INPUTNAME")}
			if p, ok := ls.Get("LINKINGTO"); ok {
				var err error
				if k.To, err = parseU8(p.Value); err != nil {
					return nil, c.errf(p.Line, "LINKINGTO %q: %v", p.Value, err)
				}
			}
			lo.Links = append(lo.Links, k)
		}
		if len(lo.Links) > math.MaxUint8 {
			return nil, c.errf(os.Line, "%d logic links (max 255)", len(lo.Links))
		}
		g.Objects = append(g.Objects, lo)
	}
	if len(g.Objects) > math.MaxUint8 {
		return nil, c.errf(sec.Line, "%d logic objects (max 255)", len(g.Objects))
	}
	return g, nil
}

// typeFits reports whether a <TYPE> tag matches a schema encoding.
func typeFits(e Enc, typ string) bool {
	switch e {
	case EncFloat:
		return typ == "FLOAT"
	case EncBool:
		return typ == "BOOL"
	case EncInt:
		return typ == "INTEGER" || typ == "UNSIGNED INT"
	case EncString:
		return typ == "STRING" || typ == "TRANSLATE"
	case EncInt64:
		return typ == "INTEGER64"
	case EncCurve, EncUintList:
		return typ == "STRING"
	}
	return false
}

// encodeValueC reads a numeric value that encodeValue refused the way GUTS
// does, with the C runtime (dattext's C-number rules: the leading number,
// saturating; an inference, see there). ok is false for encodings that are
// not numbers. text is the value packed.
func encodeValueC(e Enc, s string) (b []byte, text string, ok bool) {
	s = strings.TrimSpace(s)
	switch e {
	case EncFloat:
		f, _ := dattext.CFloat(s)
		return le32(nil, math.Float32bits(float32(f))), strconv.FormatFloat(float64(float32(f)), 'g', -1, 32), true
	case EncBool:
		v, _, _ := dattext.CUint(s, 32)
		if v != 0 {
			v = 1
		}
		return le32(nil, uint32(v)), strconv.FormatBool(v != 0), true
	case EncInt:
		v, _, _ := dattext.CInt(s, 32)
		return le32(nil, uint32(int32(v))), strconv.FormatInt(v, 10), true
	case EncInt64:
		v, _, _ := dattext.CInt(s, 64)
		return le64(nil, uint64(v)), strconv.FormatInt(v, 10), true
	}
	return nil, "", false
}

// floatNote reports a FLOAT read whole but not as written (issue 30):
// ±Inf (1e400, 1e39, Inf), NaN, or nonzero text read as 0. Marked CNumber,
// so that strict numbers refuse it as they refuse a value read the C way.
func (c *compiler) floatNote(p dattext.Prop, f float32) {
	why := ""
	switch {
	case math.IsInf(float64(f), 0):
		why = "infinite"
	case f != f:
		why = "not a number"
	case f == 0:
		for i := 0; i < len(p.Value) && p.Value[i] != 'e' && p.Value[i] != 'E'; i++ {
			if p.Value[i] >= '1' && p.Value[i] <= '9' {
				why = "too small to show"
				break
			}
		}
	}
	if why != "" {
		c.lint = append(c.lint, Finding{File: c.file, Line: p.Line, CNumber: true, Msg: fmt.Sprintf(
			"%s: <%s> value %q is %s; packed as %s", p.Key, p.Type, p.Value, why, strconv.FormatFloat(float64(f), 'g', -1, 32))})
	}
}

// encodeValue turns a text value into the property's bytes.
func encodeValue(e Enc, s string) ([]byte, error) {
	switch e {
	case EncFloat:
		f, err := parseFloat32(s)
		if err != nil {
			return nil, err
		}
		return le32(nil, math.Float32bits(f)), nil
	case EncBool:
		b, err := parseBool(strings.TrimSpace(s))
		if err != nil {
			return nil, err
		}
		return le32(nil, uint32(b)), nil
	case EncInt:
		n, err := parseInt32Bits(strings.TrimSpace(s))
		if err != nil {
			return nil, err
		}
		return le32(nil, n), nil
	case EncString:
		b, err := appendStr(nil, s)
		return b, err
	case EncInt64:
		n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%q is not a 64-bit integer", s)
		}
		return le64(nil, uint64(n)), nil
	case EncCurve, EncUintList:
		var parts []string
		if t := strings.TrimSpace(s); t != "" {
			parts = strings.Split(t, ",")
		}
		if len(parts) > math.MaxUint16 {
			return nil, fmt.Errorf("%d list items (max %d)", len(parts), math.MaxUint16)
		}
		b := make([]byte, 2, 2+4*len(parts))
		b[0], b[1] = byte(len(parts)), byte(len(parts)>>8)
		for _, p := range parts {
			if e == EncCurve {
				f, err := parseFloat32(p)
				if err != nil {
					return nil, err
				}
				b = le32(b, math.Float32bits(f))
			} else {
				n, err := parseInt32Bits(strings.TrimSpace(p))
				if err != nil {
					return nil, err
				}
				b = le32(b, n)
			}
		}
		return b, nil
	}
	return nil, fmt.Errorf("encoding %v has no text form", e)
}

// parseFloat32 reads a decimal the way the editor's C runtime does: to
// double first, then narrowed to float.
func parseFloat32(s string) (float32, error) {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return float32(f), nil
		}
		return 0, fmt.Errorf("%q is not a number", s)
	}
	return float32(f), nil
}

func parseBool(s string) (uint8, error) {
	switch strings.ToLower(s) {
	case "true", "1":
		return 1, nil
	case "false", "0", "":
		return 0, nil
	}
	return 0, fmt.Errorf("%q is not true or false", s)
}

// parseInt32Bits accepts a signed or unsigned 32-bit decimal and returns
// its bits (u32 fields hold INTEGER and UNSIGNED INT alike).
func parseInt32Bits(s string) (uint32, error) {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < math.MinInt32 || n > math.MaxUint32 {
		return 0, fmt.Errorf("%q is not a 32-bit integer", s)
	}
	return uint32(n), nil
}

func parseU8(s string) (uint8, error) {
	n, err := strconv.ParseUint(strings.TrimSpace(s), 10, 8)
	if err != nil {
		return 0, fmt.Errorf("%q is not 0..255", s)
	}
	return uint8(n), nil
}

func le32(b []byte, v uint32) []byte {
	return append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
}

func le64(b []byte, v uint64) []byte {
	return le32(le32(b, uint32(v)), uint32(v>>32))
}
