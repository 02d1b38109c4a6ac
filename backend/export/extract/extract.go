// Package extract writes archive entries to a folder. Entry names are
// untrusted: a name that would land outside the target folder (../, an
// absolute path, a drive letter, a Windows stream name) is refused. Files are
// first written to a staging folder inside the target and moved into place
// only when every entry succeeded, so a cancelled or failed extract leaves
// nothing half-written.
//
// Every file and folder is made relative to the target folder opened once
// (os.Root: openat and renameat on Unix, handle-relative opens on Windows),
// never by re-resolving a path string: a folder inside the target swapped for
// a symlink to elsewhere while the extract runs makes the extract fail, and
// nothing lands outside the target.
package extract

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"

	"packsmith/backend/archive"
	"packsmith/backend/sys/ctxio"
	"packsmith/formats/bytecount"
	"packsmith/formats/workpool"
)

// ErrUnsafePath is returned for entry names that would escape the target.
var ErrUnsafePath = errors.New("unsafe entry name")

var windowsReserved = map[string]bool{
	"CON": true, "PRN": true, "AUX": true, "NUL": true, "CONIN$": true, "CONOUT$": true,
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
		if runtime.GOOS == "windows" && reservedName(p) {
			return bad("reserved Windows device name")
		}
		clean = append(clean, p)
	}
	if len(clean) == 0 {
		return bad("no file name")
	}
	return filepath.Join(clean...), nil
}

// reservedName reports whether p names a Windows device whatever follows
// it: CON, con.txt, "AUX .tar.gz", "nul." all open the device there.
func reservedName(p string) bool {
	base := strings.ToUpper(strings.TrimRight(p, ". "))
	if i := strings.IndexByte(base, '.'); i >= 0 {
		base = base[:i]
	}
	return windowsReserved[strings.TrimRight(base, " ")]
}

// PortablePath is RelPath that also refuses the names that cannot be
// written, or do not come back as they were, on one of Windows, macOS and
// Linux, whichever this system is: a Windows device name (CON, aux.txt,
// COM1.log), a name ending in a dot or a space (Windows drops it), a
// character Windows does not allow (< > " | ? *), and control characters
// (a newline or an ANSI escape in a file name breaks scripts and
// terminals). An extract checks names with it unless told to allow
// unportable names (Options.AllowUnportable, extract --allow-unportable).
func PortablePath(entry string) (string, error) {
	rel, err := RelPath(entry)
	if err != nil {
		return "", err
	}
	bad := func(why string) (string, error) {
		return "", fmt.Errorf("%w %q: %s (unportable: --allow-unportable writes it where this system can)", ErrUnsafePath, entry, why)
	}
	for _, p := range strings.Split(strings.ReplaceAll(entry, `\`, "/"), "/") {
		if p == "" || p == "." {
			continue
		}
		for _, r := range p {
			switch {
			case r < 0x20 || r == 0x7F || (r >= 0x80 && r < 0xA0):
				return bad("control character in name")
			case strings.ContainsRune(`<>"|?*`, r):
				return bad(fmt.Sprintf("character %q is not allowed in Windows names", r))
			}
		}
		if reservedName(p) {
			return bad("reserved Windows device name")
		}
		if strings.HasSuffix(p, ".") || strings.HasSuffix(p, " ") {
			return bad("name ends with a dot or a space (Windows drops it)")
		}
	}
	return rel, nil
}

// Result says what an extract wrote.
type Result struct {
	Dir   string `json:"dir"`
	Files int    `json:"files"`
	Bytes int64  `json:"bytes"`
	// Replaced counts existing files overwritten (Options.Overwrite).
	Replaced int `json:"replaced,omitempty"`
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
	Workers int // entries decoded at once; 0 means GOMAXPROCS (workpool.Workers)
	// Overwrite replaces existing files; without it an extract that would
	// replace one is refused before anything is written.
	Overwrite bool
	// Convert, when set, may write an entry in another form (backend/convert:
	// decompiled text, PNG). It returns the name to write the entry under
	// and the converter, or a nil Converter to copy the entry as it is.
	Convert func(e archive.Entry) (name string, c Converter)
	// AllowUnportable writes names that this system can hold but another
	// cannot (PortablePath): CON off Windows, "trail. ", control
	// characters, Same.txt beside SAME.TXT on Linux. Names that escape
	// the target are refused all the same.
	AllowUnportable bool
}

