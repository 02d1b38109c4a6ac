// Package tl2paths knows where Torchlight II keeps its user folder (the
// one holding modlauncher.sch and mods/) on each system, and finds names
// there the way Windows does: in any letter case.
package tl2paths

import (
	"errors"
	"os"
	"path/filepath"
	"strings"

	"packsmith/backend/sys/steamlib"
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
// macOS and Linux the first of UserDirs; otherwise ErrNoUserDir.
func DefaultUserDir() (string, error) {
	if ds := UserDirs(); len(ds) > 0 {
		return ds[0], nil
	}
	if d := windowsDefault(); d != "" {
		return d, nil // Windows: the place the game will create, even before it has
	}
	return "", ErrNoUserDir
}

// UserDirs lists every user folder of the game that exists on this
// system, the most likely first: a Linux player may have both the native
// build's folder and a Proton prefix's (issue 46), and the first screen
// offers each.
func UserDirs() []string {
	var out []string
	seen := map[string]bool{}
	for _, d := range candidateUserDirs() {
		if d == "" {
			continue
		}
		key := d
		if real, err := filepath.EvalSymlinks(d); err == nil {
			key = real
		}
		if seen[key] {
			continue
		}
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			seen[key] = true
			out = append(out, d)
		}
	}
	return out
}

// SteamAppID is Torchlight II's Steam app id (tl2-notes §6).
const SteamAppID = "200710"

// inGameFolder is the user folder the Steam build keeps inside the game's
// own folder on macOS (a fact: support.arcgames.com, "Lost Progress with
// Character") and, by the same port, on Linux's native build (a
// convention: tl2-notes §9 found no source for Linux).
var inGameFolder = []string{"my games", "runic games", "torchlight 2"}

func candidateUserDirs() []string {
	var out []string
	if d := windowsDefault(); d != "" {
		out = append(out, d)
	}
	for _, l := range steamlib.All() {
		d := steamlib.AppDir(l.Dir, SteamAppID, "Torchlight II")
		for _, n := range inGameFolder {
			d = ChildCI(d, n)
		}
		out = append(out, d)
	}
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return out
	}
	for _, root := range steamlib.UnixRoots(home) {
		// Linux, Steam Play (Proton) prefix of the Windows build.
		out = append(out, filepath.Join(root, "steamapps", "compatdata", SteamAppID, "pfx", "drive_c", "users", "steamuser", "Documents", UserSubdir))
	}
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
