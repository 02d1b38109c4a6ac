package combine

import (
	"testing"

	"packsmith/internal/hermetic"
)

// The tests get their own HOME, XDG folders, TMPDIR and config folder.
func TestMain(m *testing.M) { hermetic.Main(m) }
