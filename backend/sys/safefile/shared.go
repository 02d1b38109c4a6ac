package safefile

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
)

// Replacing a file another reader holds open. On Unix a rename over a
// file leaves every open descriptor on the old bytes. On Windows it does
// only when both sides cooperate:
//   - the reader opened the file with FILE_SHARE_DELETE (OpenShared): a
//     handle without it makes every rename over the name, or of it, fail
//     with "Access is denied" (two tabs on one archive blocked each
//     other's save);
//   - the rename uses POSIX semantics (FileRenameInfoEx with
//     FILE_RENAME_FLAG_POSIX_SEMANTICS|FILE_RENAME_FLAG_REPLACE_IF_EXISTS,
//     Windows 10 1709 and later, NTFS): the old rename (MoveFileEx)
//     refuses to replace a file that is open at all, share-delete or not,
//     and so do FAT and exFAT volumes, older systems and wine. There the
//     held file is first renamed aside (renaming an open file is allowed
//     when its handles share delete) and the new one renamed into the
//     free name (replaceAside).
// Existing handles to the replaced file go on reading its old bytes.

// AsideSuffix ends the name of a file moved aside by a replace:
// ".<name>.packsmith-<pid>-<random>.old" beside it. CleanStale puts one
// back when its writer died before the new file took the name, and
// removes it otherwise.
const AsideSuffix = ".old"

// replaceAside renames to aside, from to to, and removes the aside file
// (on Windows its name goes when the last reader closes it). If from
// cannot take the name, to is put back. It returns first, the error of
// the plain rename, when to is not a regular file (a folder is never
// replaced), is read-only (Windows refuses to replace one, and the
// fallback must not do what the system refused), or cannot be moved aside
// either (a reader that does not share delete).
func replaceAside(from, to string, first error) error {
	if st, err := os.Lstat(to); err != nil || !st.Mode().IsRegular() || st.Mode().Perm()&0o200 == 0 {
		return first
	}
	var rb [4]byte
	rand.Read(rb[:])
	aside := filepath.Join(filepath.Dir(to), fmt.Sprintf(".%s%s%d-%s%s", filepath.Base(to), TempMark, os.Getpid(), hex.EncodeToString(rb[:]), AsideSuffix))
	if os.Rename(to, aside) != nil {
		return first
	}
	if err := os.Rename(from, to); err != nil {
		if os.Rename(aside, to) != nil {
			return fmt.Errorf("%w (the old file is at %s)", err, aside)
		}
		return err
	}
	os.Remove(aside)
	return nil
}
