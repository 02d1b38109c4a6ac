package layout

import (
	"encoding/hex"
	"fmt"
	"math"
	"strconv"
	"strings"

	"packsmith/formats/tl2/dattext"
	"packsmith/formats/utf16"
)

// Decompile turns BINLAYOUT bytes into LAYOUT text (UTF-16LE with BOM,
// CRLF, as GUTS writes it) under a root section named root ("" means
// "Layout"; GUTS uses "UI" for menus). Compiling the result gives the same
// bytes back.
func Decompile(b []byte, root string) ([]byte, error) {
	l, err := Decode(b)
	if err != nil {
		return nil, err
	}
	n, err := ToText(l, root)
	if err != nil {
		return nil, err
	}
	return dattext.Encode(n), nil
}

// ToText builds the LAYOUT text tree of a Layout with the default schema.
func ToText(l *Layout, root string) (*dattext.Node, error) {
	return DefaultSchema().ToText(l, root)
}

type decompiler struct {
	s      *Schema
	groups []GroupRecord
	next   int // next datagroup record to pair with a Group object
	count  int
}

// ToText is the package-level ToText with this schema.
func (s *Schema) ToText(l *Layout, root string) (*dattext.Node, error) {
	if root == "" {
		root = secRoot
	}
	d := &decompiler{s: s, groups: l.DataGroup, next: 1}
	n := &dattext.Node{Name: root}
	n.Add("INTEGER", "VERSION", strconv.Itoa(int(l.Version)))
	countAt := len(n.Props)
	n.Add("UNSIGNED INT", "COUNT", "0")
	objs := n.AddChild(secObjects)
	for _, o := range l.Objects {
		if err := d.object(objs, o, -1, 0); err != nil {
			return nil, err
		}
	}
	n.Props[countAt].Value = strconv.Itoa(d.count)
	return n, nil
}

func (d *decompiler) object(parent *dattext.Node, o *Object, parentID int64, depth int) error {
	if depth > maxDepth {
		return fmt.Errorf("binlayout: objects nested deeper than %d", maxDepth)
	}
	d.count++
	bo := parent.AddChild(secObject)
	ps := bo.AddChild(secProps)
	desc, known := d.s.DescriptorByID(o.Descriptor)
	name := o.Name
	if known {
		ps.Add("STRING", "DESCRIPTOR", desc.Name)
		if name == "" {
			name = desc.Name
		}
	} else {
		ps.Add("STRING", "DESCRIPTOR", strconv.Itoa(int(o.Descriptor)))
	}
	ps.Add("STRING", "NAME", name)
	ps.Add("INTEGER64", "PARENTID", strconv.FormatInt(parentID, 10))
	ps.Add("INTEGER64", "ID", strconv.FormatInt(o.ID, 10))
	for _, p := range o.Props {
		var prop *Property
		if known {
			prop, _ = desc.PropForValue(p.ID, p.Value)
		}
		if prop == nil || !textValue(ps, prop, p.Value) {
			ps.Add(rawType, rawPropKey+strconv.Itoa(int(p.ID)), hex.EncodeToString(p.Value))
		}
	}
	if o.Descriptor == DescGroup && d.groups != nil {
		if d.next < len(d.groups) && d.groups[d.next].ID == o.ID {
			groupText(ps, &d.groups[d.next], d.s)
		}
		d.next++
	}
	switch {
	case o.Extra != nil:
		ps.Add(rawType, rawExtraKey, hex.EncodeToString(o.Extra))
	case o.Timeline != nil:
		timelineText(ps, o)
	case o.Logic != nil:
		logicText(ps, o.Logic)
	}
	if len(o.Children) > 0 {
		kids := bo.AddChild(secChildren)
		for _, c := range o.Children {
			if err := d.object(kids, c, o.ID, depth+1); err != nil {
				return err
			}
		}
	}
	return nil
}

// textValue adds the text line(s) of a property value, or reports false
// when the text form would not compile back to the same bytes.
func textValue(n *dattext.Node, p *Property, v []byte) bool {
	switch p.Enc {
	case EncFloat:
		s, ok := floatText(le32u(v))
		if ok {
			n.Add("FLOAT", p.Name, s)
		}
		return ok
	case EncBool:
		switch le32u(v) {
		case 0:
			n.Add("BOOL", p.Name, "false")
		case 1:
			n.Add("BOOL", p.Name, "true")
		default:
			return false
		}
	case EncInt:
		u := le32u(v)
		if p.TextType == "INTEGER" {
			n.Add("INTEGER", p.Name, strconv.Itoa(int(int32(u))))
		} else {
			n.Add("UNSIGNED INT", p.Name, strconv.FormatUint(uint64(u), 10))
		}
	case EncString:
		s := utf16.Decode(v[2:], false)
		if !dattext.ValidValue(s) {
			return false
		}
		typ := p.TextType
		if typ != "TRANSLATE" {
			typ = "STRING"
		}
		n.Add(typ, p.Name, s)
	case EncInt64:
		n.Add("INTEGER64", p.Name, strconv.FormatInt(int64(le32u(v))|int64(le32u(v[4:]))<<32, 10))
	case EncVec2, EncVec3:
		var parts [3]string
		k := len(v) / 4
		for i := 0; i < k; i++ {
			s, ok := floatText(le32u(v[4*i:]))
			if !ok {
				return false
			}
			parts[i] = s
		}
		for i := 0; i < k; i++ {
			n.Add("FLOAT", p.Name+string("XYZ"[i]), parts[i])
		}
	case EncCurve, EncUintList:
		cnt := int(le16(v))
		items := make([]string, cnt)
		for i := range items {
			u := le32u(v[2+4*i:])
			if p.Enc == EncUintList {
				items[i] = strconv.FormatUint(uint64(u), 10)
				continue
			}
			s, ok := floatText(u)
			if !ok {
				return false
			}
			items[i] = s
		}
		n.Add("STRING", p.Name, strings.Join(items, ","))
	default:
		return false
	}
	return true
}

