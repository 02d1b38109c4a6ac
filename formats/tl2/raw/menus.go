package raw

import (
	"errors"
	"slices"

	"packsmith/formats/tl2/layout"
)

// UIScanDir is the folder UI.RAW's layouts are read from: all of MEDIA/UI/,
// not only MEDIA/UI/MENUS/ (GUTS lists a Menu Definition found in, e.g.,
// MEDIA/UI/INGAMEMENUS/). The packer keeps the parsed layouts of this
// folder for the RAW stage.
const UIScanDir = "MEDIA/UI/"

// menus builds UI.RAW: every Menu Definition without DO NOT CREATE below
// UIScanDir, in scan order.
//
// Not reproduced: GUTS sometimes leaves out a Menu Definition whose object
// id another layout's shares under a different MENU NAME.
// cyber_mod/EDITORMOD_at_06dc44f.MOD lists 8 of the 9 definitions its
// layouts hold: not CYBER_PLAYER_STASH.LAYOUT's PLAYERSTASHMENU, whose id
// CYBER_PLAYER_STASH3's CYBERPLAYERSTASHMENU (next in the scan),
// CYBER_MERCHANT's and CYBER_SHAREDSTASH's also carry under their own
// names, all three listed. Rules these fixtures refute: one record per id,
// the later path wins (both list three of that id); the earlier of two
// neighbours in the scan sharing an id is dropped
// (EDITORMOD_at_90dcf2a.MOD lists both CYBER_PLAYER_INVENTORY's and
// CYBER_PLAYER_LOADOUT's); a base-game menu name under another id than
// the game's is dropped (06dc44f lists QUESTMANAGER under the id its
// BACKUP/PLAYER_INVENTORY.LAYOUT.HOLD gives PLAYERINVENTORYMENU, not its
// BACKUP/QUEST_MANAGER.LAYOUT.HOLD's). See the issue 43 report.
//
// What a GUTS build left out can be given back (Options.LeaveOutMenus, by
// file and MENU NAME): backend/tl2/modunpack reads it off the .MOD's own
// UI.RAW (MenusLeftOut), so that unpack → pack gives that UI.RAW again.
func (g *gen) menus() (*File, error) {
	recs, err := g.menuRecords()
	if err != nil {
		return nil, err
	}
	if len(g.opt.LeaveOutMenus) == 0 {
		return &File{Menus: recs}, nil
	}
	out := recs[:0:0]
	for _, m := range recs {
		if slices.Contains(g.opt.LeaveOutMenus, MenuRef{File: m.File, Name: m.Name}) {
			g.warn(m.File, "Menu Definition %q left out of UI.RAW, as the GUTS build it was unpacked from leaves it out (another layout's Menu Definition has its object id)", m.Name)
			continue
		}
		out = append(out, m)
	}
	return &File{Menus: out}, nil
}

// MenuRef names one Menu Definition: its layout (upper-case "MEDIA/…"
// path) and its MENU NAME.
type MenuRef struct {
	File string `json:"file"`
	Name string `json:"name"`
}

// MenusLeftOut are the records of generated that built, a GUTS-built
// UI.RAW, lacks, when leaving them out of generated gives built exactly
// (else nil: the two differ otherwise, and leaving records out would not
// make them equal).
func MenusLeftOut(generated, built []Menu) []MenuRef {
	var out []MenuRef
	j := 0
	for _, m := range generated {
		if j < len(built) && built[j] == m {
			j++
			continue
		}
		out = append(out, MenuRef{File: m.File, Name: m.Name})
	}
	if j != len(built) {
		return nil
	}
	return out
}

// menuRecords reads every Menu Definition without DO NOT CREATE from the
// layouts below UIScanDir, in scan order.
func (g *gen) menuRecords() ([]Menu, error) {
	s := g.opt.Schema
	def, ok := s.Descriptor("Menu Definition")
	if !ok {
		return nil, errors.New("raw: schema has no Menu Definition descriptor")
	}
	flag := func(o *layout.Object, name string) bool {
		v, _ := s.Text(o, name)
		return v == "true"
	}
	b2u := func(b bool) uint8 {
		if b {
			return 1
		}
		return 0
	}
	var recs []Menu
	for _, sp := range g.scan(UIScanDir, ".LAYOUT") {
		l, ok := g.layout(sp)
		if !ok {
			continue
		}
		p := sp.up
		l.Walk(func(o *layout.Object) {
			if o.Descriptor != def.ID || flag(o, "DO NOT CREATE") {
				return
			}
			name, _ := s.Text(o, "MENU NAME")
			typ, _ := s.Text(o, "TYPE")
			state, _ := s.Text(o, "GAME STATE")
			key, _ := s.Text(o, "KEY BINDING")
			recs = append(recs, Menu{
				Name:             name,
				File:             p,
				Type:             g.enum(p, "TYPE", MenuTypes, typ),
				GameState:        g.enum(p, "GAME STATE", GameStates, state),
				CreateOnLoad:     b2u(flag(o, "CREATE ON LOAD") || flag(o, "ALWAYS VISIBLE")),
				MultiplayerOnly:  b2u(flag(o, "MULTIPLAYER ONLY")),
				SingleplayerOnly: b2u(flag(o, "SINGLEPLAYER ONLY")),
				KeyBinding:       key,
			})
		})
	}
	return recs, nil
}
