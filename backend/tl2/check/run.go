package check

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"packsmith/backend/sys/limits"
	"packsmith/backend/tl2/loadorder"
	"packsmith/backend/tl2/modpack"
	"packsmith/backend/tl2/tl2game"
	"packsmith/backend/tl2/tl2names"
	"packsmith/formats/tl2/bindat"
	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/rghash"
)

// Source is one mod a run checks: a deployed .MOD, or the target's mod
// folder.
type Source struct {
	Name   string `json:"name"` // its title (with the id when two share one): Finding.Mod
	Path   string `json:"path"`
	ID     int64  `json:"id,string"`
	Place  int    `json:"place"`            // 1-based, in the order checked (first wins a file)
	Target bool   `json:"target,omitempty"` // the mod the run was asked about
}

// RunOptions say what Run checks.
type RunOptions struct {
	// Target is a .MOD or a mod folder (MOD.DAT + MEDIA/); "" checks the
	// active mods alone. It takes the place of an active mod with its
	// MOD_ID, else it goes first, where deploy --enable puts it.
	Target string
	// Active are the active mods in load order (ActiveMods).
	Active []Source
	// LoadOrder are the findings about the load order Active came from
	// (LoadOrderFindings): listed first in the report.
	LoadOrder []Finding
	// GameDir is the game (its folder, PAKS or DATA.PAK); BaseDir the same
	// or a MEDIA folder (sources or extracted). Neither: references into
	// the base game are not checked.
	GameDir, BaseDir string
	// Budget is the memory the run is held to (the command's --max-memory,
	// the window's); nil: a default one (backend/sys/limits). No file is
	// read whose parse would not fit in it (readFactor).
	Budget *limits.Budget
	// CacheDir keeps what was read of each .MOD (cache.go), so a mod that
	// did not change is not read again; "" reads every mod every time.
	// The command and the window give DefaultCacheDir().
	CacheDir string
}

// readFactor is how many bytes of memory one byte of a checked file costs
// while it is checked: the bytes read, a compiled source's decompiled
// text, the parsed tree (a property is a struct of three strings, 48
// bytes before its text). merge measured about 11 bytes of heap per
// stored byte on a 180,000-block .DAT (mergepatch's treeFactor); 16
// leaves room for garbage not yet collected. A file over the budget
// divided by it is reported unreadable, naming the limit.
const readFactor = 16

// maxRead is the largest file the budget lets a check read.
func maxRead(b *limits.Budget) int64 { return max(1, b.Bytes()/readFactor) }

// Report is what Run found.
type Report struct {
	Target     string    `json:"target"` // the target's Name, "" when none
	Mods       []Source  `json:"mods"`
	Game       string    `json:"game"` // the game data checked against, "" = none
	Findings   []Finding `json:"findings"`
	Errors     int       `json:"errors"`
	NotChecked int       `json:"notChecked"`
	Millis     int64     `json:"millis"`
	Cached     int       `json:"cached"` // mods read from the check cache, not their files
}

// ActiveMods lists a load order's loaded mods in order.
func ActiveMods(v *loadorder.View) []Source {
	var out []Source
	for _, m := range v.Mods {
		if m.Loaded && m.File != "" {
			out = append(out, Source{Name: m.Title, Path: m.File, ID: m.ID, Place: m.Place})
		}
	}
	// View lists the active rows in order already; keep it explicit.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Place < out[j-1].Place; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// Concerns says whether f is about the mod named name: in its files, or a
// duplicate of one of its GUIDs.
func Concerns(f Finding, name string) bool {
	return f.Mod == name || strings.HasPrefix(f.Other, name+": ")
}

// Run reads the target and the active mods and checks them together.
// A .MOD's compiled sources are decompiled; their lines are those of the
// decompiled text (as `extract --decompile` writes it).
func Run(ctx context.Context, o RunOptions) (*Report, error) {
	start := time.Now()
	srcs, err := order(o)
	if err != nil {
		return nil, err
	}
	rep := &Report{Mods: srcs, Findings: []Finding{}}
	var mods []*Mod
	var closers []func() error
	defer func() {
		for _, c := range closers {
			c()
		}
	}()
	for _, s := range srcs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if s.Target {
			rep.Target = s.Name
		}
		var m *Mod
		if st, err := os.Stat(s.Path); err == nil && st.IsDir() {
			m, err = dirMod(s.Name, s.Path, maxRead(o.Budget))
			if err != nil {
				return nil, err
			}
		} else {
			var closer func() error
			var cached bool
			m, closer, cached, err = modOf(ctx, o, s)
			if err != nil {
				return nil, err
			}
			closers = append(closers, closer)
			if cached {
				rep.Cached++
			}
		}
		mods = append(mods, m)
	}
	g, name, closer, err := OpenGame(o.GameDir, o.BaseDir)
	if err != nil {
		return nil, err
	}
	if closer != nil {
		closers = append(closers, closer)
	}
	rep.Game = name
	opt := Options{Context: ctx}
	if g != nil {
		opt.Game = g
	}
	rep.Findings = append(rep.Findings, o.LoadOrder...)
	rep.Findings = append(rep.Findings, Check(mods, opt)...)
	if err := ctx.Err(); err != nil {
		return nil, err // cancelled: no half a report
	}
	for _, f := range rep.Findings {
		switch f.Severity {
		case SevError:
			rep.Errors++
		case SevInfo:
			rep.NotChecked++
		}
	}
	rep.Millis = time.Since(start).Milliseconds()
	return rep, nil
}

