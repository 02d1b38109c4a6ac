//go:build windows

package tl2game

import (
	"os"
	"path/filepath"

	"golang.org/x/sys/windows/registry"

	"packsmith/backend/sys/steamlib"
)

func candidates() []candidate {
	var out []candidate
	if d := steamlib.RegString(registry.LOCAL_MACHINE, `SOFTWARE\runic games\torchlight ii`, "instdir"); d != "" {
		out = append(out, candidate{d, `registry runic games\torchlight ii instdir`})
	}
	for _, root := range steamlib.Roots() {
		out = append(out, steamGames(root, "Steam")...)
	}
	if d := steamlib.RegString(registry.LOCAL_MACHINE, `SOFTWARE\GOG.com\Games\`+GOGID, "path"); d != "" {
		out = append(out, candidate{d, "registry GOG.com game " + GOGID})
	}
	for _, pf := range []string{os.Getenv("ProgramFiles(x86)"), os.Getenv("ProgramFiles")} {
		if pf != "" {
			out = append(out, candidate{filepath.Join(pf, "Steam", "steamapps", "common", "Torchlight II"), "Program Files"},
				candidate{filepath.Join(pf, "GOG Galaxy", "Games", "Torchlight 2"), "Program Files"})
		}
	}
	out = append(out, candidate{`C:\GOG Games\Torchlight 2`, "GOG's default folder"})
	return out
}
