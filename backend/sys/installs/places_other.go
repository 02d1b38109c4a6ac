//go:build !windows

package installs

import (
	"os"
	"path/filepath"

	"packsmith/backend/sys/steamlib"
)

// places are the folders looked at besides Steam's common folders: the
// usual ones inside ~/.wine and inside each library's Proton prefixes.
func places(libs []steamlib.Library) []place {
	var out []place
	if home := os.Getenv("HOME"); home != "" {
		out = append(out, inDrive(filepath.Join(home, ".wine", "drive_c"), "wine prefix ~/.wine")...)
	}
	for _, l := range libs {
		for _, p := range prefixes(l.Dir) {
			out = append(out, inDrive(filepath.Join(p, "drive_c"), "Proton prefix "+p)...)
		}
	}
	return out
}
