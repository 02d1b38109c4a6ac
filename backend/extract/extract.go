// Package extract writes archive entries to a folder. Entry names are
// untrusted: a name that would land outside the target folder (../, an
// absolute path, a drive letter, a Windows stream name) is refused. Files are
// first written to a staging folder inside the target and moved into place
// only when every entry succeeded, so a cancelled or failed extract leaves
// nothing half-written.
package extract

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"packsmith/backend/archive"
)

// ErrUnsafePath is returned for entry names that would escape the target.
var ErrUnsafePath = errors.New("unsafe entry name")

var windowsReserved = map[string]bool{
	"CON": true, "PRN": true, "AUX": true, "NUL": true,
	"COM1": true, "COM2": true, "COM3": true, "COM4": true, "COM5": true, "COM6": true, "COM7": true, "COM8": true, "COM9": true,
	"LPT1": true, "LPT2": true, "LPT3": true, "LPT4": true, "LPT5": true, "LPT6": true, "LPT7": true, "LPT8": true, "LPT9": true,
}

// RelPath checks an entry name and returns it as a relative OS path.
// Both '/' and '\' count as separators, whatever the OS, because archives
// made on Windows use '\' and a Windows extract would honour it.
func RelPath(entry string) (string, error) {
	bad := func(why string) (string, error) {
		return "", fmt.Errorf("%w %q: %s", ErrUnsafePath, entry, why)
	}
	if entry == "" {
		return bad("empty name")
	}
	if strings.ContainsRune(entry, 0) {
		return bad("contains a NUL byte")
	}
	norm := strings.ReplaceAll(entry, `\`, "/")
	if strings.HasPrefix(norm, "/") {
		return bad("absolute path")
	}
	if len(norm) >= 2 && norm[1] == ':' && (norm[0]|0x20 >= 'a' && norm[0]|0x20 <= 'z') {
		return bad("drive letter")
	}
	parts := strings.Split(norm, "/")
	clean := parts[:0]
	for _, p := range parts {
		switch p {
		case "", ".":
			continue
		case "..":
			return bad("parent folder (..)")
		}
		if strings.Contains(p, ":") {
			return bad("colon in name (drive or stream)")
		}
		if runtime.GOOS == "windows" {
			base := strings.ToUpper(strings.TrimRight(p, ". "))
			if i := strings.IndexByte(base, '.'); i >= 0 {
				base = base[:i]
			}
			if windowsReserved[base] {
				return bad("reserved Windows device name")
			}
		}
		clean = append(clean, p)
	}
	if len(clean) == 0 {
		return bad("no file name")
	}
	return filepath.Join(clean...), nil
}

// Result says what an extract wrote.
type Result struct {
	Dir   string `json:"dir"`
	Files int    `json:"files"`
	Bytes int64  `json:"bytes"`
}

// Options tune an extract.
type Options struct {
	Workers int // entries decoded at once; 0 means the number of CPUs
}

// Extract writes the named entries (all when names is empty) of a under dir.
// Names are matched exactly, then case-insensitively.
func Extract(ctx context.Context, a archive.Archive, dir string, names []string, p archive.Progress, opt Options) (Result, error) {
	if p == nil {
		p = archive.NoProgress{}
	}
	entries, err := selectEntries(a, names)
	if err != nil {
		return Result{}, err
	}
	type job struct {
		e   archive.Entry
		rel string
	}
	jobs := make([]job, 0, len(entries))
	var total int64
	seen := map[string]string{}
	caseless := runtime.GOOS == "windows" || runtime.GOOS == "darwin"
	for _, e := range entries {
		rel, err := RelPath(e.Path)
		if err != nil {
			return Result{}, fmt.Errorf("%s: %w", a.Path(), err)
		}
		key := rel
		if caseless {
			key = strings.ToLower(rel)
		}
		if prev, dup := seen[key]; dup {
			return Result{}, fmt.Errorf("%s: entries %q and %q would be the same file", a.Path(), prev, e.Path)
		}
		seen[key] = e.Path
		jobs = append(jobs, job{e, rel})
		if e.Size > 0 {
			total += e.Size
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return Result{}, err
	}
	stage, err := os.MkdirTemp(dir, ".packsmith-extract-*")
	if err != nil {
		return Result{}, err
	}
	defer os.RemoveAll(stage)

	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		done     atomic.Int64
		files    atomic.Int64
		firstErr error
		errOnce  sync.Once
		wg       sync.WaitGroup
		next     atomic.Int64
	)
	fail := func(err error) {
		errOnce.Do(func() { firstErr = err; cancel() })
	}
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf := make([]byte, 256<<10)
			made := map[string]bool{}
			for {
				i := int(next.Add(1) - 1)
				if i >= len(jobs) || ctx.Err() != nil {
					return
				}
				j := jobs[i]
				err := writeEntry(ctx, a, j.e, filepath.Join(stage, j.rel), buf, made, func(k int64) {
					p.Progress(done.Add(k), total, j.e.Path)
				})
				if err != nil {
					fail(err)
					return
				}
				files.Add(1)
			}
		}()
	}
	wg.Wait()
	if firstErr == nil {
		firstErr = ctx.Err()
	}
	if firstErr != nil {
		return Result{}, firstErr
	}
	// Everything decoded: move into place.
	made := map[string]bool{}
	for _, j := range jobs {
		dst := filepath.Join(dir, j.rel)
		if err := mkdirOnce(filepath.Dir(dst), made); err != nil {
			return Result{}, err
		}
		if err := os.Rename(filepath.Join(stage, j.rel), dst); err != nil {
			return Result{}, err
		}
	}
	p.Progress(done.Load(), total, "")
	return Result{Dir: dir, Files: int(files.Load()), Bytes: done.Load()}, nil
}

func selectEntries(a archive.Archive, names []string) ([]archive.Entry, error) {
	all := a.Entries()
	if len(names) == 0 {
		return all, nil
	}
	// One index for the whole selection: the window may pass every entry
	// of a 100,000-entry archive.
	exact := make(map[string]int, len(all))
	folded := make(map[string]int, len(all))
	for i, e := range all {
		exact[e.Path] = i
		if _, ok := folded[strings.ToLower(e.Path)]; !ok {
			folded[strings.ToLower(e.Path)] = i
		}
	}
	out := make([]archive.Entry, 0, len(names))
	for _, n := range names {
		norm := strings.TrimPrefix(strings.ReplaceAll(n, `\`, "/"), "/")
		if i, ok := exact[norm]; ok {
			out = append(out, all[i])
			continue
		}
		if i, ok := folded[strings.ToLower(norm)]; ok {
			out = append(out, all[i])
			continue
		}
		// A folder name selects everything below it.
		prefix := strings.ToLower(strings.TrimSuffix(norm, "/")) + "/"
		found := false
		for _, e := range all {
			if strings.HasPrefix(strings.ToLower(e.Path), prefix) {
				out = append(out, e)
				found = true
			}
		}
		if !found {
			return nil, &archive.EntryError{Archive: a.Path(), Entry: n, Offset: -1, Err: archive.ErrNotFound}
		}
	}
	return out, nil
}

// ctxReader stops a copy as soon as the context is cancelled.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(b []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(b)
}

type countWriter struct {
	w   io.Writer
	add func(int64)
}

func (c countWriter) Write(b []byte) (int, error) {
	n, err := c.w.Write(b)
	c.add(int64(n))
	return n, err
}

// mkdirOnce creates a folder, remembering which exist (100,000 entries
// share a few hundred folders).
func mkdirOnce(dir string, made map[string]bool) error {
	if made[dir] {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	made[dir] = true
	return nil
}

func writeEntry(ctx context.Context, a archive.Archive, e archive.Entry, dst string, buf []byte, made map[string]bool, add func(int64)) error {
	if err := mkdirOnce(filepath.Dir(dst), made); err != nil {
		return err
	}
	rc, err := a.Open(e.Path)
	if err != nil {
		return err
	}
	defer rc.Close()
	f, err := os.Create(dst)
	if err != nil {
		return err
	}
	_, err = io.CopyBuffer(countWriter{f, add}, ctxReader{ctx, rc}, buf)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil && !errors.Is(err, context.Canceled) {
		var ee *archive.EntryError
		if !errors.As(err, &ee) {
			err = &archive.EntryError{Archive: a.Path(), Entry: e.Path, Offset: -1, Err: err}
		}
	}
	return err
}
