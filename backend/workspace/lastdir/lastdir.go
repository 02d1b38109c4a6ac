// Package lastdir remembers the folder each kind of file dialog was last
// used in, so the next dialog of that kind starts there (the Wails dialogs'
// DefaultDirectory). The folders are kept in the settings (lastDirs).
package lastdir

import (
	"os"
	"path/filepath"
)

// The kinds of dialog, each with its own remembered folder.
const (
	Open   = "open"   // open a file (an archive, a file to replace an entry with)
	Folder = "folder" // choose a folder
	Save   = "save"   // save a file
)

// order is the fallback when a kind has no folder yet: another kind's.
var order = []string{Open, Folder, Save}

// Start is the folder a dialog of kind should start in: the one remembered
// for that kind, else one remembered for another kind. A remembered folder
// that is gone gives its nearest existing parent. "" when nothing is known.
func Start(dirs map[string]string, kind string) string {
	for _, k := range append([]string{kind}, order...) {
		if d := existing(dirs[k]); d != "" {
			return d
		}
	}
	return ""
}

// Chosen is the folder to remember after a dialog of kind returned path:
// the folder itself for a folder dialog, the file's folder otherwise.
// "" (nothing to remember) for a cancelled dialog.
func Chosen(kind, path string) string {
	if path == "" {
		return ""
	}
	path = filepath.Clean(path)
	if kind == Folder {
		return path
	}
	return filepath.Dir(path)
}

// existing walks up from dir to the first folder that exists.
func existing(dir string) string {
	if dir == "" || !filepath.IsAbs(dir) {
		return ""
	}
	for d := filepath.Clean(dir); ; {
		if fi, err := os.Stat(d); err == nil && fi.IsDir() {
			return d
		}
		up := filepath.Dir(d)
		if up == d {
			return ""
		}
		d = up
	}
}
