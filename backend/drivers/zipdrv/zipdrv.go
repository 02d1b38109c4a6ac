// Package zipdrv opens plain .zip files through Go's archive/zip. It is the
// family that needs no game: the demo workspace and the foundation's tests
// use it, and it is the smallest example of an archive.Driver.
package zipdrv

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/sys/safefile"
	"packsmith/backend/view/kind"
)

func init() { archive.Register(Driver{}) }

// Driver is the archive.Driver for .zip.
type Driver struct{}

func (Driver) Name() string { return "zip" }

func (Driver) Detect(name string, head []byte) bool {
	return bytes.HasPrefix(head, []byte("PK\x03\x04")) || bytes.HasPrefix(head, []byte("PK\x05\x06"))
}

func (Driver) Open(p string, _ archive.OpenOptions) (archive.Archive, error) {
	f, err := safefile.OpenShared(p)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	zr, err := zip.NewReader(f, st.Size())
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	a := &Archive{path: p, f: f, zr: zr, byPath: make(map[string]*zip.File, len(zr.File))}
	for _, zf := range zr.File {
		name := strings.ReplaceAll(zf.Name, `\`, "/")
		if strings.HasSuffix(name, "/") {
			continue // folder records: the tree derives folders from paths
		}
		a.byPath[name] = zf
		a.entries = append(a.entries, archive.Entry{
			Path:   name,
			Size:   int64(zf.UncompressedSize64),
			Packed: int64(zf.CompressedSize64),
			Kind:   kind.FromName(name),
			Extra:  &EntryExtra{Method: methodName(zf.Method), CRC32: zf.CRC32},
		})
	}
	return a, nil
}

func methodName(m uint16) string {
	switch m {
	case zip.Store:
		return "stored"
	case zip.Deflate:
		return "deflate"
	}
	return fmt.Sprintf("method %d", m)
}

// Archive is an open .zip.
type Archive struct {
	path    string
	f       *os.File
	zr      *zip.Reader
	entries []archive.Entry
	byPath  map[string]*zip.File
}

func (a *Archive) Family() string           { return "zip" }
func (a *Archive) Path() string             { return a.path }
func (a *Archive) Entries() []archive.Entry { return a.entries }
func (a *Archive) Close() error             { return a.f.Close() }

func (a *Archive) Open(entryPath string) (io.ReadCloser, error) {
	zf, ok := a.byPath[entryPath]
	if !ok {
		// The rule archive.Find and Rewrite use: exact first, then `\`
		// for '/', a leading '/' and any letter case.
		if e, found := archive.Find(a, entryPath); found {
			zf, ok = a.byPath[e.Path]
		}
	}
	if !ok {
		return nil, &archive.EntryError{Archive: a.path, Entry: entryPath, Offset: -1, Err: archive.ErrNotFound}
	}
	rc, err := zf.Open()
	if err != nil {
		off, _ := zf.DataOffset()
		return nil, &archive.EntryError{Archive: a.path, Entry: entryPath, Offset: off, Err: err}
	}
	return rc, nil
}

// Info reports the archive's comment and counts.
func (a *Archive) Info() any {
	var size, packed int64
	for _, e := range a.entries {
		size += e.Size
		packed += e.Packed
	}
	return map[string]any{
		"family":  "zip",
		"entries": len(a.entries),
		"size":    size,
		"packed":  packed,
		"comment": a.zr.Comment,
	}
}

// Verify inflates every entry and checks its CRC-32 and size.
func (a *Archive) Verify(ctx context.Context, p archive.Progress) ([]archive.Finding, error) {
	var out []archive.Finding
	total := int64(len(a.entries))
	for i, e := range a.entries {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		p.Progress(int64(i), total, e.Path)
		zf := a.byPath[e.Path]
		rc, err := zf.Open()
		if err != nil {
			out = append(out, archive.Finding{Severity: archive.SevError, Check: "open", Entry: e.Path, Message: err.Error()})
			continue
		}
		h := crc32.NewIEEE()
		n, err := io.Copy(h, rc)
		rc.Close()
		switch {
		case err != nil && h.Sum32() != zf.CRC32:
			out = append(out, archive.Finding{Severity: archive.SevError, Check: "crc", Entry: e.Path,
				Message: fmt.Sprintf("CRC-32 stored %08X, computed %08X: the entry is damaged", zf.CRC32, h.Sum32())})
		case err != nil:
			out = append(out, archive.Finding{Severity: archive.SevError, Check: "inflate", Entry: e.Path, Message: err.Error()})
		case n != e.Size:
			out = append(out, archive.Finding{Severity: archive.SevError, Check: "size", Entry: e.Path,
				Message: fmt.Sprintf("size stored %d, inflated %d", e.Size, n)})
		}
	}
	p.Progress(total, total, "")
	return out, nil
}