// pathOf is the check an extract gives names: PortablePath, or RelPath
// when unportable names are allowed.
func (o Options) pathOf(entry string) (string, error) {
	if o.AllowUnportable {
		return RelPath(entry)
	}
	return PortablePath(entry)
}

// foldCase reports whether names that differ only in case are one file:
// on this system, or, for portable names, on any system.
func (o Options) foldCase() bool {
	return runtime.GOOS == "windows" || runtime.GOOS == "darwin" || !o.AllowUnportable
}

// Converter turns an entry's bytes into what is written. It returns Keep
// with the entry's own bytes when they cannot be converted (a truncated
// texture): they are then written under the entry's own name.
type Converter func(r io.Reader) (Converted, error)

// Converted is a converter's output.
type Converted struct {
	Bytes []byte
	// Keep: Bytes are the entry's own, written under its own name; Why
	// says what stopped the conversion ("" when nothing needed converting,
	// a text source: such entries are not listed in Result.Kept).
	Keep bool
	Why  string
	// Rest, when set, is streamed after Bytes: the remainder of an entry
	// kept as it is, read only as it is written, so that a large entry
	// is never held whole in memory.
	Rest io.Reader
}

// Context is the context of the extract an entry's reader belongs to, for
// a converter that waits (for its share of the memory budget): the reader
// a Converter is given implements it.
func Context(r io.Reader) context.Context {
	if c, ok := r.(interface{ Context() context.Context }); ok {
		return c.Context()
	}
	return context.Background()
}

type job struct {
	e     archive.Entry
	rel   string
	conv  Converter
	keep  bool   // the converter kept the entry as it is (rel is then its own name)
	why   string // and why
	moved bool   // keeping it changed rel: its own name is checked after decoding
	opt   *Options
}

// caseNote says why two names that differ in case collide where this
// system keeps them apart.
func caseNote() string {
	if runtime.GOOS == "windows" || runtime.GOOS == "darwin" {
		return ""
	}
	return " on Windows and macOS (--allow-unportable writes both here)"
}

// StagePrefix starts the name of the staging folder an extract writes into
// (inside the target), followed by the process id: a later run removes
// those whose process is gone.
const StagePrefix = ".packsmith-extract-"

// plan selects the entries and checks their names (the names converters
// give, when opt has them).
func plan(a archive.Archive, names []string, opt Options) ([]job, int64, error) {
	entries, err := selectEntries(a, names)
	if err != nil {
		return nil, 0, err
	}
	jobs := make([]job, 0, len(entries))
	var total int64
	seen := map[string]string{}
	caseless := opt.foldCase()
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
		rel, err := opt.pathOf(name)
		if err != nil {
			return nil, 0, fmt.Errorf("%s: %w", a.Path(), err)
		}
		key := rel
		if caseless {
			key = strings.ToLower(rel)
		}
		if prev, dup := seen[key]; dup {
			return nil, 0, fmt.Errorf("%s: entries %q and %q would be the same file%s", a.Path(), prev, e.Path, caseNote())
		}
		seen[key] = e.Path
		jobs = append(jobs, job{e: e, rel: rel, conv: conv, opt: &opt})
		if e.Size > 0 {
			total += e.Size
		}
	}
	return jobs, total, nil
}

