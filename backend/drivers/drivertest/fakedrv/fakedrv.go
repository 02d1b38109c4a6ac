// Package fakedrv is a test-only game family: ".psfake" files, a made-up
// format small enough to read at a glance. It exists to prove the
// "Adding a game family" steps (backend/archive/doc.go): it was added with
// only the files that section names (this driver, its family.go and its
// conformance_test.go, in the shape of zipdrv), and the kind map, the open
// dialog's filter, the welcome text's families and the unknown-file hint
// pick it up with no other edit (app/families_test.go,
// frontend/src/lib/families.test.js). Only tests import it: it is not in
// drivers/all, so the real program never registers it.
//
// # Byte layout
//
//	"PSFAKE\n"                      magic, 7 bytes
//	then per entry, to the end:
//	  path "\n"                     '/'-separated, relative
//	  size (decimal ASCII) "\n"
//	  size bytes                    the entry's bytes, stored
package fakedrv

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/view/kind"
)

// Magic opens every .psfake file.
const Magic = "PSFAKE\n"

// Name is the family's id.
const Name = "psfake"

func init() { archive.Register(Driver{}) }

// Driver opens .psfake files.
type Driver struct{}

func (Driver) Name() string { return Name }

// Detect takes a file by its magic, whatever its name.
func (Driver) Detect(_ string, head []byte) bool { return bytes.HasPrefix(head, []byte(Magic)) }

// Open reads the whole file: a test format, never large.
func (Driver) Open(p string, _ archive.OpenOptions) (archive.Archive, error) {
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	if !bytes.HasPrefix(b, []byte(Magic)) {
		return nil, fmt.Errorf("%s: no %q magic: %w", p, strings.TrimSpace(Magic), archive.ErrUnknownFormat)
	}
	a := &Archive{path: p, data: map[string][]byte{}}
	r := bufio.NewReader(bytes.NewReader(b[len(Magic):]))
	for off := int64(len(Magic)); ; {
		name, err := r.ReadString('\n')
		if err == io.EOF && name == "" {
			return a, nil
		}
		size, err2 := r.ReadString('\n')
		n, err3 := strconv.ParseInt(strings.TrimSuffix(size, "\n"), 10, 64)
		if err != nil || err2 != nil || err3 != nil || n < 0 || n > int64(len(b)) {
			return nil, fmt.Errorf("%s (offset 0x%x): a damaged entry header", p, off)
		}
		body := make([]byte, n)
		if _, err := io.ReadFull(r, body); err != nil {
			return nil, fmt.Errorf("%s (offset 0x%x): entry %q ends early: %w", p, off, name, err)
		}
		name = strings.TrimSuffix(name, "\n")
		a.data[name] = body
		a.list = append(a.list, archive.Entry{Path: name, Size: n, Packed: n, Kind: kind.FromName(name)})
		off += int64(len(name)+len(size)+1) + n
	}
}

// Write writes a .psfake holding files, in the order of names.
func Write(p string, names []string, files map[string][]byte) error {
	var b bytes.Buffer
	b.WriteString(Magic)
	for _, n := range names {
		fmt.Fprintf(&b, "%s\n%d\n", n, len(files[n]))
		b.Write(files[n])
	}
	return os.WriteFile(p, b.Bytes(), 0o644)
}

// Archive is an open .psfake: read-only.
type Archive struct {
	path string
	data map[string][]byte
	list []archive.Entry
}

func (a *Archive) Family() string                     { return Name }
func (a *Archive) Path() string                       { return a.path }
func (a *Archive) Entries() []archive.Entry           { return a.list }
func (a *Archive) Close() error                       { return nil }
func (a *Archive) Capabilities() archive.Capabilities { return archive.Capabilities{} }

func (a *Archive) Open(name string) (io.ReadCloser, error) {
	b, ok := a.data[name]
	if !ok {
		return nil, &archive.EntryError{Archive: filepath.Base(a.path), Entry: name, Offset: -1, Err: archive.ErrNotFound}
	}
	return io.NopCloser(bytes.NewReader(b)), nil
}
