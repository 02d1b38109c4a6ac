package rebornwrite

import (
	"testing"

	"packsmith/internal/hermetic"
)

// The tests get their own HOME, XDG folders (the backups of the .dat and
// its FileTable.bin, the lock files), TMPDIR and config folder.
func TestMain(m *testing.M) { hermetic.Main(m) }
