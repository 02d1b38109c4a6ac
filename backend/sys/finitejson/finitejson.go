// Package finitejson makes a value that encoding/json refuses for holding
// NaN or ±Inf ("json: unsupported value: NaN") into one it writes: every
// such number becomes null, and each is named in a finding ("bounds.min[0]
// is NaN, written as null"). A mesh whose stored bounds are NaN is a real
// file (issue 30); its `info --json` must still answer.
//
// Sanitize walks the value as encoding/json does — json tag names and
// options (omitempty, string, "-"), embedded structs lifted, map keys
// sorted, Marshaler and TextMarshaler types encoded by themselves — so a
// value without NaN or ±Inf comes out byte for byte as json.Marshal writes
// it, fields in the same order.
package finitejson

import (
	"bytes"
	"encoding"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

// Object is a JSON object whose members keep their order.
type Object []Member

// Member is one name and value of an Object.
type Member struct {
	Name  string
	Value any
}

// MarshalJSON writes the members in order.
func (o Object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := marshal(m.Name)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		v, err := marshal(m.Value)
		if err != nil {
			return nil, err
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// marshal is json.Marshal without HTML escaping (what the command line's
// encoder writes) and without the trailing newline.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// Sanitize returns v as values encoding/json writes (Object, []any,
// json.RawMessage, nil), NaN and ±Inf as nil, and a finding for each of
// those, naming where it was.
func Sanitize(v any) (any, []string) {
	s := &walker{}
	return s.walk(reflect.ValueOf(v), ""), s.findings
}

type walker struct{ findings []string }

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
)

func (s *walker) walk(v reflect.Value, path string) any {
	if !v.IsValid() {
		return nil
	}
	t := v.Type()
	if t.Kind() != reflect.Pointer && v.CanAddr() && implements(reflect.PointerTo(t)) {
		v, t = v.Addr(), reflect.PointerTo(t) // a pointer method, as encoding/json calls it
	}
	if implements(t) {
		if (v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface) && v.IsNil() {
			return nil
		}
		b, err := marshal(v.Interface())
		if err != nil {
			s.findings = append(s.findings, fmt.Sprintf("%s: %v, written as null", pathName(path), err))
			return nil
		}
		return json.RawMessage(b)
	}
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		if f := v.Float(); math.IsNaN(f) || math.IsInf(f, 0) {
			s.findings = append(s.findings, fmt.Sprintf("%s is %v, written as null", pathName(path), f))
			return nil
		}
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return s.walk(v.Elem(), path)
	case reflect.Struct:
		return s.object(v, path)
	case reflect.Map:
		return s.mapObject(v, path)
	case reflect.Slice:
		if v.IsNil() {
			return nil
		}
		if t.Elem().Kind() == reflect.Uint8 {
			break // base64, as json.Marshal writes bytes
		}
		fallthrough
	case reflect.Array:
		out := make([]any, v.Len())
		for i := range out {
			out[i] = s.walk(v.Index(i), fmt.Sprintf("%s[%d]", path, i))
		}
		return out
	}
	b, err := marshal(v.Interface())
	if err != nil {
		s.findings = append(s.findings, fmt.Sprintf("%s: %v, written as null", pathName(path), err))
		return nil
	}
	return json.RawMessage(b)
}

func implements(t reflect.Type) bool {
	return t.Implements(marshalerType) || t.Implements(textMarshalerType)
}

func pathName(path string) string {
	if path == "" {
		return "the value"
	}
	return strings.TrimPrefix(path, ".")
}

func (s *walker) mapObject(v reflect.Value, path string) any {
	if v.IsNil() {
		return nil
	}
	type kv struct {
		k string
		v reflect.Value
	}
	var members []kv
	it := v.MapRange()
	for it.Next() {
		k := it.Key()
		var name string
		switch {
		case k.Kind() == reflect.String:
			name = k.String()
		case k.Type().Implements(textMarshalerType):
			b, err := k.Interface().(encoding.TextMarshaler).MarshalText()
			if err != nil {
				continue
			}
			name = string(b)
		case k.CanInt():
			name = strconv.FormatInt(k.Int(), 10)
		case k.CanUint():
			name = strconv.FormatUint(k.Uint(), 10)
		default:
			continue
		}
		members = append(members, kv{name, it.Value()})
	}
	sort.Slice(members, func(i, j int) bool { return members[i].k < members[j].k })
	out := make(Object, 0, len(members))
	for _, m := range members {
		out = append(out, Member{m.k, s.walk(m.v, path+"."+m.k)})
	}
	return out
}

// field is one struct field as encoding/json sees it.
type field struct {
	name      string
	index     []int
	omitEmpty bool
	quoted    bool
}

func (s *walker) object(v reflect.Value, path string) Object {
	out := Object{}
	for _, f := range fieldsOf(v.Type()) {
		fv, ok := fieldByIndex(v, f.index)
		if !ok || (f.omitEmpty && isEmpty(fv)) {
			continue
		}
		val := s.walk(fv, path+"."+f.name)
		if raw, ok := val.(json.RawMessage); ok && f.quoted {
			switch fv.Kind() {
			case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
				reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
				reflect.Float32, reflect.Float64, reflect.String:
				q, _ := marshal(string(raw))
				val = json.RawMessage(q)
			}
		}
		out = append(out, Member{f.name, val})
	}
	return out
}

// fieldByIndex follows index through embedded pointers; false when one is nil.
func fieldByIndex(v reflect.Value, index []int) (reflect.Value, bool) {
	for i, x := range index {
		if i > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return reflect.Value{}, false
			}
			v = v.Elem()
		}
		v = v.Field(x)
	}
	return v, true
}

// fieldsOf lists t's JSON fields in encoding/json's order, embedded
// structs' fields lifted, a name held at a shallower depth hiding deeper
// ones (two at the same depth hide each other, as in encoding/json unless
// one is tagged).
func fieldsOf(t reflect.Type) []field {
	type cand struct {
		field
		depth  int
		tagged bool
	}
	var all []cand
	var visit func(t reflect.Type, index []int, depth int)
	visit = func(t reflect.Type, index []int, depth int) {
		for i := range t.NumField() {
			sf := t.Field(i)
			tag := sf.Tag.Get("json")
			if tag == "-" {
				continue
			}
			name, opts, _ := strings.Cut(tag, ",")
			idx := append(append([]int(nil), index...), i)
			ft := sf.Type
			if sf.Anonymous {
				if ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if !sf.IsExported() && ft.Kind() != reflect.Struct {
					continue
				}
				if name == "" && ft.Kind() == reflect.Struct {
					visit(ft, idx, depth+1)
					continue
				}
			} else if !sf.IsExported() {
				continue
			}
			tagged := name != ""
			if name == "" {
				name = sf.Name
			}
			f := field{name: name, index: idx}
			for _, o := range strings.Split(opts, ",") {
				switch o {
				case "omitempty":
					f.omitEmpty = true
				case "string":
					f.quoted = true
				}
			}
			all = append(all, cand{f, depth, tagged})
		}
	}
	visit(t, nil, 0)
	var out []field
	for i, c := range all {
		keep := true
		for j, d := range all {
			if i == j || d.name != c.name {
				continue
			}
			if d.depth < c.depth || (d.depth == c.depth && (d.tagged && !c.tagged || d.tagged == c.tagged)) {
				keep = false
				break
			}
		}
		if keep {
			out = append(out, c.field)
		}
	}
	return out
}

// isEmpty is encoding/json's omitempty test.
func isEmpty(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}
