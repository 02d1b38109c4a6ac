package iopdrv

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"packsmith/backend/archive"
	"packsmith/formats/iop"
)

func init() { archive.RegisterDir(GameDriver{}) }

// GamePacks are the packs the client opens, in the order it asks them
// for a file (CLogin::ProcessOptions: rs.iop, then map.iop with the _map
// prefix for the delete list).
var GamePacks = []string{"rs.iop", "map.iop"}

// GameDriver opens a Lost Saga game folder as the client sees it: the
// files of rs.iop, then those of map.iop that rs.iop does not have (the
// first pack that has a name wins), without the names the delete list
// hides. Each entry's EntryExtra.Pack names its pack.
type GameDriver struct{}

func (GameDriver) Name() string { return "iop-game" }

// gameScore beats a generic view of a folder's files.
const gameScore = 50

// findPack finds a pack in dir by name, in any case, spelt as the folder
// lists it: on Windows (case-insensitive) a Stat of "map.iop" finds
// MAP.IOP too, and the view and the save notes must name MAP.IOP.
func findPack(dir, name string) string {
	ents, _ := os.ReadDir(dir)
	folded := ""
	for _, e := range ents {
		if !e.Type().IsRegular() {
			continue
		}
		if e.Name() == name {
			return filepath.Join(dir, name)
		}
		if folded == "" && strings.EqualFold(e.Name(), name) {
			folded = e.Name()
		}
	}
	if folded != "" {
		return filepath.Join(dir, folded)
	}
	// a link to a pack is not in the listing as a file
	if st, err := os.Stat(filepath.Join(dir, name)); err == nil && st.Mode().IsRegular() {
		return filepath.Join(dir, name)
	}
	return ""
}

// DetectDir: a folder with rs.iop or map.iop.
func (GameDriver) DetectDir(dir string) int {
	for _, n := range GamePacks {
		if findPack(dir, n) != "" {
			return gameScore
		}
	}
	return 0
}

// GameFolder is an open game folder.
type GameFolder struct {
	dir     string
	packs   []*Archive // in GamePacks order, missing packs left out
	entries []archive.Entry
	from    map[string]*Archive // entry path → pack
	byKey   map[string]*Archive // lookup key → pack that wins
	ignored []string            // other .iop files the client does not open
	notes   []string            // which pack each edit of the last Append went to
}

func (GameDriver) OpenDir(dir string, opts archive.OpenOptions) (archive.Archive, error) {
	g := &GameFolder{dir: dir, from: map[string]*Archive{}, byKey: map[string]*Archive{}}
	for _, n := range GamePacks {
		p := findPack(dir, n)
		if p == "" {
			continue
		}
		a, err := Driver{}.Open(p, opts)
		if err != nil {
			g.Close()
			return nil, err
		}
		g.packs = append(g.packs, a.(*Archive))
	}
	if len(g.packs) == 0 {
		return nil, fmt.Errorf("%s: no rs.iop or map.iop here", dir)
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.EqualFold(filepath.Ext(e.Name()), ".iop") && !g.isPack(e.Name()) {
			g.ignored = append(g.ignored, e.Name())
		}
	}
	for _, a := range g.packs {
		pack := filepath.Base(a.path)
		for _, e := range a.entries {
			x := e.Extra.(*EntryExtra)
			if x.IsShadowed || x.Deleted {
				continue
			}
			k := iop.LookupKey(e.Path)
			if win := a.byPath[e.Path]; win != nil {
				k = win.Key()
			}
			if _, taken := g.byKey[k]; taken {
				continue // an earlier pack has it
			}
			g.byKey[k] = a
			ne := e
			nx := *x
			nx.Pack = pack
			ne.Extra = &nx
			g.from[ne.Path] = a
			g.entries = append(g.entries, ne)
		}
	}
	return g, nil
}

func (g *GameFolder) isPack(name string) bool {
	for _, n := range GamePacks {
		if strings.EqualFold(n, name) {
			return true
		}
	}
	return false
}

func (g *GameFolder) Family() string           { return "iop-game" }
func (g *GameFolder) Path() string             { return g.dir }
func (g *GameFolder) Entries() []archive.Entry { return g.entries }

// Packs are the packs opened, in the client's order.
func (g *GameFolder) Packs() []*Archive { return g.packs }

func (g *GameFolder) Close() error {
	var first error
	for _, a := range g.packs {
		if err := a.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// Open reads an entry from the pack the client would take it from.
func (g *GameFolder) Open(entryPath string) (io.ReadCloser, error) {
	a := g.from[entryPath]
	if a == nil {
		a = g.byKey[iop.LookupKey(cleanPath(entryPath))]
	}
	if a == nil {
		return nil, &archive.EntryError{Archive: g.dir, Entry: entryPath, Offset: -1, Err: archive.ErrNotFound}
	}
	return a.Open(entryPath)
}

// GameInfo is what `info --json` prints for a game folder.
type GameInfo struct {
	Family  string `json:"family"` // "iop-game"
	Path    string `json:"path"`
	Entries int    `json:"entries"`
	// Packs in the order the client asks them, each with its own info and
	// how many of its names the folder view takes from it.
	Packs []GamePack `json:"packs"`
	// Ignored lists other .iop files in the folder: the client opens only
	// rs.iop and map.iop.
	Ignored []string `json:"ignored"`
}

// GamePack is one pack of a game folder.
type GamePack struct {
	Info
	Used      int `json:"used"`      // entries the folder view takes from this pack
	Overruled int `json:"overruled"` // names an earlier pack has too
}

func (g *GameFolder) Info() any {
	in := GameInfo{Family: "iop-game", Path: g.dir, Entries: len(g.entries), Ignored: append([]string{}, g.ignored...)}
	sort.Strings(in.Ignored)
	for i, a := range g.packs {
		gp := GamePack{Info: a.Info().(Info)}
		for k := range a.byKey {
			if a.deleted[k] {
				continue
			}
			if g.byKey[k] == a {
				gp.Used++
			} else if i > 0 {
				gp.Overruled++
			}
		}
		in.Packs = append(in.Packs, gp)
	}
	return in
}

// Verify checks every pack.
func (g *GameFolder) Verify(ctx context.Context, p archive.Progress) ([]archive.Finding, error) {
	var out []archive.Finding
	for _, a := range g.packs {
		fs, err := a.Verify(ctx, p)
		for _, f := range fs {
			f.Message = filepath.Base(a.path) + ": " + f.Message
			out = append(out, f)
		}
		if err != nil {
			return out, err
		}
	}
	return out, nil
}

// Capabilities: a game folder is edited in place, each edit appended to
// the pack that holds the entry (renames too), never rewritten elsewhere;
// its packs' passwords and text encodings apply. Its names are paired
// exactly by a comparison, as before packs described themselves.
func (g *GameFolder) Capabilities() archive.Capabilities {
	return archive.Capabilities{
		Edit:              archive.OpsOf(archive.EditReplace, archive.EditAdd, archive.EditRemove, archive.EditRename),
		Rewrite:           g.Rewrite,
		Append:            g.Append,
		Notes:             g.Notes,
		Verify:            g.Verify,
		Info:              g.Info,
		Passwords:         true,
		KeepsTextEncoding: true,
		Card:              archive.CardNone, // the Lost Saga bar shows each pack
	}
}
