package modpack

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/tl2/deploy"
	"packsmith/formats/tl2/bindat"
	"packsmith/formats/tl2/raw"
	"packsmith/internal/tl2test"
)

// A unit inheriting from the base game's PLAYERS/BASE.DAT.
var inheritingMod = map[string]string{
	"MEDIA/UNITS/PLAYERS/HERO.DAT": "[UNIT]\n<STRING>NAME:HERO\n<INTEGER64>UNIT_GUID:42\n<STRING>BASEFILE:MEDIA/UNITS/PLAYERS/BASE.DAT\n[/UNIT]\n",
}

func unitOf(t *testing.T, out string) raw.Unit {
	t.Helper()
	b := entries(t, openMod(t, out))["MEDIA/UNITDATA.RAW"]
	f, err := raw.Decode(raw.UnitData, b)
	if err != nil {
		t.Fatal(err)
	}
	for _, us := range f.Units {
		if len(us) == 1 {
			return us[0]
		}
	}
	t.Fatalf("no unit: %+v", f.Units)
	return raw.Unit{}
}

func TestPackBaseFromGameDataPak(t *testing.T) {
	dir := makeMod(t, simpleModDat, inheritingMod)
	// Without base data: GUTS's defaults, and the guess is said.
	res, err := Pack(context.Background(), dir, Options{Output: filepath.Join(t.TempDir(), "A.MOD")})
	if err != nil {
		t.Fatal(err)
	}
	u := unitOf(t, res.Output)
	if u.Level != 1 || u.Rarity != 1 || u.RarityHC != 1 || u.UnitType != "" || u.Flags != 0 {
		t.Errorf("defaults: %+v", u)
	}
	var guessed []Finding
	for _, f := range res.Findings {
		if strings.Contains(f.Message, GuessedFinding) {
			guessed = append(guessed, f)
		}
	}
	if len(guessed) != 1 || len(res.Unresolved) != 1 || guessed[0].File != "MEDIA/UNITS/PLAYERS/HERO.DAT" ||
		!strings.Contains(guessed[0].Message, "LEVEL 1, MINLEVEL 0, MAXLEVEL 0, RARITY 1, RARITY_HC = RARITY, CREATEAS none (EQUIPMENT false), SET none") ||
		!strings.Contains(guessed[0].Message, `UNITTYPE ""`) || res.BaseData != "none" {
		t.Fatalf("findings %v; base %q", res.Findings, res.BaseData)
	}

	// The game's DATA.PAK (compiled BINDAT, as the game holds it), read in
	// place through GameDir.
	base, err := bindat.CompileText("BASE.DAT", []byte("[UNIT]\n<STRING>UNITTYPE:PLAYER\n<INTEGER>LEVEL:3\n<INTEGER>RARITY:7\n<STRING>CREATEAS:EQUIPMENT\n[/UNIT]\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	game := tl2test.WritePak(t, t.TempDir(), map[string][]byte{"MEDIA/UNITS/PLAYERS/BASE.DAT": base})
	res, err = Pack(context.Background(), dir, Options{Output: filepath.Join(t.TempDir(), "B.MOD"), GameDir: game, GameVersion: "1.25.9.5"})
	if err != nil {
		t.Fatal(err)
	}
	u = unitOf(t, res.Output)
	if u.Level != 3 || u.Rarity != 7 || u.RarityHC != 7 || u.UnitType != "PLAYER" || u.Flags&raw.FlagEquipment == 0 {
		t.Errorf("from DATA.PAK: %+v", u)
	}
	if len(res.Unresolved) != 0 || !strings.Contains(res.BaseData, filepath.Join(game, "PAKS", "DATA.PAK")) {
		t.Errorf("unresolved %v, base %q", res.Unresolved, res.BaseData)
	}
	// Given as --base, a game folder works the same; a folder without
	// DATA.PAK in GameDir says so.
	res, err = Pack(context.Background(), dir, Options{Output: filepath.Join(t.TempDir(), "C.MOD"), BaseDir: filepath.Join(game, "PAKS", "DATA.PAK")})
	if err != nil || unitOf(t, res.Output).UnitType != "PLAYER" {
		t.Errorf("--base DATA.PAK: %v", err)
	}
	res, err = Pack(context.Background(), dir, Options{Output: filepath.Join(t.TempDir(), "D.MOD"), GameDir: t.TempDir(), GameVersion: "1.25.9.5"})
	if err != nil || !strings.Contains(res.BaseData, "has no PAKS/DATA.PAK") || len(res.Unresolved) != 1 {
		t.Errorf("empty game folder: %v %q", err, res.BaseData)
	}
}

// Pack holds a deploy that would replace a deployed copy when fields were
// guessed, and says so; with nothing deployed yet it deploys.
func TestPackHoldsGuessedDeploy(t *testing.T) {
	dir := makeMod(t, simpleModDat, inheritingMod)
	user := t.TempDir()
	mods := filepath.Join(user, "mods")
	opt := Options{Output: filepath.Join(t.TempDir(), "Test.MOD"), Deploy: true, ModsDir: mods, HoldGuessedDeploy: true}
	res, err := Pack(context.Background(), dir, opt)
	if err != nil || res.Deploy == nil || res.DeployHeld != nil {
		t.Fatalf("first deploy: %v %+v", err, res.DeployHeld)
	}
	before, _ := os.ReadFile(res.Deploy.Path)
	res, err = Pack(context.Background(), dir, opt)
	if err != nil || res.Deploy != nil || res.DeployHeld == nil || len(res.DeployHeld.Copies) != 1 || res.DeployHeld.Copies[0] != filepath.Join(mods, "Test.MOD") {
		t.Fatalf("second deploy: %v deploy %+v held %+v", err, res.Deploy, res.DeployHeld)
	}
	held := false
	for _, f := range res.Findings {
		held = held || (f.Stage == StageDeploy && strings.HasPrefix(f.Message, "not deployed yet: 1 unit inherit"))
	}
	if !held {
		t.Errorf("findings %v", res.Findings)
	}
	if after, _ := os.ReadFile(filepath.Join(mods, "Test.MOD")); string(after) != string(before) {
		t.Error("the deployed copy changed")
	}
	// Confirmed: Deploy replaces it.
	d, err := deploy.Mod(context.Background(), res.Output, res.ModID, mods, false)
	if err != nil || len(d.Replaced) != 0 && d.Replaced[0].ModID != res.ModID {
		t.Fatalf("deploy %+v %v", d, err)
	}
}
