// Package app is the shell around the backend: the services the window binds
// (thin: it forwards to backend packages), the adapter from job progress to
// window events, and the asset handler that streams previews. Only the
// files behind the dev/production build tags import Wails, so everything
// here is testable with plain `go test`.
package app

import (
	"context"
	"net/http"
	"time"

	_ "packsmith/backend/drivers/all" // every archive family
	"packsmith/backend/edit/edits"
	"packsmith/backend/sys/limits"
	_ "packsmith/backend/view/render" // every preview renderer (textures, walk grids, compiled data)
	"packsmith/backend/workspace/jobs"
	"packsmith/backend/workspace/session"
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

// Service is the state the bound services share: the job manager, the
// settings store, the open archives and their pending changes, the
// pictures waiting to be fetched, the window's events and dialogs. It has
// no exported methods, so embedding it binds nothing; the helpers the
// services have in common are its unexported methods.
type Service struct {
	Jobs     *jobs.Manager
	Settings *settings.Store
	Sessions *session.Manager
	Edits    *edits.Store // pending changes per open archive (edits.go)
	// Budget is the memory everything the window decodes shares (the
	// maxMemoryMB setting): archives' layers, pictures, meshes, bakes,
	// extract's conversions.
	Budget   *limits.Budget
	rendered renderedStore // pictures rendered for the window until it fetches them (rendered.go)

	emit    Emitter
	dialogs Dialogs
	startup []string // archives to open when the window is ready
	demoDir string
}

// The services Wails binds, one per concern; every exported method is
// callable from the front end as window.go.app.<Service>.<Method> through
// frontend/wailsjs (`make bindings`). They share one Service: the split is
// about what each binds (none more than 20 methods), not about who owns
// the open archives. A call that can take more than about 100 ms starts a
// job and returns its id (jobs.go).
type (
	// BrowseService: open and close archives, list, tree, preview, find
	// in files, verify, and the system's file manager (browse.go,
	// rendered.go, search.go, system.go).
	BrowseService struct{ *Service }
	// EditService: pending changes (replace, add, remove, rename, text
	// edits, Reborn text tables) and saving them (edits.go, textedit.go,
	// reborn.go).
	EditService struct{ *Service }
	// ExportService: extract (plain, filtered, converting, over existing
	// files) and save a preview as a file (export.go, extractover.go).
	ExportService struct{ *Service }
	// ToolsService: compare archives, bake walk grids, Lost Saga pack
	// tools (compare.go, bake.go, iop.go).
	ToolsService struct{ *Service }
	// PackService: pack a mod folder, deploy, unpack (pack.go, unpack.go).
	PackService struct {
		*Service
		watches packWatches // Pack on save (packwatch.go)
	}
	// LoadOrderService: the Torchlight II load order being edited.
	LoadOrderService struct {
		*Service
		loadOrder loadOrderState
	}
	// SettingsService: the window's start (Hello), settings, the folder
	// dialog and job status and cancel, which every view uses
	// (settings.go, settingsview.go).
	SettingsService struct{ *Service }
)

// App is what the window runs: the core and the bound services. It is not
// bound itself; its methods are the window's callbacks.
type App struct {
	*Service
	*BrowseService
	*EditService
	*ExportService
	*ToolsService
	*PackService
	*LoadOrderService
	*SettingsService
}

// NewApp wires the backend together.
func NewApp(emit Emitter, dialogs Dialogs, startupPaths []string) *App {
	st := settings.Load()
	budget, err := limits.NewBudget(st.Get().MaxMemoryMB)
	if err != nil {
		budget, _ = limits.NewBudget(0) // a setting out of range: the default
	}
	s := &Service{
		Settings: st,
		Budget:   budget,
		Sessions: session.NewManager(budget),
		Edits:    edits.NewStore(),
		emit:     emit,
		dialogs:  rememberDirs(dialogs, st), // lastdirs.go
		startup:  startupPaths,
		demoDir:  findDemoDir(),
	}
	s.Jobs = jobs.NewManager(jobListener{s})
	return &App{
		Service:          s,
		BrowseService:    &BrowseService{s},
		EditService:      &EditService{s},
		ExportService:    &ExportService{s},
		ToolsService:     &ToolsService{s},
		PackService:      &PackService{Service: s},
		LoadOrderService: &LoadOrderService{Service: s},
		SettingsService:  &SettingsService{s},
	}
}

// Bound lists the services for Wails' Bind option.
func (a *App) Bound() []any {
	return []any{a.BrowseService, a.EditService, a.ExportService, a.ToolsService, a.PackService, a.LoadOrderService, a.SettingsService}
}

// APIHandler serves entry bytes and previews to the window (assets.go).
func (a *App) APIHandler() http.Handler { return a.Service.apiHandler() }

type jobListener struct{ s *Service }

func (l jobListener) JobUpdate(st jobs.Status) {
	if l.s.emit != nil {
		l.s.emit.Emit("job", st)
	}
}

// Shutdown closes every open archive.
func (a *App) Shutdown(context.Context) {
	// Running jobs (an extract, a save) stop and remove their temporary
	// files before the window goes.
	a.Jobs.CancelAll()
	a.Jobs.WaitAll(10 * time.Second)
	a.Sessions.CloseAll()
}
