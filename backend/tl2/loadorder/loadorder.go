package loadorder

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"packsmith/backend/sys/filelock"
	"packsmith/backend/sys/safefile"
	"packsmith/backend/workspace/backups"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/sch"
)

// DefaultLimit is how many mods the game activates, as the community
// reports it (the Mikuro launcher's Mods.cs: "The engine activates at most
// 10 parent mods; more are refused").
const DefaultLimit = 10

// Options say where to look.
type Options struct {
	// UserDir holds modlauncher.sch ("" = DefaultUserDir).
	UserDir string
	// ModsDir is scanned recursively for .MOD files ("" = UserDir/mods, in
	// any letter case).
	ModsDir string
	// InstallDir is the game's install folder, if known: .MOD files there
	// (or in its mods/ folder, where GUTS builds) are reported as never
	// loaded. Optional.
	InstallDir string
	// Limit is the number of mods the game activates (0 = DefaultLimit).
	Limit int
	// Workers read .MOD headers in parallel (0 = GOMAXPROCS).
	Workers int
	// Tidy, when set, runs on the mods folder before it is scanned; what it
	// says becomes notes of the view. The app and the command line pass
	// deploy.FinishInterrupted, so a deploy killed halfway does not
	// show (and leave the game) two copies of one mod.
	Tidy func(ctx context.Context, modsDir string) []string
}

// Errors callers may test with errors.Is.
var (
	// ErrChangedOnDisk: modlauncher.sch was changed by another program
	// after it was read; Save refuses to overwrite it.
	ErrChangedOnDisk = errors.New("modlauncher.sch changed on disk since it was read (the game's launcher or another tool wrote it); reload before saving")
	// ErrNotFound: no mod matches the name given.
	ErrNotFound = errors.New("no such mod")
	// ErrAmbiguous: several mods match the name given.
	ErrAmbiguous = errors.New("several mods match")
	// ErrNothingToUndo: the change history is empty.
	ErrNothingToUndo = errors.New("nothing to undo")
)

// State is a user folder's load order being edited: the scanned mods, the
// list as read from modlauncher.sch and the list as edited, with the
// changes made so far (for Undo). It is not safe for concurrent use.
type State struct {
	opts     Options
	schPath  string
	schFound bool
	schBytes []byte // the file as read (or last saved)
	schErr   error  // modlauncher.sch does not parse
	notes    []string

	files   []*scanned
	byID    map[int64][]*scanned // loadable, readable files per id, first = the one used
	saved   []int64              // the order in the file, first occurrence of each id
	twice   map[int64][]int      // ids the file lists more than once: their places
	order   []int64
	history []change
	scan    time.Duration
	lock    *filelock.Lock // held from OpenLocked to Close
}

type change struct {
	what  string
	order []int64
}

