// Package app is the shell around the backend: the services the window binds
// (thin: it forwards to backend packages), the adapter from job progress to
// window events, and the asset handler that streams previews. Each bound
// service owns its state and holds only what its concern needs: the open
// archives and their pending changes have one owner (openArchives,
// archives.go) that the services working on them are given; the window's
// side (events, dialogs, startup archives, demo folder) is one windowLink;
// helpers they share are functions taking what they need (startCall,
// gameData). Only the files behind the dev/production build tags import
// Wails, so everything here is testable with plain `go test`.
package app

import (
	"context"
	"net/http"
	"sync/atomic"
	"time"

	_ "packsmith/backend/drivers/all" // every archive family
	"packsmith/backend/sys/limits"
	_ "packsmith/backend/view/render" // every preview renderer (textures, walk grids, compiled data)
	"packsmith/backend/workspace/jobs"
	"packsmith/backend/workspace/settings"
)

// Emitter sends an event to the window.
type Emitter interface {
	Emit(event string, data any)
}

// Dialogs are the native file dialogs (Wails' runtime dialogs in the window).
type Dialogs interface {
	OpenFile(title string, patterns []FilePattern) (string, error)
	OpenFolder(title string) (string, error)
}

// FilePattern is a file-type filter for the open dialog.
type FilePattern struct {
	Name    string
	Pattern string // "*.zip;*.mod"
}

// windowLink is what the services know of the window: where events go,
// its native file dialogs, the archives named on the command line and the
// demo folder. One per window; the services that talk to the window hold
// it, and the job listener reads emit from it when a job moves.
type windowLink struct {
	emit    Emitter
	dialogs Dialogs
	startup []string // archives to open when the window is ready
	// restored: the tabs open at the last quit were handed to the window
	// (once a run: a reloaded page does not open them again).
	restored atomic.Bool
	demoDir  string
	gate     closeGate // may the window close now (closegate.go)
}

// The services Wails binds, one per concern; every exported method is
// callable from the front end as window.go.app.<Service>.<Method> through
// frontend/wailsjs (`make bindings`). Each owns its state and holds only
// what its concern needs (TestServicesOwnTheirState lists it): the open
// archives and their pending changes belong to one openArchives
// (archives.go) that the services working on them are given; the job
// manager, the settings store and the memory budget are shared by
// pointer, not through an embedded struct. A call that can take more than
// about 100 ms starts a job and returns its id (calljobs.go).
type (
	// BrowseService: open and close archives, list, tree, preview, find
	// in files, verify, and the system's file manager (browse.go,
	// rendered.go, search.go, system.go).
	BrowseService struct {
		archives *openArchives
		jobs     *jobs.Manager
		settings *settings.Store // recent archives, remembered passwords
		budget   *limits.Budget
		rendered *renderedStore // pictures drawn for the window (rendered.go)
		window   *windowLink    // the open dialog, search-hits events
	}
	// EditService: pending changes (replace, add, remove, rename, text
	// edits, Reborn text tables) and saving them (edits.go, textedit.go,
	// reborn.go).
	EditService struct {
		archives *openArchives
		jobs     *jobs.Manager
		window   *windowLink // the file dialog
	}
	// ExportService: extract (plain, filtered, converting, over existing
	// files) and save a preview as a file (export.go, extractover.go).
	ExportService struct {
		archives *openArchives
		jobs     *jobs.Manager
		settings *settings.Store // the last extract folder
		budget   *limits.Budget
		window   *windowLink // the save dialog
	}
	// ToolsService: compare archives, bake walk grids, Lost Saga pack
	// tools (compare.go, bake.go, iop.go).
	ToolsService struct {
		archives *openArchives
		jobs     *jobs.Manager
		settings *settings.Store // game data folders, passwords
		budget   *limits.Budget
		rendered *renderedStore // baked grids drawn for the window
	}
	// PackService: pack a mod folder, deploy, unpack (pack.go, unpack.go).
	PackService struct {
		jobs     *jobs.Manager
		settings *settings.Store
		budget   *limits.Budget
		window   *windowLink // the demo mod
		watches  packWatches // Pack on save (packwatch.go)
	}
	// LoadOrderService: the Torchlight II load order being edited.
	LoadOrderService struct {
		jobs      *jobs.Manager
		settings  *settings.Store
		window    *windowLink // the demo user folder
		loadOrder loadOrderState
		budget    *limits.Budget // what a check reads is held to
	}
	// CombineService: many mods combined into one, deployed, characters
	// moved (combine.go).
	CombineService struct {
		jobs   *jobs.Manager
		budget *limits.Budget
	}
	// SettingsService: the window's start (Hello), settings, the folder
	// dialog and job status and cancel, which every view uses
	// (settings.go, settingsview.go).
	SettingsService struct {
		jobs     *jobs.Manager
		settings *settings.Store
		window   *windowLink // startup archives, demo folder, folder dialog
	}
)

