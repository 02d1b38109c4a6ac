package reborndrv

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/sys/safefile"
	"packsmith/formats/bytecount"
	"packsmith/formats/reborn/mlz0"
	"packsmith/formats/reborn/onezip"
	"packsmith/formats/reborn/pakd"
	"packsmith/formats/reborn/rotxor"
)

// ErrEditUnsupported is returned for an edit the pack's numbering cannot
// take (see Rewrite).
var ErrEditUnsupported = errors.New("reborn-dat: edit not possible")

// item is one entry of a pack being rebuilt.
type item struct {
	orig *node  // the entry it was (nil: added)
	data []byte // new stored bytes (nil: the original's)
	id   uint32
}

// plan is the rebuild of one pack.
type plan struct {
	pk    *pack
	items []item
	dirty bool
}

// Rewrite applies edits and wraps the result in the same layer chain.
//
//   - No edits: the file is copied byte for byte.
//   - Replace: a leaf gets its data and zeros to a 16-byte boundary, at
//     least one (align16(n+1), the notes' rule); a pakd replacement is
//     followed by 16 zeros, like every nested pack; an entry that was MLZ0
//     is wrapped in MLZ0 again.
//   - Add: "#N" (or "#2/#N" for a nested pack) appends entry N at the end
//     of that pack; N must be its entry count, so no entry moves.
//   - Remove: the game finds an entry by its index, so removing one in the
//     middle would move every later one. That is allowed only in a pack
//     with an ids table (the loaders of such packs find entries by id) and
//     reported as a note; elsewhere only the last entry can go.
//
// Packs with nothing edited under them, the ZIP member's header fields,
// the data descriptor, central record and end record are kept as they
// were; an edited pack's header is rewritten (BuildHeader). The payload is
// streamed through temporary files, never held whole (save an MLZ0 layer).
func (a *Archive) Rewrite(ctx context.Context, dst string, edits []archive.Edit, p archive.Progress) (archive.Staged, error) {
	if p == nil {
		p = archive.NoProgress{}
	}
	st := &staged{dst: dst, oldSize: a.fileSize}
	if len(edits) == 0 {
		f, err := safefile.Create(dst)
		if err != nil {
			return nil, err
		}
		if _, err := io.Copy(f, io.NewSectionReader(a.src, 0, a.fileSize)); err != nil {
			f.Abort()
			return nil, err
		}
		st.f, st.newSize = f, a.fileSize
		st.notes = append(st.notes, "unchanged: the file is written back byte for byte")
		return st, nil
	}
	plans, singleData, err := a.plan(edits, st)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	p.Progress(0, 2, "building")
	produce := func(w io.Writer) error {
		if a.root == nil {
			_, err := w.Write(singleData)
			return err
		}
		return a.writePack(ctx, w, a.root, plans)
	}
	f, err := safefile.Create(dst)
	if err != nil {
		return nil, err
	}
	n, err := a.wrap(ctx, f, dst, produce)
	if err != nil {
		f.Abort()
		return nil, err
	}
	p.Progress(2, 2, "")
	st.f, st.newSize = f, n
	return st, nil
}

var lastIndex = regexp.MustCompile(`^(.*?)#(\d+)$`)

func (a *Archive) plan(edits []archive.Edit, st *staged) (map[*pack]*plan, []byte, error) {
	plans := map[*pack]*plan{}
	get := func(pk *pack) *plan {
		if pl, ok := plans[pk]; ok {
			return pl
		}
		pl := &plan{pk: pk}
		for _, n := range pk.items {
			pl.items = append(pl.items, item{orig: n, id: n.id})
		}
		plans[pk] = pl
		return pl
	}
	errE := func(e archive.Edit, err error) error {
		return &archive.EntryError{Archive: a.path, Entry: e.Path, Offset: -1, Err: err}
	}
	var single []byte
	for _, e := range edits {
		var src []byte
		if e.Op != archive.EditRemove {
			b, err := os.ReadFile(e.Source)
			if err != nil {
				return nil, nil, err
			}
			src = b
		}
		if a.root == nil {
			if e.Op != archive.EditReplace {
				return nil, nil, errE(e, fmt.Errorf("%w: this file holds one payload, not a pack: only replace works", ErrEditUnsupported))
			}
			if _, err := a.find(e.Path); err != nil {
				return nil, nil, err
			}
			single = src
			continue
		}
		switch e.Op {
		case archive.EditReplace:
			n, err := a.find(e.Path)
			if err != nil {
				return nil, nil, err
			}
			pl := get(n.parent)
			for i := range pl.items {
				if pl.items[i].orig == n {
					pl.items[i].data = stored(n.kind, src, n.size)
				}
			}
			pl.dirty = true
		case archive.EditAdd:
			m := lastIndex.FindStringSubmatch(strings.TrimPrefix(e.Path, "/"))
			if m == nil {
				return nil, nil, errE(e, fmt.Errorf("%w: name a new entry #N (or #2/#N inside nested pack #2)", ErrEditUnsupported))
			}
			pk, ok := a.packs[m[1]]
			if !ok {
				return nil, nil, errE(e, fmt.Errorf("%w: no pack %q to add to", ErrEditUnsupported, strings.TrimSuffix(m[1], "/")))
			}
			pl := get(pk)
			want := len(pl.items)
			if i, _ := strconv.Atoi(m[2]); i != want {
				return nil, nil, errE(e, fmt.Errorf("%w: entries are numbered; the next one in this pack is %s#%d", ErrEditUnsupported, m[1], want))
			}
			pl.items = append(pl.items, item{data: stored("", src, -1)})
			pl.dirty = true
			st.notes = append(st.notes, fmt.Sprintf("added %s#%d (%d bytes stored)", m[1], want, len(pl.items[want].data)))
		case archive.EditRemove:
			if err := a.planRemove(e, get, st); err != nil {
				return nil, nil, err
			}
		}
	}
	// A pack is dirty when anything under it is.
	for pk := range plans {
		for q := pk; q != nil; {
			get(q).dirty = true
			q = a.parentOf(q)
		}
	}
	return plans, single, nil
}

