package modpack

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"packsmith/backend/sys/peres"
	"packsmith/formats/tl2/mod"
)

// DefaultGameVersion is what GUTS stamped into the 2022–24 builds in the
// fixtures (Steam's 1.25.5.6), used when no install folder or version is given.
var DefaultGameVersion = mod.GameVersion{1, 25, 5, 6}

// GameExe is the game's executable, whose version resource GUTS copies
// into every .MOD header.
const GameExe = "Torchlight2.exe"

// ParseGameVersion reads "a.b.c.d" (each 0–65535).
func ParseGameVersion(s string) (mod.GameVersion, error) {
	var v mod.GameVersion
	parts := strings.Split(strings.TrimSpace(s), ".")
	if len(parts) != 4 {
		return v, fmt.Errorf("game version %q: want four numbers a.b.c.d, such as 1.25.5.6", s)
	}
	for i, p := range parts {
		n, err := strconv.ParseUint(p, 10, 16)
		if err != nil {
			return v, fmt.Errorf("game version %q: %q is not a number from 0 to 65535", s, p)
		}
		v[i] = uint16(n)
	}
	return v, nil
}

// FindGameExe finds Torchlight2.exe (any case) in an install folder; a path
// to the .exe itself is accepted as is.
func FindGameExe(install string) (string, error) {
	st, err := os.Stat(install)
	if err != nil {
		return "", err
	}
	if !st.IsDir() {
		return install, nil
	}
	ents, err := os.ReadDir(install)
	if err != nil {
		return "", err
	}
	for _, e := range ents {
		if strings.EqualFold(e.Name(), GameExe) {
			return filepath.Join(install, e.Name()), nil
		}
	}
	return "", fmt.Errorf("%s: no %s in the game folder", install, GameExe)
}

// ResolveGameVersion picks the game version for the header: an explicit
// "a.b.c.d" first, then the version resource of Torchlight2.exe in the
// install folder, then DefaultGameVersion. from says which ("flag",
// "Torchlight2.exe", "default").
func ResolveGameVersion(explicit, install string) (v mod.GameVersion, from string, err error) {
	if strings.TrimSpace(explicit) != "" {
		v, err = ParseGameVersion(explicit)
		return v, "given", err
	}
	if strings.TrimSpace(install) != "" {
		exe, err := FindGameExe(install)
		if err != nil {
			return v, "", err
		}
		v, err = ExeVersion(exe)
		return v, exe, err
	}
	return DefaultGameVersion, "default", nil
}

// ExeVersion reads the file version from a Windows executable's
// VS_VERSIONINFO resource (backend/sys/peres), in the order the .MOD
// header stores it: major, minor, build, revision.
func ExeVersion(path string) (mod.GameVersion, error) {
	f, err := os.Open(path)
	if err != nil {
		return mod.GameVersion{}, err
	}
	defer f.Close()
	v, err := peres.FileVersion(f)
	if err != nil {
		return mod.GameVersion{}, fmt.Errorf("%s: %w", path, err)
	}
	return mod.GameVersion(v), nil
}
