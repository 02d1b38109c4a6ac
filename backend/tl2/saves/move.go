package saves

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"packsmith/backend/sys/filelock"
	"packsmith/backend/sys/safefile"
	"packsmith/backend/tl2/loadorder"
	"packsmith/backend/workspace/backups"
	"packsmith/formats/tl2/save"
)

// Refusals of Move.
var (
	ErrNoSuchSave = errors.New("no such character save")
	ErrUnknownMod = errors.New("the mod to move to is not in the mods folder")
	ErrReadBack   = errors.New("the rewritten save does not read back as it should; the file was not replaced")
)

// MoveOptions say which character moves from which mods to which.
type MoveOptions struct {
	Options
	// Save is a save's path, its file name, or its character's name.
	Save string
	// From and To are mod ids, or anything loadorder's Find takes (a
	// file name, a title) for an installed mod.
	From []string
	To   string
	// Backups is the backup store (nil: backups.Default()).
	Backups *backups.Store
}

// MoveResult says what a move did.
type MoveResult struct {
	File     string     `json:"file"`
	Path     string     `json:"path"`
	Name     string     `json:"name"`
	From     []string   `json:"from"`  // ids, decimal
	To       string     `json:"to"`    // ids, decimal, comma-separated
	Bound    []BoundMod `json:"bound"` // after the move
	Objects  int        `json:"objects"`
	IDs      int        `json:"ids"`
	Left     int        `json:"left"` // moved-from ids still in the unparsed maps and quests
	Backup   string     `json:"backup"`
	BackupID string     `json:"backupId"`
	State    string     `json:"state"`
	// Restored: the way back restored the backup of the move there
	// (nothing was played since); the ids were not moved one by one.
	Restored bool `json:"restored"`
	// ByUnit and Fallback count, on a way back one object at a time, the
	// objects given the constituent providing their unit and those given
	// the first bound constituent (no constituent lists their unit).
	ByUnit   int    `json:"byUnit"`
	Fallback int    `json:"fallback"`
	Note     string `json:"note,omitempty"`
}

// Move rewrites a character's bound mods and every object's mod ids from
// the From mods to To (formats/tl2/save Move), reads the result back,
// backs the old file up and replaces it (temp file and rename), holding
// the save's lock throughout. The move is recorded in the journal of
// moves (journal.go).
func Move(ctx context.Context, o MoveOptions) (*MoveResult, error) {
	st, m, err := openMods(ctx, o.Options)
	if err != nil {
		return nil, err
	}
	p, err := findSave(ctx, st.UserDir(), o.Save)
	if err != nil {
		return nil, err
	}
	from, to, err := resolveIDs(st, o.From, o.To)
	if err != nil {
		return nil, err
	}
	target, ok := m.byID[to]
	if !ok {
		return nil, fmt.Errorf("%w: id %d", ErrUnknownMod, to)
	}
	return rewrite(ctx, st, m, p, o.Backups, save.Rebind{From: from, To: []save.Mod{{ID: to, Version: uint16(target.Version)}}}, nil)
}

// rewrite moves the save at p as rb says: under the save's lock, read,
// rebind, read back, back up, replace, record in the journal. count, when
// given, is told each object's choice (MoveBack's figures).
func rewrite(ctx context.Context, st *loadorder.State, m *mods, p string, store *backups.Store, rb save.Rebind, res *MoveResult) (*MoveResult, error) {
	lock, err := filelock.Acquire(ctx, p, 0)
	if err != nil {
		return nil, err
	}
	defer lock.Unlock()
	old, oldBytes, err := readSave(ctx, p)
	if err != nil {
		return nil, err
	}
	c, rep, err := old.Rebind(rb)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Base(p), err)
	}
	out := c.Encode()
	if err := readBack(old, out, rb); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Base(p), err)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if res == nil {
		res = &MoveResult{}
	}
	res.File, res.Path, res.Name = relTo(st.UserDir(), p), p, old.Name()
	res.Objects, res.IDs, res.Left = rep.Objects, rep.IDs, rep.Left
	res.From, res.To = decimals(rb.From), strings.Join(decimals(modIDs(rb.To)), ",")
	if store == nil {
		store = backups.Default()
	}
	e, err := store.Copy(p, backups.Options{Kind: backups.KindSave, Lock: p,
		Why: fmt.Sprintf("before the character was moved from mod %s to %s", strings.Join(res.From, ", "), res.To)})
	if err != nil {
		return nil, fmt.Errorf("backing up %s: %w", p, err)
	}
	if e != nil {
		res.Backup, res.BackupID = e.Path, e.ID
	}
	if disk, err := os.ReadFile(p); err != nil || !bytes.Equal(disk, oldBytes) {
		return nil, fmt.Errorf("%s changed while it was being moved (is the game running?); not replaced", p)
	}
	if err := safefile.WriteFile(p, out); err != nil {
		return nil, fmt.Errorf("writing %s: %w", p, err)
	}
	if err := record(ctx, Moved{Path: p, From: res.From, To: decimals(modIDs(rb.To)), Wrote: sha(out), BackupID: res.BackupID}); err != nil {
		res.Note = "the move is not in the journal of moves (" + err.Error() + "): moving back will move ids one by one"
	}
	ch := m.character(ctx, st.UserDir(), p)
	res.Bound, res.State = ch.Bound, ch.State
	return res, nil
}