// Extract writes the named entries (all when names is empty) of a under dir.
// Names are matched exactly, then case-insensitively.
//
// Before writing anything it refuses: entries that share stored bytes or
// claim a ratio the family's compression cannot reach, links, too little
// free space, a link or file where a folder is needed, a folder where a
// file goes, and existing files unless opt.Overwrite. Entries are decoded
// into a staging folder inside dir, then moved into place; if a move fails,
// the files already moved are taken back (and replaced files restored), so
// a failed or cancelled extract leaves dir as it was.
func Extract(ctx context.Context, a archive.Archive, dir string, names []string, p archive.Progress, opt Options) (Result, error) {
	made := missingDirs(dir)
	res, err := extract(ctx, a, dir, names, p, opt)
	if err != nil {
		// The folders this extract made for the target go again (when
		// empty, as a failed or cancelled extract leaves them): a SIGTERM
		// during extract --png left an empty target folder behind.
		for _, d := range made {
			os.Remove(d)
		}
	}
	return res, err
}

// missingDirs lists dir and those of its parents that do not exist,
// deepest first: what MkdirAll(dir) is about to make.
func missingDirs(dir string) []string {
	var out []string
	for d := filepath.Clean(dir); ; {
		if _, err := os.Lstat(d); err == nil || !errors.Is(err, fs.ErrNotExist) {
			return out
		}
		out = append(out, d)
		up := filepath.Dir(d)
		if up == d {
			return out
		}
		d = up
	}
}

func extract(ctx context.Context, a archive.Archive, dir string, names []string, p archive.Progress, opt Options) (Result, error) {
	if p == nil {
		p = archive.NoProgress{}
	}
	jobs, total, err := plan(a, names, opt)
	if err != nil {
		return Result{}, err
	}
	if err := checkArchive(a, jobs); err != nil {
		return Result{}, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return Result{}, err
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return Result{}, err
	}
	defer root.Close()
	replaced, err := checkTarget(a, dir, jobs, opt.Overwrite)
	if err != nil {
		return Result{}, err
	}
	// Twice the data fits: the staging copy and the folder share a volume
	// but the moves are renames, so once is what is needed; keep a margin.
	if free := freeSpace(dir); free >= 0 && total+total/64+(1<<20) > free {
		return Result{}, fmt.Errorf("%s: %w: the entries take %d MB, %s has %d MB free", a.Path(), ErrRefused, total>>20, dir, free>>20)
	}
	CleanStale(dir)
	stage, err := mkStage(root)
	if err != nil {
		return Result{}, err
	}
	defer root.RemoveAll(stage)

	var done, files atomic.Int64
	// Each worker has its copy buffer and its memory of the folders made.
	type worker struct {
		buf  []byte
		made map[string]bool
	}
	setup := func() worker { return worker{make([]byte, 256<<10), map[string]bool{}} }
	err = workpool.EachWith(ctx, len(jobs), opt.Workers, setup, func(ctx context.Context, wk worker, i int) error {
		j := &jobs[i]
		add := func(k int64) { p.Progress(done.Add(k), total, j.e.Path) }
		var err error
		if j.conv != nil {
			err = convertEntry(ctx, a, root, j, filepath.Join(stage, "new"), wk.made, add)
		} else {
			err = writeEntry(ctx, a, root, j.e, filepath.Join(stage, "new", j.rel), wk.buf, wk.made, add)
		}
		if err != nil {
			return err
		}
		files.Add(1)
		return nil
	})
	if err != nil {
		return Result{}, err
	}
	res := Result{Dir: dir}
	if opt.Convert != nil {
		n, err := checkKept(a, dir, jobs, opt, &res)
		if err != nil {
			return Result{}, err
		}
		replaced = append(replaced, make([]string, n)...)
	}
	if err := place(a, root, dir, stage, jobs, len(replaced) > 0); err != nil {
		return Result{}, err
	}
	p.Progress(done.Load(), total, "")
	res.Files, res.Bytes, res.Replaced = int(files.Load()), done.Load(), len(replaced)
	return res, nil
}

