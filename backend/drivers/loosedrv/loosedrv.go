// Package loosedrv opens a file no archive family knows (a texture, a walk
// grid, a data or layout file, a RAW index, modlauncher.sch) as a one-entry
// archive, so the window opens it straight into its preview and the command
// line's ls/info/cat/extract take it. It is a fallback driver: tried only
// when no family recognises the file.
package loosedrv

import (
	"bytes"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/sys/safefile"
	"packsmith/backend/view/kind"
	"packsmith/backend/view/preview"
)

func init() { archive.RegisterFallback(Driver{}) }

// Driver opens loose files.
type Driver struct{}

func (Driver) Name() string { return "file" }

// extra names loose files kind.FromName calls binary.
var extra = map[string]string{".sch": kind.Text}

// Detect takes files with a name or a first few bytes that have a view:
// not any binary file, nor a file named like an archive that no family
// takes (those still say "not an archive Packsmith knows").
func (Driver) Detect(name string, head []byte) bool {
	if k := kindOf(name); k != kind.Binary && k != kind.Archive {
		return true
	}
	for _, magic := range [][]byte{[]byte("DDS "), []byte("\x89PNG"), {0xFF, 0xD8, 0xFF}} {
		if bytes.HasPrefix(head, magic) {
			return true
		}
	}
	return false
}

func kindOf(name string) string {
	if k, ok := extra[strings.ToLower(filepath.Ext(name))]; ok {
		return k
	}
	return kind.FromName(name)
}

// EntryName is the entry a loose file shows as: its path from the last
// MEDIA folder on (compiled layouts and RAW indices read their kind from
// where they sit), else its name.
func EntryName(p string) string {
	s := strings.ReplaceAll(p, `\`, "/") // a Windows path read on any system
	low := strings.ToLower(s)
	if i := strings.LastIndex(low, "/media/"); i >= 0 {
		return s[i+1:]
	}
	if strings.HasPrefix(low, "media/") {
		return s
	}
	return path.Base(s)
}

func (Driver) Open(p string, _ archive.OpenOptions) (archive.Archive, error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	name := EntryName(p)
	return &Archive{path: p, entry: archive.Entry{Path: name, Size: st.Size(), Packed: st.Size(), Kind: kindOf(name)}}, nil
}

// Archive is one loose file.
type Archive struct {
	path  string
	entry archive.Entry
}

func (a *Archive) Family() string           { return "file" }
func (a *Archive) Path() string             { return a.path }
func (a *Archive) Entries() []archive.Entry { return []archive.Entry{a.entry} }
func (a *Archive) Close() error             { return nil }

// Capabilities: the one entry is the file itself.
func (a *Archive) Capabilities() archive.Capabilities {
	return archive.Capabilities{Info: a.Info, DiskPath: func(string) string { return a.path }, SingleFile: true}
}

func (a *Archive) Open(p string) (io.ReadCloser, error) {
	if !strings.EqualFold(strings.ReplaceAll(p, `\`, "/"), a.entry.Path) {
		return nil, &archive.EntryError{Archive: a.path, Entry: p, Offset: -1, Err: archive.ErrNotFound}
	}
	return safefile.OpenShared(a.path)
}

// Info says what the file is and how the window shows it.
func (a *Archive) Info() any {
	out := map[string]any{"file": a.path, "size": a.entry.Size, "kind": a.entry.Kind}
	if d, err := preview.Describe(a, a.entry); err == nil {
		views := make([]string, len(d.Views))
		for i, v := range d.Views {
			views[i] = string(v)
		}
		out["views"] = strings.Join(views, ", ")
		if d.Renderer != "" {
			out["shownAs"] = d.Renderer
		}
		if d.Encoding != "" {
			out["encoding"] = d.Encoding
		}
	}
	return out
}
