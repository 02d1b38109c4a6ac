//go:build !desktop

package cli

import "errors"

// pickFolder: builds without the desktop tag have no dialogs.
func pickFolder(title string) (string, error) {
	return "", errors.New("no folder given (this build has no folder picker: name the folder)")
}
