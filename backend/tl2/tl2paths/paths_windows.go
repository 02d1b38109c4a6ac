//go:build windows

package tl2paths

import (
	"os"
	"path/filepath"

	"golang.org/x/sys/windows"
)

// windowsDefault is Documents\My Games\Runic Games\Torchlight 2, with
// Documents from the shell's known folder (it follows a redirection to
// OneDrive or another drive), else %USERPROFILE%\Documents.
func windowsDefault() string {
	docs, err := windows.KnownFolderPath(windows.FOLDERID_Documents, 0)
	if err != nil || docs == "" {
		p := os.Getenv("USERPROFILE")
		if p == "" {
			return ""
		}
		docs = filepath.Join(p, "Documents")
	}
	return filepath.Join(docs, UserSubdir)
}
