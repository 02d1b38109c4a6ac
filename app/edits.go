package app

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/edit/edits"
	"packsmith/backend/edit/intake"
	"packsmith/backend/workspace/jobs"
	"packsmith/backend/workspace/session"
)

// Pending changes and saving them: the window's write-back. Every change
// is kept in backend/edit/edits until Save, which writes through
// backend/edit/writeback (the command line's replace/add/rm) as a job.

// EditState is what the pending-changes panel shows for one archive.
type EditState struct {
	Caps    edits.Caps     `json:"caps"`
	Changes []edits.Change `json:"changes"`
}

func (s *EditService) editState(id string) (EditState, error) {
	ss, err := s.archives.get(id)
	if err != nil {
		return EditState{}, err
	}
	return EditState{Caps: edits.CapsOf(ss.Archive), Changes: s.archives.pending(id).List()}, nil
}

// Changes lists an archive's pending changes and what its family can save.
func (s *EditService) Changes(id string) (EditState, error) { return s.editState(id) }

func (s *EditService) stage(id string, fn func(ss *session.Session, p *edits.Pending) error) (EditState, error) {
	ss, err := s.archives.get(id)
	if err != nil {
		return EditState{}, err
	}
	if err := fn(ss, s.archives.pending(id)); err != nil {
		return EditState{}, err
	}
	return s.editState(id)
}

// ReplaceEntry plans swapping an entry's bytes for a file's.
func (s *EditService) ReplaceEntry(id, entry, file string) (EditState, error) {
	return s.stage(id, func(ss *session.Session, p *edits.Pending) error {
		_, err := p.Replace(ss.Archive, entry, file)
		return err
	})
}

// AddEntry plans a new entry (entry "" or ending in "/" takes the file's name).
func (s *EditService) AddEntry(id, entry, file string) (EditState, error) {
	return s.stage(id, func(ss *session.Session, p *edits.Pending) error {
		if entry == "" || strings.HasSuffix(entry, "/") {
			entry += filepath.Base(file)
		}
		_, err := p.Add(ss.Archive, entry, file)
		return err
	})
}

// DropResult is what files dropped on an open archive did: the changes
// they made, and the archives among them, which open in tabs instead.
type DropResult struct {
	EditState
	Open []string `json:"open"`
}

// DropFiles takes files dropped on an open archive: on an entry (onEntry),
// one file of the same type replaces it; other files go into that entry's
// folder, or into folder when dropped on a folder or the list, replacing an
// entry of the same name or added beside them. Archives Packsmith opens
// (a .zip dropped on a .MOD) are not added: they come back in Open.
func (s *EditService) DropFiles(id, onEntry, folder string, files []string) (DropResult, error) {
	var open []string
	st, err := s.stage(id, func(ss *session.Session, p *edits.Pending) error {
		if onEntry != "" {
			if len(files) == 1 && (strings.EqualFold(path.Ext(onEntry), filepath.Ext(files[0])) || intake.PictureOnTexture(ss.Archive, onEntry, files[0])) {
				_, err := p.Replace(ss.Archive, onEntry, files[0])
				return err
			}
			folder = path.Dir(onEntry)
			if folder == "." {
				folder = ""
			}
		}
		for _, f := range files {
			if st, err := os.Stat(f); err == nil && st.IsDir() {
				open = append(open, f)
				continue
			}
			if _, err := archive.Detect(f); err == nil {
				open = append(open, f)
				continue
			}
			name := filepath.Base(f)
			if folder != "" {
				name = path.Join(folder, name)
			}
			if _, err := p.Put(ss.Archive, name, f); err != nil {
				return err
			}
		}
		return nil
	})
	if open == nil {
		open = []string{}
	}
	return DropResult{EditState: st, Open: open}, err
}

// RemoveEntries plans removing entries.
func (s *EditService) RemoveEntries(id string, entries []string) (EditState, error) {
	return s.stage(id, func(ss *session.Session, p *edits.Pending) error {
		for _, e := range entries {
			if _, err := p.Remove(ss.Archive, e); err != nil {
				return err
			}
		}
		return nil
	})
}

// RenameEntry plans a new name for an entry.
func (s *EditService) RenameEntry(id, entry, to string) (EditState, error) {
	return s.stage(id, func(ss *session.Session, p *edits.Pending) error {
		_, err := p.Rename(ss.Archive, entry, to)
		return err
	})
}

// UndoChange drops one pending change; changeID 0 drops the latest.
func (s *EditService) UndoChange(id string, changeID int) (EditState, error) {
	return s.stage(id, func(ss *session.Session, p *edits.Pending) error {
		if changeID == 0 {
			if _, ok := p.UndoLast(); !ok {
				return fmt.Errorf("nothing to undo")
			}
			return nil
		}
		return p.Undo(changeID)
	})
}

// DiscardChanges drops every pending change.
func (s *EditService) DiscardChanges(id string) (EditState, error) {
	return s.stage(id, func(ss *session.Session, p *edits.Pending) error {
		p.Clear()
		return nil
	})
}

// SavedArchive is a save job's result: what was written and read back, and
// the archive as it now is.
type SavedArchive struct {
	Save edits.SaveResult `json:"save"`
	Info session.Info     `json:"info"`
}

// SaveChanges starts a job writing the pending changes: in place after a
// backup (out ""), or to out (Save as). It returns the job id.
func (s *EditService) SaveChanges(id, out string) (string, error) {
	ss, err := s.archives.get(id)
	if err != nil {
		return "", err
	}
	pend := s.archives.pending(id)
	if pend.Len() == 0 && out == "" {
		return "", fmt.Errorf("%s: nothing to save", ss.Name())
	}
	title := "Saving " + ss.Name()
	if out != "" {
		title = "Saving " + ss.Name() + " as " + filepath.Base(out)
	}
	from := ss.Archive.Path()
	return s.jobs.Start("save", title, func(ctx context.Context, p *jobs.Reporter) (any, error) {
		res, err := edits.Save(ctx, ss, pend, out, p)
		if err != nil {
			return nil, err
		}
		s.archives.refreshOthers(s.window.emit, id, from, res.Output)
		return SavedArchive{Save: res, Info: ss.Info()}, nil
	}), nil
}

// SessionInfo describes an open archive as it is now (after a save).
func (s *BrowseService) SessionInfo(id string) (session.Info, error) {
	ss, err := s.archives.get(id)
	if err != nil {
		return session.Info{}, err
	}
	return ss.Info(), nil
}

// SaveDialog is the native save dialog, where the build has one.
type SaveDialog interface {
	SaveFile(title, defaultPath string) (string, error)
}

// PickFile shows the open dialog for any file ("" when cancelled): the
// file a Replace… or Add… takes. from is where the tab asking last chose a
// file (or its archive): the dialog starts in that folder, so each tab's
// dialogs keep their own place.
func (s *EditService) PickFile(title, from string) (string, error) {
	if s.window.dialogs == nil {
		return "", fmt.Errorf("no file dialog in this build")
	}
	all := []FilePattern{{Name: "All files", Pattern: "*"}}
	if fd, ok := s.window.dialogs.(fromDialogs); ok && from != "" {
		return fd.OpenFileFrom(from, title, all)
	}
	return s.window.dialogs.OpenFile(title, all)
}

// PickSaveAs shows the save dialog starting at defaultPath ("" when cancelled).
func (s *ExportService) PickSaveAs(title, defaultPath string) (string, error) {
	d, ok := s.window.dialogs.(SaveDialog)
	if !ok {
		return "", fmt.Errorf("no save dialog in this build: type the path")
	}
	return d.SaveFile(title, defaultPath)
}
