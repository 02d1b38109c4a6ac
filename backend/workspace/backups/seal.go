package backups

// A backup's record (<copy>.json) says where the copy goes back to, so a
// record edited by hand or written by another program could make a
// restore overwrite any file the user can write. Restore therefore trusts
// nothing in a record that Packsmith did not seal and that the backup
// folder does not itself confirm:
//
//   - the record carries the copy's SHA-256 and a seal, HMAC-SHA256 under
//     a key kept in Packsmith's settings folder (not beside the backups),
//     over every field that steers a restore (sealText): a changed field,
//     a record without a seal or one sealed under another key is refused;
//   - the original path must be absolute and clean, its slot folder must be
//     the one slotOf derives from it, and the copy's name must end in its
//     base name: a record moved to another slot is refused;
//   - the kind must match the file: a modlauncher.sch backup goes back only
//     to a modlauncher.sch and must parse as one, a .MOD backup only to a
//     .MOD and must open as a .MOD, a MOD.DAT only to a MOD.DAT and must
//     parse as a .dat; an archive backup (an in-place edit) goes back to
//     anything but those two, and a .MOD among them must open as one;
//   - the copy's bytes must hash to the sealed SHA-256 (checked again while
//     they are written, before the rename that puts them in place);
//   - the lock a restore takes follows from the kind and path (lockFor),
//     not from the record.

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"packsmith/backend/workspace/settings"
	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/save"
	"packsmith/formats/tl2/sch"

	"packsmith/backend/sys/filehash"
	"packsmith/backend/sys/filelock"
)

// ErrUntrusted: a backup's record was not written by this Packsmith or was
// changed since, or does not match its copy; Restore refuses it.
var ErrUntrusted = errors.New("backup record not trusted")

// keyFile holds the seal key: 32 random bytes, made on first use.
func (s *Store) keyFile() string {
	if s.KeyFile != "" {
		return s.KeyFile
	}
	return filepath.Join(settings.Dir(), "backups.key")
}

// keyLen is the seal key's size in bytes.
const keyLen = 32