// checkKept counts the converted and kept entries and checks, as
// checkTarget did before anything was written, the names of entries a
// converter kept as they are when that moved them back to their own name
// (X.DDS planned as X.DDS.png). It returns how many existing files those
// replace.
func checkKept(a archive.Archive, dir string, jobs []job, opt Options, res *Result) (int, error) {
	caseless := opt.foldCase()
	overwrite := opt.Overwrite
	key := func(rel string) string {
		if caseless {
			return strings.ToLower(rel)
		}
		return rel
	}
	taken := make(map[string]string, len(jobs))
	var kept []job
	for _, j := range jobs {
		switch {
		case j.keep && j.why != "":
			res.Kept = append(res.Kept, Kept{Entry: j.e.Path, Why: j.why})
		case !j.keep && j.conv != nil:
			res.Converted++
		}
		if j.moved {
			kept = append(kept, j)
			continue
		}
		taken[key(j.rel)] = j.e.Path
	}
	if len(kept) == 0 {
		return 0, nil
	}
	for _, j := range kept {
		if prev, dup := taken[key(j.rel)]; dup && prev != j.e.Path {
			return 0, fmt.Errorf("%s: entries %q and %q would be the same file%s", a.Path(), prev, j.e.Path, caseNote())
		}
		taken[key(j.rel)] = j.e.Path
	}
	rep, err := checkTarget(a, dir, kept, overwrite)
	return len(rep), err
}

// convertEntry reads an entry through its converter and stages what it
// gives: the converted bytes under the converted name, or the entry's own
// bytes under its own name (j.rel, j.keep and j.why are updated).
func convertEntry(ctx context.Context, a archive.Archive, root *os.Root, j *job, stage string, made map[string]bool, add func(int64)) error {
	rc, err := a.Open(j.e.Path)
	if err != nil {
		return err
	}
	defer rc.Close()
	out, err := j.conv(countReader{ctxio.Reader{Ctx: ctx, R: rc}, add})
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		var ee *archive.EntryError
		if !errors.As(err, &ee) {
			err = &archive.EntryError{Archive: a.Path(), Entry: j.e.Path, Offset: -1, Err: err}
		}
		return err
	}
	if out.Keep {
		rel, err := j.opt.pathOf(j.e.Path)
		if err != nil {
			return fmt.Errorf("%s: %w", a.Path(), err)
		}
		j.moved = rel != j.rel
		j.rel, j.keep, j.why = rel, true, out.Why
	}
	dst := filepath.Join(stage, j.rel)
	if err := mkdirOnce(root, filepath.Dir(dst), made); err != nil {
		return &archive.EntryError{Archive: a.Path(), Entry: j.e.Path, Offset: -1, Err: pathErr(err)}
	}
	if out.Rest == nil {
		if err := root.WriteFile(dst, out.Bytes, 0o644); err != nil {
			return &archive.EntryError{Archive: a.Path(), Entry: j.e.Path, Offset: -1, Err: pathErr(err)}
		}
		return nil
	}
	f, err := root.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return &archive.EntryError{Archive: a.Path(), Entry: j.e.Path, Offset: -1, Err: pathErr(err)}
	}
	_, err = f.Write(out.Bytes)
	if err == nil {
		_, err = io.CopyBuffer(f, out.Rest, make([]byte, 256<<10))
		if err != nil && ctx.Err() == nil {
			err = &archive.EntryError{Archive: a.Path(), Entry: j.e.Path, Offset: -1, Err: err}
		}
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return err
}

type countReader struct {
	r   io.Reader
	add func(int64)
}

func (c countReader) Context() context.Context {
	if x, ok := c.r.(interface{ Context() context.Context }); ok {
		return x.Context()
	}
	return context.Background()
}

func (c countReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.add(int64(n))
	return n, err
}

// freeSpace is freeBytes (a variable so tests can shrink the disk).
var freeSpace = freeBytes

// rename places one staged file, both names relative to root (a variable
// so tests can make it fail).
var rename = func(root *os.Root, from, to string) error { return root.Rename(from, to) }