// modOf reads the .MOD of s: through the cache when o has one.
func modOf(ctx context.Context, o RunOptions, s Source) (*Mod, func() error, bool, error) {
	if o.CacheDir == "" {
		m, closer, err := ModFile(s.Name, s.Path, maxRead(o.Budget))
		return m, closer, false, err
	}
	return cachedMod(ctx, o.CacheDir, s.Name, s.Path, maxRead(o.Budget), maxRead(o.Budget))
}

// order places the target among the active mods and names every mod
// uniquely (a title two share gets the id).
func order(o RunOptions) ([]Source, error) {
	srcs := append([]Source{}, o.Active...)
	if o.Target != "" {
		t, err := target(o.Target)
		if err != nil {
			return nil, err
		}
		at := -1
		for i, s := range srcs {
			if s.ID == t.ID && t.ID != 0 {
				at = i
			}
		}
		if at >= 0 {
			srcs[at] = t
		} else {
			srcs = append([]Source{t}, srcs...)
		}
	}
	for i := range srcs {
		srcs[i].Name = cutName(srcs[i].Name)
	}
	count := map[string]int{}
	for _, s := range srcs {
		count[s.Name]++
	}
	for i := range srcs {
		if srcs[i].Name == "" {
			srcs[i].Name = filepath.Base(srcs[i].Path)
		}
		if count[srcs[i].Name] > 1 {
			srcs[i].Name += " (" + strconv.FormatInt(srcs[i].ID, 10) + ")"
		}
		srcs[i].Place = i + 1
	}
	return srcs, nil
}

// maxName is the longest mod name a report repeats (in bytes): a title
// is the mod's to choose, and one of 10 MB was printed twice per run
// (20 MB of output) and again in every finding.
const maxName = 200

// cutName is name cut at maxName bytes (dattext.Excerpt).
func cutName(name string) string { return dattext.Excerpt(name, maxName) }

// target reads the checked mod's title and MOD_ID: a folder's MOD.DAT, or
// a .MOD's header.
func target(p string) (Source, error) {
	st, err := os.Stat(p)
	if err != nil {
		return Source{}, err
	}
	if st.IsDir() {
		md, err := modpack.ReadModDat(p)
		if err != nil {
			return Source{}, err
		}
		return Source{Name: md.Name, Path: p, ID: md.ModID, Target: true}, nil
	}
	f, err := os.Open(p)
	if err != nil {
		return Source{}, err
	}
	defer f.Close()
	r, err := mod.NewReader(f, st.Size(), nil)
	if err != nil {
		return Source{}, fmt.Errorf("%s: %w", p, err)
	}
	return Source{Name: r.Header.Title, Path: p, ID: r.Header.ModID, Target: true}, nil
}

