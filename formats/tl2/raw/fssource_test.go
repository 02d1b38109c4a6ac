package raw

import (
	"io/fs"
	"strings"

	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/layout"
)

// Helpers only tests use, moved out of the package's production files.

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
