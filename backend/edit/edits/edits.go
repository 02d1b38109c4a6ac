// Package edits holds the changes a user makes to an open archive in the
// window (replace, add, remove, rename) until they save or discard them.
// Saving goes through backend/writeback, the code the command line's
// replace/add/rm use: the new archive is staged beside the old one, the old
// one is backed up and the new one renamed into place; then the archive is
// reopened and every change is read back.
package edits

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"

	"packsmith/backend/archive"
	"packsmith/backend/edit/intake"
)

// Op is the kind of a pending change.
type Op string

const (
	Replace Op = "replace"
	Add     Op = "add"
	Remove  Op = "remove"
	Rename  Op = "rename"
)

// Change is one pending change, as the pending-changes panel shows it.
type Change struct {
	ID   int    `json:"id"`
	Op   Op     `json:"op"`
	Path string `json:"path"`         // the entry (rename: its current name)
	To   string `json:"to,omitempty"` // rename: the new name
	// Source is the file on disk whose bytes become the entry (replace, add).
	Source  string `json:"source,omitempty"`
	OldSize int64  `json:"oldSize"` // -1 for an added entry
	NewSize int64  `json:"newSize"` // -1 for a removed entry
	// Given is the file the user gave when it was converted on the way in
	// (Source then holds the converted bytes); Conversion says what ran
	// ("compiled from text to BINDAT", "encoded as DXT5, 9 mips") and
	// Warnings what it reported without refusing.
	Given string `json:"given,omitempty"`
	// From says where the bytes came from when no file of the user's did
	// ("edited as text"); the panel shows it instead of a file name.
	From       string   `json:"from,omitempty"`
	Conversion string   `json:"conversion,omitempty"`
	Warnings   []string `json:"warnings,omitempty"`
}

// Caps says which changes an archive's family can save.
type Caps struct {
	Replace bool `json:"replace"`
	Add     bool `json:"add"`
	Remove  bool `json:"remove"`
	Rename  bool `json:"rename"`
	// Why explains what is missing, in words ("" when everything works).
	Why string `json:"why,omitempty"`
	// Appends: a save in place appends to the archive, as the game's own
	// patcher does, and keeps no backup (writeback.Apply); the window says
	// so before saving (issue 46).
	Appends bool `json:"appends,omitempty"`
}

// CapsOf says what can be saved into a, from its family's descriptor.
func CapsOf(a archive.Archive) Caps {
	fc := a.Capabilities()
	if fc.Rewrite == nil {
		return Caps{Why: a.Family() + " archives cannot be written back"}
	}
	c := Caps{
		Replace: fc.Edit.Has(archive.EditReplace),
		Add:     fc.Edit.Has(archive.EditAdd),
		Remove:  fc.Edit.Has(archive.EditRemove),
		Appends: fc.Append != nil,
	}
	// A family without a rename of its own renames as remove + add.
	c.Rename = c.Add && c.Remove || fc.Edit.Has(archive.EditRename)
	if fc.NoRename != "" {
		c.Rename, c.Why = false, fc.NoRename
	}
	if !c.Add || !c.Remove {
		c.Why = a.Family() + " archives keep their entries in a fixed order: only replacing an entry is possible"
	}
	return c
}

// Pending is the list of changes for one open archive. It is safe for
// concurrent use.
type Pending struct {
	mu      sync.Mutex
	changes []Change
	next    int
	// dir holds converted sources and edited texts until the changes are
	// saved or dropped ("" until the first one).
	dir   string
	nfile int
}

// List returns the changes in the order they were made.
func (p *Pending) List() []Change {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]Change{}, p.changes...)
}

// Len is the number of pending changes.
func (p *Pending) Len() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.changes)
}

// Clear drops every change (Discard, or after a save) and the files
// converted for them.
func (p *Pending) Clear() {
	p.mu.Lock()
	p.changes = nil
	if p.dir != "" {
		os.RemoveAll(p.dir)
		p.dir = ""
	}
	p.mu.Unlock()
}

// TempFile returns a new file name in the pending changes' own folder
// (created on first use, removed by Clear), for bytes a change is made of:
// a converted source, a text edited in the window.
func (p *Pending) TempFile(base string) (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.dir == "" {
		d, err := os.MkdirTemp("", "packsmith-pending-")
		if err != nil {
			return "", err
		}
		p.dir = d
	}
	p.nfile++
	return filepath.Join(p.dir, fmt.Sprintf("%d-%s", p.nfile, safeBase(base))), nil
}

func safeBase(entry string) string {
	b := entry[strings.LastIndexAny(entry, `/\`)+1:]
	return strings.Map(func(r rune) rune {
		if r < 32 || strings.ContainsRune(`<>:"/\|?*`, r) {
			return '_'
		}
		return r
	}, b)
}