// floatText prints a float32 in the shortest form that parses back to the
// same bits (NaN payloads do not, so they stay raw).
func floatText(bits uint32) (string, bool) {
	f := math.Float32frombits(bits)
	s := strconv.FormatFloat(float64(f), 'g', -1, 32)
	back, err := parseFloat32(s)
	return s, err == nil && math.Float32bits(back) == bits
}

func groupText(n *dattext.Node, g *GroupRecord, s *Schema) {
	if g.Choice >= 1 && int(g.Choice) < len(groupChoices) {
		n.Add("STRING", "CHOICE", groupChoices[g.Choice])
	}
	if g.Randomization != 1 {
		n.Add("UNSIGNED INT", "RANDOMIZATION", strconv.FormatUint(uint64(g.Randomization), 10))
	}
	if g.Number != 1 {
		n.Add("UNSIGNED INT", "NUMBER", strconv.Itoa(int(g.Number)))
	}
	if g.Tag != -1 {
		if name, ok := s.TagName(g.Tag); ok {
			n.Add("STRING", "TAG", name)
		} else {
			n.Add("STRING", "TAG", strconv.Itoa(int(g.Tag)))
		}
	}
	if g.NoTagFound != 0 {
		n.Add("BOOL", "NO TAG FOUND", "true")
	}
	if g.LevelUnique != 0 {
		n.Add("BOOL", "LEVEL UNIQUE", "true")
	}
	switch g.GameMode {
	case 1:
		n.Add("STRING", "GAME MODE", "NORMAL")
	case 2:
		n.Add("STRING", "GAME MODE", "NEW GAME PLUS")
	}
	for _, v := range g.ActiveThemes {
		n.Add("INTEGER64", "ACTIVE THEMES", strconv.FormatInt(v, 10))
	}
	for _, v := range g.InactiveThemes {
		n.Add("INTEGER64", "DEACTIVE THEMES", strconv.FormatInt(v, 10))
	}
}

func timelineText(n *dattext.Node, o *Object) {
	td := n.AddChild(secTimeline)
	td.Add("INTEGER64", "ID", strconv.FormatInt(o.ID, 10))
	for _, to := range o.Timeline.Objects {
		tn := td.AddChild(secTLObject)
		tn.Add("INTEGER64", "OBJECTID", strconv.FormatInt(to.ObjectID, 10))
		for _, e := range to.Entries {
			var en *dattext.Node
			if e.Property != "" {
				en = tn.AddChild(secTLProperty)
				en.Add("STRING", "OBJECTPROPERTYNAME", e.Property)
			} else {
				en = tn.AddChild(secTLEvent)
			}
			if e.Event != "" || e.Property == "" {
				en.Add("STRING", "OBJECTEVENTNAME", e.Event)
			}
			for _, p := range e.Points {
				pn := en.AddChild(secTLPoint)
				s, _ := floatText(math.Float32bits(p.Percent))
				pn.Add("FLOAT", "TIMEPERCENT", s)
				interp := strconv.Itoa(int(p.Interpolation))
				if int(p.Interpolation) < len(Interpolations) {
					interp = Interpolations[p.Interpolation]
				}
				pn.Add("STRING", "INTERPOLATION", interp)
				if e.Property != "" {
					pn.Add("STRING", "VALUE", p.Value)
				}
			}
		}
	}
}

func logicText(n *dattext.Node, g *LogicGroup) {
	ln := n.AddChild(secLogic)
	for _, lo := range g.Objects {
		on := ln.AddChild(secLogicObj)
		on.Add("UNSIGNED INT", "ID", strconv.Itoa(int(lo.ID)))
		on.Add("INTEGER64", "OBJECTID", strconv.FormatInt(lo.ObjectID, 10))
		x, _ := floatText(math.Float32bits(lo.X))
		y, _ := floatText(math.Float32bits(lo.Y))
		on.Add("FLOAT", "X", x)
		on.Add("FLOAT", "Y", y)
		for _, k := range lo.Links {
			kn := on.AddChild(secLogicLink)
			kn.Add("INTEGER", "LINKINGTO", strconv.Itoa(int(k.To)))
			kn.Add("STRING", "OUTPUTNAME", k.Output)
			kn.Add("STRING", "INPUTNAME", k.Input)
		}
	}
}

func le32u(b []byte) uint32 {
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}
