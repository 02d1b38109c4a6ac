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
// or the later path wins (06dc44f lists three records of that one id);
// the earlier of two neighbours in the scan sharing an id is dropped
// (EDITORMOD_at_90dcf2a.MOD lists both CYBER_PLAYER_INVENTORY's and
// CYBER_PLAYER_LOADOUT's); a base-game menu name under another id than
// the game's is dropped (06dc44f lists QUESTMANAGER under the id its
// BACKUP/PLAYER_INVENTORY.LAYOUT.HOLD gives PLAYERINVENTORYMENU, not the
// id of its BACKUP/QUEST_MANAGER.LAYOUT.HOLD's QUESTMANAGER). Nothing else
// in the layouts sets CYBER_PLAYER_STASH's apart from its three copies
// (the same objects, ids and Menu Controllers) but a Timeline object.
//
// Looked at again (issue 43, half an hour): two rules fit every GUTS build
// we have (06dc44f, 90dcf2a, XOVER) and cannot be told apart by them, so
// neither is applied (one drop in one build is too little to leave out a
// player's menu on):
//   - the layout's first root object is a Timeline (CYBER_PLAYER_STASH's
//     is; no other scanned .LAYOUT starts so; CYBER_QUEST_MANAGER's
//     Timeline, second, does not drop its QUESTMANAGER);
//   - a MENU NAME held whole in a later different name under the same id
//     gives way to it (PLAYERSTASHMENU in CYBERPLAYERSTASHMENU, both id
//     …3041; 90dcf2a's three names of that id contain none of the others
//     and are all listed; equal names, 06dc44f's two
//     CYBERPLAYERINVENTORYMENU, are both listed).
//
// Ruled out besides: the dropped layout's Timeline animating an object an
// earlier layout defines (CYBER_QUEST_MANAGER's does too: listed); the
// Menu Definition's place among the root objects (third in STASH and in
// STASH3); its object NAME (DefinitionmerchantMenu in all four of …3041);
// the .LAYOUT.BAK / .LAYOUT.HOLD copies beside them (never listed, and
// listing them as scanned explains nothing). A GUTS build whose UI.RAW
// drops a menu from a layout not starting with a Timeline, or one keeping
// a contained name, settles it.
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
