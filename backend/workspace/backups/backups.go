// Package backups keeps every copy Packsmith makes of the user's files
// before it replaces them (a deployed .MOD a newer build, an older copy or
// another mod pushes out; an archive before an in-place edit, of any
// family; modlauncher.sch before a save; a character save before its mods
// are moved; MOD.DAT before its MOD_ID is
// written; a Reborn FileTable.bin before a size is changed) in one folder
// in the user's cache, never beside the file: the game scans its mods
// folder, and a backup beside a .MOD is one more file there. The last Keep
// copies of each file are kept; older ones are removed as new ones come.
//
// Layout, under Dir() (<os.UserCacheDir>/Packsmith/backups):
//
//	<slot>/                      one folder per original file: its base name
//	                             and 8 hex digits of SHA-256 of its absolute
//	                             path (lower-cased where names fold)
//	  <stamp>-<n>.<base>         the copy: UTC time to the microsecond, a
//	                             counter that makes the name free
//	  <stamp>-<n>.<base>.json    its record: original path, kind, why, size,
//	                             the copy's SHA-256 and a seal (seal.go)
//
// A backup's ID is "<slot>/<copy name>", what `packsmith backups restore`
// takes. Names sort by time, so pruning and listing need no index file
// that two processes would have to share.
package backups

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"packsmith/backend/sys/filelock"
	"packsmith/backend/sys/safefile"
	"packsmith/backend/workspace/settings"
	"packsmith/formats/tl2/mod"
)

// TimeLayout is how Entry.Time is written: fixed width, so that times
// sort as text.
const TimeLayout = "2006-01-02T15:04:05.000000Z"

// DefaultKeep is how many copies of one file are kept when no setting says.
const DefaultKeep = 10

// Kinds of file, for the listing and for the lock a restore takes.
const (
	KindMod    = "mod"             // a .MOD from a mods folder
	KindSch    = "modlauncher.sch" // the load order
	KindModDat = "MOD.DAT"         // a mod folder's MOD.DAT
	// KindArchive is an archive of any family before an in-place edit
	// (writeback), or a file an archive edit rewrites with it (a DATA.PAK's
	// .MAN, a Reborn FileTable.bin).
	KindArchive = "archive"
	// KindSave is a Torchlight II character save (.SVB) before its mods
	// were moved.
	KindSave  = "save"
	KindOther = "file"
)

// Entry is one backup.
type Entry struct {
	ID   string `json:"id"`   // "<slot>/<name>": what Restore takes
	Path string `json:"path"` // the copy in the backup folder
	Of   string `json:"of"`   // the original file's absolute path
	Kind string `json:"kind"`
	Why  string `json:"why"`
	Size int64  `json:"size"`
	Time string `json:"time"` // UTC, TimeLayout (sorts as text)
	// Lock is what a restore locks (filelock) while it writes Of: the mods
	// folder for a .MOD, modlauncher.sch itself, "" for none.
	Lock string `json:"lock,omitempty"`
	// SHA256 is the copy's bytes' hash, hex; Seal the record's HMAC-SHA256
	// under the store's key (seal.go). Restore refuses a record without.
	// They are in the record file (recordFile), not in listings.
	SHA256 string `json:"-"`
	Seal   string `json:"-"`
	// Build is the .MOD header of a copy that is one (a deployed build, a
	// .MOD edited in place): what History shows per mod. Read when the
	// copy is made; it steers nothing, so the seal does not cover it.
	Build *Build `json:"build,omitempty"`
	// Unsealed says the record does not carry Packsmith's seal over what
	// it says (its why, the original's path, …): edited by hand, or
	// written elsewhere. Listed so, never restored (Restore refuses it).
	Unsealed bool `json:"unsealed,omitempty"`
}

// Build is what a .MOD copy's header says.
type Build struct {
	Title   string `json:"title"`
	ModID   int64  `json:"modId,string"`
	Version int    `json:"version"` // the header's mod version, as the load order shows it
}

// recordFile is a copy's record as written: the Entry and its seal.
type recordFile struct {
	*Entry
	SHA256 string `json:"sha256,omitempty"`
	Seal   string `json:"seal,omitempty"`
}

