package app

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"packsmith/backend/tl2/tl2paths"
	"packsmith/backend/workspace/backups"
	"packsmith/backend/workspace/settings"
)

// The Settings panel: the folders the Pack and Load order views use and
// the theme, with where a folder was found when the user gave none.

// Prefs is what the Settings panel edits.
type Prefs struct {
	TL2UserDir string `json:"tl2UserDir"` // the folder holding modlauncher.sch
	ModsDir    string `json:"modsDir"`    // "" = the user folder's mods
	GameDir    string `json:"gameDir"`    // the game's install folder
	Theme      string `json:"theme"`      // "dark" or "light"
	// BackupsKeep is how many backups of one file are kept (backend/workspace/backups).
	BackupsKeep int `json:"backupsKeep"`
}

// PrefsView is Prefs with what was found on this system.
type PrefsView struct {
	Prefs
	// Detected are the folders this system has when no setting says
	// (the Documents or Proton user folder and its mods folder).
	DetectedUserDir string `json:"detectedUserDir"`
	DetectedModsDir string `json:"detectedModsDir"`
	DetectedFrom    string `json:"detectedFrom"` // in words, "" when nothing was found
	ConfigFile      string `json:"configFile"`
	BackupsDir      string `json:"backupsDir"` // where backups go
	// BackupsUsed is what the backups folder holds now: copies and bytes.
	BackupsUsed backups.Usage `json:"backupsUsed"`
}

// Preferences returns the Settings panel's values.
func (s *SettingsService) Preferences() PrefsView {
	st := s.settings.Get()
	v := PrefsView{Prefs: Prefs{TL2UserDir: st.TL2UserDir, ModsDir: st.ModsDir, GameDir: st.GameDir, Theme: st.Theme, BackupsKeep: st.BackupsKeep},
		ConfigFile: filepath.Join(settings.Dir(), "settings.json"), BackupsDir: backups.Dir()}
	if v.BackupsKeep <= 0 {
		v.BackupsKeep = backups.DefaultKeep
	}
	v.BackupsUsed, _ = (&backups.Store{Dir: v.BackupsDir}).Usage()
	if v.Theme == "" {
		v.Theme = "dark"
	}
	if d, err := tl2paths.DefaultUserDir(); err == nil {
		v.DetectedUserDir = d
		v.DetectedFrom = "the game's default user folder on this system"
	}
	// Left empty, the mods folder is the user folder's: the one the Pack
	// view and Load order use (modsFolder).
	v.DetectedModsDir = modsFolderOf(st.TL2UserDir)
	if st.TL2UserDir != "" && v.DetectedModsDir != "" {
		v.DetectedFrom = "the user folder set above"
	}
	return v
}

// SavePreferences checks and saves the Settings panel's values: folders
// must exist (or be left empty, meaning "detect").
func (s *SettingsService) SavePreferences(p Prefs) (PrefsView, error) {
	clean := func(what, d string) (string, error) {
		d = strings.TrimSpace(d)
		if d == "" {
			return "", nil
		}
		st, err := os.Stat(d)
		if err != nil {
			return "", fmt.Errorf("%s: %w", what, err)
		}
		if !st.IsDir() {
			return "", fmt.Errorf("%s: %s is a file, not a folder", what, d)
		}
		abs, _ := filepath.Abs(d)
		return abs, nil
	}
	var err error
	if p.TL2UserDir, err = clean("Torchlight II user folder", p.TL2UserDir); err != nil {
		return PrefsView{}, err
	}
	if p.ModsDir, err = clean("mods folder", p.ModsDir); err != nil {
		return PrefsView{}, err
	}
	if p.GameDir, err = clean("game folder", p.GameDir); err != nil {
		return PrefsView{}, err
	}
	if p.Theme != "light" {
		p.Theme = "dark"
	}
	if p.BackupsKeep == 0 {
		p.BackupsKeep = backups.DefaultKeep
	}
	if p.BackupsKeep < 1 || p.BackupsKeep > 1000 {
		return PrefsView{}, fmt.Errorf("backups kept per file: %d is not a number from 1 to 1000", p.BackupsKeep)
	}
	if err := s.settings.Update(func(st *settings.Settings) {
		st.TL2UserDir, st.ModsDir, st.GameDir, st.Theme = p.TL2UserDir, p.ModsDir, p.GameDir, p.Theme
		st.BackupsKeep = p.BackupsKeep
	}); err != nil {
		return PrefsView{}, fmt.Errorf("saving settings: %w", err)
	}
	// A lower number takes effect now, not at each file's next backup.
	if err := (&backups.Store{Dir: backups.Dir(), Keep: p.BackupsKeep}).PruneAll(); err != nil {
		return PrefsView{}, err
	}
	return s.Preferences(), nil
}
