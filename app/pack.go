package app

// Torchlight II mod packing (issue 4), bound for the window: thin forwards
// to backend/modpack. Packing runs as a job ("job" events carry "stage:
// file" in What); the full result, findings included, is kept per job so
// the view can show it also when the pack failed.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"packsmith/backend/jobs"
	"packsmith/backend/modpack"
	"packsmith/backend/settings"
)

// packResults keeps the latest pack results by job id (the Service struct
// is shared with other work; this view's state lives here).
var packResults = struct {
	sync.Mutex
	m     map[string]*modpack.Result
	order []string
}{m: map[string]*modpack.Result{}}

const keepPackResults = 16

func rememberPack(id string, r *modpack.Result) {
	packResults.Lock()
	defer packResults.Unlock()
	packResults.m[id] = r
	packResults.order = append(packResults.order, id)
	for len(packResults.order) > keepPackResults {
		delete(packResults.m, packResults.order[0])
		packResults.order = packResults.order[1:]
	}
}

// PackSetup is what the Pack view starts with.
type PackSetup struct {
	Sample         string   `json:"sample"`         // the bundled sample mod folder, "" if absent
	Recent         []string `json:"recent"`         // recent mod folders that still exist
	ModsDir        string   `json:"modsDir"`        // last used, else the load order's, else the default
	DefaultModsDir string   `json:"defaultModsDir"` // "" when this system has none
	BaseDir        string   `json:"baseDir"`
	GameDir        string   `json:"gameDir"`
	GameVersion    string   `json:"gameVersion"`
	DefaultGameVer string   `json:"defaultGameVersion"`
	Deploy         bool     `json:"deploy"`
	Enable         bool     `json:"enable"`
	Stages         []string `json:"stages"`
}

// PackSetup tells the Pack view its folders and toggles.
func (s *Service) PackSetup() PackSetup {
	st := s.Settings.Get()
	p := PackSetup{
		Recent: []string{}, ModsDir: st.ModsDir, DefaultModsDir: modpack.DefaultModsDir(),
		BaseDir: st.PackBaseDir, GameDir: st.GameDir, GameVersion: st.GameVersion,
		DefaultGameVer: modpack.DefaultGameVersion.String(), Deploy: st.PackDeploy, Enable: st.PackEnable,
	}
	if p.ModsDir == "" && st.TL2UserDir != "" {
		p.ModsDir = filepath.Join(st.TL2UserDir, "mods")
	}
	if p.ModsDir == "" {
		p.ModsDir = p.DefaultModsDir
	}
	for _, d := range st.PackRecent {
		if fi, err := os.Stat(d); err == nil && fi.IsDir() {
			p.Recent = append(p.Recent, d)
		}
	}
	if s.demoDir != "" {
		d := filepath.Join(s.demoDir, "sample_mod")
		if fi, err := os.Stat(d); err == nil && fi.IsDir() {
			p.Sample = d
		}
	}
	for _, x := range modpack.Stages {
		p.Stages = append(p.Stages, string(x))
	}
	return p
}

// InspectMod reads a mod folder without writing: its MOD.DAT card, what
// would be packed, and the lint findings (with baseDir, "" for none, for
// the units that inherit from base-game files).
func (s *Service) InspectMod(dir, baseDir string) (*modpack.Inspection, error) {
	dir = strings.TrimSpace(dir)
	if dir == "" {
		return nil, fmt.Errorf("pack: choose a mod folder (the one holding MOD.DAT and MEDIA/)")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	in, err := modpack.Inspect(context.Background(), abs, strings.TrimSpace(baseDir))
	if err != nil {
		return nil, err
	}
	s.Settings.Update(func(st *settings.Settings) { st.PackRecent = settings.PushRecent(st.PackRecent, abs) })
	return in, nil
}

// PackRequest is what the Pack & Deploy button sends.
type PackRequest struct {
	ModDir      string `json:"modDir"`
	Output      string `json:"output"` // "" = the mod folder's default
	Deploy      bool   `json:"deploy"`
	ModsDir     string `json:"modsDir"`
	Enable      bool   `json:"enable"`
	BaseDir     string `json:"baseDir"`
	GameDir     string `json:"gameDir"`
	GameVersion string `json:"gameVersion"`
	WriteModID  bool   `json:"writeModId"` // the user agreed to write a fresh MOD_ID into MOD.DAT
}

// PackMod starts packing (and deploying) a mod folder and returns the job
// id. Progress comes as "job" events whose What is "<stage>: <file>"; the
// finished job's result is the modpack.Result (PackResult has it also for
// a failed job).
func (s *Service) PackMod(req PackRequest) (string, error) {
	dir := strings.TrimSpace(req.ModDir)
	if dir == "" {
		return "", fmt.Errorf("pack: choose a mod folder (the one holding MOD.DAT and MEDIA/)")
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	if v := strings.TrimSpace(req.GameVersion); v != "" {
		if _, err := modpack.ParseGameVersion(v); err != nil {
			return "", err
		}
	}
	opt := modpack.Options{
		Output: strings.TrimSpace(req.Output), Deploy: req.Deploy, ModsDir: strings.TrimSpace(req.ModsDir), Enable: req.Deploy && req.Enable,
		BaseDir: strings.TrimSpace(req.BaseDir), GameDir: strings.TrimSpace(req.GameDir), GameVersion: strings.TrimSpace(req.GameVersion),
		WriteModID: req.WriteModID, StrictNumbers: s.Settings.Get().PackStrictNumbers,
		FindGame: true, HoldGuessedDeploy: true, // packhold.go: the window asks
		Incremental: true,
	}
	s.Settings.Update(func(st *settings.Settings) {
		st.PackRecent = settings.PushRecent(st.PackRecent, dir)
		st.PackDeploy, st.PackEnable, st.PackBaseDir = req.Deploy, req.Enable, opt.BaseDir
		if req.Deploy && opt.ModsDir != "" {
			st.ModsDir = opt.ModsDir
		}
		st.GameDir, st.GameVersion = opt.GameDir, opt.GameVersion
	})
	title := "Packing " + filepath.Base(dir)
	var id string
	var idMu sync.Mutex
	idMu.Lock()
	id = s.Jobs.Start("pack", title, func(ctx context.Context, p *jobs.Reporter) (any, error) {
		opt.Progress = func(pr modpack.Progress) {
			what := string(pr.Stage)
			if pr.File != "" {
				what += ": " + pr.File
			}
			p.Progress(pr.Done, pr.Total, what)
		}
		res, err := modpack.Pack(ctx, dir, opt)
		idMu.Lock()
		jid := id
		idMu.Unlock()
		rememberPack(jid, res)
		return res, err
	})
	idMu.Unlock()
	return id, nil
}

// PackResult returns a pack job's result, findings included, also when
// the pack failed (the job's status then only carries the error text).
func (s *Service) PackResult(jobID string) (*modpack.Result, error) {
	packResults.Lock()
	defer packResults.Unlock()
	r, ok := packResults.m[jobID]
	if !ok {
		return nil, fmt.Errorf("no pack result for job %q", jobID)
	}
	return r, nil
}
