package raw

import (
	"fmt"
	"io/fs"
	"sort"

	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/layout"
)

// MapSource is a Source over already parsed files, keyed by path.
type MapSource struct {
	Dats    map[string]*dattext.Node
	Layouts map[string]*layout.Layout
}

// Paths implements Source.
func (m *MapSource) Paths() []string {
	out := make([]string, 0, len(m.Dats)+len(m.Layouts))
	for p := range m.Dats {
		out = append(out, p)
	}
	for p := range m.Layouts {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// Dat implements Source.
func (m *MapSource) Dat(path string) (*dattext.Node, error) {
	n, ok := m.Dats[path]
	if !ok {
		return nil, fmt.Errorf("%s: %w", path, fs.ErrNotExist)
	}
	return n, nil
}

// Layout implements Source.
func (m *MapSource) Layout(path string) (*layout.Layout, error) {
	l, ok := m.Layouts[path]
	if !ok {
		return nil, fmt.Errorf("%s: %w", path, fs.ErrNotExist)
	}
	return l, nil
}