// key reads the seal key, making it when there is none. The key appears
// whole or not at all: it is written to a temporary file that is then
// hard-linked to its name, which fails when another process made it first
// (that one's key is read then). A key file of another size (damaged) is
// replaced: records sealed with it no longer restore, but backups go on.
func (s *Store) key() ([]byte, error) {
	p := s.keyFile()
	b, err := readKey(p)
	if err == nil && len(b) == keyLen {
		return b, nil
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("backup key: %w", err)
	}
	damaged := err == nil
	k := make([]byte, keyLen)
	if _, err := rand.Read(k); err != nil {
		return nil, fmt.Errorf("backup key: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return nil, fmt.Errorf("backup key: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(p), ".backups.key-*.tmp")
	if err != nil {
		return nil, fmt.Errorf("backup key: %w", err)
	}
	defer removeTemp(tmp.Name())
	_, werr := tmp.Write(k)
	if err := tmp.Sync(); werr == nil {
		werr = err
	}
	if err := tmp.Close(); werr == nil {
		werr = err
	}
	if werr != nil {
		return nil, fmt.Errorf("backup key: %w", werr)
	}
	if damaged {
		if err := os.Rename(tmp.Name(), p); err != nil {
			return nil, fmt.Errorf("backup key: %w", err)
		}
		return k, nil
	}
	if err := os.Link(tmp.Name(), p); err == nil {
		return k, nil
	} else if !errors.Is(err, fs.ErrExist) {
		// No hard links here (FAT): a rename, which a racing maker's key
		// may replace; the loser's records then do not restore.
		if err := os.Rename(tmp.Name(), p); err != nil {
			return nil, fmt.Errorf("backup key: %w", err)
		}
		return k, nil
	}
	b, err = readKey(p) // another process made it first
	if err != nil || len(b) != keyLen {
		return nil, fmt.Errorf("backup key %s: unreadable (%v)", p, err)
	}
	return b, nil
}

// readKey reads the key file, and removeTemp removes the key's temporary
// name, each waiting while Windows answers that the file is in use (wine
// did, with eight makers at once: a racing maker linking, reading or
// removing a name of it).
func readKey(p string) (b []byte, err error) {
	err = whileBusy(func() error {
		b, err = os.ReadFile(p)
		return err
	})
	return b, err
}

func removeTemp(name string) { whileBusy(func() error { return os.Remove(name) }) }

// whileBusy runs op again, for up to a second, while it fails with an
// error a moment's wait may cure (filelock.Busy: only ever on Windows).
func whileBusy(op func() error) error {
	err := op()
	for i := 0; i < 50 && filelock.Busy(err); i++ {
		time.Sleep(20 * time.Millisecond)
		err = op()
	}
	return err
}

// sealText is what the seal covers, one field a line, each quoted so that
// no field can run into the next.
func sealText(e *Entry) []byte {
	var b bytes.Buffer
	b.WriteString("packsmith backup record 1\n")
	for _, f := range []string{e.ID, e.Of, e.Kind, e.Lock, e.Why, e.Time, strconv.FormatInt(e.Size, 10), e.SHA256} {
		b.WriteString(strconv.Quote(f))
		b.WriteByte('\n')
	}
	return b.Bytes()
}

func sealWith(key []byte, e *Entry) string {
	m := hmac.New(sha256.New, key)
	m.Write(sealText(e))
	return hex.EncodeToString(m.Sum(nil))
}

// lockFor is the lock a restore of kind to path takes: the mods folder for
// a .MOD (deploy and enable lock it), modlauncher.sch itself for the load
// order (loadorder.LockPath), the archive itself for an in-place edit's
// copy (writeback locks it), none for the rest.
func lockFor(kind, of string) string {
	switch kind {
	case KindMod:
		return filepath.Dir(of)
	case KindSch, KindArchive, KindSave:
		return of // writeback locks the archive it edits, a move the save
	}
	return ""
}

// untrusted words a refusal: what is wrong, and where the copy is for a
// user who wants it back by hand.
func untrusted(e *Entry, format string, a ...any) error {
	return fmt.Errorf("%w: %s: %s; not restoring (the copy is %s)", ErrUntrusted, e.ID, fmt.Sprintf(format, a...), e.Path)
}

// verify checks e, read from slot/name, before Restore writes anything.
// It returns the lock to take.
func (s *Store) verify(e *Entry, slot, name string) (string, error) {
	if e.Seal == "" || e.SHA256 == "" {
		return "", untrusted(e, "its record %s.json has no seal (written by an older Packsmith or by hand)", e.Path)
	}
	key, err := s.key()
	if err != nil {
		return "", err
	}
	want := sealWith(key, e)
	if !hmac.Equal([]byte(want), []byte(e.Seal)) {
		return "", untrusted(e, "its record %s.json was changed since Packsmith wrote it, or another Packsmith wrote it", e.Path)
	}
	of := e.Of
	if !filepath.IsAbs(of) || filepath.Clean(of) != of {
		return "", untrusted(e, "the original path %q is not absolute", of)
	}
	if slotOf(of) != slot {
		return "", untrusted(e, "the original path %q does not belong to slot %s", of, slot)
	}
	if !strings.HasSuffix(name, "."+safeName(filepath.Base(of))) {
		return "", untrusted(e, "copy %s is not of a file named %s", name, filepath.Base(of))
	}
	if err := checkKind(e); err != nil {
		return "", untrusted(e, "%v", err)
	}
	// Checked before anything is written (the current file's backup
	// included), and again while the bytes are copied.
	if sum, err := hashFile(e.Path); err != nil {
		return "", err
	} else if sum != e.SHA256 {
		return "", untrusted(e, "the copy's bytes changed since they were backed up (SHA-256 %s, sealed %s)", sum, e.SHA256)
	}
	return lockFor(e.Kind, of), nil
}

// checkKind checks that the original's name and the copy's bytes are of
// the kind recorded.
func checkKind(e *Entry) error {
	base := filepath.Base(e.Of)
	switch e.Kind {
	case KindSch:
		if !strings.EqualFold(base, "modlauncher.sch") {
			return fmt.Errorf("a %s backup goes back only to a modlauncher.sch, not %s", e.Kind, base)
		}
		b, err := readCapped(e.Path, sch.MaxSize)
		if err != nil {
			return err
		}
		if _, err := sch.Parse(b); err != nil {
			return fmt.Errorf("the copy is not a modlauncher.sch: %v", err)
		}
	case KindMod:
		if !strings.EqualFold(filepath.Ext(base), ".mod") {
			return fmt.Errorf("a %s backup goes back only to a .MOD, not %s", e.Kind, base)
		}
		return checkMod(e.Path)
	case KindArchive:
		// The load order and MOD.DAT have kinds of their own, whose
		// checks an archive record must not get around.
		if strings.EqualFold(base, "modlauncher.sch") || strings.EqualFold(base, "MOD.DAT") {
			return fmt.Errorf("an %s backup does not go back to a %s", e.Kind, base)
		}
		if strings.EqualFold(filepath.Ext(base), ".mod") {
			return checkMod(e.Path)
		}
	case KindModDat:
		if !strings.EqualFold(base, "MOD.DAT") {
			return fmt.Errorf("a %s backup goes back only to a MOD.DAT, not %s", e.Kind, base)
		}
		b, err := readCapped(e.Path, 16<<20)
		if err != nil {
			return err
		}
		if _, err := dattext.Parse(e.Path, b); err != nil {
			return fmt.Errorf("the copy is not a MOD.DAT: %v", err)
		}
	case KindSave:
		if !strings.EqualFold(filepath.Ext(base), ".svb") {
			return fmt.Errorf("a %s backup goes back only to a .SVB, not %s", e.Kind, base)
		}
		b, err := readCapped(e.Path, save.DefaultMaxSize)
		if err != nil {
			return err
		}
		if _, err := save.Decode(b, save.Options{}); err != nil {
			return fmt.Errorf("the copy is not a character save: %v", err)
		}
	case KindOther:
	default:
		return fmt.Errorf("unknown kind %q", e.Kind)
	}
	return nil
}

// checkMod checks that the copy at p opens as a .MOD.
func checkMod(p string) error {
	f, err := os.Open(p)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	if _, err := mod.NewReader(f, st.Size(), nil); err != nil {
		return fmt.Errorf("the copy is not a .MOD: %v", err)
	}
	return nil
}

func readCapped(p string, max int64) ([]byte, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > max {
		return nil, fmt.Errorf("the copy is over %d bytes", max)
	}
	return b, nil
}

// hashFile is the SHA-256 of a file's bytes, in hex.
func hashFile(p string) (string, error) { return filehash.SHA256(p) }