// intake converts src for entry as write-back would (backend/edit/intake),
// so the change shows what will be stored: the file to store, its size,
// and the conversion (none: src itself).
func (p *Pending) intake(a archive.Archive, entry, src string) (Change, error) {
	n, err := sourceSize(src)
	if err != nil {
		return Change{}, err
	}
	c := Change{Source: src, NewSize: n}
	if !intake.Applies(a, entry) {
		return c, nil
	}
	cv, err := intake.ConvertFile(a, entry, src)
	if err != nil {
		return Change{}, err
	}
	if cv.Data == nil {
		return c, nil
	}
	dst, err := p.TempFile(entry)
	if err != nil {
		return Change{}, err
	}
	if err := os.WriteFile(dst, cv.Data, 0o600); err != nil {
		return Change{}, err
	}
	return Change{Source: dst, NewSize: int64(len(cv.Data)), Given: src, Conversion: cv.Label, Warnings: cv.Warnings}, nil
}

// SetFrom notes where the pending change of entry came from ("edited as
// text"), for the panel.
func (p *Pending) SetFrom(entry, from string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if i := p.find(entry); i >= 0 {
		p.changes[i].From = from
	}
}

// converted copies what intake made into c.
func converted(c, cv Change) Change {
	c.Source, c.NewSize, c.Given, c.Conversion, c.Warnings, c.From = cv.Source, cv.NewSize, cv.Given, cv.Conversion, cv.Warnings, ""
	return c
}

// Undo drops the change with the given id.
func (p *Pending) Undo(id int) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	for i, c := range p.changes {
		if c.ID == id {
			p.changes = append(p.changes[:i:i], p.changes[i+1:]...)
			return nil
		}
	}
	return fmt.Errorf("no pending change %d (it was saved or undone)", id)
}

// UndoLast drops the most recent change; false when there is none.
func (p *Pending) UndoLast() (Change, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.changes) == 0 {
		return Change{}, false
	}
	c := p.changes[len(p.changes)-1]
	p.changes = p.changes[:len(p.changes)-1]
	return c, true
}

