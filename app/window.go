//go:build dev || production || bindings

package app

import (
	"context"
	"io/fs"
	"net/http"
	"os"
	goruntime "runtime"
	"sync/atomic"

	"github.com/wailsapp/wails/v2"
	"github.com/wailsapp/wails/v2/pkg/options"
	"github.com/wailsapp/wails/v2/pkg/options/assetserver"
	"github.com/wailsapp/wails/v2/pkg/options/windows"
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
	paths := startPaths(args)
	bridge := &wailsBridge{}
	var closing atomic.Bool
	svc := NewApp(bridge, bridge, paths)
	svc.SetQuit(func() {
		if bridge.ctx != nil {
			runtime.Quit(bridge.ctx)
		}
	})
	assets, err := fs.Sub(frontend.Dist, "dist")
	if err != nil {
		println("packsmith:", err.Error())
		return 1
	}
	api := svc.APIHandler()
	ws, placed := LoadWindowState()
	startState := options.Normal
	if ws.Maximised {
		startState = options.Maximised
	}
	err = wails.Run(&options.App{
		Title:              "Packsmith",
		Width:              ws.Width,
		Height:             ws.Height,
		MinWidth:           minWidth,
		MinHeight:          minHeight,
		WindowStartState:   startState,
		SingleInstanceLock: singleInstance(bridge),
		Windows:            &windows.Options{WebviewUserDataPath: webviewDataDir(goruntime.GOOS, os.Getenv)},
		BackgroundColour:   &options.RGBA{R: 24, G: 26, B: 31, A: 255},
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
			if placed && !ws.Maximised {
				runtime.WindowSetPosition(ctx, ws.X, ws.Y)
			}
			quitOnSignal(ctx, svc.AllowClose)
			startProbe(ctx) // PACKSMITH_PROBE: scripts/window-test.sh reads the page
			runtime.OnFileDrop(ctx, func(x, y int, paths []string) {
				runtime.EventsEmit(ctx, "files-dropped", paths, x, y) // x, y: what the files were dropped on
			})
		},
		OnBeforeClose: func(ctx context.Context) bool {
			// Wails asks again while the window goes (the quit destroys
			// it, which asks): the first answer already let it close.
			// Saving twice raced on window.json, and letting it close
			// again called gtk_main_quit with no main loop left.
			if closing.Load() {
				return true
			}
			// Unsaved changes: the window stays and the front end asks
			// (closegate.go); its answer calls CloseWindow, after which
			// this lets the window go.
			if svc.BeforeClose() {
				return true
			}
			if closing.Swap(true) {
				return true
			}
			keepWindowPlace(ctx, ws)
			return false
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

// startPaths are the archives to open at start: the arguments that name
// a file or a folder, else PACKSMITH_OPEN.
func startPaths(args []string) []string {
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
	return paths
}

// singleInstance is the window's single-instance lock, or nil.
func singleInstance(bridge *wailsBridge) *options.SingleInstanceLock {
	// A second launch with a file (Windows: a double-clicked archive while
	// the window is open) hands it to this window. Windows only: on Linux
	// parallel test runs of the desktop build would hand files to each other.
	if goruntime.GOOS != "windows" {
		return nil
	}
	return &options.SingleInstanceLock{
		UniqueId: "packsmith-6f0d5b2e-window",
		OnSecondInstanceLaunch: func(d options.SecondInstanceData) {
			if bridge.ctx == nil {
				return
			}
			runtime.WindowUnminimise(bridge.ctx)
			runtime.WindowShow(bridge.ctx)
			if p := secondInstancePaths(d.Args, d.WorkingDirectory); len(p) > 0 {
				runtime.EventsEmit(bridge.ctx, "files-dropped", p)
			}
		},
	}
}

// keepWindowPlace writes where the window is for the next start
// (window.json); a maximised window keeps the place it had before, ws.
func keepWindowPlace(ctx context.Context, ws WindowState) {
	st := WindowState{Maximised: runtime.WindowIsMaximised(ctx)}
	if st.Maximised {
		st.X, st.Y, st.Width, st.Height = ws.X, ws.Y, ws.Width, ws.Height
	} else {
		st.X, st.Y = runtime.WindowGetPosition(ctx)
		st.Width, st.Height = runtime.WindowGetSize(ctx)
	}
	if err := SaveWindowState(st); err != nil {
		println("packsmith: window.json:", err.Error())
	}
}
