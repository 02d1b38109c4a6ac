// Package settings keeps the user's preferences and recent files in a JSON
// file in the user's config folder (PACKSMITH_CONFIG_DIR overrides it, for
// tests and portable installs).
package settings

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"packsmith/backend/sys/safefile"
)

// MaxRecent is how many recent archives are remembered.
const MaxRecent = 12

// Settings is what is saved.
type Settings struct {
	Recent         []string `json:"recent"`
	RecentMods     []string `json:"recentMods"`
	Theme          string   `json:"theme"` // "dark" (default) or "light"
	ModsDir        string   `json:"modsDir,omitempty"`
	GameDir        string   `json:"gameDir,omitempty"`
	GameVersion    string   `json:"gameVersion,omitempty"`
	LastExtractDir string   `json:"lastExtractTo,omitempty"`
	// TL2UserDir is the Torchlight II user folder holding modlauncher.sch
	// (the load order); its mods folder is ModsDir.
	TL2UserDir string `json:"tl2UserDir,omitempty"`
	// Mod packing (backend/tl2/modpack): recent mod folders, the base-game
	// data for UNITDATA.RAW, and the Pack view's deploy toggles.
	PackRecent  []string `json:"packRecent,omitempty"`
	PackBaseDir string   `json:"packBaseDir,omitempty"`
	PackDeploy  bool     `json:"packDeploy,omitempty"`
	PackEnable  bool     `json:"packEnable,omitempty"`
	// OpenTabs are the archives open in the window's tabs, in order: they
	// open again at the next start (issue 46).
	OpenTabs []string `json:"openTabs,omitempty"`
	// Passwords remembers, per archive path, the password the user typed
	// for it (Lost Saga packs whose password is none of the published ones).
	Passwords map[string]string `json:"passwords,omitempty"`
	// MaxMemoryMB raises the memory budget for decoded data
	// (backend/sys/limits); 0 keeps the default.
	MaxMemoryMB int64 `json:"maxMemoryMB,omitempty"`
	// PackStrictNumbers refuses numeric values GUTS would read the C way
	// (the leading number) instead of packing them with a warning.
	PackStrictNumbers bool `json:"packStrictNumbers,omitempty"`
	// LastDirs is the folder each kind of file dialog was last used in
	// (backend/lastdir: open, folder, save); the next one starts there.
	LastDirs map[string]string `json:"lastDirs,omitempty"`
	// BackupsKeep is how many backups of one file backend/workspace/backups keeps
	// (deployed .MODs, modlauncher.sch, MOD.DAT); 0 keeps the default, 10.
	BackupsKeep int `json:"backupsKeep,omitempty"`
}

// Store loads and saves Settings.
type Store struct {
	mu   sync.Mutex
	path string
	s    Settings
}

// Dir is the folder settings live in.
func Dir() string {
	if d := os.Getenv("PACKSMITH_CONFIG_DIR"); d != "" {
		return d
	}
	d, err := os.UserConfigDir()
	if err != nil {
		return "."
	}
	return filepath.Join(d, "Packsmith")
}

// Load reads the settings file; a missing or unreadable file gives defaults.
func Load() *Store {
	st := &Store{path: filepath.Join(Dir(), "settings.json"), s: Settings{Theme: "dark"}}
	if b, err := os.ReadFile(st.path); err == nil {
		json.Unmarshal(b, &st.s)
	}
	return st
}

// Get returns a copy of the settings.
func (st *Store) Get() Settings {
	st.mu.Lock()
	defer st.mu.Unlock()
	s := st.s
	s.Recent = append([]string(nil), st.s.Recent...)
	s.RecentMods = append([]string(nil), st.s.RecentMods...)
	s.PackRecent = append([]string(nil), st.s.PackRecent...)
	if st.s.Passwords != nil {
		s.Passwords = make(map[string]string, len(st.s.Passwords))
		for k, v := range st.s.Passwords {
			s.Passwords[k] = v
		}
	}
	if st.s.LastDirs != nil {
		s.LastDirs = make(map[string]string, len(st.s.LastDirs))
		for k, v := range st.s.LastDirs {
			s.LastDirs[k] = v
		}
	}
	return s
}

// Update changes the settings with fn and saves them.
func (st *Store) Update(fn func(s *Settings)) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	fn(&st.s)
	if err := os.MkdirAll(filepath.Dir(st.path), 0o755); err != nil {
		return err
	}
	b, err := json.MarshalIndent(st.s, "", "  ")
	if err != nil {
		return err
	}
	return writePrivate(st.path, b)
}

// writePrivate writes the settings readable by the user alone (0600): they
// hold the passwords typed for Lost Saga packs, in clear (issue 46: the file
// was 0644, readable by every account on the machine). An older file's
// wider mode is narrowed on the next save. Windows keeps the folder's ACL.
func writePrivate(path string, b []byte) error {
	f, err := safefile.Create(path)
	if err != nil {
		return err
	}
	if err := f.Chmod(0o600); err != nil && runtime.GOOS != "windows" {
		f.Abort()
		return err
	}
	if _, err := f.Write(b); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}

// PushRecent puts p first in list, without duplicates (compared
// case-insensitively: Windows paths), at most MaxRecent long.
func PushRecent(list []string, p string) []string {
	out := []string{p}
	for _, q := range list {
		if !strings.EqualFold(q, p) {
			out = append(out, q)
		}
	}
	if len(out) > MaxRecent {
		out = out[:MaxRecent]
	}
	return out
}

// ErrNoConfig is returned when the config folder cannot be made.
var ErrNoConfig = errors.New("no config folder")
