package modunpack

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"packsmith/backend/tl2/modpack"
	"packsmith/formats/tl2/bindat"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/raw"
	"packsmith/internal/testfixtures"
	"packsmith/internal/tl2test"
)

func readMod(t *testing.T, p string) (*mod.Reader, map[string][][]byte) {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	r, err := mod.NewReader(bytes.NewReader(b), int64(len(b)), nil)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string][][]byte{}
	for i := range r.Entries {
		d, err := r.ReadEntry(&r.Entries[i], 0)
		if err != nil {
			t.Fatal(err)
		}
		m[r.Entries[i].Path] = append(m[r.Entries[i].Path], d)
	}
	return r, m
}

// roundTrip unpacks a fixture .MOD, packs the folder again and returns the
// entries that differ (by path) and how many are equal.
func roundTrip(t *testing.T, modPath string, popt modpack.Options) (same int, differ []string, res *Result, pres *modpack.Result) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "proj")
	res, err := Unpack(context.Background(), modPath, dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if popt.Output == "" {
		popt.Output = filepath.Join(t.TempDir(), "OUT.MOD")
	}
	pres, err = modpack.Pack(context.Background(), dir, popt)
	if err != nil {
		t.Fatalf("pack: %v", err)
	}
	orig, want := readMod(t, modPath)
	ours, got := readMod(t, pres.Output)
	if ours.Header.GameVersion != orig.Header.GameVersion || ours.Header.ModID != orig.Header.ModID || ours.Header.Title != orig.Header.Title ||
		ours.Header.ModVersion != orig.Header.ModVersion {
		t.Errorf("header %+v, want %+v", ours.Header, orig.Header)
	}
	for p, ws := range want {
		gs := got[p]
		if len(gs) > 0 && bytes.Equal(gs[len(gs)-1], ws[len(ws)-1]) {
			same++
		} else {
			differ = append(differ, p)
		}
	}
	for p := range got {
		if want[p] == nil {
			differ = append(differ, p+" (not in the original)")
		}
	}
	sort.Strings(differ)
	return same, differ, res, pres
}

// noGuesses fails when the pack guessed an inherited field.
func noGuesses(t *testing.T, pres *modpack.Result) {
	t.Helper()
	if len(pres.Unresolved) != 0 {
		t.Errorf("unresolved units: %+v", pres.Unresolved)
	}
	for _, f := range pres.Findings {
		if strings.Contains(f.Message, modpack.GuessedFinding) || strings.Contains(strings.ToLower(f.Message), "guessed") {
			t.Errorf("finding: %s: %s", f.File, f.Message)
		}
	}
}

func TestUnpackXOVERRoundTrip(t *testing.T) {
	fx := testfixtures.Dir(t, "tl2")
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	same, differ, res, pres := roundTrip(t, filepath.Join(fx, "xover", "EDITORMOD.MOD"), modpack.Options{})
	if res.Entries != 54 || len(res.RAWsSkipped) != 5 || res.Decompiled+res.Assets != 49 {
		t.Errorf("unpack: %+v", res)
	}
	if pres.GameVersionFrom != modpack.ProjectFile || pres.GameVersion != "1.25.5.6" {
		t.Errorf("game version %s from %s", pres.GameVersion, pres.GameVersionFrom)
	}
	// The three players inherit from PLAYERS/BASE.DAT, which XOVER lacks.
	if res.BaseFiles != 1 || res.BaseUnits != 3 || len(res.Warnings) != 0 {
		t.Errorf("base values: %d files, %d units, warnings %v", res.BaseFiles, res.BaseUnits, res.Warnings)
	}
	t.Logf("XOVER: %d of 54 entries byte-identical; differ: %v; base data %q", same, differ, pres.BaseData)
	if same != 54 || len(differ) != 0 {
		t.Errorf("%d of 54 byte-identical; differ: %v", same, differ)
	}
	noGuesses(t, pres)
}

