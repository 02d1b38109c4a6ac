package raw

import (
	"fmt"
	"io/fs"
	"sort"
	"strings"

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

// FSSource reads a mod folder through an fs.FS rooted at the folder that
// holds MEDIA/: .DAT files are parsed as text, .LAYOUT files compiled.
type FSSource struct {
	FS     fs.FS
	Schema *layout.Schema // nil: layout.DefaultSchema()
}

// Paths implements Source: every regular file, slash-separated.
func (s *FSSource) Paths() []string {
	var out []string
	_ = fs.WalkDir(s.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			out = append(out, p)
		}
		return nil
	})
	return out
}

// Dat implements Source.
func (s *FSSource) Dat(path string) (*dattext.Node, error) {
	b, err := fs.ReadFile(s.FS, path)
	if err != nil {
		return nil, err
	}
	return dattext.Parse(path, b)
}

// Layout implements Source. Lint findings are dropped here: the packer
// reports them when it compiles the same file.
func (s *FSSource) Layout(path string) (*layout.Layout, error) {
	b, err := fs.ReadFile(s.FS, path)
	if err != nil {
		return nil, err
	}
	sch := s.Schema
	if sch == nil {
		sch = layout.DefaultSchema()
	}
	if strings.HasSuffix(strings.ToUpper(path), ".BINLAYOUT") || len(b) > 0 && b[0] == layout.Magic {
		return layout.Decode(b)
	}
	root, err := dattext.Parse(path, b)
	if err != nil {
		return nil, err
	}
	l, _, err := sch.FromText(path, root)
	return l, err
}
