package modpack

import (
	"fmt"
	"io/fs"
	"path"
	"strings"
	"sync"

	"packsmith/backend/tl2/tl2game"
	"packsmith/formats/tl2/bindat"
	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/raw"
	"packsmith/formats/tl2/rghash"
)

// baseSource is base-game data for UNITDATA.RAW: a folder (BaseDir) or
// the game's DATA.PAK read in place (BaseFS).
type baseSource interface {
	raw.BaseData
	Root() string
}

// BaseFS reads base-game unit data from an fs.FS, such as the game's
// DATA.PAK through tl2game.PakFS: compiled BINDAT (as DATA.PAK holds it)
// or text, under MEDIA/UNITS/ in any case. It implements raw.BaseData and
// is safe for concurrent use.
type BaseFS struct {
	fsys  fs.FS
	label string

	once  sync.Once
	err   error
	index map[string]string // upper-cased "MEDIA/UNITS/…" → fs path
	dict  *rghash.Dictionary
}

// NewBaseFS reads base data from fsys; label names it in messages.
func NewBaseFS(fsys fs.FS, label string) *BaseFS { return &BaseFS{fsys: fsys, label: label} }

// Root is the label.
func (b *BaseFS) Root() string { return b.label }

func (b *BaseFS) load() {
	b.index = map[string]string{}
	b.dict = unitDict()
	top, err := fs.ReadDir(b.fsys, ".")
	if err != nil {
		b.err = err
		return
	}
	for _, m := range top {
		if !m.IsDir() || !strings.EqualFold(m.Name(), "MEDIA") {
			continue
		}
		ents, _ := fs.ReadDir(b.fsys, m.Name())
		for _, u := range ents {
			if !u.IsDir() || !strings.EqualFold(u.Name(), "UNITS") {
				continue
			}
			b.err = fs.WalkDir(b.fsys, path.Join(m.Name(), u.Name()), func(p string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				up := mod.UpperName("MEDIA" + p[len(m.Name()):])
				if strings.HasSuffix(up, ".DAT.BINDAT") {
					up = strings.TrimSuffix(up, ".BINDAT")
					if _, ok := b.index[up]; ok {
						return nil
					}
				}
				b.index[up] = p
				return nil
			})
		}
	}
}

// Dat implements raw.BaseData.
func (b *BaseFS) Dat(p string) (*dattext.Node, error) {
	b.once.Do(b.load)
	if b.err != nil {
		return nil, fmt.Errorf("base data %s: %w", b.label, b.err)
	}
	f, ok := b.index[mod.UpperName(p)]
	if !ok {
		return nil, fmt.Errorf("%s: not in the base data %s: %w", p, b.label, fs.ErrNotExist)
	}
	data, err := fs.ReadFile(b.fsys, f)
	if err != nil {
		return nil, err
	}
	if looksBINDAT(data) {
		d, err := bindat.Decompile(path.Base(f), data, b.dict)
		if err != nil {
			return nil, err
		}
		return d.Root, nil
	}
	return dattext.Parse(f, data)
}

// unitDict holds the names the UNITDATA generator looks up.
func unitDict() *rghash.Dictionary {
	d := rghash.NewDictionary()
	for _, n := range []string{"UNIT", "BASEFILE", "NAME", "UNIT_GUID", "DONTCREATE", "UNITTYPE", "LEVEL",
		"MINLEVEL", "MAXLEVEL", "RARITY", "RARITY_HC", "CREATEAS", "SET"} {
		d.Add(n)
	}
	return d
}

// openBase picks the base-game data for a pack: Options.BaseDir (a folder
// of MEDIA/, or a game folder or DATA.PAK), else DATA.PAK of GameDir, else
// with FindGame the first install tl2game.Find sees. It returns nil when
// there is none, with a note saying why for the summary; done releases
// what was opened.
func openBase(opt *Options) (base baseSource, note string, done func(), err error) {
	done = func() {}
	fromPak := func(in *tl2game.Install, how string) (baseSource, string, func(), error) {
		p, err := in.Open()
		if err != nil {
			return nil, "", done, fmt.Errorf("base data: %s: %w", in.Pak, err)
		}
		return NewBaseFS(p, in.Pak), fmt.Sprintf("the game's DATA.PAK (%s, %s)", in.Pak, how), func() { p.Close() }, nil
	}
	if d := strings.TrimSpace(opt.BaseDir); d != "" {
		if in, err := tl2game.At(d); err == nil {
			return fromPak(in, "given as base data")
		}
		b, err := OpenBase(d)
		if err != nil {
			return nil, "", done, err
		}
		return b, "the folder " + b.Root(), done, nil
	}
	if d := strings.TrimSpace(opt.GameDir); d != "" {
		in, err := tl2game.At(d)
		if err != nil {
			return nil, fmt.Sprintf("none: the game folder %s has no PAKS/DATA.PAK", d), done, nil
		}
		return fromPak(in, "the game folder")
	}
	if opt.FindGame {
		if found := tl2game.Find(); len(found) > 0 {
			return fromPak(&found[0], "found: "+found[0].From)
		}
		return nil, "none: no Torchlight II install was found (give the game folder)", done, nil
	}
	return nil, "none", done, nil
}
