package saves

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"packsmith/backend/tl2/loadorder"
	"packsmith/backend/tl2/mergepatch"
	"packsmith/backend/tl2/profiles"
	"packsmith/backend/workspace/backups"
	"packsmith/formats/tl2/save"
)

// Switching profiles (issues 43 and 48): a profile that activates a
// combined mod instead of the mods it holds, or those mods instead of it,
// strands the characters bound to the mods it turns off. Swaps finds
// those changes, Stranded the characters, MoveAcross moves one: forward
// (the mods → the combined mod) as Move does; back one object at a time,
// each to the constituent providing its unit, unless nothing was played
// since the move there, when the move's backup is restored byte for byte.

// Swap is one change of that kind.
type Swap struct {
	Combined string   `json:"combined"` // the combined mod's id, decimal
	Back     bool     `json:"back"`     // from the combined mod to the mods it holds
	From     []string `json:"from"`     // ids turned off
	To       []string `json:"to"`       // ids that replace them, in load order
}

// StrandedCharacter is a character bound to a swap's From mods.
type StrandedCharacter struct {
	File  string      `json:"file"` // relative to the user folder
	Name  string      `json:"name"`
	Bound []string    `json:"bound"` // the From ids it is bound to
	Swap  Swap        `json:"swap"`
	Moved *MoveResult `json:"moved"` // nil until moved
	Error string      `json:"error,omitempty"`
}

// combinedMods are the combined mods of the mods folder v shows:
// id → the constituents their headers record, in load order.
func combinedMods(v *loadorder.View) map[int64][]int64 {
	out := map[int64][]int64{}
	for _, m := range v.Mods {
		if _, seen := out[m.ID]; seen || m.File == "" || m.Where != loadorder.WhereMods {
			continue
		}
		if ids, ok := profiles.CombinedSourcesOf(m.File); ok {
			out[m.ID] = ids
		}
	}
	return out
}

// activeOrder is the ids v's list activates, in order.
func activeOrder(v *loadorder.View) []int64 {
	var out []int64
	for _, d := range v.Order {
		id, err := strconv.ParseInt(d, 10, 64)
		if err != nil {
			continue
		}
		for _, m := range v.Mods {
			if m.ID == id && m.Active {
				out = append(out, id)
				break
			}
		}
	}
	return out
}

// Swaps are the replacements the load order v makes that strand
// characters: a combined mod not active while mods it holds are (back to
// them), or active while mods it holds are not (forward to it). They are
// read from the state, not from the switch: using a profile again finds
// the characters the first use left where they were.
func Swaps(v *loadorder.View) []Swap {
	now := activeOrder(v)
	out := []Swap{}
	for x, cs := range combinedMods(v) {
		sw := Swap{Combined: strconv.FormatInt(x, 10)}
		if slices.Contains(now, x) {
			sw.To = []string{sw.Combined}
			for _, id := range cs {
				if !slices.Contains(now, id) {
					sw.From = append(sw.From, strconv.FormatInt(id, 10))
				}
			}
		} else {
			sw.Back, sw.From = true, []string{sw.Combined}
			for _, id := range now {
				if slices.Contains(cs, id) {
					sw.To = append(sw.To, strconv.FormatInt(id, 10))
				}
			}
		}
		if len(sw.From) > 0 && len(sw.To) > 0 {
			out = append(out, sw)
		}
	}
	slices.SortFunc(out, func(a, b Swap) int { return strings.Compare(a.Combined, b.Combined) })
	return out
}

// Stranded lists the characters of the user folder bound to a swap's
// From mods.
func Stranded(ctx context.Context, o Options, swaps []Swap) ([]StrandedCharacter, error) {
	out := []StrandedCharacter{}
	if len(swaps) == 0 {
		return out, nil
	}
	l, err := ListCharacters(ctx, o)
	if err != nil {
		return nil, err
	}
	for _, c := range l.Characters {
		for _, sw := range swaps {
			var bound []string
			for _, b := range c.Bound {
				if id := strconv.FormatInt(b.ID, 10); slices.Contains(sw.From, id) {
					bound = append(bound, id)
				}
			}
			if len(bound) > 0 {
				out = append(out, StrandedCharacter{File: c.File, Name: c.Name, Bound: bound, Swap: sw})
				break
			}
		}
	}
	return out, nil
}

// MoveAcross moves one stranded character across its swap (see the top
// of this file). units maps unit GUIDs to the constituent providing each
// (profiles.Combined.Units); nil: read from the constituents' files.
func MoveAcross(ctx context.Context, o Options, c StrandedCharacter, units map[string]string, store *backups.Store) (*MoveResult, error) {
	if store == nil {
		store = backups.Default()
	}
	st, m, err := openMods(ctx, o)
	if err != nil {
		return nil, err
	}
	p, err := findSave(ctx, st.UserDir(), c.File)
	if err != nil {
		return nil, err
	}
	if res, err := restoreIfUnplayed(ctx, st, m, p, c.Swap, store); res != nil || err != nil {
		return res, err
	}
	from, err := parseIDs(c.Swap.From)
	if err != nil {
		return nil, err
	}
	to, err := parseIDs(c.Swap.To)
	if err != nil {
		return nil, err
	}
	if !c.Swap.Back {
		target, ok := m.byID[to[0]]
		if !ok {
			return nil, fmt.Errorf("%w: id %d", ErrUnknownMod, to[0])
		}
		return rewrite(ctx, st, m, p, store, save.Rebind{From: from, To: []save.Mod{{ID: to[0], Version: uint16(target.Version)}}}, nil)
	}
	if units == nil {
		if units, err = readProviders(ctx, m, to); err != nil {
			return nil, err
		}
	}
	return moveBack(ctx, st, m, p, store, from, to, units)
}

