// Package saves is the characters use case: the Torchlight II characters
// of a user folder (save/ and modsave/, with or without the Steam id
// level), the mods each is bound to resolved against the mods folder and
// the load order, what the game will do with each today, and moving a
// character from some mods to another (formats/tl2/save does the bytes).
//
// Switching profiles (switch.go, use.go): a profile that activates a
// combined mod instead of the mods it holds, or those mods instead of it,
// strands the characters bound to the mods it turns off; UseProfile
// lists them and, asked, moves them across. The way back restores the
// backup of the move there when the save still holds what that move
// wrote (journal.go: a record of every move, with the SHA-256 of the
// bytes written), else moves each object's ids to the constituent that
// provides its unit (profiles.Combined.Units, or the constituents'
// UNITDATA.RAW read again).
package saves

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"packsmith/backend/tl2/loadorder"
	"packsmith/formats/tl2/save"
)

// What the game does with a character, in its own words' terms.
const (
	StatePlays      = "plays"         // every bound mod is active (or none is bound)
	StateAsks       = "asks for mods" // a bound mod is installed but not active: the game offers to restart with it
	StateRefuses    = "refuses"       // a bound mod is not installed: "created with an unknown mod"
	StateUnreadable = "unreadable"    // the save does not read
)

// Status of one bound mod.
const (
	ModActive   = "active"
	ModDisabled = "disabled" // installed, not active (or past the game's limit)
	ModMissing  = "missing"  // no .MOD with this id in the mods folder
)

// MaxSaves caps the saves one listing reads.
const MaxSaves = 10000

// Options say where to look; they go to loadorder.Open.
type Options struct {
	UserDir string
	ModsDir string
}

// BoundMod is a mod a character is bound to.
type BoundMod struct {
	ID      int64  `json:"id,string"`
	Version int    `json:"version"` // the version the save names (0 before save version 0x44)
	Title   string `json:"title"`   // the installed mod's, when there is one
	File    string `json:"file"`    // the installed .MOD, when there is one
	Status  string `json:"status"`  // ModActive, ModDisabled, ModMissing
	// Installed is the installed mod's version; Changed says it is not the
	// one the save names (the game warns that data may be lost).
	Installed int  `json:"installed"`
	Changed   bool `json:"changed"`
}

// Character is one save.
type Character struct {
	File     string     `json:"file"` // relative to the user folder, '/'-separated
	Path     string     `json:"path"`
	Name     string     `json:"name"`
	Class    string     `json:"class"`
	Hardcore bool       `json:"hardcore"`
	Version  int        `json:"version"` // the save's version (0x44 today)
	Modded   bool       `json:"modded"`  // under modsave/
	Bound    []BoundMod `json:"bound"`
	State    string     `json:"state"`
	Error    string     `json:"error,omitempty"`
	// Objects is how many objects (player, pets, items) carry mod ids.
	Objects int `json:"objects"`
}

// StashFile is a shared stash file: listed, not parsed (its layout is not
// written up).
type StashFile struct {
	File string `json:"file"`
	Size int64  `json:"size"`
}

// List is what `saves list` and the Characters panel show.
type List struct {
	UserDir    string      `json:"userDir"`
	Characters []Character `json:"characters"`
	Stash      []StashFile `json:"stash"`
}

// mods is what a listing needs of the load order.
type mods struct {
	byID map[int64]loadorder.Mod // installed mods (a file in a loaded place)
}

func openMods(ctx context.Context, o Options) (*loadorder.State, *mods, error) {
	st, err := loadorder.Open(ctx, loadorder.Options{UserDir: o.UserDir, ModsDir: o.ModsDir})
	if err != nil {
		return nil, nil, err
	}
	m := &mods{byID: map[int64]loadorder.Mod{}}
	for _, r := range st.View().Mods {
		if r.Where == loadorder.WhereNone || r.Where == loadorder.WhereNested || r.Where == loadorder.WhereInstall {
			continue
		}
		if prev, ok := m.byID[r.ID]; !ok || (r.Loaded && !prev.Loaded) {
			m.byID[r.ID] = r
		}
	}
	return st, m, nil
}

