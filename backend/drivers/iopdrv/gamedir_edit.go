package iopdrv

import (
	"context"
	"fmt"
	"os"
	"path"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/sys/filelock"
	"packsmith/formats/iop"
)

// Edits in a game folder go into its packs, by the same patch-style append
// a single pack's in-place edits use (Append), pack by pack:
//
//   - replace and rename edit the pack that holds the copy the client uses
//     (the first pack that has the name and does not hide it);
//   - remove takes the name out of that pack and out of every later pack
//     that has it too, so that map.iop's copy does not show again in place
//     of the removed one (rename does the same with the old name);
//   - add goes to the pack of the entry's folder: the first pack that has
//     an entry in that folder; a folder no pack has yet, or the top level,
//     goes to the first pack (rs.iop). A name the delete list hides in that
//     pack is refused, as it would not show.
//
// Every pack's edits are checked before anything is written; when a later
// pack's append fails, the packs already appended are truncated back to
// their old length, so the folder is as it was. Save as (a whole new
// folder) is refused: copy the folder and edit the copy. Notes says which
// pack each edit went to.

// packOf is the pack the folder view takes path from (nil: none).
func (g *GameFolder) packOf(p string) *Archive {
	for _, a := range g.packs {
		if a.visible(p) {
			return a
		}
	}
	return nil
}

// visible: the pack has the name and its delete list does not hide it.
func (a *Archive) visible(p string) bool {
	zf := a.lookup(cleanPath(p))
	return zf != nil && !a.deleted[zf.Key()]
}

func (a *Archive) base() string { return baseName(a.path) }

