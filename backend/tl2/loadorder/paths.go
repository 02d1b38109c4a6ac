package loadorder

import (
	"os"
	"path/filepath"
	"strings"

	"packsmith/backend/tl2/tl2paths"
)

// Names shared with the packer, from tl2paths.
const SchName = tl2paths.SchName

var (
	UserSubdir     = tl2paths.UserSubdir
	ErrNoUserDir   = tl2paths.ErrNoUserDir
	DefaultUserDir = tl2paths.DefaultUserDir
	childCI        = tl2paths.ChildCI
)

// cleanDir turns a folder the user typed into a clean absolute path: quotes
// pasted from Explorer's "Copy as path" are dropped, and a leading ~ is the
// home folder.
func cleanDir(d string) string {
	d = strings.TrimSpace(d)
	if len(d) >= 2 && d[0] == '"' && d[len(d)-1] == '"' {
		d = d[1 : len(d)-1]
	}
	if d == "" {
		return ""
	}
	if d == "~" || strings.HasPrefix(d, "~/") || strings.HasPrefix(d, `~\`) {
		if home, err := os.UserHomeDir(); err == nil {
			d = filepath.Join(home, d[1:])
		}
	}
	if abs, err := filepath.Abs(d); err == nil {
		d = abs
	}
	return d
}

// isModFile says whether name ends in .mod in any letter case.
func isModFile(name string) bool {
	return strings.EqualFold(filepath.Ext(name), ".mod")
}

// slashRel is p relative to base with '/' separators ("" when p is not
// below base).
func slashRel(base, p string) string {
	r, err := filepath.Rel(base, p)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return ""
	}
	return filepath.ToSlash(r)
}
