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
	// Converted counts entries written in another form (Options.Convert);
	// Kept lists those a converter gave back as they are, and why.
	Converted int    `json:"converted,omitempty"`
	Kept      []Kept `json:"kept,omitempty"`
}

// Kept is an entry a converter could not convert: it was written with its
// own bytes under its own name.
type Kept struct {
	Entry string `json:"entry"`
	Why   string `json:"why"`
}

// Options tune an extract.
type Options struct {
	Workers int // entries decoded at once; 0 means the number of CPUs
	// Convert, when set, may write an entry in another form (backend/convert:
	// decompiled text, PNG). It returns the name to write the entry under
	// and the converter, or a nil Converter to copy the entry as it is.
	Convert func(e archive.Entry) (name string, c Converter)
	// Overwrite allows replacing files that exist in the target folder.
	// Without it, an extract that would replace one is refused before
	// anything is written, with an *ExistsError naming them.
	Overwrite bool
}

// Converter turns an entry's bytes into what is written. It returns Keep
// with the entry's own bytes when they cannot be converted (a truncated
// texture): they are then written under the entry's own name.
type Converter func(r io.Reader) (Converted, error)

// Converted is a converter's output.
type Converted struct {
	Bytes []byte
	// Keep: Bytes are the entry's own, written under its own name; Why
	// says what stopped the conversion ("" when nothing needed converting:
	// such entries are not listed in Result.Kept).
	Keep bool
	Why  string
}

// ExistsError is an extract refused because files are in the way.
type ExistsError struct {
	Dir   string
	Files []string // relative paths, at most MaxExistsNamed of them
	Count int
}

// MaxExistsNamed caps how many existing files an ExistsError names.
const MaxExistsNamed = 20

func (e *ExistsError) Error() string {
	more := ""
	if e.Count > 1 {
		more = fmt.Sprintf(" and %d more", e.Count-1)
	}
	return fmt.Sprintf("%s: %s%s already exist; nothing was written", e.Dir, e.Files[0], more)
}

// Existing lists the files an extract of names (all when empty) would
// replace in dir, at most max of them (0: all), and how many there are.
// It looks at the names converters give; an entry a converter then keeps
// as it is lands under its own name, which the extract checks itself.
func Existing(a archive.Archive, dir string, names []string, opt Options, max int) ([]string, int, error) {
	entries, err := selectEntries(a, names)
	if err != nil {
		return nil, 0, err
	}
	var out []string
	n := 0
	for _, e := range entries {
		rel, err := targetRel(a, e, opt)
		if err != nil {
			return nil, 0, err
		}
		if _, err := os.Lstat(filepath.Join(dir, rel)); err == nil {
			n++
			if max <= 0 || len(out) < max {
				out = append(out, filepath.ToSlash(rel))
			}
		}
	}
	return out, n, nil
}

// targetRel is where an entry lands: its converted name when a converter
// renames it, as a checked relative path.
func targetRel(a archive.Archive, e archive.Entry, opt Options) (string, error) {
	name := e.Path
	if opt.Convert != nil {
		if n, _ := opt.Convert(e); n != "" {
			name = n
		}
	}
	rel, err := RelPath(name)
	if err != nil {
		return "", fmt.Errorf("%s: %w", a.Path(), err)
	}
	return rel, nil
}

// job is one entry to write: where, and how.
type job struct {
	e    archive.Entry
	rel  string
	conv Converter
	keep bool   // a converter kept the entry as it is
	kept string // why ("" for an entry needing no conversion, a text source)
	done bool   // converted (not kept)
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
	jobs := make([]job, 0, len(entries))
	var total int64
	seen := map[string]string{}
	caseless := runtime.GOOS == "windows" || runtime.GOOS == "darwin"
	var exists []string
	nExists := 0
	for _, e := range entries {
		name := e.Path
		var conv Converter
		if opt.Convert != nil {
			if n, c := opt.Convert(e); c != nil {
				conv = c
				if n != "" {
					name = n
				}
			}
		}
		rel, err := RelPath(name)
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
		if !opt.Overwrite {
			if _, err := os.Lstat(filepath.Join(dir, rel)); err == nil {
				if nExists++; len(exists) < MaxExistsNamed {
					exists = append(exists, filepath.ToSlash(rel))
				}
			}
		}
		jobs = append(jobs, job{e: e, rel: rel, conv: conv})
		if e.Size > 0 {
			total += e.Size
		}
	}
	if nExists > 0 {
		return Result{}, &ExistsError{Dir: dir, Files: exists, Count: nExists}
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
				j := &jobs[i]
				add := func(k int64) { p.Progress(done.Add(k), total, j.e.Path) }
				var err error
				if j.conv != nil {
					err = convertEntry(ctx, a, j, stage, made, add)
				} else {
					err = writeEntry(ctx, a, j.e, filepath.Join(stage, j.rel), buf, made, add)
				}
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
	// A converter that kept an entry as it is moved it back to its own
	// name: check that name as the others were, before anything moves.
	res := Result{Dir: dir}
	for i := range jobs {
		j := &jobs[i]
		if j.done {
			res.Converted++
		}
		if !j.keep {
			continue
		}
		if j.kept != "" {
			res.Kept = append(res.Kept, Kept{Entry: j.e.Path, Why: j.kept})
		}
		key := j.rel
		if caseless {
			key = strings.ToLower(key)
		}
		if prev, dup := seen[key]; dup && prev != j.e.Path {
			return Result{}, fmt.Errorf("%s: entries %q and %q would be the same file", a.Path(), prev, j.e.Path)
		}
		seen[key] = j.e.Path
		if _, err := os.Lstat(filepath.Join(dir, j.rel)); err == nil && !opt.Overwrite {
			return Result{}, &ExistsError{Dir: dir, Files: []string{filepath.ToSlash(j.rel)}, Count: 1}
		}
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
	res.Files, res.Bytes = int(files.Load()), done.Load()
	return res, nil
}

// convertEntry reads an entry through its converter and writes what it
// gives: the converted bytes under the converted name, or the entry's own
// bytes under its own name (j.rel and j.kept are updated).
func convertEntry(ctx context.Context, a archive.Archive, j *job, stage string, made map[string]bool, add func(int64)) error {
	rc, err := a.Open(j.e.Path)
	if err != nil {
		return err
	}
	defer rc.Close()
	out, err := j.conv(countReader{ctxReader{ctx, rc}, add})
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return err
		}
		var ee *archive.EntryError
		if !errors.As(err, &ee) {
			err = &archive.EntryError{Archive: a.Path(), Entry: j.e.Path, Offset: -1, Err: err}
		}
		return err
	}
	if out.Keep {
		rel, err := RelPath(j.e.Path)
		if err != nil {
			return fmt.Errorf("%s: %w", a.Path(), err)
		}
		j.rel = rel
		j.kept = out.Why
		j.keep = true
	} else {
		j.done = true
	}
	dst := filepath.Join(stage, j.rel)
	if err := mkdirOnce(filepath.Dir(dst), made); err != nil {
		return err
	}
	return os.WriteFile(dst, out.Bytes, 0o644)
}

type countReader struct {
	r   io.Reader
	add func(int64)
}

func (c countReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.add(int64(n))
	return n, err
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