// Without game data, the values CYBER's own UNITDATA.RAW holds for its
// 57 units on 3 base-game files come back from PACKSMITH.JSON: every
// entry is byte-identical, UNITDATA.RAW included, and nothing is guessed.
func TestUnpackCyberRoundTrip(t *testing.T) {
	fx := testfixtures.Dir(t, "tl2")
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	same, differ, res, pres := roundTrip(t, filepath.Join(fx, "cyber_mod", "EDITORMOD_at_90dcf2a.MOD"), modpack.Options{})
	t.Logf("CYBER: %d of %d entries byte-identical; differ: %v; base data %q", same, res.Entries, differ, pres.BaseData)
	if same != 277 || res.Entries != 277 || len(differ) != 0 {
		t.Errorf("%d of %d byte-identical; differ: %v", same, res.Entries, differ)
	}
	if res.BaseFiles != 3 || res.BaseUnits != 57 || len(res.Warnings) != 0 {
		t.Errorf("base values: %d files, %d units, warnings %v", res.BaseFiles, res.BaseUnits, res.Warnings)
	}
	if !strings.HasPrefix(pres.BaseData, modpack.ProjectFile+" (the values EDITORMOD_at_90dcf2a.MOD's UNITDATA.RAW holds) for 3 base files") {
		t.Errorf("base data %q", pres.BaseData)
	}
	noGuesses(t, pres)
	// The pre-check reads them too.
	in, err := modpack.Inspect(context.Background(), res.Dir, "")
	if err != nil {
		t.Fatal(err)
	}
	noGuesses(t, &modpack.Result{Findings: in.Findings})
	// What it recorded: HUM_CYBER_BASE's UNITTYPE PLAYER comes from the
	// game's PLAYERS/BASE.DAT.
	proj, err := modpack.ReadProject(res.Dir)
	if err != nil {
		t.Fatal(err)
	}
	pb := proj.BaseUnits["MEDIA/UNITS/PLAYERS/BASE.DAT"]
	if pb == nil || pb.UnitType == nil || *pb.UnitType != "PLAYER" {
		t.Errorf("PLAYERS/BASE.DAT: %+v", pb)
	}

	// Without the recorded values (an older unpack), UNITDATA.RAW differs
	// and the pack says what it guessed.
	b, _ := os.ReadFile(filepath.Join(res.Dir, modpack.ProjectFile))
	proj.BaseUnits = nil
	if err := proj.Write(res.Dir); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "OLD.MOD")
	pres2, err := modpack.Pack(context.Background(), res.Dir, modpack.Options{Output: out})
	if err != nil {
		t.Fatal(err)
	}
	_, o := readMod(t, filepath.Join(fx, "cyber_mod", "EDITORMOD_at_90dcf2a.MOD"))
	_, g := readMod(t, out)
	wf, err1 := raw.Decode(raw.UnitData, o["MEDIA/UNITDATA.RAW"][0])
	gf, err2 := raw.Decode(raw.UnitData, g["MEDIA/UNITDATA.RAW"][0])
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if d := raw.UnitDiffs(wf, gf); strings.Join(d, "; ") != "PLAYERS HUM_CYBER_BASE: UNITTYPE PLAYER→" || len(pres2.Unresolved) != 57 {
		t.Errorf("without baseUnits: UNITDATA differences %v, %d unresolved", d, len(pres2.Unresolved))
	}
	if !bytes.Contains(b, []byte(`"baseUnits"`)) {
		t.Errorf("%s holds no baseUnits:\n%s", modpack.ProjectFile, b)
	}
}