// Store is a backup folder.
type Store struct {
	Dir  string
	Keep int // copies kept per original file (<= 0: DefaultKeep)
	// KeyFile holds the key records are sealed with ("": backups.key in
	// the settings folder, away from the backups it vouches for).
	KeyFile string
}

// Dir is the backup folder in the user's cache.
func Dir() string {
	d, err := os.UserCacheDir()
	if err != nil || d == "" {
		d = os.TempDir()
	}
	return filepath.Join(d, "Packsmith", "backups")
}

// Default is the user's backup folder, keeping as many copies as the
// backupsKeep setting says.
func Default() *Store {
	return &Store{Dir: Dir(), Keep: settings.Load().Get().BackupsKeep}
}

func (s *Store) keep() int {
	if s.Keep <= 0 {
		return DefaultKeep
	}
	return s.Keep
}

// absPath is p made absolute; on Windows and macOS names fold, so the slot
// key is lower-cased there.
func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		p = a
	}
	return filepath.Clean(p)
}

func slotOf(abs string) string {
	k := abs
	if runtime.GOOS == "windows" || runtime.GOOS == "darwin" {
		k = strings.ToLower(k)
	}
	sum := sha256.Sum256([]byte(k))
	return safeName(filepath.Base(abs)) + "-" + hex.EncodeToString(sum[:4])
}

// safeName keeps a file name usable as a folder name on every system.
func safeName(n string) string {
	n = strings.Map(func(r rune) rune {
		if r < 32 || strings.ContainsRune(`<>:"/\|?*`, r) {
			return '_'
		}
		return r
	}, n)
	n = strings.Trim(n, " .")
	if n == "" {
		n = "file"
	}
	if len(n) > 80 {
		n = n[:80]
	}
	return n
}

// Options say what a backup is.
type Options struct {
	Kind string // KindMod, KindSch, KindModDat ("" = KindOther)
	Why  string // in words, for the listing
	Lock string // see Entry.Lock
	// Replacing says the caller is about to rename another file over path
	// and never writes into it: Copy may then hard-link path into the
	// store instead of copying its bytes (the two names hold bytes that
	// no longer change; a deploy's previous build, 130 MB, copied and
	// flushed on every save, was most of a Pack on save). A link that
	// fails (another volume) copies as before.
	Replacing bool
}

// Copy copies path into the store and prunes its older copies. A missing
// file needs no backup: it returns nil, nil.
func (s *Store) Copy(path string, o Options) (*Entry, error) {
	return s.add(path, o, false, "")
}

// Move moves path into the store (a rename when the store is on the same
// volume, else a copy and a remove): the file is gone from where it was.
// A missing file returns nil, nil.
func (s *Store) Move(path string, o Options) (*Entry, error) {
	return s.add(path, o, true, "")
}

func (s *Store) add(path string, o Options, move bool, protect string) (*Entry, error) {
	abs := absPath(path)
	st, err := os.Stat(abs)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("backup: %w", err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("backup: %s is not a file", abs)
	}
	if o.Kind == "" {
		o.Kind = KindOther
	}
	key, err := s.key()
	if err != nil {
		return nil, fmt.Errorf("backup: %w", err)
	}
	slot := slotOf(abs)
	dir := filepath.Join(s.Dir, slot)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("backup: %w", err)
	}
	if st, err := os.Lstat(dir); err != nil || !st.IsDir() {
		// A slot replaced by a symbolic link would put the copy, and the
		// pruning, in whatever folder it names.
		return nil, fmt.Errorf("backup: %s is not a folder of the backups (a symbolic link?)", dir)
	}
	now := time.Now().UTC()
	stamp := now.Format("20060102-150405.000000")
	base := safeName(filepath.Base(abs))
	// Claim a free name: O_EXCL never takes another process's.
	var name string
	for i := 1; ; i++ {
		name = stamp + "-" + strconv.Itoa(i) + "." + base
		f, err := os.OpenFile(filepath.Join(dir, name), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			f.Close()
			break
		}
		if !errors.Is(err, fs.ErrExist) || i > 1000 {
			return nil, fmt.Errorf("backup: %w", err)
		}
	}
	dst := filepath.Join(dir, name)
	e := &Entry{ID: slot + "/" + name, Path: dst, Of: abs, Kind: o.Kind, Why: o.Why, Size: st.Size(), Time: now.Format(TimeLayout), Lock: o.Lock}
	fail := func(err error) (*Entry, error) {
		os.Remove(dst)
		return nil, fmt.Errorf("backup of %s: %w", abs, err)
	}
	moved := false
	if move {
		moved = os.Rename(abs, dst) == nil // another volume: copy below
	}
	if moved {
		sum, err := hashFile(dst)
		if err != nil {
			os.Rename(dst, abs)
			return fail(err)
		}
		e.SHA256 = sum
	} else if o.Replacing && linkOver(abs, dst) {
		sum, err := hashFile(dst)
		if err != nil {
			return fail(err)
		}
		e.SHA256 = sum
	} else {
		sum, n, err := copyFile(abs, dst)
		if err != nil {
			return fail(err)
		}
		e.SHA256, e.Size = sum, n
	}
	e.Seal = sealWith(key, e)
	e.Build = buildOf(dst)
	meta, _ := json.MarshalIndent(recordFile{e, e.SHA256, e.Seal}, "", "  ")
	if err := safefile.WriteFile(dst+".json", meta); err != nil {
		if moved {
			os.Rename(dst, abs) // put it back: a backup nobody can list is lost
		}
		return fail(err)
	}
	if move && !moved {
		if err := os.Remove(abs); err != nil {
			os.Remove(dst + ".json")
			return fail(err)
		}
	}
	s.prune(dir, protect)
	return e, nil
}

