package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"packsmith/backend/archive"
	"packsmith/backend/sys/limits"
	"packsmith/backend/view/kind"
)

// looseFile shows one file on disk as a one-entry archive, so the preview
// renderers (written against the archive model) serve loose files too.
type looseFile struct {
	path  string
	entry archive.Entry
}

func openLoose(p string) (*looseFile, error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a file", p)
	}
	// The slash form keeps folders for renderers that look at them
	// (layouts under MEDIA/UI decompile under a [UI] root).
	name := filepath.ToSlash(p)
	return &looseFile{path: p, entry: archive.Entry{Path: name, Size: st.Size(), Packed: st.Size(), Kind: kind.FromName(name)}}, nil
}

func (l *looseFile) Family() string           { return "file" }
func (l *looseFile) Path() string             { return l.path }
func (l *looseFile) Entries() []archive.Entry { return []archive.Entry{l.entry} }
func (l *looseFile) Close() error             { return nil }

// Capabilities: a loose file is only read.
func (l *looseFile) Capabilities() archive.Capabilities { return archive.Capabilities{} }

func (l *looseFile) Open(p string) (io.ReadCloser, error) {
	if p != l.entry.Path {
		return nil, &archive.EntryError{Archive: l.path, Entry: p, Offset: -1, Err: archive.ErrNotFound}
	}
	return os.Open(l.path)
}

// source is what render and decompile work on: a loose FILE, or ENTRY of
// ARCHIVE.
type source struct {
	a      archive.Archive
	e      archive.Entry
	loose  bool
	budget *limits.Budget // the command's (ctx.budget): what decoding it takes from
}

// openSource takes FILE or ARCHIVE ENTRY.
func (c *ctx) openSource(pos []string, password string) (*source, error) {
	switch len(pos) {
	case 1:
		l, err := openLoose(pos[0])
		if err != nil {
			return nil, err
		}
		return &source{a: l, e: l.entry, loose: true, budget: c.budget}, nil
	case 2:
		a, err := c.openArchive(pos[0], password)
		if err != nil {
			return nil, err
		}
		e, err := findEntry(a, pos[1])
		if err != nil {
			a.Close()
			return nil, err
		}
		return &source{a: a, e: e, budget: c.budget}, nil
	}
	return nil, usageError{"want FILE, or ARCHIVE and ENTRY"}
}

func (s *source) Close() error { return s.a.Close() }

// name is how messages name the source: the file, or archive: entry.
func (s *source) name() string {
	if s.loose {
		return s.a.Path()
	}
	return s.a.Path() + ": " + s.e.Path
}

// fail names the source once: errors from the preview package already
// carry "archive: entry", which for a loose file would say its name twice.
func (s *source) fail(err error) error {
	var ee *archive.EntryError
	if s.loose && errors.As(err, &ee) {
		return fmt.Errorf("%s: %w", s.a.Path(), ee.Err)
	}
	return err
}

// readAll reads the whole entry, refusing more than max bytes.
func (s *source) readAll(max int64) ([]byte, error) {
	rc, err := s.a.Open(s.e.Path)
	if err != nil {
		return nil, s.fail(err)
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, max+1))
	if err != nil {
		return nil, fmt.Errorf("%s: offset %d: %w", s.name(), len(b), err)
	}
	if int64(len(b)) > max {
		return nil, fmt.Errorf("%s: larger than %d bytes", s.name(), max)
	}
	return b, nil
}
