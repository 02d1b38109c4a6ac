// Package safefile writes files so that nothing is ever half-written: data
// goes to a temporary file beside the target and is renamed into place only
// when complete. Copies of files the user owns are kept by
// backend/workspace/backups, in the user's cache, never beside the file.
package safefile

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"packsmith/backend/sys/filelock"
	"packsmith/backend/sys/procalive"
)

// Temporary files are named ".<target name>.packsmith-<pid>-<random>.tmp":
// recognisable, and with the pid of the process writing them.
const (
	TempMark   = ".packsmith-"
	TempSuffix = ".tmp"
)

// CleanStale removes the temporary files in dir whose writer is gone
// (killed, or the machine lost power): a name without a pid, or with the
// pid of a live process, is left alone. Lock files nobody holds go too
// (filelock.TidyDir).
func CleanStale(dir string) {
	filelock.TidyDir(dir) // lock files a killed process left beside its target
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		name := e.Name()
		aside := strings.HasSuffix(name, AsideSuffix)
		if e.IsDir() || !strings.HasPrefix(name, ".") || !(aside || strings.HasSuffix(name, TempSuffix)) {
			continue
		}
		i := strings.LastIndex(name, TempMark)
		if i < 1 {
			continue
		}
		pidText, _, ok := strings.Cut(name[i+len(TempMark):], "-")
		pid, err := strconv.Atoi(pidText)
		if !ok || err != nil || pid == os.Getpid() || procalive.Alive(pid) {
			continue
		}
		p := filepath.Join(dir, name)
		if aside {
			// a replace that died between its two renames: the user's
			// file goes back to its name if nothing took it
			if target := filepath.Join(dir, name[1:i]); !exists(target) {
				os.Rename(p, target)
				continue
			}
		}
		os.Remove(p)
	}
}

func exists(p string) bool {
	_, err := os.Lstat(p)
	return !errors.Is(err, fs.ErrNotExist)
}

// File is a temporary file that becomes Target on Commit.
type File struct {
	*os.File
	Target string
	done   bool
	// root, when set (CreateIn), is the folder rel and tmp are names in:
	// the rename is made relative to it, never through a path string.
	root     *os.Root
	rel, tmp string
}

// CreateIn is Create for the file rel inside the folder root holds open:
// the temporary file is made, and renamed over rel, relative to root, so a
// folder on the way swapped for a symlink cannot send the file outside root
// (an unpack of untrusted names). Target, for messages, is root's name
// joined with rel.
func CreateIn(root *os.Root, rel string) (*File, error) {
	target := filepath.Join(root.Name(), rel)
	for range 100 {
		var rb [4]byte
		rand.Read(rb[:])
		tmp := filepath.Join(filepath.Dir(rel), fmt.Sprintf(".%s%s%d-%s%s", filepath.Base(rel), TempMark, os.Getpid(), hex.EncodeToString(rb[:]), TempSuffix))
		f, err := root.OpenFile(tmp, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				return nil, &os.PathError{Op: "create", Path: target, Err: pe.Err}
			}
			return nil, err
		}
		return &File{File: f, Target: target, root: root, rel: rel, tmp: tmp}, nil
	}
	return nil, fmt.Errorf("%s: no free temporary name", target)
}

// WriteFileIn writes data to rel inside root atomically (CreateIn).
func WriteFileIn(root *os.Root, rel string, data []byte) error {
	f, err := CreateIn(root, rel)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}

// rename and remove act on the temporary file: through root when there is
// one.
func (f *File) rename() error {
	if f.root != nil {
		return f.root.Rename(f.tmp, f.rel)
	}
	return replace(f.File.Name(), f.Target)
}

func (f *File) remove() error {
	if f.root != nil {
		return f.root.Remove(f.tmp)
	}
	return os.Remove(f.File.Name())
}

// ErrNotRegular: the target exists and is a folder, a device or a pipe,
// which writing beside it and renaming would replace.
var ErrNotRegular = errors.New("not a regular file: Packsmith writes a new file beside it and renames it into place, which would replace it; give a file name")

