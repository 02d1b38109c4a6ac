package app

// The first screen's "found on this system" (issue 46): the game folders
// Packsmith would work on, found where each game keeps them, each opened
// with one click. Only folders that exist are listed: a path the game
// would create later is not something to click.

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"

	"packsmith/backend/sys/installs"
	"packsmith/backend/tl2/tl2game"
	"packsmith/backend/tl2/tl2paths"
)

// FoundFolder is one folder the first screen offers.
type FoundFolder struct {
	Game string `json:"game"` // "Torchlight II", …
	What string `json:"what"` // "user folder", "game data (DATA.PAK)"
	Path string `json:"path"`
	From string `json:"from"` // how it was found, in words
	// Opens says what a click does: "loadorder" (the Load order view on
	// this user folder) or "open" (a tab on Path).
	Opens string `json:"opens"`
}

// FoundFolders lists the game folders found on this system: first the
// Torchlight II user folder chosen in Settings (the trial of issue 43 found
// a saved folder missing from the first screen when the game keeps it
// somewhere no search looks), then what the searches find, each once.
func (s *SettingsService) FoundFolders() []FoundFolder {
	out := []FoundFolder{}
	var seen []os.FileInfo // the folders listed: one folder however spelt (case, links, a trailing separator)
	user := func(d, from string) {
		st, err := os.Stat(d)
		if err != nil || !st.IsDir() || slices.ContainsFunc(seen, func(o os.FileInfo) bool { return os.SameFile(o, st) }) {
			return
		}
		seen = append(seen, st)
		out = append(out, FoundFolder{Game: "Torchlight II", What: "user folder (load order, mods)", Path: d, From: from, Opens: "loadorder"})
	}
	if d := s.settings.Get().TL2UserDir; d != "" {
		user(d, "Settings")
	}
	for _, d := range tl2paths.UserDirs() {
		user(d, userDirFrom(d))
	}
	for _, in := range tl2game.Find() {
		out = append(out, FoundFolder{Game: "Torchlight II", What: "game data (DATA.PAK)", Path: in.Pak, From: in.From, Opens: "open"})
	}
	for _, f := range installs.Find() {
		out = append(out, FoundFolder{Game: f.Game, What: f.What, Path: f.Path, From: f.From, Opens: "open"})
	}
	return out
}

// userDirFrom says where a user folder was found: the Proton prefix or
// the native build's game folder on Linux, Steam's folder on macOS,
// Documents on Windows.
func userDirFrom(d string) string {
	switch {
	case runtime.GOOS == "windows":
		return "Documents"
	case containsDir(d, "compatdata"):
		return "Steam Play (Proton) prefix"
	case runtime.GOOS == "darwin":
		return "Steam's game folder"
	case containsDir(d, "common"):
		return "the native build's game folder"
	}
	return "this system"
}

func containsDir(p, name string) bool {
	for d := p; d != filepath.Dir(d); d = filepath.Dir(d) {
		if filepath.Base(d) == name {
			return true
		}
	}
	return false
}
