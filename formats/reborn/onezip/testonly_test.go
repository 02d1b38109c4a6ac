package onezip

import (
	"bytes"
)

// Helpers only tests use, moved out of the package's production files.

// Parse reads the local header at the start of b.
func Parse(b []byte) (Member, error) { return ParseAt(bytes.NewReader(b), int64(len(b))) }
