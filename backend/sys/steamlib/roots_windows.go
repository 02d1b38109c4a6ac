//go:build windows

package steamlib

import (
	"os"
	"path/filepath"

	"golang.org/x/sys/windows/registry"
)

// RegString reads a string value of the registry's 32-bit view ("" when
// absent): where Steam and the games' installers write their paths.
func RegString(root registry.Key, path, name string) string {
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

// Roots lists the places of Steam installations on this system: the
// registry's, then Program Files'.
func Roots() []string {
	var out []string
	if s := RegString(registry.CURRENT_USER, `Software\Valve\Steam`, "SteamPath"); s != "" {
		out = append(out, filepath.FromSlash(s))
	}
	if s := RegString(registry.LOCAL_MACHINE, `SOFTWARE\Valve\Steam`, "InstallPath"); s != "" {
		out = append(out, filepath.FromSlash(s))
	}
	for _, pf := range []string{os.Getenv("ProgramFiles(x86)"), os.Getenv("ProgramFiles")} {
		if pf != "" {
			out = append(out, filepath.Join(pf, "Steam"))
		}
	}
	return out
}
