package modpack

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"packsmith/backend/sys/safefile"
	"packsmith/formats/tl2/bindat"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/raw"
)

// ProjectFile is the file beside MOD.DAT that keeps what source text
// cannot: the game version the mod was built for, per BINDAT the string
// ids of the original build (GUTS numbers strings with one counter across
// a build) and, per base-game file the mod's units inherit from, the
// values the original UNITDATA.RAW shows they took from it (BaseUnits).
// `packsmith unpack` writes it; Pack reads it.
const ProjectFile = "PACKSMITH.JSON"

// Project is the content of PACKSMITH.JSON.
type Project struct {
	Format      int    `json:"format"`                // 1
	Source      string `json:"source,omitempty"`      // the .MOD it was unpacked from
	GameVersion string `json:"gameVersion,omitempty"` // "a.b.c.d", stamped unless told otherwise
	// Strings holds, by entry name ("MEDIA/UNITS/X.DAT"), the string table
	// of BINDATs whose ids are not rg_hash ids.
	Strings map[string][]bindat.Entry `json:"-"`
	// BaseUnits holds, by base-game file ("MEDIA/UNITS/PLAYERS/BASE.DAT",
	// upper case), what the mod's units inherit from it as the .MOD's own
	// UNITDATA.RAW holds it: Pack reads it as base data when the game's
	// data lacks the file (see projectBase).
	BaseUnits map[string]*BaseUnit `json:"-"`
	// MenusLeftOut are the Menu Definitions the original UI.RAW does not
	// list though the layouts hold them (formats/tl2/raw.MenusLeftOut):
	// Pack leaves them out too (raw.Options.LeaveOutMenus).
	MenusLeftOut []raw.MenuRef `json:"-"`
}

// BaseUnit is what a base-game file gave the units of a .MOD, read back
// from its UNITDATA.RAW: only the fields some unit took from it are set.
type BaseUnit struct {
	UnitType  *string `json:"UNITTYPE,omitempty"`
	Level     *int32  `json:"LEVEL,omitempty"`
	MinLevel  *int32  `json:"MINLEVEL,omitempty"`
	MaxLevel  *int32  `json:"MAXLEVEL,omitempty"`
	Rarity    *int32  `json:"RARITY,omitempty"`
	RarityHC  *int32  `json:"RARITY_HC,omitempty"`
	Equipment *bool   `json:"EQUIPMENT,omitempty"` // CREATEAS EQUIPMENT
	Set       *bool   `json:"SET,omitempty"`       // has a SET (the RAW keeps no name)
	// Unset lists fields the base file is known to leave to GUTS's
	// default: RARITY_HC when every unit shows its own RARITY there.
	Unset []string `json:"unset,omitempty"`
	// From is the unit these values were read from (the first one).
	From string `json:"from"`
}

type projectJSON struct {
	Format      int                    `json:"format"`
	Source      string                 `json:"source,omitempty"`
	GameVersion string                 `json:"gameVersion,omitempty"`
	Strings     map[string][]stringRec `json:"strings,omitempty"`
	BaseUnits   map[string]*BaseUnit   `json:"baseUnits,omitempty"`
	MenusLeft   []raw.MenuRef          `json:"menusLeftOut,omitempty"`
}

type stringRec struct {
	ID   uint32 `json:"id"`
	Text string `json:"text"`
}

// Write saves the project file into the mod folder dir.
func (p *Project) Write(dir string) error {
	j := projectJSON{Format: p.Format, Source: p.Source, GameVersion: p.GameVersion, MenusLeft: p.MenusLeftOut}
	if len(p.BaseUnits) > 0 {
		j.BaseUnits = p.BaseUnits
	}
	if len(p.Strings) > 0 {
		j.Strings = map[string][]stringRec{}
		for k, es := range p.Strings {
			rs := make([]stringRec, len(es))
			for i, e := range es {
				rs[i] = stringRec{e.ID, e.Text}
			}
			j.Strings[k] = rs
		}
	}
	b, err := json.MarshalIndent(j, "", " ")
	if err != nil {
		return err
	}
	return safefile.WriteFile(filepath.Join(dir, ProjectFile), append(b, '\n'))
}

// ReadProject reads dir's project file; (nil, nil) when there is none.
func ReadProject(dir string) (*Project, error) {
	b, err := os.ReadFile(filepath.Join(dir, ProjectFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var j projectJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, ProjectFile), err)
	}
	if j.Format != 1 {
		return nil, fmt.Errorf("%s: format %d is not one this Packsmith reads (1)", filepath.Join(dir, ProjectFile), j.Format)
	}
	p := &Project{Format: j.Format, Source: j.Source, GameVersion: j.GameVersion, Strings: map[string][]bindat.Entry{},
		BaseUnits: map[string]*BaseUnit{}, MenusLeftOut: j.MenusLeft}
	for k, b := range j.BaseUnits {
		if b == nil {
			return nil, fmt.Errorf("%s: baseUnits %q: null", filepath.Join(dir, ProjectFile), k)
		}
		p.BaseUnits[mod.UpperName(k)] = b
	}
	if j.GameVersion != "" {
		if _, err := ParseGameVersion(j.GameVersion); err != nil {
			return nil, fmt.Errorf("%s: gameVersion: %w", filepath.Join(dir, ProjectFile), err)
		}
	}
	for k, rs := range j.Strings {
		es := make([]bindat.Entry, len(rs))
		for i, r := range rs {
			es[i] = bindat.Entry{ID: r.ID, Text: r.Text}
		}
		sort.Slice(es, func(a, b int) bool { return es[a].ID < es[b].ID })
		p.Strings[mod.UpperName(k)] = es
	}
	return p, nil
}

// applyProject fills from the mod folder's project file what opt leaves
// open: the game version (when neither GameVersion nor GameDir is given)
// and the string ids (when StringIDs is nil), each file keeping its
// original ids and new strings getting fresh ones.
func applyProject(modDir string, opt *Options) (*Project, error) {
	p, err := ReadProject(modDir)
	if err != nil || p == nil {
		return nil, err
	}
	if opt.GameVersion == "" && opt.GameDir == "" && p.GameVersion != "" {
		opt.GameVersion = p.GameVersion
	}
	if opt.StringIDs == nil && len(p.Strings) > 0 {
		opt.StringIDs = func(file string) bindat.StringIDs {
			if t, ok := p.Strings[file]; ok {
				return bindat.TableIDs(t)
			}
			return nil
		}
	}
	return p, nil
}
