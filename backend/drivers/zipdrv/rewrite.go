package zipdrv

import (
	"archive/zip"
	"context"
	"io"
	"os"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/sys/safefile"
)

// Rewrite writes a new .zip with the edits applied. Unchanged entries are
// copied raw (no recompression), so a repack keeps every entry's bytes; a
// renamed entry is copied raw under its new name.
func (a *Archive) Rewrite(ctx context.Context, dst string, edits []archive.Edit, p archive.Progress) (archive.Staged, error) {
	pl, err := archive.PlanEdits(a.path, edits, func(name string) (string, bool) {
		e, ok := archive.Find(a, name)
		return e.Path, ok
	})
	if err != nil {
		return nil, err
	}
	replace, remove, adds := pl.Replace, pl.Remove, pl.Adds
	out, err := safefile.Create(dst)
	if err != nil {
		return nil, err
	}
	fail := func(err error) (archive.Staged, error) {
		out.Abort()
		return nil, err
	}
	zw := zip.NewWriter(out)
	total := int64(len(a.zr.File) + len(adds))
	for i, zf := range a.zr.File {
		if err := ctx.Err(); err != nil {
			return fail(err)
		}
		p.Progress(int64(i), total, zf.Name)
		name := strings.ReplaceAll(zf.Name, `\`, "/")
		if remove[name] {
			continue
		}
		hdr := zf.FileHeader
		if nn, ok := pl.Rename[name]; ok {
			hdr.Name = nn
		}
		if src, ok := replace[name]; ok {
			if err := addFile(zw, &hdr, src); err != nil {
				return fail(err)
			}
			continue
		}
		raw, err := zf.OpenRaw()
		if err != nil {
			return fail(&archive.EntryError{Archive: a.path, Entry: zf.Name, Offset: -1, Err: err})
		}
		w, err := zw.CreateRaw(&hdr)
		if err != nil {
			return fail(err)
		}
		if _, err := io.Copy(w, raw); err != nil {
			return fail(&archive.EntryError{Archive: a.path, Entry: zf.Name, Offset: -1, Err: err})
		}
	}
	for i, e := range adds {
		p.Progress(int64(len(a.zr.File)+i), total, e.Path)
		if err := addFile(zw, &zip.FileHeader{Name: e.Path, Method: zip.Deflate}, e.Source); err != nil {
			return fail(err)
		}
	}
	if a.zr.Comment != "" {
		zw.SetComment(a.zr.Comment)
	}
	if err := zw.Close(); err != nil {
		return fail(err)
	}
	p.Progress(total, total, "")
	return out, nil
}

func addFile(zw *zip.Writer, hdr *zip.FileHeader, src string) error {
	f, err := os.Open(src)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	hdr.Modified = st.ModTime()
	hdr.CRC32, hdr.CompressedSize64, hdr.UncompressedSize64 = 0, 0, 0
	if hdr.Method != zip.Store {
		hdr.Method = zip.Deflate
	}
	w, err := zw.CreateHeader(hdr)
	if err != nil {
		return err
	}
	_, err = io.Copy(w, f)
	return err
}

// Capabilities: a zip is rewritten whole, entries renamed by copying them
// raw; names are exact (a zip is read on systems where case matters), and
// extract's guards get spans, links and deflate's largest ratio.
func (a *Archive) Capabilities() archive.Capabilities {
	return archive.Capabilities{
		Edit:     archive.OpsOf(archive.EditReplace, archive.EditAdd, archive.EditRemove, archive.EditRename),
		Rewrite:  a.Rewrite,
		Verify:   a.Verify,
		Info:     a.Info,
		Spans:    a.Spans,
		IsLink:   a.IsLink,
		MaxRatio: a.MaxRatio(),
		Card:     archive.CardNone, // a zip's Info is its listing's sums
	}
}
