package modpack

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"packsmith/backend/sys/watch"
	"packsmith/formats/tl2/layout"
)

// Watch's memory between packs.
//
// A repack after a save needs what the pack before it learned: the walk
// of MEDIA/ (every file's size and time) and the incremental cache. A
// pack on its own reads the cache file and walks the folder again; Watch
// keeps both in a watchSession instead, and hands each pack the files the
// watcher saw change since the one before (backend/sys/watch compares
// every file's size and time on each poll). Then the walk is the last one
// with those files stat'ed again, and the cache is the one the last pack
// wrote, as it wrote it. It also keeps the layouts the RAW stage reads
// (MISSILES, UI), by their sources' content hashes, so an unchanged
// one is not parsed again on every save.
//
// The walk is reused only when that is exactly what a new walk would
// find: every changed path was a regular file of the last walk and still
// is one, and the watcher sees every file the walk packs (none is a link,
// whose target's saves the watcher does not see, and none has a name the
// watcher passes over: editors' temporary names, the cache's suffix, the
// caller's Ignore). Anything else (a file added or removed, a folder
// renamed) walks MEDIA/ again. Either way the files then go through the
// same sift as a walk's.
//
// A change the watcher reports later than the walk that saw it (saved
// between a poll and the pack) is only packed once more: the watcher's
// next change list holds it again.

// watchSession is what Watch keeps between the packs it runs. The packs
// run one at a time; the mutex only guards against a caller that would
// not.
type watchSession struct {
	mu      sync.Mutex
	ignore  func(abs string) bool // the watcher's Ignore: files it never reports
	changed []string              // what the watcher saw change before this pack ('/'-separated, from the mod folder); nil: unknown
	walk    *walkRecord           // the last walk of MEDIA/
	cache   *packCache            // the cache the last pack saved, as it saved it
	cacheAt string                // the .MOD that cache describes
	layouts map[string]keptLayout // the RAW stage's layouts (MISSILES, UI) by entry name
}

// keptLayout is a layout the RAW stage read, parsed from the source with
// this content hash. The RAW stage only reads layouts, so one parse
// serves every pack until the source changes.
type keptLayout struct {
	hash string
	lay  *layout.Layout
}

// layout is the layout kept for name when its source still has hash.
func (s *watchSession) layout(name, hash string) *layout.Layout {
	if s == nil || hash == "" {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if k, ok := s.layouts[name]; ok && k.hash == hash {
		return k.lay
	}
	return nil
}

// keepLayout keeps the layout parsed from name's source of hash.
func (s *watchSession) keepLayout(name, hash string, l *layout.Layout) {
	if s == nil || hash == "" || l == nil {
		return
	}
	s.mu.Lock()
	if s.layouts == nil {
		s.layouts = map[string]keptLayout{}
	}
	s.layouts[name] = keptLayout{hash, l}
	s.mu.Unlock()
}

// walkRecord is one walk of MEDIA/: its files in walk order, what it
// dropped, and whether the watcher can be trusted with every file.
type walkRecord struct {
	media, mediaName string
	all              []*srcFile
	drops            []walkDrop
	byRel            map[string]int // index into all
	unwatched        string         // a file the watcher does not see ("": none)
	col              *collection    // what sift made of all (collectIn)
	updated          []*srcFile     // reuseWalk: the files stat'ed again, for col
}

// withUpdated is c with the files in up (the same files, stat'ed again)
// in place of their old records. sift decides by names alone, so what it
// keeps, drops and says is the same; only the newest time is taken again.
func (c *collection) withUpdated(up []*srcFile) *collection {
	out := &collection{files: slices.Clone(c.files), findings: c.findings}
	for _, nf := range up {
		i, found := slices.BinarySearchFunc(out.files, nf.name, func(f *srcFile, name string) int { return strings.Compare(f.name, name) })
		if found && out.files[i].rel == nf.rel { // not found: a file sift drops
			out.files[i] = nf
		}
	}
	for _, f := range out.files {
		if f.mtime.After(out.newest) {
			out.newest = f.mtime
		}
	}
	return out
}

type walkDrop struct{ why, rel string }

func (w *walkRecord) drop(why, rel string) { w.drops = append(w.drops, walkDrop{why, rel}) }

// dropList is the walk's drops, replayed for sift.
func (w *walkRecord) dropList() *dropList {
	l := &dropList{}
	for _, d := range w.drops {
		l.add(d.why, d.rel)
	}
	return l
}

// index notes which files the watcher cannot be trusted with, and where
// each file sits in all.
func (w *walkRecord) index(ignore func(string) bool, links map[string]bool) {
	w.byRel = make(map[string]int, len(w.all))
	absMedia, err := filepath.Abs(w.media) // the watcher's Ignore is given absolute paths
	if err != nil {
		w.unwatched = w.media
	}
	for i, f := range w.all {
		w.byRel[f.rel] = i
		if w.unwatched != "" {
			continue
		}
		base := f.rel[strings.LastIndexByte(f.rel, '/')+1:]
		if links[f.rel] || watch.IsEditorTemp(base) || strings.HasSuffix(strings.ToLower(base), strings.ToLower(CacheSuffix)) || (ignore != nil && ignore(absMedia+f.abs[len(w.media):])) {
			w.unwatched = f.rel
		}
	}
}

// reuseWalk is the last walk with the changed files stat'ed again, or nil
// when MEDIA/ must be walked (see the top of this file).
func (s *watchSession) reuseWalk(media, mediaName string) *walkRecord {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	last, changed := s.walk, s.changed
	s.mu.Unlock()
	if last == nil || changed == nil || last.unwatched != "" || last.media != media || last.mediaName != mediaName {
		return nil
	}
	next := &walkRecord{media: media, mediaName: mediaName, all: last.all, drops: last.drops, byRel: last.byRel, col: last.col}
	copied := false
	for _, rel := range changed {
		if !strings.HasPrefix(rel, mediaName+"/") {
			continue // MOD.DAT, PACKSMITH.JSON: read by every pack anyway
		}
		i, ok := last.byRel[rel]
		if !ok {
			return nil // added, or not a file the walk kept
		}
		f := last.all[i]
		st, err := lstatRegular(f.abs)
		if err != nil {
			return nil // removed, or no longer a plain file
		}
		if !copied {
			next.all, copied = append([]*srcFile(nil), last.all...), true
		}
		nf := *f
		nf.size, nf.mtime = st.Size(), st.ModTime()
		next.all[i] = &nf
		next.updated = append(next.updated, &nf)
	}
	return next
}

// keepWalk keeps a walk for the next pack.
func (s *watchSession) keepWalk(w *walkRecord) {
	if s == nil {
		return
	}
	s.mu.Lock()
	s.walk = w
	s.mu.Unlock()
}

// keepCache keeps the cache a pack saved for the .MOD at out (nil: none).
func (s *watchSession) keepCache(out string, c *packCache) {
	if s == nil {
		return
	}
	s.mu.Lock()
	s.cache, s.cacheAt = c, out
	s.mu.Unlock()
}

// cacheFor is the kept cache when it describes the .MOD at out (its size
// and time are still checked against the file, as a read cache's are).
func (s *watchSession) cacheFor(out string) *packCache {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cache == nil || s.cacheAt != out {
		return nil
	}
	return s.cache
}

// lstatRegular is the file's own stat (as the watcher takes it), or an
// error when it is gone or not a regular file (a link is not).
func lstatRegular(abs string) (fs.FileInfo, error) {
	st, err := os.Lstat(abs)
	if err == nil && !st.Mode().IsRegular() {
		err = fs.ErrInvalid
	}
	return st, err
}