// ListCharacters reads every character of the user folder.
func ListCharacters(ctx context.Context, o Options) (*List, error) {
	st, m, err := openMods(ctx, o)
	if err != nil {
		return nil, err
	}
	l := &List{UserDir: st.UserDir(), Characters: []Character{}, Stash: []StashFile{}}
	files, stash, err := findSaves(ctx, l.UserDir)
	if err != nil {
		return nil, err
	}
	l.Stash = stash
	for _, p := range files {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		l.Characters = append(l.Characters, m.character(ctx, l.UserDir, p))
	}
	// A save cut short by a cancel is not "unreadable": the listing fails.
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return l, nil
}

// character reads one save; a save that does not read is listed with its
// error.
func (m *mods) character(ctx context.Context, userDir, p string) Character {
	c := Character{Path: p, File: relTo(userDir, p), Bound: []BoundMod{}}
	c.Modded = strings.EqualFold(strings.SplitN(c.File, "/", 2)[0], "modsave")
	s, _, err := readSave(ctx, p)
	if err != nil {
		c.State, c.Error = StateUnreadable, err.Error()
		return c
	}
	c.Name, c.Class, c.Hardcore, c.Version = s.Name(), s.Class, s.Hardcore, int(s.Version)
	for _, o := range s.Objects {
		if len(o.IDs) > 0 {
			c.Objects++
		}
	}
	c.State = StatePlays
	for _, b := range s.Bound.Mods {
		bm := m.bound(b)
		c.Bound = append(c.Bound, bm)
		switch {
		case bm.Status == ModMissing:
			c.State = StateRefuses
		case bm.Status == ModDisabled && c.State == StatePlays:
			c.State = StateAsks
		}
	}
	return c
}

func (m *mods) bound(b save.Mod) BoundMod {
	bm := BoundMod{ID: b.ID, Version: int(b.Version), Status: ModMissing}
	r, ok := m.byID[b.ID]
	if !ok {
		return bm
	}
	bm.Title, bm.File, bm.Installed = r.Title, r.File, r.Version
	bm.Status = ModDisabled
	if r.Loaded {
		bm.Status = ModActive
	}
	bm.Changed = b.Version != 0 && int(b.Version) != r.Version
	return bm
}

// readSave reads and parses a save, capped at save.DefaultMaxSize.
func readSave(ctx context.Context, p string) (*save.Save, []byte, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, save.DefaultMaxSize+1))
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", p, err)
	}
	s, err := save.Parse(b, save.Options{Name: filepath.Base(p), Context: ctx})
	return s, b, err
}

// findSaves lists the .SVB files in save/ and modsave/ (any letter case)
// and one folder below them (the Steam id), and the stash files there.
func findSaves(ctx context.Context, userDir string) ([]string, []StashFile, error) {
	var files []string
	var stash []StashFile
	top, err := os.ReadDir(userDir)
	if err != nil {
		return nil, nil, err
	}
	for _, e := range top {
		n := strings.ToLower(e.Name())
		if !e.IsDir() || (n != "save" && n != "modsave") {
			continue
		}
		err := walkDepth(ctx, filepath.Join(userDir, e.Name()), 1, func(p string, d fs.DirEntry) error {
			name := strings.ToLower(d.Name())
			switch {
			case strings.HasSuffix(name, ".svb"):
				files = append(files, p)
			case strings.Contains(name, "stash"):
				st := StashFile{File: relTo(userDir, p)}
				if info, err := d.Info(); err == nil {
					st.Size = info.Size()
				}
				stash = append(stash, st)
			}
			if len(files) > MaxSaves {
				return fmt.Errorf("more than %d saves under %s", MaxSaves, userDir)
			}
			return nil
		})
		if err != nil {
			return nil, nil, err
		}
	}
	sort.Strings(files)
	return files, stash, nil
}

// walkDepth calls fn for every regular file in dir and in its folders
// down to depth more levels.
func walkDepth(ctx context.Context, dir string, depth int, fn func(string, fs.DirEntry) error) error {
	ents, err := os.ReadDir(dir)
	if err != nil {
		if errors.Is(err, fs.ErrPermission) {
			return nil
		}
		return err
	}
	for _, e := range ents {
		if err := ctx.Err(); err != nil {
			return err
		}
		p := filepath.Join(dir, e.Name())
		switch {
		case e.IsDir() && depth > 0:
			if err := walkDepth(ctx, p, depth-1, fn); err != nil {
				return err
			}
		case e.Type().IsRegular():
			if err := fn(p, e); err != nil {
				return err
			}
		}
	}
	return nil
}

func relTo(dir, p string) string {
	if r, err := filepath.Rel(dir, p); err == nil {
		return filepath.ToSlash(r)
	}
	return filepath.ToSlash(p)
}