// linkOver makes the claimed dst a hard link to src: the link is made
// beside dst and renamed over it, so the claim is never let go. It
// reports whether dst is src now.
func linkOver(src, dst string) bool {
	tmp := filepath.Join(filepath.Dir(dst), "."+filepath.Base(dst)+".link") // hidden: never listed as a copy
	if err := os.Link(src, tmp); err != nil {
		return false
	}
	if err := os.Rename(tmp, dst); err != nil {
		os.Remove(tmp)
		return false
	}
	return true
}

// copyFile copies src over the claimed dst, synced, and returns the
// bytes' SHA-256 (hex) and count.
func copyFile(src, dst string) (string, int64, error) {
	in, err := os.Open(src)
	if err != nil {
		return "", 0, err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_TRUNC, 0o644)
	if err != nil {
		return "", 0, err
	}
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(out, h), in)
	if err != nil {
		out.Close()
		return "", 0, err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return "", 0, err
	}
	return hex.EncodeToString(h.Sum(nil)), n, out.Close()
}

// copies lists the copy names in a slot folder, oldest first.
func copies(dir string) []string {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range ents {
		n := e.Name()
		if e.Type().IsRegular() && !strings.HasSuffix(n, ".json") && !strings.HasPrefix(n, ".") {
			names = append(names, n)
		}
	}
	sort.Slice(names, func(i, j int) bool { return lessName(names[i], names[j]) })
	return names
}

// lessName orders copy names by stamp, then counter as a number.
func lessName(a, b string) bool {
	sa, na := splitName(a)
	sb, nb := splitName(b)
	if sa != sb {
		return sa < sb
	}
	return na < nb
}

func splitName(n string) (string, int) {
	const stampLen = len("20060102-150405.000000")
	if len(n) < stampLen+2 {
		return n, 0
	}
	num, _, _ := strings.Cut(n[stampLen+1:], ".")
	i, _ := strconv.Atoi(num)
	return n[:stampLen], i
}

// prune removes a slot's oldest copies beyond Keep, except protect. Only
// copies the store made are counted and removed: a regular file with a
// copy's name (stamp, counter) and a regular record beside it, in a slot
// that is a real folder of the store. A file with no record (one a user
// or another program put there, a modlauncher.sch kept by hand), or any
// file reached through a symbolic link, is not the store's to delete.
func (s *Store) prune(dir, protect string) {
	if st, err := os.Lstat(dir); err != nil || !st.IsDir() {
		return // a symbolic link (or gone): not a slot the store made
	}
	if st, err := os.Lstat(s.Dir); err == nil && st.Mode()&os.ModeSymlink != 0 {
		return
	}
	var names []string
	for _, n := range copies(dir) {
		if recorded(dir, n) {
			names = append(names, n)
		}
	}
	extra := len(names) - s.keep()
	for _, n := range names {
		if extra <= 0 {
			break
		}
		if n == protect {
			continue
		}
		os.Remove(filepath.Join(dir, n) + ".json")
		os.Remove(filepath.Join(dir, n))
		extra--
	}
}

