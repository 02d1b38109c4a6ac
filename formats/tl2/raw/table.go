package raw

import (
	"strconv"
	"strings"
)

// Table is a RAW index as rows of text, for display.
type Table struct {
	Columns []string
	Rows    [][]string
}

// Table lays the records out one per row (ROOMPIECES: one row per piece).
func (f *File) Table() Table {
	i32 := func(v int32) string { return strconv.FormatInt(int64(v), 10) }
	u32 := func(v uint32) string { return strconv.FormatUint(uint64(v), 10) }
	i64 := func(v int64) string { return strconv.FormatInt(v, 10) }
	list := func(s []string) string { return strings.Join(s, ", ") }
	t := Table{Columns: columnNames(f.Kind)}
	switch f.Kind {
	case Affixes:
		for _, a := range f.Affixes {
			t.Rows = append(t.Rows, []string{a.File, a.Name, i32(a.MinSpawn), i32(a.MaxSpawn), i32(a.Weight), i32(a.Difficulties), list(a.UnitTypes), list(a.NotUnitTypes)})
		}
	case Skills:
		for _, s := range f.Skills {
			t.Rows = append(t.Rows, []string{s.Name, s.File, i64(s.GUID)})
		}
	case UnitData:
		for c, units := range f.Units {
			for _, u := range units {
				t.Rows = append(t.Rows, []string{UnitCategories[c], i64(u.GUID), u.Name, u.File,
					strconv.FormatBool(u.Flags&FlagEquipment != 0), strconv.FormatBool(u.Flags&FlagSet != 0),
					i32(u.Level), i32(u.MinLevel), i32(u.MaxLevel), i32(u.Rarity), i32(u.RarityHC), u.UnitType})
			}
		}
	case Missiles:
		for _, m := range f.Missiles {
			t.Rows = append(t.Rows, []string{m.File, list(m.Names)})
		}
	case Triggerables:
		for _, x := range f.Triggerables {
			t.Rows = append(t.Rows, []string{x.File, x.Name})
		}
	case UI:
		for _, m := range f.Menus {
			t.Rows = append(t.Rows, []string{m.Name, m.File, enumText(MenuTypes, m.Type), enumText(GameStates, m.GameState),
				u32(uint32(m.CreateOnLoad)), u32(uint32(m.MultiplayerOnly)), u32(uint32(m.SingleplayerOnly)), m.KeyBinding})
		}
	case RoomPieces:
		for _, p := range f.RoomPieces {
			for _, g := range p.Pieces {
				t.Rows = append(t.Rows, []string{p.File, i64(g)})
			}
			if len(p.Pieces) == 0 {
				t.Rows = append(t.Rows, []string{p.File, ""})
			}
		}
	}
	return t
}

// MenuTypes and GameStates name UI.RAW's TYPE and GAME STATE numbers
// (TL2Lib's enums; index = stored value, 0 = none).
var (
	MenuTypes = []string{"", "TEST MENU", "HUD MENU", "CHAT MENU", "PLAYER STATS MENU", "MERCHANT MENU",
		"SKILL MENU", "QUEST DIALOG MENU", "QUEST MENU", "MESSAGE BOX MENU", "MAIN MENU", "SERVER MENU",
		"CONSOLE MENU", "RESURRECTION MENU", "TOWNPORTAL MENU", "HOTBAR CONTEXT MENU",
		"STANDALONE SERVER MENU", "LOGIN MENU", "UPSELL MENU", "CLIENT OPTIONS"}
	GameStates = []string{"", "Testing", "All", "In Game", "Server Only", "Loading", "Main Menu Mod"}
)

func enumText(names []string, v uint32) string {
	if int(v) < len(names) && names[v] != "" {
		return names[v] + " (" + strconv.FormatUint(uint64(v), 10) + ")"
	}
	return strconv.FormatUint(uint64(v), 10)
}
