package savetest

import (
	"fmt"
	"os"
	"path/filepath"

	"packsmith/backend/tl2/loadorder/loadordertest"
	"packsmith/formats/tl2/raw"
	"packsmith/formats/tl2/save"
)

// Mod ids of UserDir's mods: A and C active, B installed but not active,
// Ghost bound by a character and not installed.
const (
	IDA     int64 = 101
	IDB     int64 = 202
	IDC     int64 = -303
	IDGhost int64 = 999
)

// Character is a save of version v whose player, first item and pet carry
// the bound mods' ids.
func Character(name string, v uint32, bound ...save.Mod) Spec {
	var ids []int64
	for _, b := range bound {
		ids = append(ids, b.ID)
	}
	return Spec{Version: v, Flag: 1, Class: "Hum_Berserker_M", Hardcore: name == "Hero",
		Bound: bound, Recent: bound, Full: bound,
		Player: Unit{Name: name, ModIDs: ids, Items: []Item{{Name: "Axe", ModIDs: ids, Effects: 1}, {Name: "Cap"}}},
		Pets:   []Unit{{Name: "Cat", ModIDs: ids}},
		Rest:   []byte("maps")}
}

// UserDir writes a user folder into d: three mods (Alpha A v3 and
// Combined C v1 active, Beta B v4 not), modlauncher.sch, and
//
//	modsave/7656/HERO_{AB12}.SVB   Hero, bound to A v3: plays
//	modsave/7656/WOLF_{CD34}.SVB   Wolf, bound to A v2 and B v4: asks
//	modsave/GONE_{EF56}.SVB        Gone, bound to Ghost: refuses
//	save/7656/OLD_{0001}.SVB       Old, version 0x40, no mod lists
//	save/7656/BAD_{0002}.SVB       not a save
//	save/7656/sharedstash_v2.bin   77 bytes
func UserDir(d string) error {
	specs := []loadordertest.Spec{
		{Rel: "mods/ALPHA.MOD", Title: "Alpha", Version: 3, ID: IDA, Files: []string{"MEDIA/A.DAT"}},
		{Rel: "mods/BETA.MOD", Title: "Beta", Version: 4, ID: IDB, Files: []string{"MEDIA/B.DAT"}},
		{Rel: "mods/COMBINED.MOD", Title: "Combined", Version: 1, ID: IDC, Files: []string{"MEDIA/C.DAT"}},
	}
	if err := loadordertest.Write(d, specs); err != nil {
		return err
	}
	if err := loadordertest.WriteSch(filepath.Join(d, "modlauncher.sch"), []int64{IDA, IDC}); err != nil {
		return err
	}
	files := []struct {
		rel string
		b   []byte
	}{
		{"modsave/7656/HERO_{AB12}.SVB", File(Character("Hero", 0x44, save.Mod{ID: IDA, Version: 3}))},
		{"modsave/7656/WOLF_{CD34}.SVB", File(Character("Wolf", 0x44, save.Mod{ID: IDA, Version: 2}, save.Mod{ID: IDB, Version: 4}))},
		{"modsave/GONE_{EF56}.SVB", File(Character("Gone", 0x44, save.Mod{ID: IDGhost, Version: 1}))},
		{"save/7656/OLD_{0001}.SVB", File(Character("Old", 0x40))},
		{"save/7656/BAD_{0002}.SVB", []byte("not a save at all")},
		{"save/7656/sharedstash_v2.bin", make([]byte, 77)},
	}
	for _, f := range files {
		if err := writeFile(filepath.Join(d, filepath.FromSlash(f.rel)), f.b); err != nil {
			return err
		}
	}
	return nil
}

