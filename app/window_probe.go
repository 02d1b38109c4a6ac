//go:build dev || production || bindings

package app

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"time"

	"github.com/wailsapp/wails/v2/pkg/runtime"
)

// The window's probe, for scripts/window-test.sh: with PACKSMITH_PROBE=FILE
// the window writes, twice a second, what the page shows (the text of its
// labelled elements, the size and place of every picture) to FILE as JSON.
// The test reads it to know where on the screen to look and that a label
// says "128×128", and checks the pixels in a screenshot itself. Without the
// variable nothing is asked and the page answers nothing
// (frontend/src/lib/probe.js).
func startProbe(ctx context.Context) {
	file := os.Getenv("PACKSMITH_PROBE")
	if file == "" {
		return
	}
	runtime.EventsOn(ctx, "probe", func(data ...any) {
		if len(data) == 0 {
			return
		}
		b, err := json.Marshal(data[0])
		if err != nil {
			return
		}
		tmp, err := os.CreateTemp(filepath.Dir(file), ".probe-*")
		if err != nil {
			return
		}
		_, werr := tmp.Write(b)
		if cerr := tmp.Close(); werr != nil || cerr != nil {
			os.Remove(tmp.Name())
			return
		}
		if os.Rename(tmp.Name(), file) != nil {
			os.Remove(tmp.Name())
		}
	})
	go func() {
		t := time.NewTicker(500 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				runtime.EventsEmit(ctx, "probe-ask")
			}
		}
	}()
}
