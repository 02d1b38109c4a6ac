//go:build windows

package tl2game

import (
	"os"
	"path/filepath"

	"golang.org/x/sys/windows/registry"

	"packsmith/backend/sys/steamlib"
)

func regString(root registry.Key, path, name string) string {
	k, err := registry.OpenKey(root, path, registry.QUERY_VALUE|registry.WOW64_32KEY)
	if err != nil {
		return ""
	}
	defer k.Close()
	v, _, err := k.GetStringValue(name)
	if err != nil {
		return ""
	}
	return v
}

func candidates() []candidate {
	var out []candidate
	if d := regString(registry.LOCAL_MACHINE, `SOFTWARE\runic games\torchlight ii`, "instdir"); d != "" {
		out = append(out, candidate{d, `registry runic games\torchlight ii instdir`})
	}
	for _, root := range steamlib.Roots() {
		out = append(out, steamGames(root, "Steam")...)
	}
	if d := regString(registry.LOCAL_MACHINE, `SOFTWARE\GOG.com\Games\`+GOGID, "path"); d != "" {
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