// Open reads the user folder's modlauncher.sch and scans the mods folder
// (headers and manifests only). A missing modlauncher.sch is an empty
// list; one that does not parse is reported in the view and blocks Save.
func Open(ctx context.Context, o Options) (*State, error) {
	s := &State{opts: o}
	if s.opts.Limit <= 0 {
		s.opts.Limit = DefaultLimit
	}
	s.opts.UserDir = cleanDir(o.UserDir)
	if s.opts.UserDir == "" {
		d, err := DefaultUserDir()
		if err != nil {
			return nil, err
		}
		s.opts.UserDir = d
	}
	st, err := os.Stat(s.opts.UserDir)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, fmt.Errorf("user folder %s does not exist (it is Documents\\My Games\\Runic Games\\Torchlight 2 once the game has run)", s.opts.UserDir)
		}
		return nil, fmt.Errorf("user folder: %w", err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("user folder %s is a file, not a folder", s.opts.UserDir)
	}
	modsGiven := strings.TrimSpace(o.ModsDir) != ""
	s.opts.ModsDir = cleanDir(o.ModsDir)
	if !modsGiven {
		s.opts.ModsDir = childCI(s.opts.UserDir, "mods")
	}
	s.opts.InstallDir = cleanDir(o.InstallDir)
	// What a killed Packsmith left in the folders this reads goes now, by
	// every reader, read-only ones (list) included: the temporary files of
	// a save or deploy whose process is dead (modlauncher.sch's beside it,
	// a .MOD's in the mods folder) and lock files nobody holds (the sch's,
	// the mods folder's beside it). Live writers' files stay (the pid in
	// the name is alive, or the lock is held).
	safefile.CleanStale(s.opts.UserDir)
	if st, err := os.Stat(s.opts.ModsDir); err == nil && st.IsDir() {
		safefile.CleanStale(s.opts.ModsDir)
	}

	if err := s.readSch(); err != nil {
		return nil, err
	}

	t0 := time.Now()
	modsDir := s.opts.ModsDir
	if st, err := os.Stat(modsDir); err != nil || !st.IsDir() {
		if modsGiven {
			return nil, fmt.Errorf("mods folder %s does not exist", modsDir)
		}
		s.notes = append(s.notes, fmt.Sprintf("There is no mods folder yet (%s); the game loads .MOD files from there.", modsDir))
		modsDir = ""
	}
	if modsDir != "" && o.Tidy != nil {
		s.notes = append(s.notes, o.Tidy(ctx, modsDir)...)
	}
	files, err := findMods(ctx, s.opts.UserDir, modsDir, s.opts.InstallDir)
	if err != nil {
		return nil, err
	}
	if err := scanAll(ctx, files, o.Workers); err != nil {
		return nil, err
	}
	sortScanned(files)
	s.files = files
	s.byID = map[int64][]*scanned{}
	for _, f := range files {
		if f.err == nil && f.where == WhereMods {
			s.byID[f.hdr.ModID] = append(s.byID[f.hdr.ModID], f)
		}
	}
	s.scan = time.Since(t0)
	return s, nil
}

func (s *State) readSch() error {
	s.schPath = childCI(s.opts.UserDir, SchName)
	b, err := os.ReadFile(s.schPath)
	switch {
	case os.IsNotExist(err):
		s.schFound = false
		s.schBytes = nil
		s.saved, s.order = nil, nil
		return nil
	case err != nil:
		return fmt.Errorf("%s: %w", s.schPath, err)
	}
	s.schFound, s.schBytes = true, b
	f, err := sch.Parse(b)
	if err != nil {
		s.schErr = fmt.Errorf("%s: %w", s.schPath, err)
		return nil
	}
	s.twice = nil
	seen := map[int64]int{}
	for i, id := range f.IDs() {
		if first, ok := seen[id]; ok {
			if s.twice == nil {
				s.twice = map[int64][]int{}
			}
			if len(s.twice[id]) == 0 {
				s.twice[id] = []int{first + 1}
			}
			s.twice[id] = append(s.twice[id], i+1)
			continue
		}
		seen[id] = i
		s.saved = append(s.saved, id)
	}
	s.order = append([]int64(nil), s.saved...)
	return nil
}

// UserDir, ModsDir and SchPath say where the state was read from.
func (s *State) UserDir() string { return s.opts.UserDir }
func (s *State) ModsDir() string { return s.opts.ModsDir }
func (s *State) SchPath() string { return s.schPath }

// Order returns the active mod ids in priority order (first wins).
func (s *State) Order() []int64 { return append([]int64(nil), s.order...) }

// Dirty reports whether the edited order differs from the file's.
func (s *State) Dirty() bool { return !equalIDs(s.order, s.saved) }

