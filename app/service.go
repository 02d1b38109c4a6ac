// Package app is the shell around the backend: the service the window binds
// (thin: it forwards to backend packages), the adapter from job progress to
// window events, and the asset handler that streams previews. Only the
// files behind the dev/production build tags import Wails, so everything
// here is testable with plain `go test`.
package app

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"packsmith/backend/archive"
	_ "packsmith/backend/drivers/all"
	"packsmith/backend/edit/edits"
	"packsmith/backend/export/extract"
	"packsmith/backend/sys/limits"
	"packsmith/backend/sys/version"
	"packsmith/backend/view/preview"
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

// Service is the core the bound services share: the job manager, the
// settings store, the window's events and dialogs. It has no exported
// methods, so embedding it binds nothing.
type Service struct {
	Jobs     *jobs.Manager
	Settings *settings.Store

	emit    Emitter
	dialogs Dialogs
	startup []string // archives to open when the window is ready
	demoDir string
}

// The services Wails binds, one per concern, each owning its state; every
// exported method is callable from the front end as
// window.go.app.<Service>.<Method> through frontend/wailsjs.
type (
	// ArchiveService: open archives, browse, preview, extract, verify and
	// edit them (sessions and their pending changes).
	ArchiveService struct {
		*Service
		Sessions *session.Manager
		Edits    *edits.Store  // pending changes per open archive (edits.go)
		rendered renderedStore // pictures rendered for the window until it fetches them (rendered.go)
	}
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
	// dialog and job status and cancel, which every view uses.
	SettingsService struct{ *Service }
)

// App is what the window runs: the core and the bound services. It is not
// bound itself; its methods are the window's callbacks.
type App struct {
	*Service
	*ArchiveService
	*PackService
	*LoadOrderService
	*SettingsService
}

// NewApp wires the backend together.
func NewApp(emit Emitter, dialogs Dialogs, startupPaths []string) *App {
	st := settings.Load()
	s := &Service{
		Settings: st,
		emit:     emit,
		dialogs:  rememberDirs(dialogs, st), // lastdirs.go
		startup:  startupPaths,
		demoDir:  findDemoDir(),
	}
	s.Jobs = jobs.NewManager(jobListener{s})
	limits.SetMB(s.Settings.Get().MaxMemoryMB) // out of range: the default stays
	return &App{
		Service:          s,
		ArchiveService:   &ArchiveService{Service: s, Sessions: session.NewManager(), Edits: edits.NewStore()},
		PackService:      &PackService{Service: s},
		LoadOrderService: &LoadOrderService{Service: s},
		SettingsService:  &SettingsService{s},
	}
}

// Bound lists the services for Wails' Bind option.
func (a *App) Bound() []any {
	return []any{a.ArchiveService, a.PackService, a.LoadOrderService, a.SettingsService}
}

// APIHandler serves entry bytes and previews to the window (assets.go).
func (a *App) APIHandler() http.Handler { return a.ArchiveService.apiHandler() }

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

// AppInfo is what the window needs at start.
type AppInfo struct {
	Version  string   `json:"version"`
	Startup  []string `json:"startup"`  // archives to open now
	DemoDir  string   `json:"demoDir"`  // bundled demo workspace, "" if absent
	Families []string `json:"families"` // archive families this build opens
	Theme    string   `json:"theme"`
	// LastExtractDir is where the user last extracted to ("" the first time).
	LastExtractDir string `json:"lastExtractDir"`
}

// Hello is called once by the window when it is ready.
func (s *SettingsService) Hello() AppInfo {
	var fams []string
	for _, d := range archive.Drivers() {
		fams = append(fams, d.Name())
	}
	st := s.Settings.Get()
	return AppInfo{Version: version.Version, Startup: s.startup, DemoDir: s.demoDir, Families: fams, Theme: st.Theme, LastExtractDir: st.LastExtractDir}
}

// findDemoDir looks for testdata/demo beside the executable or the working
// folder (the README's run command starts the app from the checkout).
func findDemoDir() string {
	if d := os.Getenv("PACKSMITH_DEMO"); d != "" {
		return d
	}
	var bases []string
	if wd, err := os.Getwd(); err == nil {
		bases = append(bases, wd)
	}
	if exe, err := os.Executable(); err == nil {
		dir := filepath.Dir(exe)
		bases = append(bases, dir, filepath.Join(dir, ".."), filepath.Join(dir, "..", ".."))
	}
	for _, b := range bases {
		d := filepath.Join(b, "testdata", "demo")
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			abs, _ := filepath.Abs(d)
			return abs
		}
	}
	return ""
}

// DemoFiles lists the archives at the top of the demo workspace (its
// folders are the sample mod and a sample user folder, which the Pack and
// Load order views offer themselves).
func (s *SettingsService) DemoFiles() []string {
	out := []string{}
	if s.demoDir == "" {
		return out
	}
	ents, err := os.ReadDir(s.demoDir)
	if err != nil {
		return out
	}
	for _, e := range ents {
		p := filepath.Join(s.demoDir, e.Name())
		// DATA.PAK.MAN is the sidecar of DATA.PAK, which opens with it.
		if e.IsDir() {
			if a, err := archive.OpenDir(p, archive.OpenOptions{}); err == nil {
				if a.Capabilities().Append != nil {
					out = append(out, p) // a sample game folder, edited in place
				}
				a.Close()
			}
			continue
		}
		if e.Type().IsRegular() && !strings.EqualFold(filepath.Ext(e.Name()), ".man") {
			if _, err := archive.Detect(p); err == nil {
				out = append(out, p)
			}
		}
	}
	return out
}

