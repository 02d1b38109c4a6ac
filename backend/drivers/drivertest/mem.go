// Package drivertest has an in-memory archive for tests of code written
// against the archive model, and the conformance suite every driver runs.
// It lives in drivers/, the top of backend/ (backend/doc.go), because the
// suite drives edit/writeback and the memory archive names kinds
// (view/kind); packages below import it only from their tests.
package drivertest

import (
	"bytes"
	"context"
	"io"
	"sort"

	"packsmith/backend/archive"
	"packsmith/backend/view/kind"
)

// Mem is an archive held in memory. Slow, when set, makes every Read block
// until the context passed to it is done or Slow's channel is closed; tests
// use it to cancel a job mid-entry.
type Mem struct {
	Name  string
	Files map[string][]byte
	Slow  <-chan struct{}
	list  []archive.Entry
}

// NewMem builds a Mem from path → bytes.
func NewMem(name string, files map[string][]byte) *Mem {
	m := &Mem{Name: name, Files: files}
	for p, b := range files {
		m.list = append(m.list, archive.Entry{Path: p, Size: int64(len(b)), Packed: int64(len(b)), Kind: kind.FromName(p)})
	}
	sort.Slice(m.list, func(i, j int) bool { return m.list[i].Path < m.list[j].Path })
	return m
}

func (m *Mem) Family() string           { return "mem" }
func (m *Mem) Path() string             { return m.Name }
func (m *Mem) Entries() []archive.Entry { return m.list }
func (m *Mem) Close() error             { return nil }

func (m *Mem) Open(p string) (io.ReadCloser, error) {
	b, ok := m.Files[p]
	if !ok {
		return nil, &archive.EntryError{Archive: m.Name, Entry: p, Offset: -1, Err: archive.ErrNotFound}
	}
	var r io.Reader = bytes.NewReader(b)
	if m.Slow != nil {
		r = &slowReader{r: r, gate: m.Slow}
	}
	return io.NopCloser(r), nil
}

type slowReader struct {
	r    io.Reader
	gate <-chan struct{}
}

func (s *slowReader) Read(b []byte) (int, error) {
	<-s.gate
	if len(b) > 4096 {
		b = b[:4096]
	}
	return s.r.Read(b)
}

// Capabilities: a Mem is read-only and has integrity checks that find
// nothing.
func (m *Mem) Capabilities() archive.Capabilities { return archive.Capabilities{Verify: m.Verify} }

// Verify reports nothing.
func (m *Mem) Verify(ctx context.Context, p archive.Progress) ([]archive.Finding, error) {
	return nil, ctx.Err()
}
