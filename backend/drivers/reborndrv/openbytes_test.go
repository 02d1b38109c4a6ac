package reborndrv

import (
	"bytes"
)

// Helpers only tests use, moved out of the package's production files.

// openBytes opens a .dat held in memory (tests, fuzzing); max caps one
// allocation and the decoded bytes.
func openBytes(p string, data []byte, max int64) (*Archive, error) {
	return openReader(p, bytes.NewReader(data), int64(len(data)), Limits{MaxAlloc: max, MaxDecoded: max})
}