// App is what the window runs: the bound services, the asset handler and
// what they were given. It is not bound itself; its methods are the
// window's callbacks. It keeps the shared pieces only to wire them and to
// close them at shutdown.
type App struct {
	*BrowseService
	*EditService
	*ExportService
	*ToolsService
	*PackService
	*LoadOrderService
	*CombineService
	*SettingsService
	*windowLink

	Jobs     *jobs.Manager
	Settings *settings.Store
	// Budget is the memory everything the window decodes shares (the
	// maxMemoryMB setting): archives' layers, pictures, meshes, bakes,
	// extract's conversions.
	Budget   *limits.Budget
	archives *openArchives
	rendered *renderedStore
	assets   *assetServer
}

// NewApp wires the backend together: one of each shared piece, handed to
// the services that need it.
func NewApp(emit Emitter, dialogs Dialogs, startupPaths []string) *App {
	st := settings.Load()
	budget, err := limits.NewBudget(st.Get().MaxMemoryMB)
	if err != nil {
		budget, _ = limits.NewBudget(0) // a setting out of range: the default
	}
	win := &windowLink{
		emit:    emit,
		dialogs: rememberDirs(dialogs, st), // lastdirs.go
		startup: startupPaths,
		demoDir: findDemoDir(),
	}
	jb := jobs.NewManager(jobListener{win})
	open := newOpenArchives(budget)
	pics := &renderedStore{}
	return &App{
		BrowseService:    &BrowseService{archives: open, jobs: jb, settings: st, budget: budget, rendered: pics, window: win},
		EditService:      &EditService{archives: open, jobs: jb, window: win},
		ExportService:    &ExportService{archives: open, jobs: jb, settings: st, budget: budget, window: win},
		ToolsService:     &ToolsService{archives: open, jobs: jb, settings: st, budget: budget, rendered: pics},
		PackService:      &PackService{jobs: jb, settings: st, budget: budget, window: win},
		LoadOrderService: &LoadOrderService{jobs: jb, settings: st, window: win, budget: budget},
		CombineService:   &CombineService{jobs: jb, budget: budget},
		SettingsService:  &SettingsService{jobs: jb, settings: st, window: win},
		windowLink:       win,
		Jobs:             jb,
		Settings:         st,
		Budget:           budget,
		archives:         open,
		rendered:         pics,
		assets:           &assetServer{archives: open, settings: st, budget: budget, rendered: pics},
	}
}

// Bound lists the services for Wails' Bind option.
func (a *App) Bound() []any {
	return []any{a.BrowseService, a.EditService, a.ExportService, a.ToolsService, a.PackService, a.LoadOrderService, a.CombineService, a.SettingsService}
}

// APIHandler serves entry bytes and previews to the window (assets.go).
func (a *App) APIHandler() http.Handler { return a.assets.apiHandler() }

// jobListener sends each job's progress to the window as "job" events.
type jobListener struct{ window *windowLink }

func (l jobListener) JobUpdate(st jobs.Status) {
	if l.window.emit != nil {
		l.window.emit.Emit("job", st)
	}
}

// Shutdown closes every open archive.
func (a *App) Shutdown(context.Context) {
	// Running jobs (an extract, a save) stop and remove their temporary
	// files before the window goes.
	a.Jobs.CancelAll()
	a.Jobs.WaitAll(10 * time.Second)
	a.archives.closeAll()
}