func baseName(p string) string {
	p = strings.ReplaceAll(p, `\`, "/")
	return path.Base(p)
}

// addTarget is the pack an added entry goes to: the first pack with an
// entry in the same folder, else the first pack.
func (g *GameFolder) addTarget(p string) (*Archive, string) {
	dir := path.Dir(cleanPath(p))
	if dir != "." {
		prefix := strings.ToLower(dir) + "/"
		for _, e := range g.entries {
			if strings.HasPrefix(strings.ToLower(e.Path), prefix) {
				return g.from[e.Path], "the pack of " + dir + "/"
			}
		}
	}
	return g.packs[0], "the first pack"
}

// route splits the edits by pack, in the client's pack order.
func (g *GameFolder) route(edits []archive.Edit) (map[*Archive][]archive.Edit, []string, error) {
	per := map[*Archive][]archive.Edit{}
	var notes []string
	gone := map[string]bool{}      // keys removed or renamed away in this save
	added := map[string]*Archive{} // keys added or renamed to → pack
	notFound := func(p string) error {
		return &archive.EntryError{Archive: g.dir, Entry: p, Offset: -1, Err: archive.ErrNotFound}
	}
	owner := func(p string) *Archive {
		k := iop.LookupKey(cleanPath(p))
		if a := added[k]; a != nil {
			return a
		}
		if gone[k] {
			return nil
		}
		return g.packOf(p)
	}
	// later removes p from every pack after a that shows it too.
	later := func(a *Archive, p string) []string {
		var also []string
		after := false
		for _, b := range g.packs {
			if b == a {
				after = true
				continue
			}
			if after && b.visible(p) {
				per[b] = append(per[b], archive.Edit{Op: archive.EditRemove, Path: p})
				also = append(also, b.base())
			}
		}
		return also
	}
	for _, e := range edits {
		k := iop.LookupKey(cleanPath(e.Path))
		switch e.Op {
		case archive.EditReplace:
			a := owner(e.Path)
			if a == nil {
				return nil, nil, notFound(e.Path)
			}
			per[a] = append(per[a], e)
			notes = append(notes, fmt.Sprintf("replace %s: %s", cleanPath(e.Path), a.base()))
		case archive.EditRemove, archive.EditRename:
			a := owner(e.Path)
			if a == nil {
				return nil, nil, notFound(e.Path)
			}
			if added[k] != nil {
				return nil, nil, &archive.EntryError{Archive: g.dir, Entry: e.Path, Offset: -1, Err: fmt.Errorf("added in this save: undo the add instead")}
			}
			caseOnly := false
			if e.Op == archive.EditRename {
				nk := iop.LookupKey(cleanPath(e.NewPath))
				caseOnly = nk == k
				if !caseOnly {
					if b := owner(e.NewPath); b != nil {
						return nil, nil, &archive.EntryError{Archive: g.dir, Entry: e.NewPath, Offset: -1, Err: fmt.Errorf("already in the game folder (%s)", b.base())}
					}
				}
				if zf := a.lookup(cleanPath(e.NewPath)); zf == nil && a.deleted[nk] {
					return nil, nil, &archive.EntryError{Archive: g.dir, Entry: e.NewPath, Offset: -1, Err: fmt.Errorf("the delete list hides this name in %s", a.base())}
				}
				added[nk] = a
			}
			per[a] = append(per[a], e)
			gone[k] = true
			var also []string
			if !caseOnly {
				also = later(a, e.Path)
			}
			n := fmt.Sprintf("%s %s: %s", e.Op, cleanPath(e.Path), a.base())
			if e.Op == archive.EditRename {
				n = fmt.Sprintf("rename %s → %s: %s", cleanPath(e.Path), cleanPath(e.NewPath), a.base())
			}
			if len(also) > 0 {
				n += fmt.Sprintf(" (also removed from %s, whose copy would show again)", strings.Join(also, ", "))
			}
			notes = append(notes, n)
		case archive.EditAdd:
			if b := owner(e.Path); b != nil {
				return nil, nil, &archive.EntryError{Archive: g.dir, Entry: e.Path, Offset: -1, Err: fmt.Errorf("already in the game folder (%s; use replace)", b.base())}
			}
			a, why := g.addTarget(e.Path)
			if a.deleted[k] {
				return nil, nil, &archive.EntryError{Archive: g.dir, Entry: e.Path, Offset: -1,
					Err: fmt.Errorf("the delete list (info/delete_file_list.cfg.iop) hides this name in %s, so the game would not see it", a.base())}
			}
			added[k] = a
			delete(gone, k)
			per[a] = append(per[a], e)
			notes = append(notes, fmt.Sprintf("add %s: %s (%s)", cleanPath(e.Path), a.base(), why))
		default:
			return nil, nil, fmt.Errorf("%s: %v is not an edit a Lost Saga game folder knows", g.dir, e.Op)
		}
	}
	return per, notes, nil
}

// Append applies edits to the folder's packs, each by appending (see the
// comment at the top of this file).
func (g *GameFolder) Append(ctx context.Context, edits []archive.Edit, p archive.Progress) error {
	g.notes = nil
	per, notes, err := g.route(edits)
	if err != nil {
		return err
	}
	var order []*Archive
	for _, a := range g.packs {
		if len(per[a]) == 0 {
			continue
		}
		if _, err := a.plan(per[a]); err != nil { // check every pack before writing any
			return err
		}
		order = append(order, a)
	}
	for _, a := range order {
		lock, err := filelock.Acquire(ctx, a.path, 0)
		if err != nil {
			return err
		}
		defer lock.Unlock()
	}
	type done struct {
		path string
		size int64
	}
	var appended []done
	for _, a := range order {
		size := a.z.Size()
		if err := a.Append(ctx, per[a], p); err != nil {
			for _, d := range appended {
				if terr := os.Truncate(d.path, d.size); terr != nil {
					err = fmt.Errorf("%w (and rolling %s back to %d bytes failed: %v)", err, d.path, d.size, terr)
				}
			}
			if len(appended) > 0 {
				err = fmt.Errorf("%w (the packs already appended were rolled back)", err)
			}
			return err
		}
		appended = append(appended, done{a.path, size})
	}
	g.notes = notes
	return nil
}

// Notes says which pack each edit of the last Append went to.
func (g *GameFolder) Notes() []string { return append([]string(nil), g.notes...) }

// Rewrite refuses: a game folder is edited in place, pack by pack.
func (g *GameFolder) Rewrite(ctx context.Context, dst string, edits []archive.Edit, p archive.Progress) (archive.Staged, error) {
	return nil, fmt.Errorf("%s: a Lost Saga game folder is edited in place (each edit goes into the pack that holds the entry); to write elsewhere, copy the folder and edit the copy, or open one pack and use Save as", g.dir)
}
