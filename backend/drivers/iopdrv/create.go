package iopdrv

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"packsmith/backend/archive"
	"packsmith/backend/sys/safefile"
	"packsmith/formats/iop"
)

// CreateResult says what Create wrote.
type CreateResult struct {
	Output    string `json:"output"`
	Entries   int    `json:"entries"`
	Encrypted bool   `json:"encrypted"`
	Scrambled int    `json:"iniScrambled"` // .ini entries written with comment 1
	Bytes     int64  `json:"bytes"`        // plain bytes packed: the files' sizes, before compression
	Size      int64  `json:"size"`         // the pack's size on disk
}

// Create packs the files under dir into a new pack at out, as the
// client's tools write one: names relative to dir with '\' separators in
// code page 949 (a name it cannot hold is refused, naming the file, before
// anything is written), deflated, encrypted with password when one is
// given, and every .ini scrambled with comment 1. Files are taken in
// sorted order; the pack is written to a temporary file and renamed.
func Create(ctx context.Context, out, dir, password string, p archive.Progress) (CreateResult, error) {
	if p == nil {
		p = archive.NoProgress{}
	}
	type item struct {
		path, name, rel string
		size            int64
	}
	var items []item
	var end, cd int64
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !d.Type().IsRegular() {
			return nil
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		name, err := iop.EncodeName(rel)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		st, err := d.Info()
		if err != nil {
			return err
		}
		items = append(items, item{path: path, name: name, rel: rel, size: st.Size()})
		end += iop.MaxEntrySpan(len(name), st.Size())
		cd += iop.CentralRecordLen(len(name), 0, 1)
		return nil
	})
	if err != nil {
		return CreateResult{}, err
	}
	sort.Slice(items, func(i, j int) bool { return items[i].rel < items[j].rel })
	if err := iop.CheckLimits(len(items), end, cd); err != nil {
		return CreateResult{}, fmt.Errorf("%s: %w", out, err)
	}
	if abs, err := filepath.Abs(out); err == nil {
		if d, err := filepath.Abs(dir); err == nil && strings.HasPrefix(abs, d+string(filepath.Separator)) {
			return CreateResult{}, fmt.Errorf("%s: the pack cannot be written inside the folder it packs (%s)", out, dir)
		}
	}
	f, err := safefile.Create(out)
	if err != nil {
		return CreateResult{}, err
	}
	res := CreateResult{Output: out, Encrypted: password != ""}
	w := iop.NewWriter(f, password)
	for i, it := range items {
		if err := ctx.Err(); err != nil {
			f.Abort()
			return CreateResult{}, err
		}
		p.Progress(int64(i), int64(len(items)), it.rel)
		fh := iop.FileHeader{Name: it.name, Method: iop.MethodDeflate, Encrypt: password != ""}
		scramble := iop.INIScrambled(it.name, "1")
		if scramble {
			fh.Comment = "1"
			res.Scrambled++
		}
		st, err := os.Stat(it.path)
		if err != nil {
			f.Abort()
			return CreateResult{}, err
		}
		fh.Modified = st.ModTime()
		src, err := os.Open(it.path)
		if err != nil {
			f.Abort()
			return CreateResult{}, err
		}
		err = w.WriteFrom(fh, src, st.Size(), scramble)
		src.Close()
		if err != nil {
			f.Abort()
			return CreateResult{}, fmt.Errorf("%s: %s: %w", out, it.rel, err)
		}
		res.Entries++
		res.Bytes += st.Size()
	}
	if err := w.Close(); err != nil {
		f.Abort()
		return CreateResult{}, fmt.Errorf("%s: %w", out, err)
	}
	if err := f.Commit(); err != nil {
		return CreateResult{}, err
	}
	if st, err := os.Stat(out); err == nil {
		res.Size = st.Size()
	}
	p.Progress(int64(len(items)), int64(len(items)), "")
	return res, nil
}
