// Package filehash hashes a file's bytes as they are on disk, streamed (a
// 2 GB .MOD is read in 32 KB pieces, never held whole): the backups'
// seals and the merged patch's record of its sources both need it.
package filehash

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
)

// SHA256 is the SHA-256 of the file at p, in lower-case hex (64 digits).
// A read error names the file.
func SHA256(p string) (string, error) {
	f, err := os.Open(p)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("%s: %w", p, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
