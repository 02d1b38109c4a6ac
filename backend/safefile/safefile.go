// Package safefile writes files so that nothing is ever half-written: data
// goes to a temporary file beside the target and is renamed into place only
// when complete. Files the user owns are backed up before they are replaced.
package safefile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"time"
)

// File is a temporary file that becomes Target on Commit.
type File struct {
	*os.File
	Target string
	done   bool
}

// Create opens a temporary file in target's folder (so the rename stays on
// one volume). The caller writes to it and then calls Commit or Abort.
func Create(target string) (*File, error) {
	dir := filepath.Dir(target)
	f, err := os.CreateTemp(dir, "."+filepath.Base(target)+".packsmith-*.tmp")
	if err != nil {
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

// Commit flushes, closes and renames the file into place.
func (f *File) Commit() error {
	if f.done {
		return nil
	}
	f.done = true
	if err := f.File.Sync(); err != nil {
		f.File.Close()
		os.Remove(f.File.Name())
		return err
	}
	if err := f.File.Close(); err != nil {
		os.Remove(f.File.Name())
		return err
	}
	if err := os.Rename(f.File.Name(), f.Target); err != nil {
		os.Remove(f.File.Name())
		return err
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
	return os.Remove(f.File.Name())
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
			return fmt.Errorf("%s: %w", f.Target, err)
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

// Backup copies path to "<path>.<UTC timestamp>.bak" beside it and returns
// the backup's name. A missing file needs no backup: it returns "", nil.
func Backup(path string) (string, error) {
	return backupAt(path, time.Now())
}

func backupAt(path string, now time.Time) (string, error) {
	src, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	defer src.Close()
	stamp := now.UTC().Format("20060102-150405")
	name := fmt.Sprintf("%s.%s.bak", path, stamp)
	for i := 2; ; i++ {
		if _, err := os.Stat(name); errors.Is(err, os.ErrNotExist) {
			break
		}
		name = fmt.Sprintf("%s.%s-%d.bak", path, stamp, i)
	}
	dst, err := Create(name)
	if err != nil {
		return "", err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Abort()
		return "", err
	}
	return name, dst.Commit()
}
