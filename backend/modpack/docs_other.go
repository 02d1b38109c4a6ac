//go:build !windows

package modpack

import (
	"os"
	"path/filepath"
	"runtime"
)

// defaultModsDirs lists where the game keeps its user folder outside
// Windows: the Mac Steam build's folder (tl2-notes §6) and, on Linux, the
// Proton prefix Steam runs the Windows build in (app 200710). Only one
// that exists is used.
func defaultModsDirs() []string {
	home, err := os.UserHomeDir()
	if err != nil {
		return nil
	}
	user := filepath.Join("My Games", "Runic Games", "Torchlight 2", "mods")
	if runtime.GOOS == "darwin" {
		return []string{filepath.Join(home, "Library", "Application Support", "Steam", "steamapps", "common", "Torchlight II", "my games", "runic games", "torchlight 2", "mods")}
	}
	var out []string
	for _, steam := range []string{filepath.Join(home, ".steam", "steam"), filepath.Join(home, ".local", "share", "Steam")} {
		out = append(out, filepath.Join(steam, "steamapps", "compatdata", "200710", "pfx", "drive_c", "users", "steamuser", "Documents", user))
	}
	return out
}

const platformDefault = false
