package layout

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

//go:generate go run ./internal/schemagen -data ../../../../shared/spec/data -out .

//go:embed schema.txt
var schemaText string

//go:embed tags.txt
var tagsText string

// Enc is how a property value is laid out in a BINLAYOUT.
type Enc uint8

const (
	EncFloat    Enc = iota + 1 // f32
	EncBool                    // u32 0/1
	EncInt                     // u32 (signedness is a text matter)
	EncString                  // u16 count + UTF-16LE
	EncInt64                   // i64
	EncVec2                    // 2 × f32
	EncVec3                    // 3 × f32
	EncCurve                   // u16 count + count × f32
	EncUintList                // u16 count + count × u32
)

var encNames = map[string]Enc{
	"float": EncFloat, "u32bool": EncBool, "u32int": EncInt, "string": EncString,
	"int64": EncInt64, "g2": EncVec2, "g3": EncVec3, "curve": EncCurve, "u32list": EncUintList,
}

func (e Enc) String() string {
	for k, v := range encNames {
		if v == e {
			return k
		}
	}
	return "enc(" + strconv.Itoa(int(e)) + ")"
}

// fits reports whether a value of n bytes can have this encoding; the
// decoder uses it to pick among properties sharing an id.
func (e Enc) fits(v []byte) bool {
	n := len(v)
	switch e {
	case EncFloat, EncBool, EncInt:
		return n == 4
	case EncInt64, EncVec2:
		return n == 8
	case EncVec3:
		return n == 12
	case EncString:
		return n >= 2 && n == 2+2*int(le16(v))
	case EncCurve, EncUintList:
		return n >= 2 && n == 2+4*int(le16(v))
	}
	return false
}

// Property is one serializable property of a descriptor.
type Property struct {
	Name string
	ID   uint8
	Enc  Enc
	// TextType is the <TYPE> tag the decompiler writes (vectors are written
	// as NAMEX/NAMEY/NAMEZ FLOAT lines).
	TextType string
	// Primary marks the name the decoder uses when several properties of a
	// descriptor share an id (the reference dump has such collisions).
	Primary bool
}

// Descriptor is one object kind (Group, Room Piece, Timeline, …).
type Descriptor struct {
	Name    string
	Aliases []string
	ID      uint8
	Props   []Property
	byName  map[string]int
	byID    map[uint8][]int
}

// Prop returns the property called name (exact, upper-case as in text).
func (d *Descriptor) Prop(name string) (*Property, bool) {
	i, ok := d.byName[name]
	if !ok {
		return nil, false
	}
	return &d.Props[i], true
}

// PropForValue returns the property with this id whose encoding fits the
// value, preferring the primary one.
func (d *Descriptor) PropForValue(id uint8, v []byte) (*Property, bool) {
	idx := d.byID[id]
	for _, i := range idx {
		if d.Props[i].Primary && d.Props[i].Enc.fits(v) {
			return &d.Props[i], true
		}
	}
	for _, i := range idx {
		if d.Props[i].Enc.fits(v) {
			return &d.Props[i], true
		}
	}
	return nil, false
}

// Schema maps descriptor names and ids to their properties, plus the
// datagroup TAG dictionary.
type Schema struct {
	byName  map[string]*Descriptor
	byID    map[uint8]*Descriptor
	tags    map[string]int32
	tagName map[int32]string
}

// Descriptor looks a descriptor up by its text name (or an alias).
func (s *Schema) Descriptor(name string) (*Descriptor, bool) {
	d, ok := s.byName[name]
	return d, ok
}

// DescriptorByID looks a descriptor up by its BINLAYOUT id.
func (s *Schema) DescriptorByID(id uint8) (*Descriptor, bool) {
	d, ok := s.byID[id]
	return d, ok
}

// Tag returns the FEATURETAGS index for a Group TAG name.
func (s *Schema) Tag(name string) (int32, bool) {
	v, ok := s.tags[name]
	return v, ok
}

// TagName is the inverse of Tag.
func (s *Schema) TagName(id int32) (string, bool) {
	v, ok := s.tagName[id]
	return v, ok
}

var (
	defaultOnce   sync.Once
	defaultSchema *Schema
	defaultErr    error
)

// DefaultSchema is the embedded schema (see doc.go for its provenance).
func DefaultSchema() *Schema {
	defaultOnce.Do(func() {
		defaultSchema, defaultErr = ParseSchema(schemaText, tagsText)
	})
	if defaultErr != nil {
		// The embedded tables are checked by the package tests.
		panic("layout: embedded schema: " + defaultErr.Error())
	}
	return defaultSchema
}

// ParseSchema reads schema.txt / tags.txt formatted tables.
func ParseSchema(schema, tags string) (*Schema, error) {
	s := &Schema{
		byName:  map[string]*Descriptor{},
		byID:    map[uint8]*Descriptor{},
		tags:    map[string]int32{},
		tagName: map[int32]string{},
	}
	for n, line := range strings.Split(schema, "\n") {
		line = strings.TrimRight(line, "\r")
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Split(line, "\t")
		bad := func(why string) error { return fmt.Errorf("schema line %d: %s: %q", n+1, why, line) }
		if len(f) < 3 {
			return nil, bad("too few fields")
		}
		code, err := strconv.ParseUint(f[1], 10, 8)
		if err != nil {
			return nil, bad("bad descriptor id")
		}
		id := uint8(code)
		switch f[0] {
		case "D":
			if _, dup := s.byID[id]; dup {
				return nil, bad("duplicate descriptor id")
			}
			d := &Descriptor{Name: f[2], ID: id, byName: map[string]int{}, byID: map[uint8][]int{}}
			s.byID[id] = d
			s.byName[d.Name] = d
		case "A":
			d, ok := s.byID[id]
			if !ok {
				return nil, bad("alias before descriptor")
			}
			d.Aliases = append(d.Aliases, f[2])
			if _, taken := s.byName[f[2]]; !taken {
				s.byName[f[2]] = d
			}
		case "P":
			if len(f) != 7 {
				return nil, bad("want 7 fields")
			}
			d, ok := s.byID[id]
			if !ok {
				return nil, bad("property before descriptor")
			}
			pid, err := strconv.ParseUint(f[2], 10, 8)
			if err != nil {
				return nil, bad("bad property id")
			}
			enc, ok := encNames[f[3]]
			if !ok {
				return nil, bad("unknown encoding")
			}
			p := Property{Name: f[6], ID: uint8(pid), Enc: enc, TextType: f[4], Primary: f[5] == "1"}
			if _, dup := d.byName[p.Name]; dup {
				return nil, bad("duplicate property name")
			}
			d.byName[p.Name] = len(d.Props)
			d.byID[p.ID] = append(d.byID[p.ID], len(d.Props))
			d.Props = append(d.Props, p)
		default:
			return nil, bad("unknown record")
		}
	}
	for n, line := range strings.Split(tags, "\n") {
		line = strings.TrimRight(line, "\r")
		if line == "" || line[0] == '#' {
			continue
		}
		idStr, name, ok := strings.Cut(line, "\t")
		id, err := strconv.ParseInt(idStr, 10, 32)
		if !ok || err != nil {
			return nil, fmt.Errorf("tags line %d: %q", n+1, line)
		}
		s.tags[name] = int32(id)
		if _, dup := s.tagName[int32(id)]; !dup {
			s.tagName[int32(id)] = name
		}
	}
	return s, nil
}
