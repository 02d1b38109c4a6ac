package modpack

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"packsmith/formats/tl2/mod"
	"packsmith/formats/workpool"
)

// walkMedia is collect's walk of MEDIA/: folders are read (and their files
// stat'ed) by a few goroutines at once, then the results are visited in
// the order filepath.WalkDir would have visited them, so the files, the
// drops and the first error come out exactly as from a serial walk.

// walkItem is one entry of a folder, in name order.
type walkItem struct {
	kind walkKind
	rel  string   // slash path from the mod folder
	file *srcFile // walkFile
	sub  *walkDir // walkSub
	err  error    // walkFile: reading its size failed (the walk stops there)
	link bool     // walkFile: a symbolic link (its target's size and time)
}

type walkKind uint8

const (
	walkFile      walkKind = iota // a regular file (or one whose Stat failed)
	walkSub                       // a folder to descend into
	walkHidden                    // a folder not descended into (".git")
	walkJunk                      // a hidden or system file
	walkIrregular                 // not a regular file once links are followed
)

// walkDir is one folder: its entries once read, or why they could not be.
type walkDir struct {
	abs, rel string
	items    []walkItem
	err      error
}

// walker hands folders to its goroutines: a stack of folders to read and
// how many are queued or being read.
type walker struct {
	cancelled func() bool
	// relAt: where a path's rel starts in its abs, when the one is the
	// end of the other (the separator is '/', and media ends in
	// mediaName); -1 otherwise (Windows). Then rel, and the entry name
	// when rel is upper case, are pieces of abs, not strings of their
	// own: what the walk holds of a repack's live heap went from 11 to
	// 4 MB for 37,000 files (issue 47's shape, heap profile).
	relAt int

	mu      sync.Mutex
	more    *sync.Cond
	queue   []*walkDir
	pending int
}

// walkMedia returns MEDIA/'s packable files in walk order, reporting the
// entries it passes over to drop, in walk order too, and the files that
// are links to link (nil: not asked).
func walkMedia(media, mediaName string, cancelled func() bool, drop func(why, rel string), link func(rel string)) ([]*srcFile, error) {
	if _, err := os.Lstat(media); err != nil {
		return nil, err // as filepath.WalkDir reports its root
	}
	if cancelled() {
		return nil, errCancelled
	}
	root := &walkDir{abs: media, rel: mediaName}
	w := &walker{cancelled: cancelled, queue: []*walkDir{root}, pending: 1, relAt: -1}
	if filepath.Separator == '/' && strings.HasSuffix(media, "/"+mediaName) {
		w.relAt = len(media) - len(mediaName)
	}
	w.more = sync.NewCond(&w.mu)
	// two at least: one reads while the other waits on the disk
	workpool.Go(max(2, workpool.Workers(0)), w.work)()

	var files []*srcFile
	var visit func(d *walkDir) error
	visit = func(d *walkDir) error {
		if d.err != nil {
			return d.err
		}
		for i := range d.items {
			it := &d.items[i]
			if cancelled() {
				return errCancelled
			}
			switch it.kind {
			case walkSub:
				if err := visit(it.sub); err != nil {
					return err
				}
			case walkHidden:
				drop("hidden folder", it.rel+"/")
			case walkJunk:
				drop("hidden or system file", it.rel)
			case walkIrregular:
				drop("not a regular file", it.rel)
			case walkFile:
				if it.err != nil {
					return it.err
				}
				files = append(files, it.file)
				if it.link && link != nil {
					link(it.rel)
				}
			}
		}
		return nil
	}
	if err := visit(root); err != nil {
		return nil, err
	}
	return files, nil
}

