// Package tl2paths knows where Torchlight II keeps its user folder (the
// one holding modlauncher.sch and mods/) on each system, and finds names
// there the way Windows does: in any letter case.
package tl2paths

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
)

// UserSubdir is where Torchlight II keeps its user folder under Documents.
var UserSubdir = filepath.Join("My Games", "Runic Games", "Torchlight 2")

// SchName is the mod list's file name (matched in any letter case).
const SchName = "modlauncher.sch"

// ErrNoUserDir: this system has no default user folder; the caller must
// name one.
var ErrNoUserDir = errors.New("no Torchlight II user folder found on this system; give the folder that holds modlauncher.sch (--dir)")

// DefaultUserDir returns the game's user folder: on Windows
// Documents\My Games\Runic Games\Torchlight 2 (Documents resolved as the
// shell's known folder, which may be redirected, e.g. to OneDrive). On
// macOS the Steam build's folder and on Linux the Proton prefix's, when
// they exist; otherwise ErrNoUserDir.
func DefaultUserDir() (string, error) {
	for _, d := range candidateUserDirs() {
		if d == "" {
			continue
		}
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			return d, nil
		}
	}
	if d := windowsDefault(); d != "" {
		return d, nil // Windows: the place the game will create, even before it has
	}
	return "", ErrNoUserDir
}

func candidateUserDirs() []string {
	var out []string
	if d := windowsDefault(); d != "" {
		out = append(out, d)
	}
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return out
	}
	out = append(out,
		// macOS, Steam (support.arcgames.com, "Lost Progress with Character").
		filepath.Join(home, "Library", "Application Support", "Steam", "steamapps", "common", "Torchlight II", "my games", "runic games", "torchlight 2"),
		// Linux, Steam Play (Proton) prefix of app 200710.
		filepath.Join(home, ".steam", "steam", "steamapps", "compatdata", "200710", "pfx", "drive_c", "users", "steamuser", "Documents", UserSubdir),
		filepath.Join(home, ".local", "share", "Steam", "steamapps", "compatdata", "200710", "pfx", "drive_c", "users", "steamuser", "Documents", UserSubdir),
	)
	return out
}

// ChildCI returns dir/name using the letter case found on disk (Windows
// names are case-insensitive; a folder copied from Windows may say "Mods"
// or "MODLAUNCHER.SCH"). When nothing matches it returns dir/name.
func ChildCI(dir, name string) string {
	p := filepath.Join(dir, name)
	// The folder's own spelling, also where the file system ignores case
	// (Windows, macOS): there a plain Lstat of name succeeds but names the
	// entry as asked, not as it is on disk.
	ents, err := os.ReadDir(dir)
	if err != nil {
		return p
	}
	fold := ""
	for _, e := range ents {
		if e.Name() == name {
			return p
		}
		if fold == "" && strings.EqualFold(e.Name(), name) {
			fold = filepath.Join(dir, e.Name())
		}
	}
	if fold != "" {
		return fold
	}
	return p
}

// DefaultModsDir is the mods folder inside DefaultUserDir ("" when this
// system has no default: a setting or flag must say).
func DefaultModsDir() string {
	d, err := DefaultUserDir()
	if err != nil {
		return ""
	}
	return ChildCI(d, "mods")
}
