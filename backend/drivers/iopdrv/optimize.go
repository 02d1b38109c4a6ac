package iopdrv

import (
	"context"
	"fmt"

	"packsmith/backend/archive"
	"packsmith/backend/sys/safefile"
	"packsmith/formats/iop"
)

// Optimize writes the pack again without what the client never reads:
// shadowed copies (an earlier copy of a name a later one replaces) and the
// unused bytes appends leave. Each name keeps the copy that wins, copied as
// stored, at the winner's place in the directory, so the same bytes come
// out, with the same comments, password and pack comment. Entries the
// delete list hides are kept: the list belongs to the game folder.
func (a *Archive) Optimize(ctx context.Context, dst string, p archive.Progress) (archive.Staged, error) {
	if p == nil {
		p = archive.NoProgress{}
	}
	var keep []*iop.File
	var end, cd int64
	for _, f := range a.z.File {
		if a.byKey[f.Key()] != f {
			continue
		}
		n, err := f.Span()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", a.path, err)
		}
		keep = append(keep, f)
		end, cd = end+n, cd+cdLen(f)
	}
	if err := iop.CheckLimits(len(keep), end, cd); err != nil {
		return nil, fmt.Errorf("%s: %w", dst, err)
	}
	out, err := safefile.Create(dst)
	if err != nil {
		return nil, err
	}
	pw, _, _ := a.z.Password()
	w := iop.NewWriter(out, pw)
	w.Comment = a.z.Comment
	total := int64(len(keep))
	for i, f := range keep {
		if err := ctx.Err(); err != nil {
			out.Abort()
			return nil, err
		}
		p.Progress(int64(i), total, f.Path())
		if err := w.CopyFile(f); err != nil {
			out.Abort()
			return nil, fmt.Errorf("%s: %w", a.path, err)
		}
	}
	if err := w.Close(); err != nil {
		out.Abort()
		return nil, fmt.Errorf("%s: %w", dst, err)
	}
	p.Progress(total, total, "")
	return out, nil
}
