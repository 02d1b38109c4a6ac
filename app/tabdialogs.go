package app

import (
	"os"
	"path/filepath"

	"packsmith/backend/workspace/lastdir"
)

// fromDialogs is what lastDirDialogs adds for a tab of its own: an open
// dialog that starts where that tab last chose a file.
type fromDialogs interface {
	OpenFileFrom(from, title string, patterns []FilePattern) (string, error)
}

// OpenFileFrom starts the open dialog in from's folder (from may be a file
// or a folder: a tab passes its archive, then the last file it chose),
// else where the last open dialog was used; the folder chosen is
// remembered as any open dialog's is.
func (l *lastDirDialogs) OpenFileFrom(from, title string, patterns []FilePattern) (string, error) {
	dir := folderOf(from)
	dd, ok := l.d.(DirDialogs)
	if !ok || dir == "" {
		return l.OpenFile(title, patterns)
	}
	p, err := dd.OpenFileIn(dir, title, patterns)
	return l.remember(lastdir.Open, p, err)
}

// folderOf is p when it is a folder, its folder when it is a file, "" when
// neither exists (a dialog must not start in a folder that is gone).
func folderOf(p string) string {
	if p == "" {
		return ""
	}
	st, err := os.Stat(p)
	if err != nil {
		p = filepath.Dir(p)
		if st, err = os.Stat(p); err != nil {
			return ""
		}
	}
	if !st.IsDir() {
		return filepath.Dir(p)
	}
	return p
}
