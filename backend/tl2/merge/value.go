package merge

import (
	"math"
	"strconv"
	"strings"

	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/layout"
)

// Values are compared by what the game reads, never by spelling (issue
// 43): a compile and decompile turns `0,1e-005` into `0,1e-05` and `1.0`
// into `1`, and a merge that counted that as a change reported false
// conflicts and, with the other load order, brought back an object a mod
// had removed. The reading of each type is the one GUTS and the game use
// (dattext's C-runtime readers, the same the BINDAT compiler falls back
// to): a number's longest leading number counts (`12abc` reads as 12), a
// FLOAT is narrowed to 32 bits, a BOOL is true/false or its number. Text
// (STRING, TRANSLATE, NOTE, any other type) stays text, compared byte for
// byte, except in a .LAYOUT where the schema says a STRING holds a curve
// or a list of numbers (particle properties: `0,1e-005`), whose items are
// read as the layout compiler reads them.

// numKind says how a value is read: as text, or as which number.
type numKind uint8

const (
	asText numKind = iota
	asInt32
	asUint32
	asInt64
	asFloat32
	asFloat64
	asBool
	asCurve // comma-separated float32 items
	asList  // comma-separated 32-bit integers
)

// kindOf is how a property of type typ is read; desc is the layout
// descriptor of the [PROPERTIES] block it is in (nil elsewhere).
func kindOf(typ, key string, desc *layout.Descriptor) numKind {
	switch typ {
	case "INTEGER":
		return asInt32
	case "UNSIGNED INT":
		return asUint32
	case "INTEGER64":
		return asInt64
	case "FLOAT":
		return asFloat32
	case "DOUBLE":
		return asFloat64
	case "BOOL":
		return asBool
	case "STRING":
		if desc != nil {
			if p, ok := desc.Prop(key); ok {
				switch p.Enc {
				case layout.EncCurve:
					return asCurve
				case layout.EncUintList:
					return asList
				}
			}
		}
	}
	return asText
}

// sameValue reports whether the game reads the two values of one
// property (same key, same type) alike.
func sameValue(k numKind, a, b string) bool {
	if a == b {
		return true
	}
	switch k {
	case asText:
		return false
	case asCurve, asList:
		return sameList(k, a, b)
	}
	return readAs(k, a) == readAs(k, b)
}

// readAs is what the game reads of v as the number kind k: its bits.
func readAs(k numKind, v string) uint64 {
	switch k {
	case asInt32:
		n, _, _ := dattext.CInt(v, 32)
		return uint64(uint32(n))
	case asUint32:
		n, _, _ := dattext.CUint(v, 32)
		return n
	case asInt64:
		n, _, _ := dattext.CInt(v, 64)
		return uint64(n)
	case asFloat32:
		f, _ := dattext.CFloat(v)
		return uint64(math.Float32bits(float32(f)))
	case asFloat64:
		f, _ := dattext.CFloat(v)
		return math.Float64bits(f)
	case asBool:
		t := strings.TrimSpace(v)
		switch {
		case strings.EqualFold(t, "true"):
			return 1
		case strings.EqualFold(t, "false"):
			return 0
		}
		n, _, _ := dattext.CUint(v, 32)
		return n
	}
	return 0
}

// sameList compares two comma-separated lists item by item (a layout
// curve's floats, a list's integers); an empty list has no items.
func sameList(k numKind, a, b string) bool {
	as, bs := items(a), items(b)
	if len(as) != len(bs) {
		return false
	}
	item := asFloat32
	if k == asList {
		item = asInt64 // the layout compiler reads each as a signed or unsigned 32-bit value
	}
	for i := range as {
		if as[i] != bs[i] && readAs(item, as[i]) != readAs(item, bs[i]) {
			return false
		}
	}
	return true
}

func items(s string) []string {
	t := strings.TrimSpace(s)
	if t == "" {
		return nil
	}
	return strings.Split(t, ",")
}

// canon is a value as the game reads it, as a map key (mergeSeq counts
// repeated values by it): the bits of a number, the text otherwise.
func canon(k numKind, v string) string {
	switch k {
	case asText:
		return v
	case asCurve, asList:
		var b strings.Builder
		for i, it := range items(v) {
			if i > 0 {
				b.WriteByte(',')
			}
			if k == asCurve {
				b.WriteString(strconv.FormatUint(readAs(asFloat32, it), 16))
			} else {
				b.WriteString(strconv.FormatUint(readAs(asInt64, it)&math.MaxUint32, 16))
			}
		}
		return b.String()
	}
	return strconv.FormatUint(readAs(k, v), 16)
}

// descOf is the layout descriptor a [PROPERTIES] block's properties are
// read with (its DESCRIPTOR), nil outside a .LAYOUT or when unknown.
func (m *merger) descOf(n *dattext.Node) *layout.Descriptor {
	if !m.layout || n == nil || n.Name != "PROPERTIES" {
		return nil
	}
	d, ok := layout.DefaultSchema().Descriptor(n.Value("DESCRIPTOR"))
	if !ok {
		return nil
	}
	return d
}

// propsSame compares two property lists by what the game reads.
func propsSame(a, b []dattext.Prop, desc *layout.Descriptor) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		p, q := &a[i], &b[i]
		if p.Type != q.Type || p.Key != q.Key {
			return false
		}
		if p.Value != q.Value && !sameValue(kindOf(p.Type, p.Key, desc), p.Value, q.Value) {
			return false
		}
	}
	return true
}

// same reports whether two trees are the same to the game: the same
// names, properties (values compared by what the game reads) and children
// in the same order. A subtree the merge shared with its input is the
// same pointer, and compared at once.
func (m *merger) same(a, b *dattext.Node) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil || a.Name != b.Name || len(a.Props) != len(b.Props) || len(a.Children) != len(b.Children) {
		return false
	}
	eq := propsSame
	if m.anyOrder {
		eq = propsSameAnyOrder
	}
	if !eq(a.Props, b.Props, m.descOf(a)) {
		return false
	}
	for i := range a.Children {
		if !m.same(a.Children[i], b.Children[i]) {
			return false
		}
	}
	return true
}

// Same reports whether two versions of file are the same to the game, by
// the rule the merge compares with (values by what the game reads), where
// the order of a block's properties is not read either when each key is
// there once: the merge rebuilds a block two mods changed key by key
// (base keys first, added keys after), and that block, with the first
// mod's values, is the first mod's block to the game.
func Same(file string, a, b *dattext.Node) bool {
	m := &merger{file: file, layout: isLayout(file), anyOrder: true}
	return m.same(a, b)
}

// propsSameAnyOrder is propsSame for lists whose keys are each there once
// (in a): the same keys, types and values, in any order. Lists with a
// repeated key are compared in order (propsSame).
func propsSameAnyOrder(a, b []dattext.Prop, desc *layout.Descriptor) bool {
	if len(a) != len(b) {
		return false
	}
	if propsSame(a, b, desc) {
		return true
	}
	at := make(map[string]int, len(a))
	for i, p := range a {
		if _, dup := at[p.Key]; dup {
			return false
		}
		at[p.Key] = i
	}
	for _, q := range b {
		i, ok := at[q.Key]
		if !ok {
			return false
		}
		p := a[i]
		if p.Type != q.Type || (p.Value != q.Value && !sameValue(kindOf(p.Type, p.Key, desc), p.Value, q.Value)) {
			return false
		}
		delete(at, q.Key) // a key twice in b finds it gone
	}
	return true
}
