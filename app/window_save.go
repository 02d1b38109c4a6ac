//go:build dev || production

package app

import (
	"path/filepath"

	"github.com/wailsapp/wails/v2/pkg/runtime"
)

// SaveFile is the native save dialog (Save as…).
func (b *wailsBridge) SaveFile(title, defaultPath string) (string, error) {
	return runtime.SaveFileDialog(b.ctx, runtime.SaveDialogOptions{
		Title:            title,
		DefaultDirectory: filepath.Dir(defaultPath),
		DefaultFilename:  filepath.Base(defaultPath),
	})
}