// mkStage makes the staging folder in root and returns its name: the
// process id and a random part (CleanStale reads the pid).
func mkStage(root *os.Root) (string, error) {
	for range 100 {
		var b [6]byte
		rand.Read(b[:])
		name := fmt.Sprintf("%s%d-%s", StagePrefix, os.Getpid(), hex.EncodeToString(b[:]))
		err := root.Mkdir(name, 0o700)
		if err == nil {
			return name, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", err
		}
	}
	return "", errors.New("no free name for the staging folder")
}

// place moves every staged file into the target (root; dir is its name,
// for messages). Replaced files are moved aside into the staging folder
// first; on any failure every move is undone. Every name is relative to
// root, so a folder swapped for a symlink meanwhile cannot send a file
// outside the target.
func place(a archive.Archive, root *os.Root, dir, stage string, jobs []job, replacing bool) error {
	var (
		moved   []string // rel of files placed
		aside   []string // rel of old files moved aside
		created []string // folders made, in order
	)
	undo := func() {
		for i := len(moved) - 1; i >= 0; i-- {
			root.Rename(moved[i], filepath.Join(stage, "new", moved[i]))
		}
		for i := len(aside) - 1; i >= 0; i-- {
			root.Rename(filepath.Join(stage, "old", aside[i]), aside[i])
		}
		for i := len(created) - 1; i >= 0; i-- {
			root.Remove(created[i]) // only if empty
		}
	}
	mkdirs := func(d string) error {
		var missing []string
		for p := d; p != "." && p != ""; p = filepath.Dir(p) {
			if _, err := root.Lstat(p); err == nil {
				break
			}
			missing = append(missing, p)
		}
		for i := len(missing) - 1; i >= 0; i-- {
			if err := root.Mkdir(missing[i], 0o755); err != nil {
				return err
			}
			created = append(created, missing[i])
		}
		return nil
	}
	for _, j := range jobs {
		dst := filepath.Join(dir, j.rel)
		var err error
		if err = mkdirs(filepath.Dir(j.rel)); err == nil && replacing {
			if _, serr := root.Lstat(j.rel); serr == nil {
				old := filepath.Join(stage, "old", j.rel)
				if err = root.MkdirAll(filepath.Dir(old), 0o755); err == nil {
					if err = root.Rename(j.rel, old); err == nil {
						aside = append(aside, j.rel)
					}
				}
			}
		}
		if err == nil {
			if err = rename(root, filepath.Join(stage, "new", j.rel), j.rel); err == nil {
				moved = append(moved, j.rel)
			}
		}
		if err != nil {
			undo()
			return &archive.EntryError{Archive: a.Path(), Entry: j.e.Path, Offset: -1,
				Err: fmt.Errorf("placing it at %s: %w (nothing was left extracted)", dst, pathErr(err))}
		}
	}
	return nil
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

// mkdirOnce creates a folder, remembering which exist (100,000 entries
// share a few hundred folders).
func mkdirOnce(root *os.Root, dir string, made map[string]bool) error {
	if made[dir] {
		return nil
	}
	if err := root.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	made[dir] = true
	return nil
}

func writeEntry(ctx context.Context, a archive.Archive, root *os.Root, e archive.Entry, dst string, buf []byte, made map[string]bool, add func(int64)) error {
	entryErr := func(err error) error {
		return &archive.EntryError{Archive: a.Path(), Entry: e.Path, Offset: -1, Err: pathErr(err)}
	}
	if err := mkdirOnce(root, filepath.Dir(dst), made); err != nil {
		return entryErr(err)
	}
	rc, err := a.Open(e.Path)
	if err != nil {
		var ee *archive.EntryError
		if errors.As(err, &ee) {
			return err
		}
		return entryErr(err)
	}
	defer rc.Close()
	f, err := root.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return entryErr(err)
	}
	_, err = io.CopyBuffer(&bytecount.Writer{W: f, OnWrite: add}, ctxio.Reader{Ctx: ctx, R: rc}, buf)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil && !errors.Is(err, context.Canceled) {
		var ee *archive.EntryError
		if !errors.As(err, &ee) {
			err = entryErr(err)
		}
	}
	return err
}