// Create opens a temporary file in target's folder (so the rename stays on
// one volume). The caller writes to it and then calls Commit or Abort.
func Create(target string) (*File, error) {
	// A rename replaces whatever the name points at: over /dev/null or a
	// named pipe it would put a regular file where a device was (a root
	// shell running "pack -o /dev/null" once broke every program on the
	// machine). Only a regular file, or nothing, is replaced.
	if st, err := os.Stat(target); err == nil && !st.Mode().IsRegular() {
		return nil, &os.PathError{Op: "create", Path: target, Err: ErrNotRegular}
	}
	dir := filepath.Dir(target)
	CleanStale(dir)
	f, err := os.CreateTemp(dir, fmt.Sprintf(".%s%s%d-*%s", filepath.Base(target), TempMark, os.Getpid(), TempSuffix))
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			return nil, &os.PathError{Op: "create", Path: target, Err: pe.Err}
		}
		return nil, err
	}
	// CreateTemp makes 0600 files; the result should look like any file
	// the user saves (or keep the mode of the file it replaces).
	mode := os.FileMode(0o644)
	if st, err := os.Stat(target); err == nil {
		mode = st.Mode().Perm()
	}
	if err := f.Chmod(mode); err != nil && runtime.GOOS != "windows" {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return &File{File: f, Target: target}, nil
}

// user makes an error about the temporary file name the file the user
// asked for: "write D:\\mods\\X.MOD: no space left", not the hidden
// temporary name that is gone by the time the message is read.
func (f *File) user(err error) error {
	switch e := err.(type) {
	case *os.PathError:
		if e.Path == f.File.Name() || (f.root != nil && e.Path == f.tmp) {
			return &os.PathError{Op: e.Op, Path: f.Target, Err: e.Err}
		}
	case *os.LinkError:
		return &os.PathError{Op: e.Op, Path: f.Target, Err: e.Err}
	}
	return err
}

// Write, WriteAt, WriteString, ReadFrom, Seek, Truncate and Sync are the
// file's, with errors naming Target (see user).
func (f *File) Write(b []byte) (int, error) {
	n, err := f.File.Write(b)
	return n, f.user(err)
}

func (f *File) WriteAt(b []byte, off int64) (int, error) {
	n, err := f.File.WriteAt(b, off)
	return n, f.user(err)
}

func (f *File) WriteString(s string) (int, error) {
	n, err := f.File.WriteString(s)
	return n, f.user(err)
}

func (f *File) ReadFrom(r io.Reader) (int64, error) {
	n, err := f.File.ReadFrom(r)
	return n, f.user(err)
}

func (f *File) Seek(off int64, whence int) (int64, error) {
	n, err := f.File.Seek(off, whence)
	return n, f.user(err)
}

func (f *File) Truncate(size int64) error { return f.user(f.File.Truncate(size)) }

func (f *File) Sync() error { return f.user(f.File.Sync()) }

// Commit flushes, closes and renames the file into place.
func (f *File) Commit() error { return f.commit(true) }

// CommitUnsynced closes and renames the file into place without waiting
// for it to reach the disk: for a file a crash may leave empty or old at
// no cost but time, because its reader checks it and does without it (the
// packer's incremental cache: a checksum, and the size and time of the
// .MOD it describes). The rename still never shows a half-written file to
// a reader while the system runs. The flush of a 4 MB cache was a tenth
// of a repack, waiting behind the .MOD's own.
func (f *File) CommitUnsynced() error { return f.commit(false) }

func (f *File) commit(sync bool) error {
	if f.done {
		return nil
	}
	f.done = true
	if sync {
		if err := f.File.Sync(); err != nil {
			f.File.Close()
			f.remove()
			return f.user(err)
		}
	}
	if err := f.File.Close(); err != nil {
		f.remove()
		return f.user(err)
	}
	if err := f.rename(); err != nil {
		f.remove()
		return f.user(err)
	}
	return nil
}

// Abort closes and removes the temporary file. It is safe after Commit.
func (f *File) Abort() error {
	if f.done {
		return nil
	}
	f.done = true
	f.File.Close()
	return f.remove()
}

// Group stages several files that are committed together (DATA.PAK + .MAN).
type Group []*File

// Commit renames every file; on the first failure it aborts the rest.
func (g Group) Commit() error {
	for i, f := range g {
		if err := f.Commit(); err != nil {
			for _, r := range g[i+1:] {
				r.Abort()
			}
			return err // it names f.Target (File.user)
		}
	}
	return nil
}

// Abort removes every temporary file.
func (g Group) Abort() error {
	var errs []error
	for _, f := range g {
		if err := f.Abort(); err != nil && !errors.Is(err, os.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// WriteFile writes data to path atomically.
func WriteFile(path string, data []byte) error {
	f, err := Create(path)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}