// A .MOD's UNITDATA.RAW whose units disagree on what one base file gave
// them: the first value is kept and a warning names both units.
func TestUnpackBaseValuesDisagree(t *testing.T) {
	src := filepath.Join(t.TempDir(), "B.MOD")
	unit := func(name, basefile string) []byte {
		b, err := bindat.CompileText(name+".DAT", []byte("[UNIT]\r\n\t<STRING>NAME:"+name+"\r\n\t<STRING>BASEFILE:"+basefile+"\r\n[/UNIT]\r\n"), nil)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	rf := &raw.File{Kind: raw.UnitData}
	rf.Units[1] = []raw.Unit{
		{Name: "A", File: "MEDIA/UNITS/MONSTERS/A.DAT", UnitType: "BEAST", Level: 4, Rarity: 2, RarityHC: 2, Flags: raw.FlagEquipment},
		{Name: "B", File: "MEDIA/UNITS/MONSTERS/B.DAT", UnitType: "BIRD", Level: 4, Rarity: 3, RarityHC: 3, Flags: raw.FlagEquipment},
	}
	rd, err := raw.Encode(rf)
	if err != nil {
		t.Fatal(err)
	}
	f, _ := os.Create(src)
	w, err := mod.NewWriter(f, &mod.Header{Version: 4, Title: "b", ModID: 3, GameVersion: mod.GameVersion{1, 25, 9, 5}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	w.Add(mod.FileHeader{Name: "MEDIA/UNITS/MONSTERS/A.DAT"}, bytes.NewReader(unit("A", "MEDIA/UNITS/MONSTERS/GAMEBASE.DAT")))
	w.Add(mod.FileHeader{Name: "MEDIA/UNITS/MONSTERS/B.DAT"}, bytes.NewReader(unit("B", "media/units/monsters/gamebase.dat")))
	w.Add(mod.FileHeader{Name: "MEDIA/UNITDATA.RAW"}, bytes.NewReader(rd))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	dir := filepath.Join(t.TempDir(), "p")
	res, err := Unpack(context.Background(), src, dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.BaseFiles != 1 || res.BaseUnits != 2 {
		t.Errorf("%d files, %d units", res.BaseFiles, res.BaseUnits)
	}
	want := []string{
		"MEDIA/UNITS/MONSTERS/B.DAT: UNITDATA.RAW gives it UNITTYPE BIRD from MEDIA/UNITS/MONSTERS/GAMEBASE.DAT, where MEDIA/UNITS/MONSTERS/A.DAT has BEAST; PACKSMITH.JSON keeps BEAST, so pack may give this unit another value",
		"MEDIA/UNITS/MONSTERS/B.DAT: UNITDATA.RAW gives it RARITY 3 from MEDIA/UNITS/MONSTERS/GAMEBASE.DAT, where MEDIA/UNITS/MONSTERS/A.DAT has 2; PACKSMITH.JSON keeps 2, so pack may give this unit another value",
	}
	if strings.Join(res.Warnings, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s", strings.Join(res.Warnings, "\n"))
	}
	p, err := modpack.ReadProject(dir)
	if err != nil {
		t.Fatal(err)
	}
	b := p.BaseUnits["MEDIA/UNITS/MONSTERS/GAMEBASE.DAT"]
	// RARITY_HC equals RARITY in both: the base file sets none.
	if b == nil || *b.UnitType != "BEAST" || *b.Level != 4 || *b.Rarity != 2 || b.RarityHC != nil || !*b.Equipment || *b.Set || b.From != "MEDIA/UNITS/MONSTERS/A.DAT" {
		t.Errorf("recorded %+v", b)
	}
}

func TestUnpackRefuses(t *testing.T) {
	fx := testfixtures.Dir(t, "tl2")
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "x"), nil, 0o644)
	if _, err := Unpack(context.Background(), filepath.Join(fx, "xover", "EDITORMOD.MOD"), dir, Options{}); err == nil || !strings.Contains(err.Error(), "is not empty") {
		t.Errorf("non-empty target: %v", err)
	}
	for _, p := range []string{"../x", "/x", "a/../b", `C:\x`, "a//b"} {
		if _, err := safeRel(p); err == nil {
			t.Errorf("%q accepted", p)
		}
	}
}

func TestUnpackDuplicatePath(t *testing.T) {
	src := filepath.Join(t.TempDir(), "D.MOD")
	f, _ := os.Create(src)
	w, err := mod.NewWriter(f, &mod.Header{Version: 4, Title: "d", ModID: 3, GameVersion: mod.GameVersion{1, 25, 9, 5}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	w.Add(mod.FileHeader{Name: "MEDIA/X.TXT"}, strings.NewReader("first"))
	w.Add(mod.FileHeader{Name: "MEDIA/X.TXT", Duplicate: true}, strings.NewReader("second"))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	dir := filepath.Join(t.TempDir(), "p")
	res, err := Unpack(context.Background(), src, dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "MEDIA", "X.TXT"))
	if string(b) != "first" || len(res.Duplicates) != 1 || len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "listed 2 times") {
		t.Errorf("%q %+v", b, res)
	}
	p, err := modpack.ReadProject(dir)
	if err != nil || p.GameVersion != "1.25.9.5" || p.Source != "D.MOD" {
		t.Errorf("project %+v %v", p, err)
	}
}

// With the game's DATA.PAK (built here: the one base file the CYBER units
// reach that decides a field, PLAYERS/BASE.DAT with UNITTYPE PLAYER) read
// in place through --game, every entry is byte-identical.
func TestUnpackCyberRoundTripWithGameData(t *testing.T) {
	fx := testfixtures.Dir(t, "tl2")
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	base, err := bindat.CompileText("BASE.DAT", []byte("[UNIT]\r\n\t<STRING>UNITTYPE:PLAYER\r\n[/UNIT]\r\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	game := tl2test.WritePak(t, t.TempDir(), map[string][]byte{"MEDIA/UNITS/PLAYERS/BASE.DAT": base, "MEDIA/UI/X.DDS": []byte("x")})
	same, differ, res, pres := roundTrip(t, filepath.Join(fx, "cyber_mod", "EDITORMOD_at_90dcf2a.MOD"), modpack.Options{BaseDir: game})
	if same != res.Entries || len(differ) != 0 {
		t.Errorf("%d of %d byte-identical with game data; differ: %v", same, res.Entries, differ)
	}
	if !strings.Contains(pres.BaseData, "DATA.PAK") {
		t.Errorf("base data %q", pres.BaseData)
	}
	for _, u := range pres.Unresolved {
		if strings.HasPrefix(u.File, "MEDIA/UNITS/PLAYERS/") {
			t.Errorf("still unresolved: %+v", u)
		}
	}
	t.Logf("CYBER with a DATA.PAK: %d of %d byte-identical; base data %q", same, res.Entries, pres.BaseData)
	noGuesses(t, pres)
}

// The game's DATA.PAK wins over the recorded values where it has the
// file: a PLAYERS/BASE.DAT with another UNITTYPE changes exactly that
// field of the one unit inheriting it; the other base files still come
// from PACKSMITH.JSON.
func TestUnpackGameDataWins(t *testing.T) {
	fx := testfixtures.Dir(t, "tl2")
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	base, err := bindat.CompileText("BASE.DAT", []byte("[UNIT]\r\n\t<STRING>UNITTYPE:FROM THE PAK\r\n[/UNIT]\r\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	game := tl2test.WritePak(t, t.TempDir(), map[string][]byte{"MEDIA/UNITS/PLAYERS/BASE.DAT": base})
	src := filepath.Join(fx, "cyber_mod", "EDITORMOD_at_90dcf2a.MOD")
	same, differ, _, pres := roundTrip(t, src, modpack.Options{BaseDir: game})
	if same != 276 || strings.Join(differ, " ") != "MEDIA/UNITDATA.RAW" {
		t.Errorf("%d same; differ %v", same, differ)
	}
	_, o := readMod(t, src)
	_, g := readMod(t, pres.Output)
	wf, err1 := raw.Decode(raw.UnitData, o["MEDIA/UNITDATA.RAW"][0])
	gf, err2 := raw.Decode(raw.UnitData, g["MEDIA/UNITDATA.RAW"][0])
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if d := raw.UnitDiffs(wf, gf); strings.Join(d, "; ") != "PLAYERS HUM_CYBER_BASE: UNITTYPE PLAYER→FROM THE PAK" {
		t.Errorf("UNITDATA differences: %v", d)
	}
	if !strings.Contains(pres.BaseData, "DATA.PAK") || !strings.Contains(pres.BaseData, ", then "+modpack.ProjectFile) {
		t.Errorf("base data %q", pres.BaseData)
	}
	noGuesses(t, pres)
}

// A unit the modder adds after unpacking, on a base file the record knows
// only in part (XOVER's units set their own UNITTYPE, so PLAYERS/BASE.DAT's
// is not recorded): the recorded fields are used, the unknown one is
// reported as guessed, naming PACKSMITH.JSON; the original units still
// guess nothing.
func TestUnpackNewUnitOnPartlyRecordedBase(t *testing.T) {
	fx := testfixtures.Dir(t, "tl2")
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	dir := filepath.Join(t.TempDir(), "proj")
	if _, err := Unpack(context.Background(), filepath.Join(fx, "xover", "EDITORMOD.MOD"), dir, Options{}); err != nil {
		t.Fatal(err)
	}
	p, err := modpack.ReadProject(dir)
	if err != nil {
		t.Fatal(err)
	}
	if b := p.BaseUnits["MEDIA/UNITS/PLAYERS/BASE.DAT"]; b == nil || b.UnitType != nil || strings.Join(b.Unset, ",") != "RARITY_HC" {
		t.Fatalf("record: %+v", b)
	}
	nu := filepath.Join(dir, "MEDIA", "UNITS", "PLAYERS", "NEWCOMER.DAT")
	if err := os.WriteFile(nu, []byte("[UNIT]\r\n\t<STRING>NAME:NEWCOMER\r\n\t<STRING>BASEFILE:media/units/players/base.dat\r\n\t<INTEGER>RARITY:4\r\n[/UNIT]\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "NEW.MOD")
	pres, err := modpack.Pack(context.Background(), dir, modpack.Options{Output: out})
	if err != nil {
		t.Fatal(err)
	}
	if len(pres.Unresolved) != 1 || pres.Unresolved[0].File != "MEDIA/UNITS/PLAYERS/NEWCOMER.DAT" || pres.Unresolved[0].BaseFile != "MEDIA/UNITS/PLAYERS/BASE.DAT" ||
		strings.Join(pres.Unresolved[0].Missing, ",") != "UNITTYPE" {
		t.Errorf("unresolved: %+v", pres.Unresolved)
	}
	var guessed []string
	for _, f := range pres.Findings {
		if strings.Contains(f.Message, modpack.GuessedFinding) {
			guessed = append(guessed, f.File+": "+f.Message)
		}
	}
	if len(guessed) != 1 || !strings.Contains(guessed[0], "inherits from MEDIA/UNITS/PLAYERS/BASE.DAT, of which PACKSMITH.JSON records only what the unpacked .MOD's units took from it, so UNITTYPE were guessed") {
		t.Errorf("guessed findings: %v", guessed)
	}
	_, g := readMod(t, out)
	f, err := raw.Decode(raw.UnitData, g["MEDIA/UNITDATA.RAW"][0])
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, u := range f.Units[2] {
		// LEVEL 1 from the record; RARITY_HC = its own RARITY, as the
		// record says GUTS's default applies.
		if u.Name == "NEWCOMER" {
			found = true
			if u.Level != 1 || u.Rarity != 4 || u.RarityHC != 4 || u.UnitType != "" {
				t.Errorf("NEWCOMER: %+v", u)
			}
		}
	}
	if !found {
		t.Error("NEWCOMER not in UNITDATA.RAW's players")
	}
}

// EDITORMOD_at_06dc44f.MOD: GUTS's UI.RAW leaves out one of the nine Menu
// Definitions its layouts hold (CYBER_PLAYER_STASH.LAYOUT's
// PLAYERSTASHMENU, whose object id three other layouts share), by a rule
// formats/tl2/raw does not know: unpack records it in PACKSMITH.JSON and
// pack leaves it out again, so every entry, UI.RAW included, comes back
// byte for byte.
func TestUnpackCyber06dc44fUIRAW(t *testing.T) {
	fx := testfixtures.Dir(t, "tl2")
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	src := filepath.Join(fx, "cyber_mod", "EDITORMOD_at_06dc44f.MOD")
	same, differ, res, pres := roundTrip(t, src, modpack.Options{})
	t.Logf("CYBER 06dc44f: %d of %d entries byte-identical; differ: %v", same, res.Entries, differ)
	if same != res.Entries || len(differ) != 0 || res.MenusLeftOut != 1 {
		t.Errorf("%d of %d byte-identical, %d menus left out; differ: %v", same, res.Entries, res.MenusLeftOut, differ)
	}
	proj, err := modpack.ReadProject(res.Dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []raw.MenuRef{{File: "MEDIA/UI/MENUS/INGAMEMENUS/CYBER_PLAYER_STASH.LAYOUT", Name: "PLAYERSTASHMENU"}}
	if len(proj.MenusLeftOut) != 1 || proj.MenusLeftOut[0] != want[0] {
		t.Errorf("menusLeftOut %+v", proj.MenusLeftOut)
	}
	left := 0
	for _, f := range pres.Findings {
		if strings.Contains(f.Message, `"PLAYERSTASHMENU" left out of UI.RAW`) {
			left++
		}
	}
	if left != 1 {
		t.Errorf("%d findings say PLAYERSTASHMENU was left out: %+v", left, pres.Findings)
	}
}