// Open opens an archive and remembers it in the recent list.
func (s *ArchiveService) Open(path, password string) (session.Info, error) {
	info, err := s.openRemembered(path, password)
	if err != nil {
		return session.Info{}, err
	}
	abs, _ := filepath.Abs(path)
	s.Settings.Update(func(st *settings.Settings) { st.Recent = settings.PushRecent(st.Recent, abs) })
	return info, nil
}

// PickArchive shows the open dialog; "" when the user cancelled.
func (s *ArchiveService) PickArchive() (string, error) {
	if s.dialogs == nil {
		return "", fmt.Errorf("no file dialog in this build")
	}
	return s.dialogs.OpenFile("Open an archive", []FilePattern{
		{Name: "Archives (*.zip, *.mod, *.pak, *.dat, *.iop)", Pattern: "*.zip;*.ZIP;*.mod;*.MOD;*.pak;*.PAK;*.dat;*.DAT;*.iop;*.IOP"},
		{Name: "Textures, walk grids, data (*.dds, *.tga, *.png, *.mpp, *.dat, *.layout, *.raw, *.sch)", Pattern: "*.dds;*.DDS;*.tga;*.TGA;*.png;*.PNG;*.mpp;*.MPP;*.dat;*.DAT;*.layout;*.LAYOUT;*.raw;*.RAW;*.sch;*.SCH"},
		{Name: "All files", Pattern: "*"},
	})
}

// PickFolder shows the folder dialog; "" when the user cancelled.
func (s *SettingsService) PickFolder(title string) (string, error) {
	if s.dialogs == nil {
		return "", fmt.Errorf("no folder dialog in this build")
	}
	return s.dialogs.OpenFolder(title)
}

// Recent lists recently opened archives that still exist.
func (s *ArchiveService) Recent() []string {
	out := []string{}
	for _, p := range s.Settings.Get().Recent {
		if _, err := os.Stat(p); err == nil {
			out = append(out, p)
		}
	}
	return out
}

// Close closes an open archive.
func (s *ArchiveService) Close(id string) error {
	s.Edits.Drop(id)
	return s.Sessions.Close(id)
}

// List returns one page of entries.
func (s *ArchiveService) List(id string, q session.Query) (session.Page, error) {
	ss, err := s.Sessions.Get(id)
	if err != nil {
		return session.Page{}, err
	}
	return ss.List(q)
}

// Tree returns the folder tree.
func (s *ArchiveService) Tree(id string) (*session.Folder, error) {
	ss, err := s.Sessions.Get(id)
	if err != nil {
		return nil, err
	}
	return ss.Tree(), nil
}

// Describe says how an entry can be previewed.
func (s *ArchiveService) Describe(id, entryPath string) (preview.Description, error) {
	ss, err := s.Sessions.Get(id)
	if err != nil {
		return preview.Description{}, err
	}
	v := s.view(ss) // a pending change previews as what the save stores (textedit.go)
	e, ok := archive.Find(v, entryPath)
	if !ok {
		return preview.Description{}, &archive.EntryError{Archive: ss.Archive.Path(), Entry: entryPath, Offset: -1, Err: archive.ErrNotFound}
	}
	d, err := preview.Describe(v, e)
	return pendingNote(d, s.Edits.For(id).List()), err
}

// Extract starts a job writing entries (all when paths is empty; folder
// paths select what is below them) under dir. It returns the job id.
func (s *ArchiveService) Extract(id string, paths []string, dir string) (string, error) {
	return s.startExtract(id, paths, dir, extract.Options{})
}

func (s *ArchiveService) startExtract(id string, paths []string, dir string, opt extract.Options) (string, error) {
	ss, err := s.Sessions.Get(id)
	if err != nil {
		return "", err
	}
	if strings.TrimSpace(dir) == "" {
		return "", fmt.Errorf("extract: no target folder")
	}
	s.Settings.Update(func(st *settings.Settings) { st.LastExtractDir = dir })
	title := fmt.Sprintf("Extracting %s", ss.Name())
	return s.Jobs.Start("extract", title, func(ctx context.Context, p *jobs.Reporter) (any, error) {
		return extract.Extract(ctx, ss.Archive, dir, paths, p, opt)
	}), nil
}

// ExtractFiltered extracts every entry matching a list query.
func (s *ArchiveService) ExtractFiltered(id string, q session.Query, dir string) (string, error) {
	ss, err := s.Sessions.Get(id)
	if err != nil {
		return "", err
	}
	paths, err := ss.Matching(q)
	if err != nil {
		return "", err
	}
	if len(paths) == 0 {
		return "", fmt.Errorf("extract: no entry matches the filter")
	}
	return s.Extract(id, paths, dir)
}

// Verify starts a job running the family's checks; its result is the list
// of findings.
func (s *ArchiveService) Verify(id string) (string, error) {
	ss, err := s.Sessions.Get(id)
	if err != nil {
		return "", err
	}
	verify := ss.Archive.Capabilities().Verify
	if verify == nil {
		return "", fmt.Errorf("%s archives have no integrity checks", ss.Archive.Family())
	}
	return s.Jobs.Start("verify", "Verifying "+ss.Name(), func(ctx context.Context, p *jobs.Reporter) (any, error) {
		f, err := verify(ctx, p)
		if f == nil {
			f = []archive.Finding{}
		}
		return f, err
	}), nil
}

// CancelJob cancels a running job.
func (s *SettingsService) CancelJob(jobID string) bool { return s.Jobs.Cancel(jobID) }

// Job returns a job's latest status (the window also gets "job" events).
func (s *SettingsService) Job(jobID string) (jobs.Status, error) {
	st, ok := s.Jobs.Get(jobID)
	if !ok {
		return jobs.Status{}, fmt.Errorf("no job %q", jobID)
	}
	return st, nil
}
