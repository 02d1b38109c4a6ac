//go:build linux && (amd64 || arm64)

package modpack

import (
	"io/fs"
	"os"
	"slices"
	"strings"
	"syscall"
	"time"
)

// dirHandle is a folder open for statting its files by name (fstatat):
// the kernel then resolves one name against the folder instead of every
// folder of the absolute path. On the 33,000-file benchmark the walk's
// stats were a quarter of a repack's CPU; relative to the folder they
// cost about a quarter less.
type dirHandle struct {
	f  *os.File
	fd int
}

// listFolder is os.ReadDir(abs) (entries sorted by name, its errors) with
// the folder left open for statAt: one open per folder instead of two
// (3,126 folders in a released mod's shape).
func listFolder(abs string) ([]fs.DirEntry, *dirHandle, error) {
	f, err := os.Open(abs)
	if err != nil {
		return nil, nil, err
	}
	ents, err := f.ReadDir(-1)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	slices.SortFunc(ents, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return ents, &dirHandle{f: f, fd: int(f.Fd())}, nil
}

func (d *dirHandle) close() {
	if d != nil {
		d.f.Close()
	}
}

// statAt is os.Stat(abs) (links followed) for the file name in d, with
// os.Stat's error; a nil d stats abs.
func (d *dirHandle) statAt(abs, name string) (fs.FileInfo, error) {
	if d == nil {
		return os.Stat(abs)
	}
	var st syscall.Stat_t
	for {
		err := fstatat(d.fd, name, &st)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &fs.PathError{Op: "stat", Path: abs, Err: err}
		}
		break
	}
	mode := fs.FileMode(st.Mode & 0o777)
	switch st.Mode & syscall.S_IFMT {
	case syscall.S_IFREG:
	case syscall.S_IFDIR:
		mode |= fs.ModeDir
	default:
		mode |= fs.ModeIrregular // the walk only asks whether it is a regular file
	}
	return &statInfo{name: name, size: st.Size, mode: mode, mtime: time.Unix(int64(st.Mtim.Sec), int64(st.Mtim.Nsec))}, nil
}

// statInfo is the fs.FileInfo statAt makes.
type statInfo struct {
	name  string
	size  int64
	mode  fs.FileMode
	mtime time.Time
}

func (s *statInfo) Name() string       { return s.name }
func (s *statInfo) Size() int64        { return s.size }
func (s *statInfo) Mode() fs.FileMode  { return s.mode }
func (s *statInfo) ModTime() time.Time { return s.mtime }
func (s *statInfo) IsDir() bool        { return s.mode.IsDir() }
func (s *statInfo) Sys() any           { return nil }
