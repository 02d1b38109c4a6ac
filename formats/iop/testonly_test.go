package iop

import (
	"strings"
)

// Helpers only tests use, moved out of the package's production files.

// DeobfuscatePassword undoes the client's obfuscation of a password array
// (row 0 over the whole array, then the text up to the first NUL).
func DeobfuscatePassword(b []byte) string {
	out := append([]byte(nil), b...)
	n := int64(len(out))
	for i := range out {
		out[i] ^= xorAt(&xorRows[0], int64(i), n)
	}
	if j := strings.IndexByte(string(out), 0); j >= 0 {
		out = out[:j]
	}
	return string(out)
}