// CleanPath turns what a user typed or dropped into an entry path: '\' as
// '/', no leading '/', no "." or ".." elements, not empty.
func CleanPath(p string) (string, error) {
	q := strings.Trim(strings.ReplaceAll(strings.TrimSpace(p), `\`, "/"), "/")
	if q == "" {
		return "", fmt.Errorf("an entry needs a name")
	}
	for _, el := range strings.Split(q, "/") {
		if el == "" || el == "." || el == ".." {
			return "", fmt.Errorf("%q: an entry name cannot hold empty, \".\" or \"..\" parts", p)
		}
	}
	if len(q) >= 2 && q[1] == ':' {
		return "", fmt.Errorf("%q: an entry name cannot start with a drive letter", p)
	}
	return path.Clean(q), nil
}

func sourceSize(src string) (int64, error) {
	st, err := os.Stat(src)
	if err != nil {
		return 0, err
	}
	if !st.Mode().IsRegular() {
		return 0, fmt.Errorf("%s is not a file", src)
	}
	return st.Size(), nil
}

// find returns the index of the pending change touching entry (as its path
// or a rename's target), -1 when none. Call with p.mu held.
func (p *Pending) find(entry string) int {
	for i, c := range p.changes {
		if strings.EqualFold(c.Path, entry) || (c.Op == Rename && strings.EqualFold(c.To, entry)) {
			return i
		}
	}
	return -1
}

// push appends c with a new id, or puts it in place of change i (keeping
// nothing of the old one but moving it last: Ctrl+Z undoes it first).
func (p *Pending) push(i int, c Change) Change {
	p.next++
	c.ID = p.next
	if i >= 0 {
		p.changes = append(p.changes[:i:i], p.changes[i+1:]...)
	}
	p.changes = append(p.changes, c)
	return c
}

func refuse(a archive.Archive, entry string, err error) error {
	return &archive.EntryError{Archive: a.Path(), Entry: entry, Offset: -1, Err: err}
}

func (p *Pending) renamed(i int, entry string) error {
	c := p.changes[i]
	return fmt.Errorf("%s has a pending rename (%s → %s): save or undo it first", entry, c.Path, c.To)
}

// Replace plans swapping entry's bytes for the file src.
func (p *Pending) Replace(a archive.Archive, entry, src string) (Change, error) {
	if c := CapsOf(a); !c.Replace {
		return Change{}, refuse(a, entry, fmt.Errorf("%s", c.Why))
	}
	name := entry
	if e, ok := archive.Find(a, entry); ok {
		name = e.Path
	}
	cv, err := p.intake(a, name, src)
	if err != nil {
		return Change{}, err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if i := p.find(entry); i >= 0 {
		switch c := p.changes[i]; c.Op {
		case Add: // a new entry gets other bytes: still an add
			return p.push(i, converted(c, cv)), nil
		case Rename:
			return Change{}, refuse(a, entry, p.renamed(i, entry))
		default: // a replace or a remove becomes this replace
			c.Op = Replace
			return p.push(i, converted(c, cv)), nil
		}
	}
	e, ok := archive.Find(a, entry)
	if !ok {
		return Change{}, refuse(a, entry, archive.ErrNotFound)
	}
	return p.push(-1, converted(Change{Op: Replace, Path: e.Path, OldSize: e.Size}, cv)), nil
}

// Add plans a new entry holding the file src.
func (p *Pending) Add(a archive.Archive, entry, src string) (Change, error) {
	entry, err := CleanPath(entry)
	if err != nil {
		return Change{}, refuse(a, entry, err)
	}
	if c := CapsOf(a); !c.Add {
		return Change{}, refuse(a, entry, fmt.Errorf("%s", c.Why))
	}
	cv, err := p.intake(a, entry, src)
	if err != nil {
		return Change{}, err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if i := p.find(entry); i >= 0 {
		c := p.changes[i]
		switch {
		case c.Op == Rename:
			return Change{}, refuse(a, entry, p.renamed(i, entry))
		case c.Op == Remove: // removed then added again: a replace
			c.Op = Replace
			return p.push(i, converted(c, cv)), nil
		default:
			return Change{}, refuse(a, entry, fmt.Errorf("already added or replaced (undo that change first)"))
		}
	}
	if e, ok := archive.Find(a, entry); ok {
		return Change{}, refuse(a, e.Path, fmt.Errorf("already in the archive (use Replace)"))
	}
	return p.push(-1, converted(Change{Op: Add, Path: entry, OldSize: -1}, cv)), nil
}

// Put replaces entry when the archive has it and adds it otherwise (a file
// dropped on a folder).
func (p *Pending) Put(a archive.Archive, entry, src string) (Change, error) {
	clean, err := CleanPath(entry)
	if err != nil {
		return Change{}, refuse(a, entry, err)
	}
	p.mu.Lock()
	i := p.find(clean)
	pendingAdd := i >= 0 && p.changes[i].Op == Add
	p.mu.Unlock()
	if _, ok := archive.Find(a, clean); ok || pendingAdd {
		return p.Replace(a, clean, src)
	}
	return p.Add(a, clean, src)
}

// Remove plans dropping entry.
func (p *Pending) Remove(a archive.Archive, entry string) (Change, error) {
	if c := CapsOf(a); !c.Remove {
		return Change{}, refuse(a, entry, fmt.Errorf("%s", c.Why))
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if i := p.find(entry); i >= 0 {
		switch c := p.changes[i]; c.Op {
		case Add: // never saved: removing it undoes the add
			p.changes = append(p.changes[:i:i], p.changes[i+1:]...)
			c.Op, c.NewSize = Remove, -1
			return c, nil
		case Rename:
			return Change{}, refuse(a, entry, p.renamed(i, entry))
		case Remove:
			return c, nil
		default:
			c.Op, c.Source, c.NewSize, c.Given, c.Conversion, c.Warnings = Remove, "", -1, "", "", nil
			return p.push(i, c), nil
		}
	}
	e, ok := archive.Find(a, entry)
	if !ok {
		return Change{}, refuse(a, entry, archive.ErrNotFound)
	}
	return p.push(-1, Change{Op: Remove, Path: e.Path, OldSize: e.Size, NewSize: -1}), nil
}

// Rename plans giving entry a new name (saved as remove + add).
func (p *Pending) Rename(a archive.Archive, entry, to string) (Change, error) {
	to, err := CleanPath(to)
	if err != nil {
		return Change{}, refuse(a, entry, err)
	}
	if c := CapsOf(a); !c.Rename {
		return Change{}, refuse(a, entry, fmt.Errorf("%s", c.Why))
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if i := p.find(entry); i >= 0 {
		return Change{}, refuse(a, entry, fmt.Errorf("has a pending %s: save or undo it first", p.changes[i].Op))
	}
	if i := p.find(to); i >= 0 {
		return Change{}, refuse(a, to, fmt.Errorf("has a pending %s: save or undo it first", p.changes[i].Op))
	}
	e, ok := archive.Find(a, entry)
	if !ok {
		return Change{}, refuse(a, entry, archive.ErrNotFound)
	}
	if o, ok := archive.Find(a, to); ok {
		return Change{}, refuse(a, o.Path, fmt.Errorf("already in the archive"))
	}
	return p.push(-1, Change{Op: Rename, Path: e.Path, To: to, OldSize: e.Size, NewSize: e.Size}), nil
}

// Store keeps the pending changes of every open archive, by session id.
type Store struct {
	mu sync.Mutex
	m  map[string]*Pending
}

// NewStore returns an empty Store.
func NewStore() *Store { return &Store{m: map[string]*Pending{}} }

// For returns the session's pending changes, creating the list.
func (s *Store) For(id string) *Pending {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.m[id]
	if !ok {
		p = &Pending{}
		s.m[id] = p
	}
	return p
}

// Counts are the sessions with pending changes and the changes over all
// of them (what closing the window would lose).
func (s *Store) Counts() (sessions, changes int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, p := range s.m {
		if n := p.Len(); n > 0 {
			sessions++
			changes += n
		}
	}
	return sessions, changes
}

// Drop forgets a session's changes (its tab closed).
func (s *Store) Drop(id string) {
	s.mu.Lock()
	p := s.m[id]
	delete(s.m, id)
	s.mu.Unlock()
	if p != nil {
		p.Clear()
	}
}
