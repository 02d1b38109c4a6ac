//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package modpack

import (
	"io"
	"os"
)

func openSized(path string, size int64) (io.ReadCloser, error) { return os.Open(path) }
