package app

import (
	"fmt"
	"os"
	"path/filepath"

	"packsmith/backend/workspace/lastdir"
	"packsmith/backend/workspace/settings"
)

// DirDialogs are native dialogs that can start in a given folder (the Wails
// bridge: DefaultDirectory). dir may be "" (the system's choice).
type DirDialogs interface {
	OpenFileIn(dir, title string, patterns []FilePattern) (string, error)
	OpenFolderIn(dir, title string) (string, error)
	SaveFileIn(dir, title, defaultPath string) (string, error)
}

// lastDirDialogs starts every dialog in the folder its kind was last used
// in (settings lastDirs) and remembers the folder of what the user chose.
type lastDirDialogs struct {
	d  Dialogs
	st *settings.Store
}

// rememberDirs wraps dialogs; nil stays nil (no dialogs in this build).
func rememberDirs(d Dialogs, st *settings.Store) Dialogs {
	if d == nil {
		return nil
	}
	return &lastDirDialogs{d: d, st: st}
}

// start is where a dialog of kind opens: the folder remembered for it
// (or another kind's), else the folder of the archive opened last (by any
// means: the command line, a drop, the path box), else the home folder.
// Never "": GTK's dialog then opens on "Recent", a list of files, not the
// place the user works in.
func (l *lastDirDialogs) start(kind string) string {
	st := l.st.Get()
	if d := lastdir.Start(st.LastDirs, kind); d != "" {
		return d
	}
	for _, r := range st.Recent {
		if d := lastdir.Start(map[string]string{kind: filepath.Dir(r)}, kind); d != "" {
			return d
		}
	}
	if h, err := os.UserHomeDir(); err == nil {
		return h
	}
	return ""
}

func (l *lastDirDialogs) remember(kind, path string, err error) (string, error) {
	if dir := lastdir.Chosen(kind, path); err == nil && dir != "" {
		l.st.Update(func(s *settings.Settings) {
			if s.LastDirs == nil {
				s.LastDirs = map[string]string{}
			}
			s.LastDirs[kind] = dir
		})
	}
	return path, err
}

func (l *lastDirDialogs) OpenFile(title string, patterns []FilePattern) (string, error) {
	var p string
	var err error
	if dd, ok := l.d.(DirDialogs); ok {
		p, err = dd.OpenFileIn(l.start(lastdir.Open), title, patterns)
	} else {
		p, err = l.d.OpenFile(title, patterns)
	}
	return l.remember(lastdir.Open, p, err)
}

func (l *lastDirDialogs) OpenFolder(title string) (string, error) {
	var p string
	var err error
	if dd, ok := l.d.(DirDialogs); ok {
		p, err = dd.OpenFolderIn(l.start(lastdir.Folder), title)
	} else {
		p, err = l.d.OpenFolder(title)
	}
	return l.remember(lastdir.Folder, p, err)
}

// SaveFile starts in the last save folder when there is one, else in
// defaultPath's folder (else another dialog's); the name offered stays
// defaultPath's.
func (l *lastDirDialogs) SaveFile(title, defaultPath string) (string, error) {
	var p string
	var err error
	if dd, ok := l.d.(DirDialogs); ok {
		dir := lastdir.Start(map[string]string{lastdir.Save: l.st.Get().LastDirs[lastdir.Save]}, lastdir.Save)
		if dir == "" && filepath.IsAbs(defaultPath) {
			dir = filepath.Dir(defaultPath)
		}
		if dir == "" {
			dir = l.start(lastdir.Save)
		}
		p, err = dd.SaveFileIn(dir, title, defaultPath)
	} else if sd, ok := l.d.(SaveDialog); ok {
		p, err = sd.SaveFile(title, defaultPath)
	} else {
		return "", fmt.Errorf("no save dialog in this build: type the path")
	}
	return l.remember(lastdir.Save, p, err)
}