func decimals(ids []int64) []string {
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		out = append(out, strconv.FormatInt(id, 10))
	}
	return out
}

func modIDs(ms []save.Mod) []int64 {
	out := make([]int64, 0, len(ms))
	for _, m := range ms {
		out = append(out, m.ID)
	}
	return out
}

// readBack parses the new bytes and checks what a move promises: every
// To bound, none of From bound or held by any object, the same objects,
// the unparsed rest unchanged.
func readBack(old *save.Save, out []byte, rb save.Rebind) error {
	s, err := save.Parse(out, save.Options{})
	if err != nil {
		return fmt.Errorf("%w: %v", ErrReadBack, err)
	}
	to := modIDs(rb.To)
	moved := func(id int64) bool { return !slices.Contains(to, id) && slices.Contains(rb.From, id) }
	for _, id := range to {
		if !slices.ContainsFunc(s.Bound.Mods, func(m save.Mod) bool { return m.ID == id }) {
			return fmt.Errorf("%w: bound %v", ErrReadBack, s.Bound.Mods)
		}
	}
	if slices.ContainsFunc(s.Bound.Mods, func(m save.Mod) bool { return moved(m.ID) }) {
		return fmt.Errorf("%w: bound %v", ErrReadBack, s.Bound.Mods)
	}
	if len(s.Objects) != len(old.Objects) {
		return fmt.Errorf("%w: %d objects, were %d", ErrReadBack, len(s.Objects), len(old.Objects))
	}
	for _, o := range s.Objects {
		if slices.ContainsFunc(o.IDs, moved) {
			return fmt.Errorf("%w: %s %q at body offset %d still holds a moved id", ErrReadBack, o.Kind, o.Name, o.At)
		}
	}
	if !bytes.Equal(s.Body[s.Rest:], old.Body[old.Rest:]) {
		return fmt.Errorf("%w: the unparsed part changed", ErrReadBack)
	}
	return nil
}

// resolveIDs turns what the user typed into mod ids: a decimal id is
// taken as is (a dropped mod has no file to find it by), anything else
// goes through the load order's Find.
func resolveIDs(st *loadorder.State, from []string, to string) ([]int64, int64, error) {
	one := func(q string) (int64, error) {
		if id, err := strconv.ParseInt(strings.TrimSpace(q), 10, 64); err == nil {
			return id, nil
		}
		return st.Find(q)
	}
	var ids []int64
	for _, q := range from {
		id, err := one(q)
		if err != nil {
			return nil, 0, fmt.Errorf("--from %s: %w", q, err)
		}
		ids = append(ids, id)
	}
	if len(ids) == 0 {
		return nil, 0, errors.New("no mod to move from")
	}
	t, err := one(to)
	if err != nil {
		return nil, 0, fmt.Errorf("--to %s: %w", to, err)
	}
	return ids, t, nil
}

// findSave resolves a save named by path, file name or character name.
func findSave(ctx context.Context, userDir, q string) (string, error) {
	q = strings.TrimSpace(q)
	if q == "" {
		return "", fmt.Errorf("%w: no save named", ErrNoSuchSave)
	}
	if st, err := os.Stat(q); err == nil && st.Mode().IsRegular() {
		return filepath.Abs(q)
	}
	files, _, err := findSaves(ctx, userDir)
	if err != nil {
		return "", err
	}
	var hits []string
	for _, p := range files {
		base := filepath.Base(p)
		if strings.EqualFold(base, q) || strings.EqualFold(strings.TrimSuffix(base, filepath.Ext(base)), q) ||
			strings.EqualFold(relTo(userDir, p), filepath.ToSlash(q)) {
			hits = append(hits, p)
		}
	}
	if len(hits) == 0 {
		for _, p := range files {
			if s, _, err := readSave(ctx, p); err == nil && strings.EqualFold(s.Name(), q) {
				hits = append(hits, p)
			}
		}
	}
	switch len(hits) {
	case 0:
		return "", fmt.Errorf("%w: %q (give the .SVB's path, its file name or the character's name; `packsmith saves list` lists them)", ErrNoSuchSave, q)
	case 1:
		return hits[0], nil
	}
	return "", fmt.Errorf("%q names %d saves (%s); give the path", q, len(hits), strings.Join(hits, ", "))
}
