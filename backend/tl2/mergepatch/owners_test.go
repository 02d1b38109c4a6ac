package mergepatch

import (
	"fmt"
	"testing"

	"packsmith/formats/tl2/mod"
)

// owners at its boundaries: a path several mods ship belongs to the first
// in load order (the game reads the first), a merged path to the patch
// (-1) whoever ships it, a path one mod ships to that mod.
func TestOwnersFirstModWins(t *testing.T) {
	shipping := func(paths ...string) *mod.Reader {
		r := &mod.Reader{}
		for _, p := range paths {
			r.Entries = append(r.Entries, mod.Entry{Path: p})
		}
		return r
	}
	for _, c := range []struct {
		name   string
		mods   [][]string
		merged []string
		want   map[string]int
	}{
		{"two ship one", [][]string{{"A"}, {"A"}}, nil, map[string]int{"A": 0}},
		{"three ship one", [][]string{{"A"}, {"A"}, {"A"}}, nil, map[string]int{"A": 0}},
		{"the second and third", [][]string{{"X"}, {"A"}, {"A"}}, nil, map[string]int{"X": 0, "A": 1}},
		{"only the last", [][]string{{}, {}, {"A"}}, nil, map[string]int{"A": 2}},
		{"one mod twice", [][]string{{"A", "A"}, {"A"}}, nil, map[string]int{"A": 0}},
		{"merged is the patch's", [][]string{{"A", "B"}, {"A"}}, []string{"A"}, map[string]int{"A": -1, "B": 0}},
		{"merged, shipped by none", [][]string{{}}, []string{"M"}, map[string]int{"M": -1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var rs []*mod.Reader
			for _, m := range c.mods {
				rs = append(rs, shipping(m...))
			}
			var merged []File
			for _, p := range c.merged {
				merged = append(merged, File{Path: p})
			}
			got := owners(rs, merged)
			if fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Errorf("owners %v, want %v", got, c.want)
			}
		})
	}
}
