//go:build desktop

package cli

import (
	"errors"

	"github.com/sqweek/dialog"
)

// pickFolder shows a native folder picker: the desktop build's command line
// uses it when a command needs a folder and none was given (the window uses
// Wails' own dialogs instead, which run on GTK's main thread).
func pickFolder(title string) (string, error) {
	dir, err := dialog.Directory().Title(title).Browse()
	if errors.Is(err, dialog.ErrCancelled) {
		return "", errors.New("no folder chosen")
	}
	return dir, err
}
