//go:build !(linux && (amd64 || arm64))

package modpack

import (
	"io/fs"
	"os"
)

// dirHandle stats by path here (walkstat_linux.go stats by name in the
// folder).
type dirHandle struct{}

func openDir(string) *dirHandle { return nil }

func (d *dirHandle) close() {}

func (d *dirHandle) statAt(abs, _ string) (fs.FileInfo, error) { return os.Stat(abs) }
