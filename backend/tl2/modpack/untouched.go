package modpack

import (
	"io"
	"os"
	"strings"
)

// untouched says whether every file the watcher reported is one the last
// pack read and still holds the bytes it read: a `touch`, or an editor
// saving an unchanged file, changes the time and nothing else, and packing
// again would only write the same .MOD (pack --watch repacked, and said
// so, after every touch). The .MOD the last pack wrote must still be the
// one its cache describes. Anything it cannot vouch for (a new or removed
// file, MOD.DAT, a file larger than it read) is a change.
func (s *watchSession) untouched(changed []string) bool {
	if s == nil || len(changed) == 0 {
		return false
	}
	s.mu.Lock()
	walk, c, out := s.walk, s.cache, s.cacheAt
	s.mu.Unlock()
	if walk == nil || c == nil || walk.unwatched != "" {
		return false
	}
	if st, err := os.Stat(out); err != nil || st.Size() != c.ModSize || st.ModTime().UnixNano() != c.ModTime {
		return false
	}
	for _, rel := range changed {
		if !strings.HasPrefix(rel, walk.mediaName+"/") {
			return false
		}
		i, ok := walk.byRel[rel]
		if !ok {
			return false
		}
		f := walk.all[i]
		e, ok := c.Entries[f.name]
		if !ok || !sameBytes(f.abs, e.Size, e.Hash) {
			return false
		}
	}
	return true
}

// sameBytes says whether the file at p is size bytes with contentHash hash.
func sameBytes(p string, size int64, hash string) bool {
	fh, err := os.Open(p)
	if err != nil {
		return false
	}
	defer fh.Close()
	b, err := io.ReadAll(io.LimitReader(fh, size+1))
	return err == nil && int64(len(b)) == size && contentHash(b) == hash
}