// ModFile reads a deployed .MOD: its entries by upper-case path, compiled
// sources (BINDAT) decompiled to text when read; an entry larger than
// maxEntry bytes is refused when read. The closer closes the file.
func ModFile(name, p string, maxEntry int64) (*Mod, func() error, error) {
	f, r, err := modpack.OpenMod(p, nil)
	if err != nil {
		return nil, nil, err
	}
	dict, _ := tl2names.Default()
	if dict == nil {
		dict = rghash.NewDictionary()
	}
	m := &Mod{Name: name, Files: map[string]func() ([]byte, error){}}
	for i := range r.Entries {
		e := &r.Entries[i]
		up := mod.UpperName(e.Path)
		if _, dup := m.Files[up]; dup {
			continue // the game reads the first
		}
		m.Files[up] = func() ([]byte, error) {
			b, err := r.ReadEntry(e, maxEntry)
			if errors.Is(err, mod.ErrTooLarge) {
				return nil, fmt.Errorf("%s: %s: %w (the largest a check reads under its memory limit, which is %d times that; %s)", p, e.Path, err, readFactor, limits.Hint)
			}
			if err != nil {
				return nil, fmt.Errorf("%s: %s: %w", p, e.Path, err)
			}
			if mod.SourceKind(up) == mod.BINDAT && len(b) >= 12 && binary.LittleEndian.Uint32(b) == bindat.Version {
				d, err := bindat.Decompile(path.Base(up), b, dict)
				if err != nil {
					return nil, fmt.Errorf("%s: %s: %w", p, e.Path, err)
				}
				return []byte(dattext.Format(d.Root)), nil
			}
			return b, nil
		}
	}
	return m, f.Close, nil
}

// gameSet is the game's data as a set of upper-case paths and folders.
type gameSet struct{ files, dirs map[string]bool }

func (g *gameSet) Has(p string) bool         { return g.files[p] }
func (g *gameSet) HasDir(prefix string) bool { return g.dirs[prefix] }

func (g *gameSet) add(p string) {
	p = mod.UpperName(p)
	// An extracted GUTS tree keeps compiled siblings: FOO.DAT.BINDAT is FOO.DAT.
	for _, suf := range []string{".BINDAT", ".BINLAYOUT"} {
		p = strings.TrimSuffix(p, suf)
	}
	g.files[p] = true
	for i := strings.IndexByte(p, '/'); i >= 0; i = next(p, i) {
		g.dirs[p[:i+1]] = true
	}
}

func next(s string, i int) int {
	j := strings.IndexByte(s[i+1:], '/')
	if j < 0 {
		return -1
	}
	return i + 1 + j
}

// OpenGame reads which files the game's data holds: DATA.PAK's manifest
// (gameDir, or baseDir naming the game), else a MEDIA folder (baseDir).
// Both empty: nil, no error (not checked). The name says what was read.
func OpenGame(gameDir, baseDir string) (Game, string, func() error, error) {
	dir, flag := gameDir, "--game"
	if dir == "" {
		dir, flag = baseDir, "--base"
	}
	if dir == "" {
		return nil, "", nil, nil
	}
	in, err := tl2game.At(dir)
	if err == nil {
		p, err := in.Open()
		if err != nil {
			return nil, "", nil, fmt.Errorf("%s %s: %w", flag, dir, err)
		}
		g := &gameSet{files: map[string]bool{}, dirs: map[string]bool{}}
		for _, e := range p.Reader().Entries {
			g.add(e.Path)
		}
		return g, in.Pak, p.Close, nil
	}
	if gameDir != "" {
		return nil, "", nil, fmt.Errorf("--game %s: %w", gameDir, err)
	}
	media, err := mediaFolder(baseDir)
	if err != nil {
		return nil, "", nil, err
	}
	g := &gameSet{files: map[string]bool{}, dirs: map[string]bool{}}
	err = filepath.WalkDir(media, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(media, p)
		if err != nil {
			return err
		}
		g.add("MEDIA/" + filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		return nil, "", nil, fmt.Errorf("--base %s: %w", baseDir, err)
	}
	return g, media, nil, nil
}

// mediaFolder is dir when it is a MEDIA folder, else its MEDIA child.
func mediaFolder(dir string) (string, error) {
	root := filepath.Clean(dir)
	st, err := os.Stat(root)
	if err != nil {
		return "", fmt.Errorf("--base: %w", err)
	}
	if !st.IsDir() {
		return "", fmt.Errorf("--base %s is neither a folder nor the game's DATA.PAK", root)
	}
	if strings.EqualFold(filepath.Base(root), "MEDIA") {
		return root, nil
	}
	ents, err := os.ReadDir(root)
	if err != nil {
		return "", fmt.Errorf("--base: %w", err)
	}
	for _, e := range ents {
		if e.IsDir() && strings.EqualFold(e.Name(), "MEDIA") {
			return filepath.Join(root, e.Name()), nil
		}
	}
	return "", errors.New("--base " + root + " holds no MEDIA folder (give the game's folder, its MEDIA folder, or one extracted from DATA.PAK)")
}
