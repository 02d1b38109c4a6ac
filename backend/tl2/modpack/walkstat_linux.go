//go:build linux && (amd64 || arm64)

package modpack

import (
	"bytes"
	"encoding/binary"
	"io/fs"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"
)

// dirHandle is a folder open for statting its files by name (fstatat):
// the kernel then resolves one name against the folder instead of every
// folder of the absolute path. On the 33,000-file benchmark the walk's
// stats were a quarter of a repack's CPU; relative to the folder they
// cost about a quarter less.
type dirHandle struct {
	fd int
}

// listFolder is os.ReadDir(abs) (entries sorted by name, os.ReadDir's
// errors) with the folder left open for statAt. It reads the listing
// with getdents64(2) into one buffer instead of through an *os.File and
// an fs.DirEntry per name: on a released mod's shape (3,126 folders,
// 37,000 files) os.Open and ReadDir were two fifths of the walk's CPU.
func listFolder(abs string) ([]dirEntry, *dirHandle, error) {
	fd, err := openFolder(abs)
	if err != nil {
		return nil, nil, &fs.PathError{Op: "open", Path: abs, Err: err}
	}
	ents, err := readFolder(fd)
	if err != nil {
		syscall.Close(fd)
		return nil, nil, &fs.PathError{Op: "readdirent", Path: abs, Err: err}
	}
	slices.SortFunc(ents, func(a, b dirEntry) int { return strings.Compare(a.name, b.name) })
	return ents, &dirHandle{fd: fd}, nil
}

func openFolder(abs string) (int, error) {
	for {
		fd, err := syscall.Open(abs, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			return fd, err
		}
	}
}

// folderBufs are getdents64's buffers, one per walking goroutine at a time.
var folderBufs = sync.Pool{New: func() any { return new([32 << 10]byte) }}

// readFolder is the names the folder fd lists (not "." and "..") with
// their types. A name whose type the file system does not give
// (DT_UNKNOWN) is lstat'ed, as os.ReadDir does.
func readFolder(fd int) (ents []dirEntry, err error) {
	buf := folderBufs.Get().(*[32 << 10]byte)
	defer folderBufs.Put(buf)
	lstat := func(name string) (fs.FileMode, error) {
		var st syscall.Stat_t
		if err := fstatat(fd, name, &st, atSymlinkNoFollow); err != nil {
			return 0, err
		}
		return modeType(st.Mode), nil
	}
	for {
		var n int
		n, err = syscall.Getdents(fd, buf[:])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, err
		}
		if n <= 0 {
			return ents, nil
		}
		if ents, err = parseDirents(buf[:n], ents, lstat); err != nil {
			return nil, err
		}
	}
}

// parseDirents appends the linux_dirent64 records in b (u64 ino, s64 off,
// u16 reclen, u8 type, the name NUL-terminated and padded) to ents. The
// kernel fills b, but a record is still trusted for its length only as
// far as it stays inside b: one that does not is EIO.
func parseDirents(b []byte, ents []dirEntry, lstat func(name string) (fs.FileMode, error)) ([]dirEntry, error) {
	for off := 0; off < len(b); {
		if len(b)-off < 20 {
			return nil, syscall.EIO
		}
		reclen := int(binary.LittleEndian.Uint16(b[off+16:]))
		if reclen < 20 || reclen > len(b)-off {
			return nil, syscall.EIO
		}
		dtype, name := b[off+18], b[off+19:off+reclen]
		off += reclen
		if i := bytes.IndexByte(name, 0); i >= 0 {
			name = name[:i]
		}
		if len(name) == 0 || string(name) == "." || string(name) == ".." {
			continue
		}
		e := dirEntry{name: string(name), typ: direntType(dtype)}
		if dtype == syscall.DT_UNKNOWN {
			t, err := lstat(e.name)
			if err == syscall.ENOENT {
				continue // gone since the listing: os.ReadDir leaves it out too
			}
			if err != nil {
				return nil, err
			}
			e.typ = t
		}
		ents = append(ents, e)
	}
	return ents, nil
}

const atSymlinkNoFollow = 0x100 // AT_SYMLINK_NOFOLLOW

// direntType is the fs.FileMode type bits of a getdents64 d_type: the
// DT_ values are the S_IF ones shifted right by 12 (dirent(5)).
func direntType(t byte) fs.FileMode { return modeType(uint32(t) << 12) }

// modeType is the fs.FileMode type bits of a stat's st_mode.
func modeType(m uint32) fs.FileMode {
	switch m & syscall.S_IFMT {
	case syscall.S_IFREG:
		return 0
	case syscall.S_IFDIR:
		return fs.ModeDir
	case syscall.S_IFLNK:
		return fs.ModeSymlink
	}
	return fs.ModeIrregular
}

func (d *dirHandle) close() {
	if d != nil {
		syscall.Close(d.fd)
	}
}

// statAt is os.Stat(abs) (links followed) for the file name in d, with
// os.Stat's error; a nil d stats abs.
func (d *dirHandle) statAt(abs, name string) (fileStat, error) {
	if d == nil {
		return statPath(abs)
	}
	var st syscall.Stat_t
	for {
		err := fstatat(d.fd, name, &st, 0)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return fileStat{}, &fs.PathError{Op: "stat", Path: abs, Err: err}
		}
		break
	}
	mode := fs.FileMode(st.Mode&0o777) | modeType(st.Mode) // links followed: never a link here
	return fileStat{size: st.Size, mode: mode, mtime: time.Unix(int64(st.Mtim.Sec), int64(st.Mtim.Nsec))}, nil
}
