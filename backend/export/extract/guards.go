package extract

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"packsmith/backend/archive"
)

// ErrRefused marks an extract refused before anything was written.
var ErrRefused = errors.New("refused")

// ErrExists is returned when files are in the way and Options.Overwrite is
// not set.
var ErrExists = errors.New("already exists")

func refuse(a archive.Archive, entry, format string, args ...any) error {
	return &archive.EntryError{Archive: a.Path(), Entry: entry, Offset: -1,
		Err: fmt.Errorf("%w: %s", ErrRefused, fmt.Sprintf(format, args...))}
}

// checkArchive refuses entries that share stored bytes, sizes the family's
// compression cannot reach, and links.
func checkArchive(a archive.Archive, jobs []job) error {
	want := make(map[string]bool, len(jobs))
	for _, j := range jobs {
		want[j.e.Path] = true
	}
	c := a.Capabilities()
	if c.IsLink != nil {
		for _, j := range jobs {
			if c.IsLink(j.e.Path) {
				return refuse(a, j.e.Path, "the entry is a symbolic link; Packsmith does not create links")
			}
		}
	}
	if max := c.MaxRatio; max > 0 {
		for _, j := range jobs {
			if j.e.Size > 1<<20 && j.e.Packed >= 0 && j.e.Size > max*j.e.Packed+1024 {
				return refuse(a, j.e.Path, "%d bytes stored in %d claim a ratio of %d:1; the family's compression reaches at most %d:1",
					j.e.Size, j.e.Packed, j.e.Size/max64(j.e.Packed, 1), max)
			}
		}
	}
	if c.Spans != nil {
		spans := c.Spans()
		sort.Slice(spans, func(i, k int) bool { return spans[i].Offset < spans[k].Offset })
		var prev *archive.Span
		for i := range spans {
			sp := &spans[i]
			if sp.Length <= 0 {
				continue
			}
			if prev != nil && sp.Offset < prev.Offset+prev.Length && (want[sp.Entry] || want[prev.Entry]) {
				return refuse(a, sp.Entry, "its stored bytes (offset %d, %d bytes) overlap those of %q (offset %d, %d bytes); no real archive shares bytes between entries",
					sp.Offset, sp.Length, prev.Entry, prev.Offset, prev.Length)
			}
			if prev == nil || sp.Offset+sp.Length > prev.Offset+prev.Length {
				prev = sp
			}
		}
	}
	return nil
}

func max64(a, b int64) int64 {
	if a > b {
		return a
	}
	return b
}

// checkTarget refuses, before anything is written: a link or a file where a
// folder is needed, a folder or link where a file goes, and (without
// overwrite) existing files. It returns the files that will be replaced.
func checkTarget(a archive.Archive, dir string, jobs []job, overwrite bool) (replaced []string, err error) {
	seenDir := map[string]bool{}
	var exist []string
	for _, j := range jobs {
		parts := strings.Split(j.rel, string(filepath.Separator))
		p := dir
		for _, part := range parts[:len(parts)-1] {
			p = filepath.Join(p, part)
			if seenDir[p] {
				continue
			}
			st, err := os.Lstat(p)
			switch {
			case errors.Is(err, fs.ErrNotExist):
				seenDir[p] = true // made later; nothing below it exists either
			case err != nil:
				return nil, refuse(a, j.e.Path, "checking %s: %v", p, pathErr(err))
			case st.Mode()&fs.ModeSymlink != 0:
				return nil, refuse(a, j.e.Path, "%s is a symbolic link; Packsmith does not write through links", p)
			case st.Mode()&fs.ModeIrregular != 0 && !st.IsDir():
				// Windows: a junction (Go reports it as irregular, not as a
				// folder or a link); it may lead anywhere. OneDrive's
				// folders are irregular too but still folders: they pass.
				return nil, refuse(a, j.e.Path, "%s is a junction or reparse point; Packsmith does not write through links", p)
			case !st.IsDir():
				return nil, refuse(a, j.e.Path, "%s is a file where the entry needs a folder", p)
			default:
				seenDir[p] = true
			}
		}
		dst := filepath.Join(dir, j.rel)
		st, err := os.Lstat(dst)
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			return nil, refuse(a, j.e.Path, "checking %s: %v", dst, pathErr(err))
		case st.Mode()&fs.ModeSymlink != 0:
			return nil, refuse(a, j.e.Path, "%s is a symbolic link; Packsmith does not write through links", dst)
		case st.IsDir():
			return nil, refuse(a, j.e.Path, "%s is a folder where the entry is a file", dst)
		default:
			exist = append(exist, j.rel)
		}
	}
	if len(exist) > 0 && !overwrite {
		more := ""
		if len(exist) > 1 {
			more = fmt.Sprintf(" and %d more", len(exist)-1)
		}
		return nil, &archive.EntryError{Archive: a.Path(), Entry: "", Offset: -1,
			Err: fmt.Errorf("%s%s %w in %s (overwrite them with --overwrite)", filepath.ToSlash(exist[0]), more, ErrExists, dir)}
	}
	return exist, nil
}

// ExistingWith lists the files (relative to dir, '/'-separated) an
// extract of names with opt's converters (the names they give) would
// replace, so the window can ask before it overwrites them. An entry a
// converter then keeps as it is lands under its own name, which the
// extract itself checks.
func ExistingWith(a archive.Archive, dir string, names []string, opt Options) ([]string, error) {
	jobs, _, err := plan(a, names, opt)
	if err != nil {
		return nil, err
	}
	rep, err := checkTarget(a, dir, jobs, true)
	for i := range rep {
		rep[i] = filepath.ToSlash(rep[i])
	}
	return rep, err
}

// pathErr drops the path from an *fs.PathError: messages name the archive
// and entry, not a staging path.
func pathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
