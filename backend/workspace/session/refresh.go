package session

import (
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"packsmith/backend/archive"
)

// Overlapping lists the sessions, other than except, that show a file a
// save to any of paths wrote (issue 46: a game-folder tab kept the sizes
// and bytes of a .dat another tab had saved): a session on the same file,
// on a folder holding it, or on a file inside a saved folder. Sorted by
// id.
func (m *Manager) Overlapping(except string, paths ...string) []*Session {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []*Session
	for id, s := range m.byID {
		if id == except {
			continue
		}
		for _, p := range paths {
			if p != "" && overlaps(s.Archive.Path(), p) {
				out = append(out, s)
				break
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// Reopen reads the session's archive again from disk, with the options it
// was opened with, and puts it in place of the old one (which is closed):
// its listing, sizes and bytes are then what the file holds now.
func (s *Session) Reopen() error {
	a, err := archive.Open(s.Archive.Path(), s.Opts)
	if err != nil {
		return err
	}
	return s.Swap(a).Close()
}

// overlaps says whether a and b are the same path or one holds the other.
func overlaps(a, b string) bool {
	a, b = canon(a), canon(b)
	sep := string(filepath.Separator)
	return a == b || strings.HasPrefix(b, strings.TrimSuffix(a, sep)+sep) || strings.HasPrefix(a, strings.TrimSuffix(b, sep)+sep)
}

// canon is p absolute, cleaned, its links resolved where it exists, and
// folded where the file system ignores case (Windows).
func canon(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
	}
	if _, err := os.Lstat(p); err == nil {
		if r, err := filepath.EvalSymlinks(p); err == nil {
			p = r
		}
	}
	p = filepath.Clean(p)
	if runtime.GOOS == "windows" {
		p = strings.ToLower(p)
	}
	return p
}
