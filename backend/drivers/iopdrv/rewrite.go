package iopdrv

import (
	"context"
	"fmt"
	"os"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/safefile"
	"packsmith/formats/iop"
)

// Rewrite writes a new pack with the edits applied. Untouched entries are
// copied as stored (no password needed), so a repack of a pack without
// unused space comes out byte-identical; space left by old patches is
// dropped. Replace writes the new bytes in place of the copy that wins,
// keeping its comment, method and encryption (an .ini with comment 1 is
// scrambled again for its new length) and drops shadowed copies of the
// name. Remove drops every copy of the name. Added entries are deflated,
// and encrypted when the pack has encrypted entries.
func (a *Archive) Rewrite(ctx context.Context, dst string, edits []archive.Edit, p archive.Progress) (archive.Staged, error) {
	replace := map[string]string{}
	remove := map[string]bool{}
	var adds []archive.Edit
	for _, e := range edits {
		switch e.Op {
		case archive.EditReplace, archive.EditRemove:
			zf := a.lookup(strings.TrimPrefix(strings.ReplaceAll(e.Path, `\`, "/"), "/"))
			if zf == nil {
				return nil, &archive.EntryError{Archive: a.path, Entry: e.Path, Offset: -1, Err: archive.ErrNotFound}
			}
			if e.Op == archive.EditRemove {
				remove[zf.Key()] = true
			} else {
				replace[zf.Key()] = e.Source
			}
		case archive.EditAdd:
			if a.lookup(e.Path) != nil {
				return nil, &archive.EntryError{Archive: a.path, Entry: e.Path, Offset: -1, Err: fmt.Errorf("already in the archive (use replace)")}
			}
			adds = append(adds, e)
		}
	}
	pw, _, pwOK := a.z.Password()
	encrypt := false
	for _, f := range a.z.File {
		encrypt = encrypt || f.Encrypted()
	}
	if encrypt && !pwOK && (len(replace) > 0 || len(adds) > 0) {
		return nil, fmt.Errorf("%s: cannot write new entries: %w", a.path, a.z.PasswordErr())
	}
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
	total := int64(len(a.z.File) + len(adds))
	for i, f := range a.z.File {
		if err := ctx.Err(); err != nil {
			return fail(err)
		}
		p.Progress(int64(i), total, f.Path())
		k := f.Key()
		if remove[k] {
			continue
		}
		if src, ok := replace[k]; ok {
			if a.byKey[k] != f {
				continue // a shadowed copy of a replaced name
			}
			fh := iop.FileHeader{Name: f.Name, Comment: f.Comment, Method: f.Method, Encrypt: f.Encrypted()}
			if err := writeSource(w, fh, src, f.INIScrambled()); err != nil {
				return fail(fmt.Errorf("%s: %s: %w", a.path, f.Path(), err))
			}
			continue
		}
		if err := w.CopyFile(f); err != nil {
			return fail(fmt.Errorf("%s: %w", a.path, err))
		}
	}
	sep := a.separator()
	for i, e := range adds {
		p.Progress(int64(len(a.z.File)+i), total, e.Path)
		name := strings.TrimPrefix(strings.ReplaceAll(e.Path, `\`, "/"), "/")
		name = strings.ReplaceAll(name, "/", sep)
		fh := iop.FileHeader{Name: name, Method: iop.MethodDeflate, Encrypt: encrypt}
		if err := writeSource(w, fh, e.Source, false); err != nil {
			return fail(fmt.Errorf("%s: %s: %w", a.path, e.Path, err))
		}
	}
	if err := w.Close(); err != nil {
		return fail(fmt.Errorf("%s: %w", dst, err))
	}
	p.Progress(total, total, "")
	return out, nil
}

func writeSource(w *iop.Writer, fh iop.FileHeader, src string, scramble bool) error {
	st, err := os.Stat(src)
	if err != nil {
		return err
	}
	if st.Size() > 0xFFFFFFFF {
		return fmt.Errorf("%s: %w", src, iop.ErrTooLarge)
	}
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	fh.Modified = st.ModTime()
	return w.WriteFile(fh, data, scramble)
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
