package loadorder

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

// childCI returns dir/name using the letter case found on disk (Windows
// names are case-insensitive; a folder copied from Windows may say "Mods"
// or "MODLAUNCHER.SCH"). When nothing matches it returns dir/name.
func childCI(dir, name string) string {
	p := filepath.Join(dir, name)
	if _, err := os.Lstat(p); err == nil {
		return p
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return p
	}
	for _, e := range ents {
		if strings.EqualFold(e.Name(), name) {
			return filepath.Join(dir, e.Name())
		}
	}
	return p
}

// cleanDir turns a folder the user typed into a clean absolute path: quotes
// pasted from Explorer's "Copy as path" are dropped, and a leading ~ is the
// home folder.
func cleanDir(d string) string {
	d = strings.TrimSpace(d)
	if len(d) >= 2 && d[0] == '"' && d[len(d)-1] == '"' {
		d = d[1 : len(d)-1]
	}
	if d == "" {
		return ""
	}
	if d == "~" || strings.HasPrefix(d, "~/") || strings.HasPrefix(d, `~\`) {
		if home, err := os.UserHomeDir(); err == nil {
			d = filepath.Join(home, d[1:])
		}
	}
	if abs, err := filepath.Abs(d); err == nil {
		d = abs
	}
	return d
}

// isModFile says whether name ends in .mod in any letter case.
func isModFile(name string) bool {
	return strings.EqualFold(filepath.Ext(name), ".mod")
}

// slashRel is p relative to base with '/' separators ("" when p is not
// below base).
func slashRel(base, p string) string {
	r, err := filepath.Rel(base, p)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return ""
	}
	return filepath.ToSlash(r)
}
