package app

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/workspace/session"
)

// The entry context menu's "Show in folder" and "Open with the system
// app", and Ctrl+A's "every entry shown". An entry inside an archive is
// first copied to a temporary folder of the session; an entry of a folder
// (or a loose file) is the file itself.

// MaxSelectAll caps how many paths Ctrl+A brings to the window.
const MaxSelectAll = 200_000

// MatchingPaths lists every entry matching a list query (Ctrl+A).
func (s *BrowseService) MatchingPaths(id string, q session.Query) ([]string, error) {
	ss, err := s.archives.get(id)
	if err != nil {
		return nil, err
	}
	ps, err := ss.Matching(q)
	if err != nil {
		return nil, err
	}
	if len(ps) > MaxSelectAll {
		return nil, fmt.Errorf("%d entries: too many to select at once (at most %d); narrow the filter, or use Extract shown", len(ps), MaxSelectAll)
	}
	return ps, nil
}

// onDisk returns a file on disk holding the entry's bytes.
func (s *BrowseService) onDisk(id, entry string) (string, error) {
	ss, err := s.archives.get(id)
	if err != nil {
		return "", err
	}
	a := ss.Archive
	e, ok := archive.Find(a, entry)
	if !ok {
		return "", &archive.EntryError{Archive: a.Path(), Entry: entry, Offset: -1, Err: archive.ErrNotFound}
	}
	if disk := a.Capabilities().DiskPath; disk != nil {
		return disk(e.Path), nil // a folder's file, a loose file: opened where it is
	}
	dir := filepath.Join(os.TempDir(), fmt.Sprintf("packsmith-open-%d", os.Getpid()), ss.ID)
	dst := filepath.Join(dir, filepath.FromSlash(strings.ReplaceAll(e.Path, "#", "_")))
	if rel, err := filepath.Rel(dir, dst); err != nil || strings.HasPrefix(rel, "..") {
		return "", fmt.Errorf("%s: cannot be copied out under its name", e.Path)
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return "", err
	}
	rc, err := a.Open(e.Path)
	if err != nil {
		return "", err
	}
	defer rc.Close()
	f, err := os.Create(dst)
	if err != nil {
		return "", err
	}
	_, err = io.Copy(f, rc)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(dst)
		return "", &archive.EntryError{Archive: a.Path(), Entry: e.Path, Offset: -1, Err: err}
	}
	return dst, nil
}

// launch runs the system's opener; PACKSMITH_NO_LAUNCH (tests) only says
// what it would open.
func launch(reveal bool, p string) error {
	if os.Getenv("PACKSMITH_NO_LAUNCH") != "" {
		return nil
	}
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "windows":
		if reveal {
			cmd = exec.Command("explorer", "/select,"+p)
		} else {
			cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", p)
		}
	case "darwin":
		if reveal {
			cmd = exec.Command("open", "-R", p)
		} else {
			cmd = exec.Command("open", p)
		}
	default:
		if reveal {
			p = filepath.Dir(p)
		}
		cmd = exec.Command("xdg-open", p)
	}
	if err := cmd.Start(); err != nil {
		if errors.Is(err, exec.ErrNotFound) {
			return fmt.Errorf("no program to open files with on this system (%s)", cmd.Path)
		}
		return err
	}
	go cmd.Wait()
	return nil
}

// ShowInFolder opens the system's file manager at the entry (copied out
// first when it is inside an archive); it returns the file it showed.
func (s *BrowseService) ShowInFolder(id, entry string) (string, error) {
	p, err := s.onDisk(id, entry)
	if err != nil {
		return "", err
	}
	return p, launch(true, p)
}

// OpenWithSystem opens the entry with the system's default app for its
// type (a copy, when it is inside an archive: edits do not go back); it
// returns the file it opened.
func (s *BrowseService) OpenWithSystem(id, entry string) (string, error) {
	p, err := s.onDisk(id, entry)
	if err != nil {
		return "", err
	}
	return p, launch(false, p)
}
