package app

// BrowseService: open and close archives and look inside them — the page
// of entries, the folder tree, how an entry previews, and the integrity
// check. Previews are in rendered.go, find in files in search.go, the
// system's file manager in system.go.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/view/preview"
	"packsmith/backend/workspace/jobs"
	"packsmith/backend/workspace/session"
	"packsmith/backend/workspace/settings"
)

// Open starts a job opening an archive (a folder, a loose file) and
// remembering it in the recent list; its result is the session.Info. A
// large archive reads its directory for a while (100,000 entries: the
// zip's central directory, a DATA.PAK's manifest), so the window shows it
// with Cancel. The drivers take no context: a cancelled open answers at
// once and the archive, once open, is closed unseen.
func (s *BrowseService) Open(path, password string) (string, error) {
	if strings.TrimSpace(path) == "" {
		return "", fmt.Errorf("open: give the path of an archive, a folder or a file")
	}
	return startCall(s.jobs, "open", "Opening "+filepath.Base(path), path, func(ctx context.Context, _ *jobs.Reporter) (any, error) {
		info, err := jobs.DetachDropping(ctx,
			func() (session.Info, error) { return s.openRemembered(path, password) },
			func(info session.Info) { s.archives.close(info.ID) })
		if err != nil {
			return nil, err
		}
		abs, _ := filepath.Abs(path)
		s.settings.Update(func(st *settings.Settings) {
			st.Recent = settings.PushRecent(st.Recent, abs)
			st.OpenTabs = withTab(st.OpenTabs, info.Path)
		})
		return info, nil
	}), nil
}

// PickArchive shows the open dialog; "" when the user cancelled.
func (s *BrowseService) PickArchive() (string, error) {
	if s.window.dialogs == nil {
		return "", fmt.Errorf("no file dialog in this build")
	}
	return s.window.dialogs.OpenFile("Open an archive", []FilePattern{
		archiveFilter(), // every registered family's extensions (families.go)
		filesFilter(),   // and their loose files
		{Name: "All files", Pattern: "*"},
	})
}

// Recent lists recently opened archives that still exist.
func (s *BrowseService) Recent() []string {
	out := []string{}
	for _, p := range s.settings.Get().Recent {
		if _, err := os.Stat(p); err == nil {
			out = append(out, p)
		}
	}
	return out
}

// Close closes an open archive.
func (s *BrowseService) Close(id string) error {
	if ss, err := s.archives.get(id); err == nil {
		p := ss.Info().Path
		s.settings.Update(func(st *settings.Settings) { st.OpenTabs = withoutTab(st.OpenTabs, p) })
	}
	return s.archives.close(id)
}

// withTab is tabs with p last, once; withoutTab is tabs without p. The
// window's tabs, remembered for the next start (restoreTabs).
func withTab(tabs []string, p string) []string {
	return append(withoutTab(tabs, p), p)
}

func withoutTab(tabs []string, p string) []string {
	out := []string{}
	for _, t := range tabs {
		if t != p {
			out = append(out, t)
		}
	}
	return out
}

// restoreTabs is what the window opens at start: the paths it was given,
// else, once a run, the tabs open at the last quit that still exist.
func restoreTabs(w *windowLink, st settings.Settings) []string {
	if len(w.startup) > 0 || !w.restored.CompareAndSwap(false, true) {
		return w.startup
	}
	out := []string{}
	for _, p := range st.OpenTabs {
		if _, err := os.Stat(p); err == nil {
			out = append(out, p)
		}
	}
	return out
}

// List returns one page of entries.
func (s *BrowseService) List(id string, q session.Query) (session.Page, error) {
	ss, err := s.archives.get(id)
	if err != nil {
		return session.Page{}, err
	}
	return ss.List(q)
}

// Tree returns the folder tree.
func (s *BrowseService) Tree(id string) (*session.Folder, error) {
	ss, err := s.archives.get(id)
	if err != nil {
		return nil, err
	}
	return ss.Tree(), nil
}

// Describe says how an entry can be previewed.
func (s *BrowseService) Describe(id, entryPath string) (preview.Description, error) {
	ss, err := s.archives.get(id)
	if err != nil {
		return preview.Description{}, err
	}
	v := s.archives.view(ss) // a pending change previews as what the save stores (archives.go)
	e, ok := archive.Find(v, entryPath)
	if !ok {
		return preview.Description{}, &archive.EntryError{Archive: ss.Archive.Path(), Entry: entryPath, Offset: -1, Err: archive.ErrNotFound}
	}
	d, err := preview.Describe(v, e)
	return pendingNote(d, s.archives.pending(id).List()), err
}

// Verify starts a job running the family's checks; its result is the list
// of findings.
func (s *BrowseService) Verify(id string) (string, error) {
	ss, err := s.archives.get(id)
	if err != nil {
		return "", err
	}
	verify := ss.Archive.Capabilities().Verify
	if verify == nil {
		return "", fmt.Errorf("%s archives have no integrity checks", ss.Archive.Family())
	}
	return s.jobs.Start("verify", "Verifying "+ss.Name(), func(ctx context.Context, p *jobs.Reporter) (any, error) {
		f, err := verify(ctx, p)
		if f == nil {
			f = []archive.Finding{}
		}
		return f, err
	}), nil
}
