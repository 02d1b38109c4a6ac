package tl2game

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"sort"
	"strings"
	"time"

	"packsmith/backend/sys/safefile"
	"packsmith/formats/tl2/mod"
)

// PakFS is a DATA.PAK + DATA.PAK.MAN read in place as an fs.FS: the
// manifest is read once, an entry is inflated only when opened. Paths are
// the stored ones ("MEDIA/UNITS/ITEMS/X.DAT", upper case); Open also finds
// a path given in another case. Folders are those the file paths imply. A
// path stored twice reads as its first copy. It is safe for concurrent
// use; Close releases the files.
type PakFS struct {
	r        *mod.Reader
	pak, man *os.File
	files    map[string]*mod.Entry // stored path → entry
	upper    map[string]string     // upper-cased path → stored path
	dirs     map[string][]string   // folder ("." for the root) → sorted child names
}

// OpenPak opens DATA.PAK and its manifest.
func OpenPak(pakPath, manPath string) (*PakFS, error) {
	pak, err := safefile.OpenShared(pakPath)
	if err != nil {
		return nil, err
	}
	man, err := safefile.OpenShared(manPath)
	if err != nil {
		pak.Close()
		return nil, err
	}
	ps, err1 := pak.Stat()
	ms, err2 := man.Stat()
	if err := errors.Join(err1, err2); err != nil {
		pak.Close()
		man.Close()
		return nil, err
	}
	r, err := mod.NewPakReader(pak, ps.Size(), man, ms.Size(), nil)
	if err != nil {
		pak.Close()
		man.Close()
		return nil, err
	}
	p := &PakFS{r: r, pak: pak, man: man, files: map[string]*mod.Entry{}, upper: map[string]string{}, dirs: map[string][]string{".": nil}}
	children := map[string]map[string]bool{".": {}}
	for i := range r.Entries {
		e := &r.Entries[i]
		name := strings.Trim(strings.ReplaceAll(e.Path, `\`, "/"), "/")
		if !fs.ValidPath(name) || name == "." {
			continue // not addressable as an fs path
		}
		if _, dup := p.files[name]; dup {
			continue
		}
		if _, isDir := children[name]; isDir {
			continue // a file where a folder is: the folder wins
		}
		p.files[name] = e
		if _, ok := p.upper[mod.UpperName(name)]; !ok {
			p.upper[mod.UpperName(name)] = name
		}
		child := name
		for {
			dir := path.Dir(child)
			if children[dir] == nil {
				children[dir] = map[string]bool{}
			}
			children[dir][path.Base(child)] = true
			if dir == "." {
				break
			}
			if _, f := p.files[dir]; f {
				delete(p.files, dir) // a folder where a file was
			}
			child = dir
		}
	}
	for d, set := range children {
		names := make([]string, 0, len(set))
		for n := range set {
			names = append(names, n)
		}
		sort.Strings(names)
		p.dirs[d] = names
		if d != "." {
			if _, ok := p.upper[mod.UpperName(d)]; !ok {
				p.upper[mod.UpperName(d)] = d
			}
		}
	}
	return p, nil
}

// Reader is the underlying PAK reader.
func (p *PakFS) Reader() *mod.Reader { return p.r }

// Close closes DATA.PAK and its manifest.
func (p *PakFS) Close() error { return errors.Join(p.pak.Close(), p.man.Close()) }

func (p *PakFS) resolve(name string) (string, bool) {
	if _, ok := p.files[name]; ok {
		return name, true
	}
	if _, ok := p.dirs[name]; ok {
		return name, true
	}
	n, ok := p.upper[mod.UpperName(name)]
	return n, ok
}

// Open implements fs.FS.
func (p *PakFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	n, ok := p.resolve(name)
	if !ok {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	if e, ok := p.files[n]; ok {
		return &pakFile{p: p, e: e, info: p.fileInfo(n, e)}, nil
	}
	return &pakDir{p: p, name: n, info: dirInfo(n)}, nil
}

// ReadDir implements fs.ReadDirFS.
func (p *PakFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrInvalid}
	}
	n, ok := p.resolve(name)
	if _, isDir := p.dirs[n]; !ok || !isDir {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrNotExist}
	}
	return p.entries(n), nil
}

func (p *PakFS) entries(dir string) []fs.DirEntry {
	names := p.dirs[dir]
	out := make([]fs.DirEntry, 0, len(names))
	for _, c := range names {
		full := c
		if dir != "." {
			full = dir + "/" + c
		}
		if e, ok := p.files[full]; ok {
			out = append(out, fs.FileInfoToDirEntry(p.fileInfo(full, e)))
		} else {
			out = append(out, fs.FileInfoToDirEntry(dirInfo(full)))
		}
	}
	return out
}

func (p *PakFS) fileInfo(name string, e *mod.Entry) info {
	return info{name: path.Base(name), size: int64(e.Size), mode: 0o444, mtime: fromFileTime(e.FileTime)}
}

func dirInfo(name string) info {
	return info{name: path.Base(name), mode: fs.ModeDir | 0o555}
}

// fromFileTime turns a Windows FILETIME into a time (zero for 0).
func fromFileTime(ft uint64) time.Time {
	const epochDiff = 116444736000000000
	if ft < epochDiff {
		return time.Time{}
	}
	return time.Unix(0, int64(ft-epochDiff)*100).UTC()
}

type info struct {
	name  string
	size  int64
	mode  fs.FileMode
	mtime time.Time
}

func (i info) Name() string       { return i.name }
func (i info) Size() int64        { return i.size }
func (i info) Mode() fs.FileMode  { return i.mode }
func (i info) ModTime() time.Time { return i.mtime }
func (i info) IsDir() bool        { return i.mode.IsDir() }
func (i info) Sys() any           { return nil }

type pakFile struct {
	p      *PakFS
	e      *mod.Entry
	info   info
	rc     io.ReadCloser
	closed bool
}

func (f *pakFile) Stat() (fs.FileInfo, error) { return f.info, nil }

func (f *pakFile) Read(b []byte) (int, error) {
	if f.closed {
		return 0, fs.ErrClosed
	}
	if f.rc == nil {
		rc, err := f.p.r.Open(f.e)
		if err != nil {
			return 0, err
		}
		f.rc = rc
	}
	return f.rc.Read(b)
}

func (f *pakFile) Close() error {
	if f.closed {
		return fs.ErrClosed
	}
	f.closed = true
	if f.rc != nil {
		return f.rc.Close()
	}
	return nil
}

type pakDir struct {
	p    *PakFS
	name string
	info info
	ents []fs.DirEntry
	read bool
}

func (d *pakDir) Stat() (fs.FileInfo, error) { return d.info, nil }
func (d *pakDir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.name, Err: errors.New("is a directory")}
}
func (d *pakDir) Close() error { return nil }

func (d *pakDir) ReadDir(n int) ([]fs.DirEntry, error) {
	if !d.read {
		d.ents, d.read = d.p.entries(d.name), true
	}
	if n <= 0 {
		out := d.ents
		d.ents = nil
		return out, nil
	}
	if len(d.ents) == 0 {
		return nil, io.EOF
	}
	k := min(n, len(d.ents))
	out := d.ents[:k]
	d.ents = d.ents[k:]
	return out, nil
}

// Open finds DATA.PAK in an install and opens it.
func (in *Install) Open() (*PakFS, error) { return OpenPak(in.Pak, in.Man) }
