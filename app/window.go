//go:build dev || production || bindings

package app

import (
	"context"
	"io/fs"
	"net/http"
	"os"

	"github.com/wailsapp/wails/v2"
	"github.com/wailsapp/wails/v2/pkg/options"
	"github.com/wailsapp/wails/v2/pkg/options/assetserver"
	"github.com/wailsapp/wails/v2/pkg/runtime"

	"packsmith/frontend"
)

// HasWindow is true in the desktop build.
const HasWindow = true

// wailsBridge adapts the Wails runtime to Emitter and Dialogs. Runtime
// calls need the context Wails gives at start-up; before that they are
// dropped (calling the runtime without it ends the process).
type wailsBridge struct{ ctx context.Context }

func (b *wailsBridge) Emit(event string, data any) {
	if b.ctx != nil {
		runtime.EventsEmit(b.ctx, event, data)
	}
}

func (b *wailsBridge) OpenFile(title string, patterns []FilePattern) (string, error) {
	var filters []runtime.FileFilter
	for _, p := range patterns {
		filters = append(filters, runtime.FileFilter{DisplayName: p.Name, Pattern: p.Pattern})
	}
	return runtime.OpenFileDialog(b.ctx, runtime.OpenDialogOptions{Title: title, Filters: filters})
}

func (b *wailsBridge) OpenFolder(title string) (string, error) {
	return runtime.OpenDirectoryDialog(b.ctx, runtime.OpenDialogOptions{Title: title, CanCreateDirectories: true})
}

// RunWindow opens the window; paths (archives given on the command line)
// open at start.
func RunWindow(args []string) int {
	var paths []string
	for _, a := range args {
		if _, err := os.Stat(a); err == nil { // a file or a folder
			paths = append(paths, a)
		}
	}
	if len(paths) == 0 {
		if p := os.Getenv("PACKSMITH_OPEN"); p != "" {
			paths = append(paths, p)
		}
	}
	bridge := &wailsBridge{}
	svc := NewApp(bridge, bridge, paths)
	assets, err := fs.Sub(frontend.Dist, "dist")
	if err != nil {
		println("packsmith:", err.Error())
		return 1
	}
	api := svc.APIHandler()
	err = wails.Run(&options.App{
		Title:            "Packsmith",
		Width:            1280,
		Height:           820,
		MinWidth:         800,
		MinHeight:        500,
		BackgroundColour: &options.RGBA{R: 24, G: 26, B: 31, A: 255},
		AssetServer: &assetserver.Options{
			Assets: assets,
			Middleware: func(next http.Handler) http.Handler {
				return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					if isAPI(r.URL.Path) {
						api.ServeHTTP(w, r)
						return
					}
					next.ServeHTTP(w, r)
				})
			},
		},
		DragAndDrop: &options.DragAndDrop{EnableFileDrop: true},
		OnStartup: func(ctx context.Context) {
			bridge.ctx = ctx
			quitOnSignal(ctx)
			runtime.OnFileDrop(ctx, func(x, y int, paths []string) {
				runtime.EventsEmit(ctx, "files-dropped", paths, x, y) // x, y: what the files were dropped on
			})
		},
		OnShutdown: svc.Shutdown,
		Bind:       svc.Bound(),
	})
	if err != nil {
		println("packsmith:", err.Error())
		return 1
	}
	return 0
}
