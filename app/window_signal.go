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
// files (a kill -9 leaves them to the next run's cleanup). allow comes
// first: a signal does not wait for the unsaved-changes question.
func quitOnSignal(ctx context.Context, allow func()) {
	c := make(chan os.Signal, 1)
	signal.Notify(c, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-c
		allow()
		runtime.Quit(ctx)
	}()
}