// planRemove plans e, a remove: only a pack's last entry, unless the
// pack has ids (then the later entries move down, and the notes say so).
func (a *Archive) planRemove(e archive.Edit, get func(*pack) *plan, st *staged) error {
	n, err := a.find(e.Path)
	if err != nil {
		return err
	}
	pl := get(n.parent)
	at := -1
	for i := range pl.items {
		if pl.items[i].orig == n {
			at = i
		}
	}
	last := at == len(pl.items)-1
	if !last && !n.parent.hasIDs {
		return &archive.EntryError{Archive: a.path, Entry: e.Path, Offset: -1, Err: fmt.Errorf("%w: the game finds this pack's entries by index, so removing %s would move every later one; only the last entry (%s#%d) can be removed, or replace this one with an empty file",
			ErrEditUnsupported, e.Path, n.parent.prefix, len(pl.items)-1)}
	}
	pl.items = append(pl.items[:at], pl.items[at+1:]...)
	pl.dirty = true
	if last {
		st.notes = append(st.notes, fmt.Sprintf("removed %s (the last entry: nothing moved)", n.path))
	} else {
		st.notes = append(st.notes, fmt.Sprintf("removed %s; %s#%d..#%d are now %s#%d..#%d (the pack has ids, so its loaders find entries by id)",
			n.path, n.parent.prefix, at+1, len(pl.items), n.parent.prefix, at, len(pl.items)-1))
	}
	return nil
}

func (a *Archive) parentOf(pk *pack) *pack {
	if pk.prefix == "" {
		return nil
	}
	parent := strings.TrimSuffix(pk.prefix, "/")
	if i := strings.LastIndex(parent, "/"); i >= 0 {
		return a.packs[parent[:i+1]]
	}
	return a.root
}

// stored is how new data is kept in a pack (see Rewrite). origSize < 0: a
// new entry.
func stored(origKind string, data []byte, origSize int64) []byte {
	switch {
	case origKind == "mlz0":
		return mlz0.Encode(data)
	case pakd.Is(data):
		return pakd.Nested(data)
	default:
		return pakd.Pad(data)
	}
}

// sizeOf is the stored size of a (possibly rebuilt) item.
func (a *Archive) sizeOf(it item, plans map[*pack]*plan) int64 {
	switch {
	case it.data != nil:
		return int64(len(it.data))
	case it.orig.pack != nil && plans[it.orig.pack] != nil && plans[it.orig.pack].dirty:
		pk := it.orig.pack
		return a.packSize(plans[pk], plans) + (pk.span - pk.packSize)
	default:
		return it.orig.size
	}
}

func (a *Archive) packSize(pl *plan, plans map[*pack]*plan) int64 {
	hasIDs := false
	for _, it := range pl.items {
		if it.id != 0 {
			hasIDs = true
		}
	}
	s := pakd.HeaderSize(len(pl.items), hasIDs)
	for _, it := range pl.items {
		s += a.sizeOf(it, plans)
	}
	return s
}

