//go:build dev || production || bindings

package app

import "github.com/wailsapp/wails/v2/pkg/runtime"

// SaveFile is the native save dialog (GTK asks before replacing a file).
func (b *wailsBridge) SaveFile(title, defaultDir, defaultName string) (string, error) {
	return runtime.SaveFileDialog(b.ctx, runtime.SaveDialogOptions{Title: title, DefaultDirectory: defaultDir,
		DefaultFilename: defaultName, CanCreateDirectories: true})
}