func equalIDs(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func (s *State) place(id int64) int {
	for i, x := range s.order {
		if x == id {
			return i + 1
		}
	}
	return 0
}

// known says whether id belongs to a scanned file or the list.
func (s *State) known(id int64) bool {
	if s.place(id) > 0 {
		return true
	}
	for _, f := range s.files {
		if f.err == nil && f.hdr.ModID == id {
			return true
		}
	}
	return false
}

// title names a mod in messages: its title, else its id.
func (s *State) title(id int64) string {
	if fs := s.byID[id]; len(fs) > 0 && fs[0].hdr.Title != "" {
		return fmt.Sprintf("%q", fs[0].hdr.Title)
	}
	for _, f := range s.files {
		if f.err == nil && f.hdr.ModID == id && f.hdr.Title != "" {
			return fmt.Sprintf("%q", f.hdr.Title)
		}
	}
	return "mod " + strconv.FormatInt(id, 10)
}

func (s *State) record(what string, next []int64) {
	s.history = append(s.history, change{what: what, order: s.order})
	s.order = next
}

// Enable appends a mod to the end of the list (lowest priority). Enabling
// an active mod changes nothing.
func (s *State) Enable(id int64) error {
	if !s.known(id) {
		return fmt.Errorf("enable: %w: id %d", ErrNotFound, id)
	}
	if s.place(id) > 0 {
		return nil
	}
	next := append(append([]int64(nil), s.order...), id)
	s.record("enable "+s.title(id), next)
	return nil
}

// Disable takes a mod off the list. Disabling an inactive mod changes
// nothing.
func (s *State) Disable(id int64) error {
	p := s.place(id)
	if p == 0 {
		if !s.known(id) {
			return fmt.Errorf("disable: %w: id %d", ErrNotFound, id)
		}
		return nil
	}
	next := append(append([]int64(nil), s.order[:p-1]...), s.order[p:]...)
	s.record("disable "+s.title(id), next)
	return nil
}

// Move puts a mod at 1-based place to in the list (clamped to the list;
// 1 = top, highest priority). An inactive mod is enabled there.
func (s *State) Move(id int64, to int) error {
	if !s.known(id) {
		return fmt.Errorf("move: %w: id %d", ErrNotFound, id)
	}
	p := s.place(id)
	rest := make([]int64, 0, len(s.order)+1)
	for _, x := range s.order {
		if x != id {
			rest = append(rest, x)
		}
	}
	if to < 1 {
		to = 1
	}
	if to > len(rest)+1 {
		to = len(rest) + 1
	}
	if p == to {
		return nil
	}
	next := append(append(append(make([]int64, 0, len(rest)+1), rest[:to-1]...), id), rest[to-1:]...)
	what := fmt.Sprintf("move %s to place %d", s.title(id), to)
	if p == 0 {
		what = fmt.Sprintf("enable %s at place %d", s.title(id), to)
	}
	s.record(what, next)
	return nil
}

// MoveTop and MoveBottom move a mod to the first or last place.
func (s *State) MoveTop(id int64) error { return s.Move(id, 1) }
func (s *State) MoveBottom(id int64) error {
	n := len(s.order)
	if s.place(id) == 0 {
		n++
	}
	return s.Move(id, n)
}

// SetOrder replaces the whole list (a drag and drop in the window sends
// the order it shows). Every id must be known and listed once.
func (s *State) SetOrder(ids []int64) error {
	seen := map[int64]bool{}
	for _, id := range ids {
		if seen[id] {
			return fmt.Errorf("set order: mod %d is listed twice", id)
		}
		seen[id] = true
		if !s.known(id) {
			return fmt.Errorf("set order: %w: id %d", ErrNotFound, id)
		}
	}
	if equalIDs(ids, s.order) {
		return nil
	}
	s.record("reorder", append([]int64(nil), ids...))
	return nil
}

// Undo reverts the last change and returns what it was.
func (s *State) Undo() (string, error) {
	n := len(s.history)
	if n == 0 {
		return "", ErrNothingToUndo
	}
	c := s.history[n-1]
	s.history = s.history[:n-1]
	s.order = c.order
	return c.what, nil
}

// Revert drops every unsaved change (it can be undone).
func (s *State) Revert() {
	if s.Dirty() {
		s.record("revert to the saved list", append([]int64(nil), s.saved...))
	}
}

// SaveResult tells what Save did.
type SaveResult struct {
	Path     string `json:"path"`
	Backup   string `json:"backup"`             // the copy of the old file in the backups (backend/workspace/backups); "" when there was none
	BackupID string `json:"backupId,omitempty"` // what restores it: packsmith backups restore ID
	Written  bool   `json:"written"`            // false when the file already held this list
}

// Save writes the list to modlauncher.sch: lines it does not understand
// stay where they were, changed mod lines take the official launcher's
// form, and a new file is exactly what the launcher writes. The old file
// is first copied to the backups (backend/backups, in the user's cache:
// nothing lands beside it), and the new one replaces it atomically. A file that already holds the list is left
// alone, byte for byte.
func (s *State) Save() (SaveResult, error) {
	if s.lock == nil {
		// Read, compare and write under the lock, so that a writer in
		// another Packsmith cannot slip in between.
		l, err := filelock.Acquire(context.Background(), LockPath(s.opts.UserDir), 0)
		if err != nil {
			return SaveResult{Path: s.schPath}, err
		}
		defer l.Unlock()
	}
	res := SaveResult{Path: s.schPath}
	if s.schErr != nil {
		return res, fmt.Errorf("not saving over a modlauncher.sch that could not be read: %w", s.schErr)
	}
	disk, err := os.ReadFile(s.schPath)
	exists := err == nil
	switch {
	case err != nil && !os.IsNotExist(err):
		return res, err
	case exists != s.schFound || (exists && !bytes.Equal(disk, s.schBytes)):
		return res, fmt.Errorf("%s: %w", s.schPath, ErrChangedOnDisk)
	}
	var out []byte
	if exists {
		f, err := sch.Parse(disk)
		if err != nil {
			return res, fmt.Errorf("%s: %w", s.schPath, err)
		}
		if !equalIDs(s.order, s.saved) {
			f.SetIDs(s.order)
		}
		out = f.Bytes()
		if bytes.Equal(out, disk) {
			s.saved = append([]int64(nil), s.order...)
			return res, nil
		}
		e, err := backups.Default().Copy(s.schPath, backups.Options{Kind: backups.KindSch, Why: "before the load order was saved", Lock: LockPath(s.opts.UserDir)})
		if err != nil {
			return res, fmt.Errorf("backing up %s: %w", s.schPath, err)
		}
		if e != nil {
			res.Backup, res.BackupID = e.Path, e.ID
		}
	} else {
		out = sch.New(s.order).Bytes()
	}
	if err := safefile.WriteFile(s.schPath, out); err != nil {
		return res, fmt.Errorf("writing %s: %w", s.schPath, err)
	}
	res.Written = true
	s.schFound, s.schBytes = true, out
	s.saved = append([]int64(nil), s.order...)
	s.twice = nil
	return res, nil
}

// Find resolves what a user typed to a mod id: a mod id (signed decimal),
// a file name (with or without .MOD, any letter case, '/' or '\'), a path
// relative to the mods folder, or a title (any letter case). An exact id
// wins; a name that fits several different mods is ambiguous.
func (s *State) Find(q string) (int64, error) {
	q = strings.TrimSpace(q)
	if q == "" {
		return 0, fmt.Errorf("%w: empty name", ErrNotFound)
	}
	if id, err := strconv.ParseInt(q, 10, 64); err == nil && s.known(id) {
		return id, nil
	}
	norm := strings.ToLower(strings.ReplaceAll(q, `\`, "/"))
	type hit struct {
		id   int64
		what string
	}
	var byFile, byTitle []hit
	for _, f := range s.files {
		if f.err != nil {
			continue
		}
		base := strings.ToLower(filepath.Base(f.path))
		rel := strings.ToLower(f.rel)
		full := strings.ToLower(filepath.ToSlash(f.path))
		if norm == base || norm == strings.TrimSuffix(base, ".mod") || norm == rel || norm == full {
			byFile = append(byFile, hit{f.hdr.ModID, f.rel})
		}
		if strings.EqualFold(strings.TrimSpace(f.hdr.Title), q) {
			byTitle = append(byTitle, hit{f.hdr.ModID, f.rel})
		}
	}
	for _, hits := range [][]hit{byFile, byTitle} {
		if len(hits) == 0 {
			continue
		}
		ids := map[int64]bool{}
		var names []string
		for _, h := range hits {
			if !ids[h.id] {
				ids[h.id] = true
			}
			names = append(names, fmt.Sprintf("%s (id %d)", h.what, h.id))
		}
		if len(ids) > 1 {
			return 0, fmt.Errorf("%w %q: %s; give the id", ErrAmbiguous, q, strings.Join(names, ", "))
		}
		return hits[0].id, nil
	}
	return 0, fmt.Errorf("%w matches %q (give a mod id, a file name or a title)", ErrNotFound, q)
}

// modRef is the header of the file used for id, if any.
func (s *State) header(id int64) *mod.Header {
	if fs := s.byID[id]; len(fs) > 0 {
		return fs[0].hdr
	}
	return nil
}