// Demo writes characters into the standard demo user folder
// (loadordertest.WriteStandard: Grand Overhaul active, Shared Textures
// installed but not enabled, Ghost listed with no file):
//
//	modsave/RUNA_{D1}.SVB    Runa, bound to Grand Overhaul v5: plays
//	modsave/BRANN_{D2}.SVB   Brann, bound to Grand Overhaul v4 and Shared Textures: asks
//	modsave/WISP_{D3}.SVB    Wisp, bound to the Ghost id: refuses
//	save/IVY_{D4}.SVB        Ivy, played without mods
func Demo(d string) error {
	overhaul := save.Mod{ID: loadordertest.IDOverhaul, Version: 5}
	files := []struct {
		rel string
		s   Spec
	}{
		{"modsave/RUNA_{D1}.SVB", Character("Runa", 0x44, overhaul)},
		{"modsave/BRANN_{D2}.SVB", Character("Brann", 0x44, save.Mod{ID: loadordertest.IDOverhaul, Version: 4}, save.Mod{ID: loadordertest.IDTextures, Version: 1})},
		{"modsave/WISP_{D3}.SVB", Character("Wisp", 0x44, save.Mod{ID: loadordertest.IDGhost, Version: 1})},
		{"save/IVY_{D4}.SVB", Character("Ivy", 0x44)},
	}
	for _, f := range files {
		if err := writeFile(filepath.Join(d, filepath.FromSlash(f.rel)), File(f.s)); err != nil {
			return err
		}
	}
	return nil
}

func writeFile(p string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, b, 0o644)
}

// Trial ids: three mods a character is bound to (issue 48's trial in the
// shipped window: combined into one, moved, switched back).
const (
	IDTrialA int64 = 48001
	IDTrialB int64 = 48002
	IDTrialC int64 = 48003
)

// Trial writes a user folder into d: three active mods (Amber Arms,
// Birch Beasts, Cinder Cloaks), each shipping a UNITDATA.RAW that lists
// one unit of its own (GUIDs 4800100…), and Hero, bound to the three,
// whose player, items and pet are those units:
//
//	modsave/HERO_{4800}.SVB
func Trial(d string) error {
	var specs []loadordertest.Spec
	for i, t := range []string{"Amber Arms", "Birch Beasts", "Cinder Cloaks"} {
		id := IDTrialA + int64(i)
		unit := raw.Unit{GUID: id*100 + 1, Name: t + " unit", File: fmt.Sprintf("MEDIA/UNITS/ITEMS/T%d.DAT", i)}
		f := &raw.File{Kind: raw.UnitData}
		f.Units[0] = []raw.Unit{unit}
		b, err := raw.Encode(f)
		if err != nil {
			return err
		}
		specs = append(specs, loadordertest.Spec{Rel: fmt.Sprintf("mods/T%d/TRIAL%d.MOD", i, i), Title: t, Version: 1, ID: id,
			Files: []string{unit.File, "MEDIA/UNITDATA.RAW"}, Data: map[string][]byte{"MEDIA/UNITDATA.RAW": b}})
	}
	if err := loadordertest.Write(d, specs); err != nil {
		return err
	}
	if err := loadordertest.WriteSch(filepath.Join(d, "modlauncher.sch"), []int64{IDTrialA, IDTrialB, IDTrialC}); err != nil {
		return err
	}
	all := []int64{IDTrialA, IDTrialB, IDTrialC}
	sp := Character("Hero", 0x44, save.Mod{ID: IDTrialA, Version: 1}, save.Mod{ID: IDTrialB, Version: 1}, save.Mod{ID: IDTrialC, Version: 1})
	sp.Player.GUID, sp.Player.ModIDs = IDTrialA*100+1, []int64{IDTrialA}
	sp.Player.Items = []Item{{Name: "Birch bow", GUID: IDTrialB*100 + 1, ModIDs: []int64{IDTrialB}}, {Name: "Cinder cloak", GUID: IDTrialC*100 + 1, ModIDs: []int64{IDTrialC}}}
	sp.Pets = []Unit{{Name: "Birch wolf", GUID: IDTrialB*100 + 1, ModIDs: all}}
	return writeFile(filepath.Join(d, "modsave", "HERO_{4800}.SVB"), File(sp))
}
