// Package content reads what an entry holds as the window shows it: its
// text (Text, TextOf: a text renderer's output, else the bytes decoded) or
// that it is a picture (IsPicture). Find in files (view/search), compare
// (view/diff) and export (export/convert) all ask it, so it sits in view/,
// below export: export imports view, never the reverse.
package content

import (
	"bytes"
	"context"
	"fmt"
	"io"

	"packsmith/backend/archive"
	"packsmith/backend/sys/ctxio"
	"packsmith/backend/view/preview"
	"packsmith/backend/view/render"
)

// MaxTextBytes caps what Text reads of one entry.
const MaxTextBytes = render.MaxCompiled

// TextOf is the readable text of an entry's bytes, as the text preview
// shows it (so line numbers agree): a text renderer's output (compiled TL2
// data decompiled, Reborn text tables), else the bytes decoded (UTF-8,
// UTF-16, CP949). ok is false for binary entries and pictures; err says
// why a renderer failed (a damaged BINDAT).
func TextOf(e archive.Entry, b []byte) (text string, ok bool, err error) {
	if rd, found := preview.Find(e, head(b)); found {
		if rd.Text == nil {
			return "", false, nil // a picture
		}
		t, err := rd.Text(bytes.NewReader(b), e)
		if err != nil {
			return "", false, fmt.Errorf("%s: %w", rd.Name, err)
		}
		return t, true, nil
	}
	d, ok := preview.DecodeText(b)
	if !ok {
		return "", false, nil
	}
	return d.Text, true, nil
}

// Text reads an entry and returns TextOf its bytes; an entry larger than
// MaxTextBytes is not read (ok false, big true). Cancelling ctx stops the
// read.
func Text(ctx context.Context, a archive.Archive, e archive.Entry) (text string, ok, big bool, err error) {
	if e.Size > MaxTextBytes {
		return "", false, true, nil
	}
	rc, err := a.Open(e.Path)
	if err != nil {
		return "", false, false, err
	}
	defer rc.Close()
	// Binary entries are told from their first bytes, without reading on.
	r := ctxio.Reader{Ctx: ctx, R: rc}
	h := make([]byte, preview.HeadSize)
	n, err := io.ReadFull(r, h)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return "", false, false, &archive.EntryError{Archive: a.Path(), Entry: e.Path, Offset: int64(n), Err: err}
	}
	h = h[:n]
	if rd, found := preview.Find(e, h); found && rd.Text == nil {
		return "", false, false, nil // a picture
	} else if !found {
		if !preview.LooksText(h) {
			return "", false, false, nil
		}
	}
	var b []byte
	var tooBig bool
	if n < len(h) {
		b = h // the whole entry is in the head (most text sources are a few KB)
	} else {
		// One buffer of the stated size (a search reads thousands of
		// entries: ReadAll's doubling cost a fifth of Find in files).
		b, tooBig, err = ReadSized(io.MultiReader(bytes.NewReader(h), r), e.Size, MaxTextBytes)
	}
	if ctx.Err() != nil {
		return "", false, false, ctx.Err()
	}
	if err != nil {
		return "", false, false, &archive.EntryError{Archive: a.Path(), Entry: e.Path, Offset: -1, Err: err}
	}
	if tooBig {
		return "", false, true, nil
	}
	t, ok, err := TextOf(e, b)
	if err != nil {
		err = &archive.EntryError{Archive: a.Path(), Entry: e.Path, Offset: -1, Err: err}
	}
	return t, ok, false, err
}
