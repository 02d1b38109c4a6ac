// Package watch tells when files under a folder were saved. It keeps each
// file's size and modification time, and reports a change once the folder
// has been quiet for a moment (an editor saving writes a temporary file,
// renames it, touches a backup: one save, not three).
//
// Two things wake it. The system's change notifications (inotify on Linux,
// ReadDirectoryChangesW on Windows; notify*.go) name the paths that
// changed, and only those are stat'ed: a save is seen within milliseconds,
// which Pack on save needs to put it in the deployed .MOD within a second
// (issue 35). The poll stays, walking the folder every interval, because
// notifications miss changes that polling sees (network shares, WSL's
// /mnt/c and Wine's Z: drive, where Torchlight II modders keep their mods)
// and inotify needs a watch per folder (a real mod has thousands; past the
// per-user limit the rest are the poll's). A walk costs ~100 ms for 33,000
// files on this machine, so the interval grows to four walks when a walk
// is slow, keeping the watcher under ~20 % of one core.
package watch

import (
	"context"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"
	"time"
)

// Defaults.
const (
	DefaultInterval = 500 * time.Millisecond
	DefaultDebounce = 300 * time.Millisecond
	// DefaultNotifiedDebounce is the quiet time when the system's change
	// notifications wake the Watcher: a save is seen as it happens, not up
	// to a poll later, and the settle still stats the saved files until
	// they stand still this long; 300 ms of it was a third of Pack on
	// save's time from a save to the deployed .MOD (issue 35).
	DefaultNotifiedDebounce = 75 * time.Millisecond
)

// IsEditorTemp says whether a file name is one editors write while saving
// or keep beside a file, never a source: Emacs' backups and locks (name~,
// .#name, #name#), Vim's swap files and its write test (.swp/.swo/.swx,
// 4913), *.tmp (also Packsmith's own temporary files), Office's ~$name,
// macOS's ._name and .DS_Store, Windows' Thumbs.db and desktop.ini.
func IsEditorTemp(name string) bool {
	l := strings.ToLower(name)
	switch {
	case strings.HasSuffix(l, "~"),
		strings.HasPrefix(l, ".#"),
		strings.HasPrefix(l, "#") && strings.HasSuffix(l, "#"),
		strings.HasPrefix(l, "~$"),
		strings.HasPrefix(l, "._"),
		l == "4913", l == ".ds_store", l == "thumbs.db", l == "desktop.ini":
		return true
	}
	switch filepath.Ext(l) {
	case ".swp", ".swo", ".swx", ".swn", ".tmp", ".temp", ".crdownload", ".part":
		return true
	}
	return false
}

// skipDir: version-control folders change on commits, not saves.
func skipDir(name string) bool {
	switch name {
	case ".git", ".svn", ".hg", ".bzr":
		return true
	}
	return false
}

// Options tune a Watcher.
type Options struct {
	Interval time.Duration // between polls (0: DefaultInterval)
	Debounce time.Duration // quiet time after the last change (0: DefaultNotifiedDebounce with notifications, else DefaultDebounce)
	// Ignore, when set, leaves out more files: path is absolute.
	Ignore func(path string) bool
	// PollOnly leaves the system's change notifications off (tests of
	// the poll, and folders where notifications misbehave).
	PollOnly bool
}

// stat is what a poll keeps of one path. A symbolic link is kept as its
// target's text and what that target is now (size and time of a file it
// resolves to, zero when it resolves to nothing, a folder, or a loop): the
// same on every look, so a link is a change only when it is re-pointed or
// the file it names is saved. Scan and the settling stat must both see a
// link this way; one following it and the other not made every link a
// change on every poll (issue 30: a link loop repacked every second).
type stat struct {
	size  int64
	mtime int64
	link  string // the target of a symbolic link, "" for a file
}

