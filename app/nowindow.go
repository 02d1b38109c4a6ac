//go:build !(dev || production || bindings)

package app

import (
	"fmt"
	"os"
)

// HasWindow is false in a build without the desktop tags (CGO_ENABLED=0,
// no Node): the command line works fully, the window is not compiled in.
const HasWindow = false

// RunWindow explains how to get the window.
func RunWindow(args []string) int {
	fmt.Fprintln(os.Stderr, `This Packsmith was built without its window (a plain "go build").
The command line works: run "packsmith help".
For the window, build the desktop app: "make build" (needs Node and, on Linux,
libgtk-3-dev and libwebkit2gtk-4.0-dev), then run build/bin/packsmith.`)
	return 2
}
