//go:build dev || production

package app

import (
	"path/filepath"

	"github.com/wailsapp/wails/v2/pkg/runtime"
)

// The Wails dialogs starting in a folder (DirDialogs; lastdirs.go picks it).

func (b *wailsBridge) OpenFileIn(dir, title string, patterns []FilePattern) (string, error) {
	var filters []runtime.FileFilter
	for _, p := range patterns {
		filters = append(filters, runtime.FileFilter{DisplayName: p.Name, Pattern: p.Pattern})
	}
	return runtime.OpenFileDialog(b.ctx, runtime.OpenDialogOptions{Title: title, Filters: filters, DefaultDirectory: dir})
}

func (b *wailsBridge) OpenFolderIn(dir, title string) (string, error) {
	return runtime.OpenDirectoryDialog(b.ctx, runtime.OpenDialogOptions{Title: title, CanCreateDirectories: true, DefaultDirectory: dir})
}

func (b *wailsBridge) SaveFileIn(dir, title, defaultPath string) (string, error) {
	name := ""
	if defaultPath != "" {
		name = filepath.Base(defaultPath)
	}
	return runtime.SaveFileDialog(b.ctx, runtime.SaveDialogOptions{Title: title, DefaultDirectory: dir, DefaultFilename: name})
}