// statOf is path's stat from its Lstat info; false for a folder.
func statOf(path string, info fs.FileInfo) (stat, bool) {
	if info.IsDir() {
		return stat{}, false
	}
	if info.Mode()&fs.ModeSymlink == 0 {
		return stat{info.Size(), info.ModTime().UnixNano(), ""}, true
	}
	target, err := os.Readlink(path)
	if err != nil || target == "" {
		target = "?" // unreadable: still a link, never equal to a file
	}
	st := stat{link: target}
	if t, err := os.Stat(path); err == nil && t.Mode().IsRegular() {
		st.size, st.mtime = t.Size(), t.ModTime().UnixNano()
	}
	return st, true
}

// Watcher polls one folder.
type Watcher struct {
	root string
	opt  Options
	last map[string]stat
	walk time.Duration // the last walk's duration
	// scans counts walks, for tests that drive many polls.
	scans atomic.Int64
	note  notifier // nil: polling alone
	dirs  []string // folders the last walk found, relative ("." for the root)
}

// New takes the first look at root; Next reports changes from then on.
func New(root string, o Options) (*Watcher, error) {
	if o.Interval <= 0 {
		o.Interval = DefaultInterval
	}
	w := &Watcher{root: filepath.Clean(root), opt: o}
	if !o.PollOnly {
		// Before the first walk, so nothing saved during it is missed.
		w.note = newNotifier(w.root)
	}
	if w.opt.Debounce <= 0 {
		w.opt.Debounce = DefaultDebounce
		if w.note != nil {
			w.opt.Debounce = DefaultNotifiedDebounce
		}
	}
	s, err := w.scan()
	if err != nil {
		w.Close()
		return nil, err
	}
	w.last = s
	return w, nil
}

// Close stops the system's notifications; the Watcher must not be used
// after it.
func (w *Watcher) Close() {
	if w.note != nil {
		w.note.close()
		w.note = nil
	}
}

func (w *Watcher) scan() (map[string]stat, error) {
	t0 := time.Now()
	w.scans.Add(1)
	out := make(map[string]stat, len(w.last))
	w.dirs = w.dirs[:0]
	err := filepath.WalkDir(w.root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == w.root {
				return err
			}
			return nil // vanished while walking, or unreadable: the next poll sees it
		}
		if d.IsDir() {
			if p != w.root && skipDir(d.Name()) {
				return filepath.SkipDir
			}
			rel, _ := filepath.Rel(w.root, p)
			w.dirs = append(w.dirs, filepath.ToSlash(rel))
			return nil
		}
		if IsEditorTemp(d.Name()) || (w.opt.Ignore != nil && w.opt.Ignore(p)) {
			return nil
		}
		info, err := d.Info() // WalkDir does not follow links; Info is Lstat's
		if err != nil {
			return nil
		}
		st, ok := statOf(p, info)
		if !ok {
			return nil
		}
		rel, _ := filepath.Rel(w.root, p)
		out[filepath.ToSlash(rel)] = st
		return nil
	})
	w.walk = time.Since(t0)
	if w.note != nil {
		w.note.watchDirs(w.dirs)
	}
	return out, err
}

// diff lists the files added, removed or changed from a to b, sorted.
func diff(a, b map[string]stat) []string {
	var ch []string
	for k, v := range b {
		if o, ok := a[k]; !ok || o != v {
			ch = append(ch, k)
		}
	}
	for k := range a {
		if _, ok := b[k]; !ok {
			ch = append(ch, k)
		}
	}
	sort.Strings(ch)
	return ch
}