// work reads queued folders until none is left to read.
func (w *walker) work() {
	for {
		w.mu.Lock()
		for len(w.queue) == 0 && w.pending > 0 {
			w.more.Wait()
		}
		if w.pending == 0 {
			w.mu.Unlock()
			return
		}
		d := w.queue[len(w.queue)-1]
		w.queue = w.queue[:len(w.queue)-1]
		w.mu.Unlock()

		var subs []*walkDir
		if w.cancelled() {
			d.err = errCancelled // the visit stops here or before
		} else {
			subs = w.read(d)
		}

		w.mu.Lock()
		w.queue = append(w.queue, subs...)
		w.pending += len(subs) - 1
		w.mu.Unlock()
		w.more.Broadcast()
	}
}

// dirEntry is one name a folder lists: its type bits as listed
// (fs.ModeDir, fs.ModeSymlink, 0 for a regular file, fs.ModeIrregular
// for anything else) and, where the listing holds more (Windows: size
// and time), the listing's entry.
type dirEntry struct {
	name string
	typ  fs.FileMode
	ent  fs.DirEntry
}

// read lists one folder and stats its files, returning its subfolders.
func (w *walker) read(d *walkDir) []*walkDir {
	ents, dh, err := listFolder(d.abs) // sorted by name, as WalkDir reads; dh for the stats
	if err != nil {
		d.err = err
		return nil
	}
	defer dh.close()
	d.items = make([]walkItem, len(ents))
	var subs []*walkDir
	for i, e := range ents {
		name := e.name
		it := &d.items[i]
		abs := d.abs + string(filepath.Separator) + name // = filepath.Join: a name has no separator
		if w.relAt >= 0 {
			it.rel = abs[w.relAt:] // = d.rel + "/" + name: d.abs ends in d.rel
		} else {
			it.rel = d.rel + "/" + name
		}
		switch {
		case e.typ.IsDir():
			if strings.HasPrefix(name, ".") {
				it.kind = walkHidden
				continue
			}
			it.kind, it.sub = walkSub, &walkDir{abs: abs, rel: it.rel}
			subs = append(subs, it.sub)
		case isJunk(name):
			it.kind = walkJunk
		default:
			info, err := statEntry(dh, abs, name, e)
			switch {
			case err != nil:
				it.err = err
			case !info.mode.IsRegular():
				it.kind = walkIrregular
			default:
				// The entry name is rel upper-cased: MEDIA/'s own name is
				// MEDIA in some case (findMedia: EqualFold, whose folds of
				// M, E, D, I, A are ASCII only), so no "MEDIA" + rest[…]
				// copy, and rel itself when it is upper case already.
				it.file = &srcFile{rel: it.rel, name: mod.UpperName(it.rel), abs: abs,
					size: info.size, mtime: info.mtime}
				it.link = e.typ&fs.ModeSymlink != 0
				it.file.classify()
			}
		}
	}
	return subs
}

// statEntry is os.Stat(abs) (links followed). On Windows the folder
// listing already holds a regular file's size and time, so they are taken
// from the entry instead of opening the file; a link, anything irregular
// or a failure still goes to os.Stat, so the result and the error are what
// it gives. Elsewhere the listing has no sizes: a stat is the one call,
// by name in the folder dh where it can be (walkstat_linux.go).
func statEntry(dh *dirHandle, abs, name string, e dirEntry) (fileStat, error) {
	if runtime.GOOS == "windows" && e.typ.IsRegular() && e.ent != nil {
		if info, err := e.ent.Info(); err == nil && info.Mode().IsRegular() {
			return statOf(info), nil
		}
	}
	return dh.statAt(abs, name)
}

// fileStat is what the walk keeps of a stat: a value, not an fs.FileInfo
// on the heap (37,000 of them were 3 MB of a repack's fresh memory).
type fileStat struct {
	size  int64
	mode  fs.FileMode
	mtime time.Time
}

func statOf(info fs.FileInfo) fileStat {
	return fileStat{size: info.Size(), mode: info.Mode(), mtime: info.ModTime()}
}

// statPath is os.Stat(abs) as a fileStat.
func statPath(abs string) (fileStat, error) {
	info, err := os.Stat(abs)
	if err != nil {
		return fileStat{}, err
	}
	return statOf(info), nil
}