// writePack streams a pack: untouched packs and entries are copied from the
// payload, edited packs get a new header.
func (a *Archive) writePack(ctx context.Context, w io.Writer, pk *pack, plans map[*pack]*plan) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	pl := plans[pk]
	if pl == nil || !pl.dirty {
		_, err := io.Copy(w, io.NewSectionReader(a.payload, pk.base, pk.span))
		return err
	}
	sizes := make([]int64, len(pl.items))
	ids := make([]uint32, len(pl.items))
	for i, it := range pl.items {
		sizes[i], ids[i] = a.sizeOf(it, plans), it.id
	}
	if _, err := w.Write(pakd.BuildHeader(sizes, ids)); err != nil {
		return err
	}
	for _, it := range pl.items {
		var err error
		switch {
		case it.data != nil:
			_, err = w.Write(it.data)
		case it.orig.pack != nil:
			sub := it.orig.pack
			if err = a.writePack(ctx, w, sub, plans); err == nil && (plans[sub] != nil && plans[sub].dirty) {
				_, err = io.Copy(w, io.NewSectionReader(a.payload, sub.base+sub.packSize, sub.span-sub.packSize))
			}
		default:
			_, err = io.Copy(w, io.NewSectionReader(a.payload, it.orig.offset, it.orig.size))
		}
		if err != nil {
			return err
		}
	}
	if pk == a.root { // bytes after the root's pack_size
		_, err := io.Copy(w, io.NewSectionReader(a.payload, pk.base+pk.packSize, pk.span-pk.packSize))
		return err
	}
	return nil
}

// wrap puts the layers back around the produced payload, writing the
// result to out; it returns the bytes written.
func (a *Archive) wrap(ctx context.Context, out io.Writer, dst string, produce func(io.Writer) error) (int64, error) {
	inner := produce
	for i := len(a.layers) - 1; i >= 0; i-- {
		switch l := a.layers[i]; l.Kind {
		case "pakd":
		case "mlz0":
			var buf bytes.Buffer
			if err := inner(&buf); err != nil {
				return 0, err
			}
			enc := mlz0.Encode(buf.Bytes())
			inner = func(w io.Writer) error { _, err := w.Write(enc); return err }
		case "zip":
			// Named as safefile names its temporary files (with this
			// process's id), so the next save or open in the folder
			// removes it if the process is killed (safefile.CleanStale).
			tmp, err := os.CreateTemp(filepath.Dir(dst), "."+filepath.Base(dst)+safefile.TempMark+strconv.Itoa(os.Getpid())+"-zip-*"+safefile.TempSuffix)
			if err != nil {
				return 0, userPath(err, "", dst)
			}
			defer func() { tmp.Close(); os.Remove(tmp.Name()) }()
			commitStep("zip")
			pr, pw := io.Pipe()
			go func(in func(io.Writer) error) { pw.CloseWithError(in(pw)) }(inner)
			m, err := onezip.WriteMember(tmp, &a.member, a.member.Name, pr)
			pr.Close()
			if err != nil {
				return 0, userPath(err, tmp.Name(), dst)
			}
			size := m.Offset + m.Packed + int64(len(m.Tail))
			inner = func(w io.Writer) error { _, err := io.Copy(w, io.NewSectionReader(tmp, 0, size)); return err }
			if i > 0 {
				prev := a.layers[i-1].Kind
				var r io.ReaderAt
				switch prev {
				case "rotxor":
					e, err := rotxor.NewEncrypter(tmp, size)
					if err != nil {
						return 0, err
					}
					r = e
				case "xor1":
					r = rotxor.Xor1Reader{R: tmp, N: size, Start: a.xorStart}
				}
				if r != nil {
					return io.CopyBuffer(out, io.NewSectionReader(r, 0, size), make([]byte, 256<<10))
				}
			}
		case "rotxor", "xor1":
			// Only around a ZIP (handled there) or a raw payload.
			var buf bytes.Buffer
			if err := inner(&buf); err != nil {
				return 0, err
			}
			b := buf.Bytes()
			if l.Kind == "rotxor" {
				rotxor.Encrypt(b)
			} else {
				rotxor.XorKey(b[:len(b)&^3], rotxor.Key1[:], a.xorStart)
			}
			n, err := out.Write(b)
			return int64(n), err
		default:
			return 0, fmt.Errorf("reborn-dat: cannot rebuild layer %q", l.Kind)
		}
	}
	cw := bytecount.New(out)
	err := inner(cw)
	return cw.N, err
}

// userPath makes an error about the temporary file tmp ("" for any path)
// name dst, the file the user saves: the temporary name means nothing to
// them and is gone when they read the message.
func userPath(err error, tmp, dst string) error {
	var pe *os.PathError
	if errors.As(err, &pe) && (tmp == "" || pe.Path == tmp) {
		return &os.PathError{Op: pe.Op, Path: dst, Err: pe.Err}
	}
	return err
}
