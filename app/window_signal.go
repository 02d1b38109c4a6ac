//go:build dev || production || bindings

package app

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/wailsapp/wails/v2/pkg/runtime"
)

// quitOnSignal closes the window on SIGTERM or Ctrl-C as if the user had:
// OnShutdown then cancels the running jobs, which remove their temporary
// files (a kill -9 leaves them to the next run's cleanup).
func quitOnSignal(ctx context.Context) {
	c := make(chan os.Signal, 1)
	signal.Notify(c, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-c
		runtime.Quit(ctx)
	}()
}
