package fold

import (
	"regexp"
)

// Min is how many findings of one kind fold into one row.
const Min = 3

var (
	code   = regexp.MustCompile(`^[A-Z0-9_.]+: [A-Z][A-Z ]*[A-Z]:`)
	quoted = regexp.MustCompile("\"[^\"]*\"|'[^']*'|“[^”]*”|`[^`]*`")
	// 0x1F20; 12,345 and 12.5; a hexadecimal word with a digit (a CRC
	// 34307C24), tried in that order at each place.
	number = regexp.MustCompile(`(?i)\b0x[0-9a-f]+\b|\d+(,\d{3})*(\.\d+)?\b|\b[0-9a-f]*\d[0-9a-f]*\b`)
)

// Kind is the kind of a message (see the package comment).
func Kind(message string) string {
	if c := code.FindString(message); c != "" {
		return c
	}
	s := quoted.ReplaceAllString(message, "…")
	return number.ReplaceAllString(s, "#")
}

// Group is findings of one key, in the order they came.
type Group[T any] struct {
	Key    string
	Items  []T
	Folded bool // len(Items) >= Min: shown as one row with its count
}

// Fold groups items by key (say the severity, the check and Kind of the
// message), in first-seen order.
func Fold[T any](items []T, key func(T) string) []Group[T] {
	at := map[string]int{}
	var out []Group[T]
	for _, it := range items {
		k := key(it)
		i, ok := at[k]
		if !ok {
			i = len(out)
			at[k] = i
			out = append(out, Group[T]{Key: k})
		}
		out[i].Items = append(out[i].Items, it)
	}
	for i := range out {
		out[i].Folded = len(out[i].Items) >= Min
	}
	return out
}
