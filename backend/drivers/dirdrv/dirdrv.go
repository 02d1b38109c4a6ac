// Package dirdrv shows a folder on disk (a mod folder, an extracted game
// folder) as an archive: every regular file below it is an entry, named by
// its '/'-separated path inside the folder, so the window's tree, filter,
// previews and extract work on folders as on archives. It is the generic
// folder view: it scores 1, and a family's own folder view scores more.
package dirdrv

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/sys/safefile"
	"packsmith/backend/view/kind"
)

// MaxEntries caps how many files a folder view lists (an extracted
// DATA.PAK holds about 70,000).
const MaxEntries = 2_000_000

func init() { archive.RegisterDir(Driver{}) }

// Driver is the generic folder view.
type Driver struct{}

func (Driver) Name() string { return "folder" }

// DetectDir takes any folder it can read, with the lowest score.
func (Driver) DetectDir(dir string) int {
	if st, err := os.Stat(dir); err == nil && st.IsDir() {
		return archive.AnyFolder
	}
	return 0
}

// OpenDir lists the folder. Symbolic links are not followed (a link loop
// or a link out of the folder would list files that are not in it).
func (Driver) OpenDir(dir string, _ archive.OpenOptions) (archive.Archive, error) {
	root, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	a := &Archive{root: root, byPath: map[string]int{}}
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == root {
				return err
			}
			a.skipped++ // an unreadable sub-folder: listed as skipped, not fatal
			return fs.SkipDir
		}
		if !d.Type().IsRegular() {
			return nil
		}
		if len(a.entries) >= MaxEntries {
			return fmt.Errorf("%s: more than %d files; open a sub-folder", dir, MaxEntries)
		}
		info, err := d.Info()
		if err != nil {
			a.skipped++
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		name := filepath.ToSlash(rel)
		a.byPath[name] = len(a.entries)
		a.entries = append(a.entries, archive.Entry{Path: name, Size: info.Size(), Packed: info.Size(), Kind: kind.FromName(name)})
		a.bytes += info.Size()
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.SliceStable(a.entries, func(i, j int) bool { return a.entries[i].Path < a.entries[j].Path })
	for i, e := range a.entries {
		a.byPath[e.Path] = i
	}
	return a, nil
}

// Archive is an opened folder.
type Archive struct {
	root    string
	entries []archive.Entry
	byPath  map[string]int
	bytes   int64
	skipped int
}

func (a *Archive) Family() string           { return "folder" }
func (a *Archive) Path() string             { return a.root }
func (a *Archive) Entries() []archive.Entry { return a.entries }
func (a *Archive) Close() error             { return nil }

// Capabilities: a folder is read, not written as a whole; its entries are
// files on disk, opened where they are.
func (a *Archive) Capabilities() archive.Capabilities {
	return archive.Capabilities{
		Info: a.Info,
		DiskPath: func(entry string) string {
			return filepath.Join(a.root, filepath.FromSlash(entry))
		},
	}
}

// Open reads one file of the folder; only listed names open, so a name
// can never reach outside it.
func (a *Archive) Open(entryPath string) (io.ReadCloser, error) {
	p := strings.TrimPrefix(strings.ReplaceAll(entryPath, `\`, "/"), "/")
	i, ok := a.byPath[p]
	if !ok {
		e, found := archive.Find(a, p)
		if !found {
			return nil, &archive.EntryError{Archive: a.root, Entry: entryPath, Offset: -1, Err: archive.ErrNotFound}
		}
		i = a.byPath[e.Path]
	}
	f, err := safefile.OpenShared(filepath.Join(a.root, filepath.FromSlash(a.entries[i].Path)))
	if err != nil {
		return nil, &archive.EntryError{Archive: a.root, Entry: entryPath, Offset: -1, Err: err}
	}
	return f, nil
}

// Info is what `packsmith info DIR` and the window's card show.
func (a *Archive) Info() any {
	out := map[string]any{"folder": a.root, "files": len(a.entries), "bytes": a.bytes}
	if a.skipped > 0 {
		out["skipped"] = fmt.Sprintf("%d files or folders could not be read", a.skipped)
	}
	return out
}
