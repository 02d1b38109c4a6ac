package iopdrv

import (
	"context"
	"fmt"
	"os"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/sys/safefile"
	"packsmith/formats/iop"
)

// newEntry is an entry an edit writes: a replacement, an addition, or a
// renamed copy of an existing entry (from set).
type newEntry struct {
	fh      iop.FileHeader
	source  string // file on disk (replace, add)
	size    int64
	scramb  bool
	from    *iop.File // rename: the entry copied under fh.Name
	replace string    // key of the name it replaces ("" for add and rename)
	what    string    // shown in progress
}

// plan is a checked list of edits: every name resolved, every new name
// encoded, nothing written yet.
type plan struct {
	remove  map[string]bool // keys no longer in the pack (removed, renamed away)
	replace map[string]*newEntry
	news    []*newEntry // replacements, renames and additions, in edit order
}

func cleanPath(p string) string { return strings.TrimPrefix(strings.ReplaceAll(p, `\`, "/"), "/") }

func (a *Archive) plan(edits []archive.Edit) (*plan, error) {
	pl := &plan{remove: map[string]bool{}, replace: map[string]*newEntry{}}
	encrypt, iniComment := false, false
	for _, f := range a.z.File {
		encrypt = encrypt || f.Encrypted()
		iniComment = iniComment || f.INIScrambled()
	}
	taken := map[string]bool{} // keys added or renamed to
	notFound := func(p string) error {
		return &archive.EntryError{Archive: a.path, Entry: p, Offset: -1, Err: archive.ErrNotFound}
	}
	exists := func(key string) bool {
		if taken[key] {
			return true
		}
		_, ok := a.byKey[key]
		return ok && !pl.remove[key]
	}
	newName := func(p string) (string, error) {
		raw, err := iop.EncodeName(cleanPath(p))
		if err != nil {
			return "", fmt.Errorf("%s: %w", a.path, err)
		}
		return strings.ReplaceAll(raw, `\`, a.separator()), nil
	}
	for _, e := range edits {
		switch e.Op {
		case archive.EditReplace:
			if err := a.planReplace(pl, e); err != nil {
				return nil, err
			}
		case archive.EditAdd:
			name, err := newName(e.Path)
			if err != nil {
				return nil, err
			}
			if exists(iop.KeyOf(name)) {
				return nil, &archive.EntryError{Archive: a.path, Entry: e.Path, Offset: -1, Err: fmt.Errorf("already in the archive (use replace)")}
			}
			st, err := os.Stat(e.Source)
			if err != nil {
				return nil, err
			}
			ne := &newEntry{fh: iop.FileHeader{Name: name, Method: iop.MethodDeflate, Encrypt: encrypt, Modified: st.ModTime()},
				source: e.Source, size: st.Size(), what: cleanPath(e.Path)}
			if iniComment && iop.INIScrambled(name, "1") {
				ne.fh.Comment, ne.scramb = "1", true // like the pack's other .ini entries
			}
			taken[iop.KeyOf(name)] = true
			pl.news = append(pl.news, ne)
		case archive.EditRemove:
			zf := a.lookup(e.Path)
			if zf == nil || pl.remove[zf.Key()] {
				return nil, notFound(e.Path)
			}
			pl.remove[zf.Key()] = true
			if ne := pl.replace[zf.Key()]; ne != nil {
				delete(pl.replace, zf.Key())
				pl.news = dropEntry(pl.news, ne)
			}
		case archive.EditRename:
			zf := a.lookup(e.Path)
			if zf == nil || pl.remove[zf.Key()] {
				return nil, notFound(e.Path)
			}
			if pl.replace[zf.Key()] != nil {
				return nil, &archive.EntryError{Archive: a.path, Entry: e.Path, Offset: -1, Err: fmt.Errorf("replaced and renamed in one save: rename first")}
			}
			name, err := newName(e.NewPath)
			if err != nil {
				return nil, err
			}
			if k := iop.KeyOf(name); k != zf.Key() && exists(k) {
				return nil, &archive.EntryError{Archive: a.path, Entry: e.NewPath, Offset: -1, Err: fmt.Errorf("already in the archive")}
			}
			pl.remove[zf.Key()] = true
			taken[iop.KeyOf(name)] = true
			pl.news = append(pl.news, &newEntry{fh: iop.FileHeader{Name: name}, from: zf, what: cleanPath(e.NewPath)})
		default:
			return nil, fmt.Errorf("%s: %v is not an edit .iop packs know", a.path, e.Op)
		}
	}
	needPW := false
	for _, ne := range pl.news {
		needPW = needPW || (ne.from == nil && ne.fh.Encrypt)
	}
	if needPW && a.z.PasswordErr() != nil {
		return nil, fmt.Errorf("%s: cannot write new entries: %w", a.path, a.z.PasswordErr())
	}
	return pl, nil
}

// planReplace plans e, a replace: the entry keeps its name, comment,
// method and encryption; a second replace of it wins.
func (a *Archive) planReplace(pl *plan, e archive.Edit) error {
	zf := a.lookup(e.Path)
	if zf == nil || pl.remove[zf.Key()] {
		return &archive.EntryError{Archive: a.path, Entry: e.Path, Offset: -1, Err: archive.ErrNotFound}
	}
	st, err := os.Stat(e.Source)
	if err != nil {
		return err
	}
	ne := &newEntry{fh: iop.FileHeader{Name: zf.Name, Comment: zf.Comment, Method: zf.Method, Encrypt: zf.Encrypted(), Modified: st.ModTime()},
		source: e.Source, size: st.Size(), scramb: zf.INIScrambled(), replace: zf.Key(), what: zf.Path()}
	if old := pl.replace[zf.Key()]; old != nil {
		*old = *ne
		return nil
	}
	pl.replace[zf.Key()] = ne
	pl.news = append(pl.news, ne)
	return nil
}

func dropEntry(list []*newEntry, ne *newEntry) []*newEntry {
	for i, x := range list {
		if x == ne {
			return append(list[:i], list[i+1:]...)
		}
	}
	return list
}

// span is what a new entry may take at most.
func (ne *newEntry) span() int64 {
	if ne.from != nil {
		return iop.MaxEntrySpan(len(ne.fh.Name), int64(ne.from.Compressed))
	}
	return iop.MaxEntrySpan(len(ne.fh.Name), ne.size)
}

func (ne *newEntry) cdLen() int64 {
	return iop.CentralRecordLen(len(ne.fh.Name), 0, len(ne.fh.Comment))
}

func (ne *newEntry) write(w *iop.Writer) error {
	if ne.from != nil {
		return w.CopyFileAs(ne.from, ne.fh.Name)
	}
	if ne.size > iop.MaxPackSize {
		return fmt.Errorf("%s: %w", ne.source, iop.ErrTooLarge)
	}
	f, err := os.Open(ne.source)
	if err != nil {
		return err
	}
	defer f.Close()
	return w.WriteFrom(ne.fh, f, ne.size, ne.scramb)
}

func cdLen(f *iop.File) int64 { return iop.CentralRecordLen(len(f.Name), len(f.Extra), len(f.Comment)) }

// Rewrite writes a new pack with the edits applied. Untouched entries are
// copied as stored (no password needed), so a repack of a pack without
// unused space comes out byte-identical. Replace writes the new bytes in
// place of the copy that wins, keeping its comment, method and encryption
// (an .ini with comment 1 is scrambled again for its new length) and drops
// shadowed copies of the name. Remove drops every copy of the name; rename
// copies the winner's stored bytes under the new name in its place. Added
// entries are deflated, encrypted when the pack has encrypted entries, and
// an added .ini gets comment 1 and the scramble when the pack's .ini
// entries have them. Limits are checked before anything is written.
func (a *Archive) Rewrite(ctx context.Context, dst string, edits []archive.Edit, p archive.Progress) (archive.Staged, error) {
	pl, err := a.plan(edits)
	if err != nil {
		return nil, err
	}
	renamed := map[string]*newEntry{}
	var adds []*newEntry
	for _, ne := range pl.news {
		switch {
		case ne.from != nil:
			renamed[ne.from.Key()] = ne
		case ne.replace == "":
			adds = append(adds, ne)
		}
	}
	// What goes where, and the limits, before the output exists.
	type step struct {
		copy *iop.File
		ne   *newEntry
	}
	var steps []step
	var end, cd int64
	for _, f := range a.z.File {
		k := f.Key()
		var s step
		switch {
		case pl.replace[k] != nil:
			if a.byKey[k] != f {
				continue // a shadowed copy of a replaced name
			}
			s.ne = pl.replace[k]
		case renamed[k] != nil:
			if a.byKey[k] != f {
				continue
			}
			s.ne = renamed[k]
		case pl.remove[k]:
			continue
		default:
			s.copy = f
		}
		if s.copy != nil {
			n, err := f.Span()
			if err != nil {
				return nil, fmt.Errorf("%s: %w", a.path, err)
			}
			end, cd = end+n, cd+cdLen(f)
		} else {
			end, cd = end+s.ne.span(), cd+s.ne.cdLen()
		}
		steps = append(steps, s)
	}
	for _, ne := range adds {
		steps = append(steps, step{ne: ne})
		end, cd = end+ne.span(), cd+ne.cdLen()
	}
	if err := iop.CheckLimits(len(steps), end, cd); err != nil {
		return nil, fmt.Errorf("%s: %w", dst, err)
	}
	pw, _, _ := a.z.Password()
	out, err := safefile.Create(dst)
	if err != nil {
		return nil, err
	}
	fail := func(err error) (archive.Staged, error) {
		out.Abort()
		return nil, err
	}
	w := iop.NewWriter(out, pw)
	w.Comment = a.z.Comment
	total := int64(len(steps))
	for i, s := range steps {
		if err := ctx.Err(); err != nil {
			return fail(err)
		}
		if s.copy != nil {
			p.Progress(int64(i), total, s.copy.Path())
			if err := w.CopyFile(s.copy); err != nil {
				return fail(fmt.Errorf("%s: %w", a.path, err))
			}
			continue
		}
		p.Progress(int64(i), total, s.ne.what)
		if err := s.ne.write(w); err != nil {
			return fail(fmt.Errorf("%s: %s: %w", a.path, s.ne.what, err))
		}
	}
	if err := w.Close(); err != nil {
		return fail(fmt.Errorf("%s: %w", dst, err))
	}
	p.Progress(total, total, "")
	return out, nil
}

// separator is the one the pack's names use most ('\' when none has one).
func (a *Archive) separator() string {
	back, fwd := 0, 0
	for _, f := range a.z.File {
		back += strings.Count(f.Name, `\`)
		fwd += strings.Count(f.Name, "/")
	}
	if fwd > back {
		return "/"
	}
	return `\`
}
