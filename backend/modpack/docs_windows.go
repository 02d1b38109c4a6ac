//go:build windows

package modpack

import (
	"os"
	"path/filepath"

	"golang.org/x/sys/windows"
)

// documentsDir is the user's Documents known folder (which may be
// redirected, e.g. to OneDrive).
func documentsDir() string {
	if p, err := windows.KnownFolderPath(windows.FOLDERID_Documents, 0); err == nil && p != "" {
		return p
	}
	if h := os.Getenv("USERPROFILE"); h != "" {
		return filepath.Join(h, "Documents")
	}
	return ""
}

func defaultModsDirs() []string {
	d := documentsDir()
	if d == "" {
		return nil
	}
	return []string{filepath.Join(d, "My Games", "Runic Games", "Torchlight 2", "mods")}
}

// platformDefault: on Windows the folder is the default even before the
// game made it.
const platformDefault = true
