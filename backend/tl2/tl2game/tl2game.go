// Package tl2game finds a Torchlight II install and reads its DATA.PAK +
// DATA.PAK.MAN in place as an fs.FS (no extraction), which the packer uses
// as base-game data.
//
// Where an install is looked for, in order (each a fact from tl2-notes §6
// unless marked a convention):
//
//   - Windows: the registry value instdir of
//     HKLM\SOFTWARE\WOW6432Node\runic games\torchlight ii; Steam's
//     SteamPath (HKCU\Software\Valve\Steam), then every library its
//     steamapps/libraryfolders.vdf lists, holding app 200710 under
//     steamapps/common/Torchlight II; GOG's registry path of game
//     1958228073 (HKLM\SOFTWARE\WOW6432Node\GOG.com\Games\1958228073,
//     value path; the key layout is GOG's convention);
//   - Linux: Steam in ~/.steam/steam, ~/.local/share/Steam and the Flatpak
//     ~/.var/app/com.valvesoftware.Steam/.local/share/Steam (conventions),
//     with their libraryfolders.vdf; a GOG or Steam copy inside a wine or
//     Proton prefix (compatdata/200710/pfx, ~/.wine): drive_c/GOG Games/
//     Torchlight 2 and drive_c/Program Files (x86)/Steam/steamapps/common/
//     Torchlight II (conventions);
//   - macOS: ~/Library/Application Support/Steam.
//
// An install is a folder holding PAKS/DATA.PAK and PAKS/DATA.PAK.MAN (the
// game logs "Reading in manifest file: PAKS/DATA.PAK.MAN", tl2-notes §2.9);
// names are matched in any case.
package tl2game

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"packsmith/backend/sys/steamlib"
	"packsmith/backend/tl2/tl2paths"
)

// SteamAppID is Torchlight II's Steam app id (tl2-notes §6).
const SteamAppID = "200710"

// GOGID is Torchlight II's GOG product id (tl2-notes §6).
const GOGID = "1958228073"

// Install is a found game folder.
type Install struct {
	Dir  string `json:"dir"`  // the install folder (holding PAKS/)
	Pak  string `json:"pak"`  // PAKS/DATA.PAK
	Man  string `json:"man"`  // PAKS/DATA.PAK.MAN
	From string `json:"from"` // how it was found: "given", "registry", "Steam library …", …
}

// ErrNoPak: the folder holds no PAKS/DATA.PAK + DATA.PAK.MAN.
var ErrNoPak = errors.New("no PAKS/DATA.PAK with its DATA.PAK.MAN")

// At checks a folder given by the user: the install folder, its PAKS
// folder, or DATA.PAK itself.
func At(p string) (*Install, error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, fmt.Errorf("game folder: %w", err)
	}
	dir := p
	if !st.IsDir() {
		if !strings.EqualFold(filepath.Base(p), "DATA.PAK") {
			return nil, fmt.Errorf("game folder: %s is neither the game's folder nor its DATA.PAK", p)
		}
		dir = filepath.Dir(filepath.Dir(p))
	} else if strings.EqualFold(filepath.Base(filepath.Clean(p)), "PAKS") {
		dir = filepath.Dir(filepath.Clean(p))
	}
	in, ok := check(dir)
	if !ok {
		return nil, fmt.Errorf("game folder %s: %w", p, ErrNoPak)
	}
	in.From = "given"
	return in, nil
}

func check(dir string) (*Install, bool) {
	paks := tl2paths.ChildCI(dir, "PAKS")
	pak := tl2paths.ChildCI(paks, "DATA.PAK")
	man := tl2paths.ChildCI(paks, "DATA.PAK.MAN")
	for _, f := range []string{pak, man} {
		if st, err := os.Stat(f); err != nil || !st.Mode().IsRegular() {
			return nil, false
		}
	}
	return &Install{Dir: dir, Pak: pak, Man: man}, true
}

// candidate is a folder to check and how it was found.
type candidate struct{ dir, from string }

// Find returns the installs found on this system, the most likely first;
// none is not an error.
func Find() []Install {
	var out []Install
	seen := map[string]bool{}
	for _, c := range candidates() {
		if c.dir == "" {
			continue
		}
		key := strings.ToLower(filepath.Clean(c.dir))
		if seen[key] {
			continue
		}
		seen[key] = true
		if in, ok := check(c.dir); ok {
			in.From = c.from
			out = append(out, *in)
		}
	}
	return out
}

// steamGames lists the Torchlight II folders of every library of the Steam
// installation at root.
func steamGames(root, from string) []candidate {
	var out []candidate
	for _, l := range steamlib.Libraries(root) {
		out = append(out, candidate{steamlib.AppDir(l.Dir, SteamAppID, "Torchlight II"), from + " library " + l.Dir})
	}
	return out
}

// prefixGames lists the conventional install folders inside a wine or
// Proton prefix (the folder holding drive_c).
func prefixGames(prefix, from string) []candidate {
	c := filepath.Join(prefix, "drive_c")
	return []candidate{
		{filepath.Join(c, "GOG Games", "Torchlight 2"), from},
		{filepath.Join(c, "GOG Games", "Torchlight II"), from},
		{filepath.Join(c, "Program Files (x86)", "GOG Galaxy", "Games", "Torchlight 2"), from},
		{filepath.Join(c, "Program Files (x86)", "Steam", "steamapps", "common", "Torchlight II"), from},
		{filepath.Join(c, "Program Files (x86)", "Runic Games", "Torchlight II"), from},
	}
}

// unixCandidates are the Linux and macOS places (home: $HOME).
func unixCandidates(home string) []candidate {
	if home == "" {
		return nil
	}
	var out []candidate
	steams := steamlib.UnixRoots(home)
	for _, s := range steams {
		out = append(out, steamGames(s, "Steam "+s)...)
	}
	for _, s := range steams {
		out = append(out, prefixGames(filepath.Join(s, "steamapps", "compatdata", SteamAppID, "pfx"), "Proton prefix of app "+SteamAppID)...)
	}
	out = append(out, prefixGames(filepath.Join(home, ".wine"), "wine prefix ~/.wine")...)
	return out
}