// recorded says whether n in dir is a copy the store made: a name of its
// form (stamp, counter, base) and a regular record file beside it.
func recorded(dir, n string) bool {
	stamp, i := splitName(n)
	if i < 1 {
		return false
	}
	if _, err := time.Parse("20060102-150405.000000", stamp); err != nil {
		return false
	}
	st, err := os.Lstat(filepath.Join(dir, n) + ".json")
	return err == nil && st.Mode().IsRegular()
}

// List returns every backup, newest first.
func (s *Store) List() ([]Entry, error) {
	slots, err := os.ReadDir(s.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return []Entry{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("backups: %w", err)
	}
	out := []Entry{}
	for _, sl := range slots {
		if !sl.IsDir() {
			continue
		}
		dir := filepath.Join(s.Dir, sl.Name())
		for _, n := range copies(dir) {
			e, err := s.read(sl.Name(), n)
			if err != nil {
				continue // a copy without its card (being written, or damaged)
			}
			out = append(out, *e)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Time != out[j].Time {
			return out[i].Time > out[j].Time
		}
		return out[i].ID > out[j].ID
	})
	return out, nil
}

// read is a backup as listed: ID, path and size are the copy's own.
func (s *Store) read(slot, name string) (*Entry, error) {
	e, err := s.record(slot, name)
	if err != nil {
		return nil, err
	}
	// The seal covers the record as written: checked before ID and Size
	// become the copy's own.
	if key, err := s.key(); err == nil {
		e.Unsealed = e.Seal == "" || !hmac.Equal([]byte(sealWith(key, e)), []byte(e.Seal))
	}
	st, err := os.Stat(e.Path)
	if err != nil {
		return nil, err
	}
	e.ID, e.Size = slot+"/"+name, st.Size()
	return e, nil
}

// record is a copy's record as written (ID and size as the record says,
// for the seal), with Path the copy.
func (s *Store) record(slot, name string) (*Entry, error) {
	p := filepath.Join(s.Dir, slot, name)
	b, err := os.ReadFile(p + ".json")
	if err != nil {
		return nil, err
	}
	rec := recordFile{Entry: &Entry{}}
	if err := json.Unmarshal(b, &rec); err != nil {
		return nil, fmt.Errorf("%s.json: %w", p, err)
	}
	e := rec.Entry
	e.SHA256, e.Seal, e.Path = rec.SHA256, rec.Seal, p
	return e, nil
}

// ErrNoBackup: no backup has the ID given.
var ErrNoBackup = errors.New("no such backup")

// Get finds a backup by ID ('\' taken as '/').
func (s *Store) Get(id string) (*Entry, error) {
	slot, name, err := splitID(id)
	if err != nil {
		return nil, err
	}
	e, err := s.read(slot, name)
	return e, notFound(id, err)
}

func splitID(id string) (slot, name string, err error) {
	id = strings.TrimSpace(strings.ReplaceAll(id, `\`, "/"))
	slot, name, ok := strings.Cut(id, "/")
	if !ok || slot == "" || name == "" || strings.Contains(name, "/") || slot == ".." || name == ".." || slot == "." || name == "." || strings.HasSuffix(name, ".json") {
		return "", "", fmt.Errorf("%w %q (an ID looks like modlauncher.sch-1a2b3c4d/20261201-214938.000000-1.modlauncher.sch; see backups list)", ErrNoBackup, id)
	}
	return slot, name, nil
}

func notFound(id string, err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%w %q (see backups list)", ErrNoBackup, id)
	}
	return err
}

// Restored says what Restore did.
type Restored struct {
	ID     string `json:"id"`
	Path   string `json:"path"`             // the file written
	Backup *Entry `json:"backup,omitempty"` // the copy of what was there; nil when nothing was
}

// Restore puts backup id back where it came from: the file there now is
// backed up first, then the copy goes to a temporary file beside it that
// is renamed into place. The backup itself stays in the store. A record
// Packsmith did not seal, or that does not match its slot, its kind or
// its copy's bytes, is refused with ErrUntrusted (seal.go).
func (s *Store) Restore(ctx context.Context, id string) (*Restored, error) {
	slot, name, err := splitID(id)
	if err != nil {
		return nil, err
	}
	e, err := s.record(slot, name)
	if err != nil {
		return nil, notFound(id, err)
	}
	// The seal covers the record's own ID: a record copied beside another
	// copy names the wrong one.
	if e.ID != slot+"/"+name {
		rec := e.ID
		e.ID = slot + "/" + name
		return nil, untrusted(e, "its record names another backup, %q", rec)
	}
	lock, err := s.verify(e, slot, name)
	if err != nil {
		return nil, err
	}
	e.Lock = lock
	if lock != "" {
		l, err := filelock.Acquire(ctx, lock, 0)
		if err != nil {
			return nil, fmt.Errorf("restore: %w", err)
		}
		defer l.Unlock()
	}
	if st, err := os.Stat(filepath.Dir(e.Of)); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("restore: the folder of %s is gone", e.Of)
	}
	res := &Restored{ID: e.ID, Path: e.Of}
	// The backup of the current file must not prune the copy being
	// restored (the oldest of Keep).
	cur, err := s.add(e.Of, Options{Kind: e.Kind, Why: "before restoring " + e.ID, Lock: e.Lock}, false, filepath.Base(e.Path))
	if err != nil {
		return nil, fmt.Errorf("restore: %w", err)
	}
	res.Backup = cur
	in, err := os.Open(e.Path)
	if err != nil {
		return nil, fmt.Errorf("restore: %w", err)
	}
	defer in.Close()
	out, err := safefile.Create(e.Of)
	if err != nil {
		return nil, fmt.Errorf("restore: %w", err)
	}
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(out, h), in)
	if err != nil {
		out.Abort()
		return nil, fmt.Errorf("restore %s: %w", e.Of, err)
	}
	if err := ctx.Err(); err != nil {
		out.Abort()
		return nil, err
	}
	// The bytes written are the ones sealed: a copy swapped after the
	// checks above never reaches the original's place.
	if sum := hex.EncodeToString(h.Sum(nil)); sum != e.SHA256 || n != e.Size {
		out.Abort()
		return nil, untrusted(e, "the copy's bytes (%d, SHA-256 %s) are not the ones backed up (%d, %s)", n, sum, e.Size, e.SHA256)
	}
	if err := out.Commit(); err != nil {
		return nil, fmt.Errorf("restore %s: %w", e.Of, err)
	}
	return res, nil
}

// buildOf reads the .MOD header of a copy named *.mod; nil for any other
// file or one whose header does not parse.
func buildOf(p string) *Build {
	if !strings.EqualFold(filepath.Ext(p), ".mod") {
		return nil
	}
	f, err := os.Open(p)
	if err != nil {
		return nil
	}
	defer f.Close()
	b := make([]byte, 1<<20) // a header is a few KB; its strings are capped well under this
	n, _ := io.ReadFull(f, b)
	h, _, err := mod.ParseHeader(b[:n])
	if err != nil {
		return nil
	}
	return &Build{Title: h.Title, ModID: h.ModID, Version: int(h.ModVersion)}
}

// PruneAll removes, in every slot, the oldest copies beyond Keep: run when
// the setting is lowered, so that the space shown is the space the new
// number takes.
func (s *Store) PruneAll() error {
	slots, err := os.ReadDir(s.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("backups: %w", err)
	}
	for _, sl := range slots {
		if sl.IsDir() {
			s.prune(filepath.Join(s.Dir, sl.Name()), "")
		}
	}
	return nil
}

// Usage is what the store holds: copies and their bytes (records not
// counted: a few hundred bytes each).
type Usage struct {
	Copies int   `json:"copies"`
	Bytes  int64 `json:"bytes"`
}

// Usage adds up the copies in the store.
func (s *Store) Usage() (Usage, error) {
	var u Usage
	slots, err := os.ReadDir(s.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return u, nil
	}
	if err != nil {
		return u, fmt.Errorf("backups: %w", err)
	}
	for _, sl := range slots {
		if !sl.IsDir() {
			continue
		}
		dir := filepath.Join(s.Dir, sl.Name())
		for _, n := range copies(dir) {
			if st, err := os.Stat(filepath.Join(dir, n)); err == nil {
				u.Copies++
				u.Bytes += st.Size()
			}
		}
	}
	return u, nil
}
