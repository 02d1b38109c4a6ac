//go:build windows

package installs

import (
	"os"

	"packsmith/backend/sys/steamlib"
)

// places are the folders looked at besides Steam's common folders: the
// usual ones on the system drive and in Program Files.
func places([]steamlib.Library) []place {
	drive := os.Getenv("SystemDrive")
	if drive == "" {
		drive = "C:"
	}
	return inDrive(drive+`\`, "the system drive")
}
