package app

// Torchlight II mod packing (issue 4), bound for the window: thin forwards
// to backend/tl2/modpack. Packing runs as a job whose "job" events carry the
// stage, the file and the counts as fields; the job keeps the full result,
// findings included, also when the pack failed.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"packsmith/backend/tl2/deploy"
	"packsmith/backend/tl2/modpack"
	"packsmith/backend/workspace/jobs"
	"packsmith/backend/workspace/settings"
)

// PackSetup is what the Pack view starts with.
type PackSetup struct {
	Sample         string   `json:"sample"`         // the bundled sample mod folder, "" if absent
	Recent         []string `json:"recent"`         // recent mod folders that still exist
	ModsDir        string   `json:"modsDir"`        // the one Settings shows (the setting, else the user folder's, else this system's)
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
func (s *PackService) PackSetup() PackSetup {
	st := s.settings.Get()
	p := PackSetup{
		Recent: []string{}, ModsDir: st.ModsDir, DefaultModsDir: deploy.DefaultModsDir(),
		BaseDir: st.PackBaseDir, GameDir: st.GameDir, GameVersion: st.GameVersion,
		DefaultGameVer: modpack.DefaultGameVersion.String(), Deploy: st.PackDeploy, Enable: st.PackEnable,
	}
	p.ModsDir = modsFolder(st) // as Settings shows it
	for _, d := range st.PackRecent {
		if fi, err := os.Stat(d); err == nil && fi.IsDir() {
			p.Recent = append(p.Recent, d)
		}
	}
	if s.window.demoDir != "" {
		d := filepath.Join(s.window.demoDir, "sample_mod")
		if fi, err := os.Stat(d); err == nil && fi.IsDir() {
			p.Sample = d
		}
	}
	for _, x := range modpack.Stages {
		p.Stages = append(p.Stages, string(x))
	}
	return p
}

// InspectMod starts a job reading a mod folder without writing: its
// MOD.DAT card, what would be packed, and the lint findings (with baseDir,
// "" for none, for the units that inherit from base-game files). Its
// result is a *modpack.Inspection.
func (s *PackService) InspectMod(dir, baseDir string) (string, error) {
	dir = strings.TrimSpace(dir)
	if dir == "" {
		return "", fmt.Errorf("pack: choose a mod folder (the one holding MOD.DAT and MEDIA/)")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	return startCall(s.jobs, "inspect", "Reading "+filepath.Base(abs), abs, func(ctx context.Context, p *jobs.Reporter) (any, error) {
		in, err := modpack.Inspect(ctx, abs, strings.TrimSpace(baseDir))
		if err != nil {
			return nil, err
		}
		s.settings.Update(func(st *settings.Settings) { st.PackRecent = settings.PushRecent(st.PackRecent, abs) })
		return in, nil
	}), nil
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
	WriteModID  bool   `json:"writeModId"` // write a fresh MOD_ID into MOD.DAT (the view's box, ticked by default)
}

// PackMod starts packing (and deploying) a mod folder and returns the job
// id. Progress comes as "job" events with Stage, What (the file), Done and
// Total; the finished job's result is the modpack.Result, also when the
// pack failed.
func (s *PackService) PackMod(req PackRequest) (string, error) {
	dir, opt, err := s.packOptions(req)
	if err != nil {
		return "", err
	}
	opt.SHA256 = true // the summary shows it; Pack on save does not take it (modpack.Options.SHA256)
	title := "Packing " + filepath.Base(dir)
	return s.jobs.Start("pack", title, func(ctx context.Context, p *jobs.Reporter) (any, error) {
		opt.Progress = func(pr modpack.Progress) { p.Stage(string(pr.Stage), pr.File, pr.Done, pr.Total) }
		return modpack.Pack(ctx, dir, opt)
	}), nil
}

// packOptions checks a request, remembers its folders and toggles, and
// turns it into Pack's options.
func (s *PackService) packOptions(req PackRequest) (string, modpack.Options, error) {
	dir := strings.TrimSpace(req.ModDir)
	if dir == "" {
		return "", modpack.Options{}, fmt.Errorf("pack: choose a mod folder (the one holding MOD.DAT and MEDIA/)")
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", modpack.Options{}, err
	}
	if v := strings.TrimSpace(req.GameVersion); v != "" {
		if _, err := modpack.ParseGameVersion(v); err != nil {
			return "", modpack.Options{}, err
		}
	}
	st := s.settings.Get()
	opt := modpack.Options{
		Output: strings.TrimSpace(req.Output), Deploy: req.Deploy, ModsDir: orSetting(req.ModsDir, modsFolder(st)), Enable: req.Deploy && req.Enable,
		BaseDir: strings.TrimSpace(req.BaseDir), GameDir: orSetting(req.GameDir, st.GameDir), GameVersion: strings.TrimSpace(req.GameVersion),
		WriteModID: req.WriteModID, StrictNumbers: st.PackStrictNumbers,
		FindGame: true, HoldGuessedDeploy: true, // packhold.go: the window asks
		Incremental: true,
		CacheDir:    modpack.DefaultCacheDir(), // the user's cache, not the mod's folders
		Budget:      s.budget,
	}
	// The view's own choices are remembered; the folders Settings owns (mods
	// folder, game folder) are used for this pack only.
	s.settings.Update(func(st *settings.Settings) {
		st.PackRecent = settings.PushRecent(st.PackRecent, dir)
		st.PackDeploy, st.PackEnable, st.PackBaseDir = req.Deploy, req.Enable, opt.BaseDir
		st.GameVersion = opt.GameVersion
	})
	return dir, opt, nil
}

// orSetting is a folder the request typed, else the one Settings holds now:
// a folder saved in Settings while the Pack view was open is the one the
// next pack uses (issue 46), not "this system's default".
func orSetting(typed, setting string) string {
	if t := strings.TrimSpace(typed); t != "" {
		return t
	}
	return setting
}