// restoreIfUnplayed restores the backup of the save's last move when it
// went the other way across sw and the save still holds what that move
// wrote; nil, nil when it does not apply.
func restoreIfUnplayed(ctx context.Context, st *loadorder.State, m *mods, p string, sw Swap, store *backups.Store) (*MoveResult, error) {
	_, b, err := readSave(ctx, p)
	if err != nil {
		return nil, err
	}
	u := undoable(p, sha(b), sw.From, sw.To)
	if u == nil {
		return nil, nil
	}
	if _, err := store.Get(u.BackupID); err != nil {
		return nil, nil // the backup is gone: move the ids instead
	}
	r, err := store.Restore(ctx, u.BackupID)
	if err != nil {
		return nil, fmt.Errorf("restoring %s from backup %s: %w", p, u.BackupID, err)
	}
	s, nb, err := readSave(ctx, p)
	if err != nil {
		return nil, fmt.Errorf("%s restored from backup %s does not read: %w", p, u.BackupID, err)
	}
	res := &MoveResult{File: relTo(st.UserDir(), p), Path: p, Name: s.Name(), From: sw.From, To: joinIDs(sw.To), Restored: true}
	if r.Backup != nil {
		res.Backup, res.BackupID = r.Backup.Path, r.Backup.ID
	}
	if err := record(ctx, Moved{Path: p, From: sw.From, To: sw.To, Wrote: sha(nb), BackupID: res.BackupID}); err != nil {
		res.Note = "the move is not in the journal of moves: " + err.Error()
	}
	ch := m.character(ctx, st.UserDir(), p)
	res.Bound, res.State = ch.Bound, ch.State
	return res, nil
}

// moveBack binds the character to the constituents instead of the
// combined mod: those it was bound to before its move there (the
// journal) and those providing a unit it holds now, or, with no record,
// all of them; each object gets the constituent providing its unit, the
// first bound one when none does.
func moveBack(ctx context.Context, st *loadorder.State, m *mods, p string, store *backups.Store, from, to []int64, units map[string]string) (*MoveResult, error) {
	s, _, err := readSave(ctx, p)
	if err != nil {
		return nil, err
	}
	provider := func(o save.Object) (int64, bool) {
		id, err := strconv.ParseInt(units[strconv.FormatInt(o.GUID, 10)], 10, 64)
		return id, err == nil && slices.Contains(to, id)
	}
	use := map[int64]bool{}
	if lt := lastTo(p, decimals(from)); lt != nil {
		for _, id := range lt.From {
			if n, err := strconv.ParseInt(id, 10, 64); err == nil {
				use[n] = true
			}
		}
		for _, ob := range s.Objects {
			if id, ok := provider(ob); ok && slices.ContainsFunc(ob.IDs, func(x int64) bool { return slices.Contains(from, x) }) {
				use[id] = true
			}
		}
	}
	var bound []save.Mod
	for _, id := range to {
		if len(use) == 0 || use[id] {
			bound = append(bound, save.Mod{ID: id, Version: uint16(m.byID[id].Version)})
		}
	}
	if len(bound) == 0 {
		bound = []save.Mod{{ID: to[0], Version: uint16(m.byID[to[0]].Version)}}
	}
	res := &MoveResult{}
	rb := save.Rebind{From: from, To: bound, Object: func(o save.Object) int64 {
		if !slices.ContainsFunc(o.IDs, func(x int64) bool { return slices.Contains(from, x) }) {
			return bound[0].ID
		}
		if id, ok := provider(o); ok && slices.ContainsFunc(bound, func(b save.Mod) bool { return b.ID == id }) {
			res.ByUnit++
			return id
		}
		res.Fallback++
		return bound[0].ID
	}}
	return rewrite(ctx, st, m, p, store, rb, res)
}

// readProviders reads which constituent provides each unit from their
// files in the mods folder (profiles.Providers).
func readProviders(ctx context.Context, m *mods, ids []int64) (map[string]string, error) {
	var srcs []mergepatch.Source
	for _, id := range ids {
		r, ok := m.byID[id]
		if !ok || r.File == "" {
			return nil, fmt.Errorf("%w: id %d (one of the mods the combined mod holds)", ErrUnknownMod, id)
		}
		srcs = append(srcs, mergepatch.Source{ID: id, Title: r.Title, File: r.File})
	}
	return profiles.Providers(ctx, srcs)
}

// RecordedUnits is the unit record of the combined build with that id
// among the store's profiles (profiles.Combined.Units), nil when none
// has one.
func RecordedUnits(st profiles.Store, combined string) map[string]string {
	l, err := st.List()
	if err != nil {
		return nil
	}
	for _, s := range l {
		p, err := st.Get(s.Name)
		if err == nil && p.Combined != nil && strconv.FormatInt(p.Combined.ID, 10) == combined && len(p.Combined.Units) > 0 {
			return p.Combined.Units
		}
	}
	return nil
}

func parseIDs(ss []string) ([]int64, error) {
	if len(ss) == 0 {
		return nil, errors.New("no mod ids")
	}
	out := make([]int64, 0, len(ss))
	for _, s := range ss {
		id, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("mod id %q: %w", s, err)
		}
		out = append(out, id)
	}
	return out, nil
}

func joinIDs(ss []string) string {
	out := ""
	for i, s := range ss {
		if i > 0 {
			out += ","
		}
		out += s
	}
	return out
}