func (w *Watcher) interval() time.Duration {
	if d := 4 * w.walk; d > w.opt.Interval {
		return d
	}
	return w.opt.Interval
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Next waits until files under the folder changed (added, removed, saved)
// and then nothing changed for the debounce time, and returns the changed
// paths ('/'-separated, relative to the folder). It returns ctx's error
// when ctx ends first.
func (w *Watcher) Next(ctx context.Context) ([]string, error) {
	for {
		s, ch, err := w.look(ctx)
		if err != nil {
			return nil, err
		}
		if len(ch) == 0 {
			continue
		}
		// Settle: look at the changed files again (a stat each, not a
		// walk) until they stood still for the debounce time. Files saved
		// meanwhile elsewhere are the next poll's change.
		seen := map[string]bool{}
		for _, c := range ch {
			seen[c] = true
		}
		quiet := time.Now()
		step := w.opt.Debounce / 6
		if step < 10*time.Millisecond {
			step = 10 * time.Millisecond
		}
		for time.Since(quiet) < w.opt.Debounce {
			if err := sleep(ctx, step); err != nil {
				return nil, err
			}
			for c := range seen {
				st, ok := w.statRel(c)
				if old, had := s[c]; ok != had || (ok && st != old) {
					if ok {
						s[c] = st
					} else {
						delete(s, c)
					}
					quiet = time.Now()
				}
			}
		}
		w.last = s
		out := []string{}
		for c := range seen {
			out = append(out, c)
		}
		sort.Strings(out)
		return out, nil
	}
}

// statRel stats one file the way scan does (Lstat, links by target).
func (w *Watcher) statRel(rel string) (stat, bool) {
	p := filepath.Join(w.root, filepath.FromSlash(rel))
	info, err := os.Lstat(p)
	if err != nil {
		return stat{}, false
	}
	return statOf(p, info)
}

// Accept takes the current state of the named files (relative, '/') as
// seen, so that a change the caller made itself (MOD.DAT given its id by
// the pack) is not reported.
func (w *Watcher) Accept(rels ...string) {
	for _, r := range rels {
		if st, ok := w.statRel(r); ok {
			w.last[r] = st
		} else {
			delete(w.last, r)
		}
	}
}

// look waits for the next poll or notification and returns the folder's
// state as it now stands and what changed from w.last. A notification
// names the paths to look at, so only those are stat'ed; a poll, or a
// notification that folders changed, walks the whole folder.
func (w *Watcher) look(ctx context.Context) (map[string]stat, []string, error) {
	paths, rescan, err := w.wait(ctx)
	if err != nil {
		return nil, nil, err
	}
	if len(paths) > 64 {
		rescan = true // one walk costs less than this many folder checks
	}
	if !rescan {
		for _, p := range paths {
			if w.hadUnder(p) {
				rescan = true // a folder removed or renamed away
				break
			}
		}
	}
	if rescan {
		s, err := w.scan()
		if err != nil {
			if os.IsNotExist(err) {
				return nil, nil, nil // the folder is being replaced: wait for it
			}
			return nil, nil, err
		}
		return s, diff(w.last, s), nil
	}
	s := maps.Clone(w.last)
	var ch []string
	for _, p := range paths {
		if !w.watched(p) {
			continue
		}
		st, ok := w.statRel(p)
		if old, had := s[p]; ok != had || (ok && st != old) {
			if ok {
				s[p] = st
			} else {
				delete(s, p)
			}
			ch = append(ch, p)
		}
	}
	sort.Strings(ch)
	return s, ch, nil
}

// wait sleeps until the poll interval ends (rescan true) or the notifier
// names changed paths.
func (w *Watcher) wait(ctx context.Context) (paths []string, rescan bool, err error) {
	t := time.NewTimer(w.interval())
	defer t.Stop()
	var ready <-chan struct{}
	if w.note != nil {
		ready = w.note.ready()
	}
	select {
	case <-ctx.Done():
		return nil, false, ctx.Err()
	case <-t.C:
		return nil, true, nil
	case <-ready:
		paths, rescan = w.note.take()
		return paths, rescan, nil
	}
}

// hadUnder says whether the last look saw files under rel as a folder.
func (w *Watcher) hadUnder(rel string) bool {
	prefix := rel + "/"
	if rel == "." {
		return true
	}
	for k := range w.last {
		if strings.HasPrefix(k, prefix) {
			return true
		}
	}
	return false
}

// watched says whether a path a notification named is one the walk
// would keep: not an editor's file, not in a version-control folder, not
// ignored by the caller.
func (w *Watcher) watched(rel string) bool {
	if rel == "." || rel == "" || strings.HasPrefix(rel, "../") {
		return false
	}
	parts := strings.Split(rel, "/")
	for _, d := range parts[:len(parts)-1] {
		if skipDir(d) {
			return false
		}
	}
	if IsEditorTemp(parts[len(parts)-1]) {
		return false
	}
	return w.opt.Ignore == nil || !w.opt.Ignore(filepath.Join(w.root, filepath.FromSlash(rel)))
}
