package archive

import (
	"errors"
	"fmt"
	"strings"
)

// ErrExists is returned for an add of an entry the archive already holds.
var ErrExists = errors.New("already in the archive (use replace)")

// Plan is a list of edits checked against an archive, keyed by what the
// family finds an entry by (a listed path, an index, a lookup key).
type Plan[K comparable] struct {
	// Replace maps an existing entry to the file whose bytes replace it.
	Replace map[K]string
	// Remove holds the entries to drop.
	Remove map[K]bool
	// Adds are the new entries in the order given, with '/'-separated
	// paths without a leading '/'.
	Adds []Edit
	// Rename maps an existing entry to its new path (cleaned like Adds);
	// families without a rename of their own refuse a plan that has any.
	Rename map[K]string
	// DropShadowed: an EditDropShadowed was given (drop later copies of
	// paths listed more than once).
	DropShadowed bool
}

// Edited reports whether k is replaced or removed.
func (p *Plan[K]) Edited(k K) bool { return p.Remove[k] || p.Replace[k] != "" }

// Renames reports whether the plan renames anything.
func (p *Plan[K]) Renames() bool { return len(p.Rename) > 0 }

// CleanPath turns a typed entry path into the model's form: '/' for `\`,
// no leading '/'.
func CleanPath(p string) string {
	return strings.TrimLeft(strings.ReplaceAll(p, `\`, "/"), "/")
}

// PlanEdits checks edits against an archive once, the same way for every
// family: lookup finds an existing entry by the family's rule. Replace and
// remove must name an entry (an EntryError wrapping ErrNotFound); an add
// must not, unless the same list removes it (a rename done as remove +
// add), nor be added twice (ErrExists); a rename's new path obeys the
// same rule as an add. A later replace of the same entry wins over an
// earlier one.
func PlanEdits[K comparable](archivePath string, edits []Edit, lookup func(path string) (K, bool)) (*Plan[K], error) {
	pl := &Plan[K]{Replace: map[K]string{}, Remove: map[K]bool{}, Rename: map[K]string{}}
	errAt := func(e Edit, err error) error {
		return &EntryError{Archive: archivePath, Entry: e.Path, Offset: -1, Err: err}
	}
	type clash struct {
		add Edit
		key K
	}
	var clashes []clash
	added := map[string]bool{}
	for _, e := range edits {
		switch e.Op {
		case EditReplace, EditRemove:
			k, ok := lookup(e.Path)
			if !ok {
				return nil, errAt(e, ErrNotFound)
			}
			if e.Op == EditRemove {
				pl.Remove[k] = true
				delete(pl.Replace, k)
			} else {
				pl.Replace[k] = e.Source
			}
		case EditAdd, EditRename:
			target := e.Path
			if e.Op == EditRename {
				target = e.NewPath
			}
			name := CleanPath(target)
			if name == "" {
				return nil, errAt(e, errors.New("a new entry needs a name"))
			}
			if added[strings.ToLower(name)] {
				return nil, &EntryError{Archive: archivePath, Entry: target, Offset: -1, Err: errors.New("named twice as a new entry")}
			}
			added[strings.ToLower(name)] = true
			if k, exists := lookup(name); exists {
				clashes = append(clashes, clash{Edit{Path: target}, k})
			}
			if e.Op == EditAdd {
				pl.Adds = append(pl.Adds, Edit{Op: EditAdd, Path: name, Source: e.Source})
				continue
			}
			k, ok := lookup(e.Path)
			if !ok {
				return nil, errAt(e, ErrNotFound)
			}
			pl.Rename[k] = name
		case EditDropShadowed:
			pl.DropShadowed = true
		default:
			return nil, errAt(e, fmt.Errorf("unsupported edit %v", e.Op))
		}
	}
	// A new name may be one the same list removes or renames away.
	for _, c := range clashes {
		if !pl.Remove[c.key] && pl.Rename[c.key] == "" {
			return nil, errAt(c.add, ErrExists)
		}
	}
	return pl, nil
}
