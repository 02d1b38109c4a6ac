package cli

import (
	"encoding/json"
	"errors"
	"io"

	"packsmith/backend/sys/finitejson"
)

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	err := enc.Encode(v) // encodes whole before writing: a failure wrote nothing
	if nonFinite(err) {
		return enc.Encode(finite(v))
	}
	return err
}

// marshalFinite is json.Marshal that writes NaN and ±Inf as null, named
// in "warnings" (see writeJSON).
func marshalFinite(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if nonFinite(err) {
		return json.Marshal(finite(v))
	}
	return b, err
}

// nonFinite tells an encoding/json refusal of a value (a NaN or ±Inf).
func nonFinite(err error) bool {
	var unsupported *json.UnsupportedValueError
	return errors.As(err, &unsupported)
}

// finite is v with every NaN or ±Inf (from a file: a mesh's stored bounds;
// JSON has no such number) written as null and named in "warnings".
func finite(v any) any {
	clean, findings := finitejson.Sanitize(v)
	return withWarnings(clean, findings)
}

// withWarnings adds findings to an object's "warnings" list (made at the
// end when the object has none); a value that is no object keeps its shape.
func withWarnings(v any, findings []string) any {
	obj, ok := v.(finitejson.Object)
	if !ok {
		return v
	}
	for i, m := range obj {
		if m.Name != "warnings" {
			continue
		}
		list, ok := m.Value.([]any)
		if !ok && m.Value != nil {
			// A "warnings" of another shape: the findings go beside it.
			return append(obj, finitejson.Member{Name: "nonFiniteWarnings", Value: stringsAny(findings)})
		}
		for _, f := range findings {
			list = append(list, f)
		}
		obj[i].Value = list
		return obj
	}
	return append(obj, finitejson.Member{Name: "warnings", Value: stringsAny(findings)})
}

func stringsAny(s []string) []any {
	out := make([]any, len(s))
	for i, x := range s {
		out[i] = x
	}
	return out
}
