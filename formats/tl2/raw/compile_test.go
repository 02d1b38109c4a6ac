package raw

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
	"unicode/utf16"

	"packsmith/formats/tl2/mod"
	"packsmith/internal/testfixtures"
)

// TestTextCompileSeeds: the table of every kind compiles back to the bytes
// it was printed from.
func TestTextCompileSeeds(t *testing.T) {
	for _, f := range seedFiles() {
		want, err := Encode(f)
		if err != nil {
			t.Fatal(err)
		}
		got, warns, err := Compile(f.Kind, f.Kind.FileName(), Text(f))
		if err != nil || len(warns) != 0 {
			t.Fatalf("%s: %v %v\n%s", f.Kind, err, warns, Text(f))
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: compiled bytes differ\n%s", f.Kind, Text(f))
		}
		if k, ok := KindOfText(Text(f)); !ok || k != f.Kind {
			t.Errorf("%s: KindOfText says %v %v", f.Kind, k, ok)
		}
	}
}

func mustParse(t *testing.T, k Kind, text string) (*File, []Finding) {
	t.Helper()
	f, warns, err := ParseText(k, k.FileName(), []byte(text))
	if err != nil {
		t.Fatalf("%s: %v\n%s", k, err, text)
	}
	return f, warns
}

// Edits as a user makes them: values longer or shorter than the column
// (the rest of the line drifts), cells left empty, CRLF and a BOM, the
// summary line gone or stale, rows added.
func TestCompileEditedAffixes(t *testing.T) {
	text := "\ufeffAFFIXES.RAW: 1 records\r\n\r\n" +
		"FILE                   NAME  MIN_SPAWN_RANGE  MAX_SPAWN_RANGE  WEIGHT  DIFFICULTIES_ALLOWED  UNITTYPES  NOT_UNITTYPES\r\n" +
		"MEDIA/AFFIXES/A.DAT    A     0                999              1       -1                               MONSTER, PET\r\n" +
		"MEDIA/AFFIXES/LONGER_NAME.DAT    LONGER  5   1000000              25       3                    PLAYER,ITEM\r\n"
	f, warns := mustParse(t, Affixes, text)
	want := []Affix{
		{File: "MEDIA/AFFIXES/A.DAT", Name: "A", MaxSpawn: 999, Weight: 1, Difficulties: -1, NotUnitTypes: []string{"MONSTER", "PET"}},
		{File: "MEDIA/AFFIXES/LONGER_NAME.DAT", Name: "LONGER", MinSpawn: 5, MaxSpawn: 1000000, Weight: 25, Difficulties: 3, UnitTypes: []string{"PLAYER", "ITEM"}},
	}
	if !reflect.DeepEqual(f.Affixes, want) || len(warns) != 0 {
		t.Fatalf("%+v %v", f.Affixes, warns)
	}
}

func TestCompileEditedUnits(t *testing.T) {
	text := "UNITDATA.RAW: 3 records\n\n" +
		"CATEGORY  UNIT_GUID            NAME            FILE                                          EQUIPMENT  SET    LEVEL  MINLEVEL  MAXLEVEL  RARITY  RARITY_HC  UNITTYPE\n" +
		"PLAYERS   178306522735963159   HUM_XOVER_F     MEDIA/UNITS/PLAYERS/XOVER/HUM_F.DAT           false      false  100      0         0         1       1          RAILMAN_FEMALE\n" +
		"items     -5   SWORD     MEDIA/UNITS/ITEMS/SWORD.DAT           TRUE      true  7      1         99         1000       1\n" +
		"MONSTERS  12   RAT  MEDIA/UNITS/MONSTERS/RAT.DAT  false  false  2  0  0  1  1  MONSTER\n"
	f, _ := mustParse(t, UnitData, text)
	want := [4][]Unit{
		{{GUID: -5, Name: "SWORD", File: "MEDIA/UNITS/ITEMS/SWORD.DAT", Flags: FlagEquipment | FlagSet, Level: 7, MinLevel: 1, MaxLevel: 99, Rarity: 1000, RarityHC: 1}},
		{{GUID: 12, Name: "RAT", File: "MEDIA/UNITS/MONSTERS/RAT.DAT", Level: 2, Rarity: 1, RarityHC: 1, UnitType: "MONSTER"}},
		{{GUID: 178306522735963159, Name: "HUM_XOVER_F", File: "MEDIA/UNITS/PLAYERS/XOVER/HUM_F.DAT", Level: 100, Rarity: 1, RarityHC: 1, UnitType: "RAILMAN_FEMALE"}},
		nil,
	}
	if !reflect.DeepEqual(f.Units, want) {
		t.Fatalf("%+v", f.Units)
	}
}

func TestCompileEditedOthers(t *testing.T) {
	f, _ := mustParse(t, Skills, "NAME  FILE  UNIQUE_GUID\nS  MEDIA/SKILLS/S.DAT  -9223372036854775808\n")
	if len(f.Skills) != 1 || f.Skills[0].GUID != -9223372036854775808 {
		t.Fatalf("%+v", f.Skills)
	}
	f, _ = mustParse(t, Missiles, "FILE  MISSILE NAMES\nMEDIA/MISSILES/X.LAYOUT  FIREBALL, ICE BOLT\nMEDIA/MISSILES/Y.LAYOUT\n")
	if !reflect.DeepEqual(f.Missiles, []Missile{{File: "MEDIA/MISSILES/X.LAYOUT", Names: []string{"FIREBALL", "ICE BOLT"}}, {File: "MEDIA/MISSILES/Y.LAYOUT"}}) {
		t.Fatalf("%+v", f.Missiles)
	}
	f, _ = mustParse(t, Triggerables, "FILE\tNAME\nMEDIA/TRIGGERABLES/T T.DAT\tT\n")
	if !reflect.DeepEqual(f.Triggerables, []Triggerable{{File: "MEDIA/TRIGGERABLES/T T.DAT", Name: "T"}}) {
		t.Fatalf("%+v", f.Triggerables)
	}
	ui := "MENU NAME        FILE                    TYPE                   GAME STATE  CREATE ON LOAD  MULTIPLAYER ONLY  SINGLEPLAYER ONLY  KEY BINDING\n" +
		"                 MEDIA/UI/MENUS/A.LAYOUT  PLAYER STATS MENU (4)  In Game (3)  1               0                 0                  STATMENU\n" +
		"Help             MEDIA/UI/MENUS/B.LAYOUT  chat menu              5           0               1                 0\n"
	f, _ = mustParse(t, UI, ui)
	want := []Menu{{File: "MEDIA/UI/MENUS/A.LAYOUT", Type: 4, GameState: 3, CreateOnLoad: 1, KeyBinding: "STATMENU"},
		{Name: "Help", File: "MEDIA/UI/MENUS/B.LAYOUT", Type: 3, GameState: 5, MultiplayerOnly: 1}}
	if !reflect.DeepEqual(f.Menus, want) {
		t.Fatalf("%+v", f.Menus)
	}
	rp := "FILE                        PIECE GUID\n" +
		"MEDIA/LEVELSETS/A.DAT  1\nMEDIA/LEVELSETS/A.DAT  -2\nMEDIA/LEVELSETS/B.DAT\nMEDIA/LEVELSETS/A.DAT  3\n"
	f, _ = mustParse(t, RoomPieces, rp)
	wantRP := []PieceFile{{File: "MEDIA/LEVELSETS/A.DAT", Pieces: []int64{1, -2}}, {File: "MEDIA/LEVELSETS/B.DAT"}, {File: "MEDIA/LEVELSETS/A.DAT", Pieces: []int64{3}}}
	if !reflect.DeepEqual(f.RoomPieces, wantRP) {
		t.Fatalf("%+v", f.RoomPieces)
	}
}

// A value holding two spaces in a row splits into two cells; the
// assignment puts them back together where the positions say so, and
// warns.
func TestCompileGapInsideValue(t *testing.T) {
	f := &File{Kind: Affixes, Affixes: []Affix{{File: "MEDIA/AFFIXES/A  B.DAT", Name: "N", MaxSpawn: 9, NotUnitTypes: []string{"X"}}}}
	want, _ := Encode(f)
	got, warns, err := Compile(Affixes, "AFFIXES.RAW", Text(f))
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("%v\n%s", err, Text(f))
	}
	if len(warns) != 1 || warns[0].Line != 4 || !strings.Contains(warns[0].Msg, "FILE") {
		t.Fatalf("%v", warns)
	}
}

// compileReprinted compiles text as a table of kind, decodes the bytes and
// checks that the decoded table, printed (Text), compiles to the same
// bytes: what the compiler read, the printer writes back.
func compileReprinted(t *testing.T, kind Kind, text string) (*File, []Finding) {
	t.Helper()
	got, warns, err := Compile(kind, kind.FileName(), []byte(text))
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	dec, err := Decode(kind, got)
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	again, _, err := Compile(kind, kind.FileName(), Text(dec))
	if err != nil || !bytes.Equal(again, got) {
		t.Fatalf("%q: the printed table compiles to other bytes: %v\n%s", text, err, Text(dec))
	}
	return dec, warns
}

// A vertical tab or a form feed ends a cell, as in the tabwriter that
// prints tables: "0\v" is the value "0", so the printed table compiles to
// the same bytes (CI's fuzz smoke found "0\v" stored whole and printed as
// "0").
func TestCompileTabwriterCellEnds(t *testing.T) {
	for _, row := range []string{"0\v", "0\f", "0\vN", "0\fN", "0 \vN"} {
		dec, _ := compileReprinted(t, Triggerables, "FILE  NAME\n"+row+"\n")
		want := Triggerable{File: "0"}
		if strings.HasSuffix(row, "N") {
			want.Name = "N"
		}
		if len(dec.Triggerables) != 1 || dec.Triggerables[0] != want {
			t.Fatalf("%q read as %+v", row, dec.Triggerables)
		}
	}
}

// A value of several cells keeps its gaps, a tab, vertical tab or form
// feed in them as a space: the printed table shows it so and reads it back
// the same (CI's fuzz found "0\vA" stored whole and printed as "0     A").
func TestCompileMergedGapsPrintAsRead(t *testing.T) {
	for row, want := range map[string]string{"0\vA": "0 A", "0\tA": "0 A", "0\fA": "0 A", "0 \tA": "0  A", "0\t\vA": "0  A"} {
		dec, warns := compileReprinted(t, RoomPieces, "FILE  PIECE GUID\n"+row+"\n")
		if len(dec.RoomPieces) != 1 || dec.RoomPieces[0].File != want || len(dec.RoomPieces[0].Pieces) != 0 {
			t.Fatalf("%q read as %+v, want the file %q", row, dec.RoomPieces, want)
		}
		if len(warns) != 1 || warns[0].Line != 2 || !strings.Contains(warns[0].Msg, fmt.Sprintf("%q", want)) {
			t.Fatalf("%q: %v", row, warns)
		}
	}
}

// A line of nothing but commas in a list column makes no record, with a
// warning: the record would hold no value, print as a blank line and read
// back as none (CI's fuzz: "   ," under MISSILE NAMES).
func TestCompileOnlyCommasMakesNoRecord(t *testing.T) {
	dec, warns := compileReprinted(t, Missiles, "FILE  MISSILE NAMES\nA.DAT  X\n   ,\n      , ,\nB.DAT  ,\n")
	want := []Missile{{File: "A.DAT", Names: []string{"X"}}, {File: "B.DAT"}}
	if !reflect.DeepEqual(dec.Missiles, want) {
		t.Fatalf("%+v", dec.Missiles)
	}
	if len(warns) != 2 || warns[0].Line != 3 || warns[1].Line != 4 || !strings.HasPrefix(warns[0].Msg, "no value but commas: the line makes no record") {
		t.Fatalf("%v", warns)
	}
}

// Numbers with trailing text are read as GUTS reads numbers, with a
// warning at their line; values out of range saturate.
func TestCompileCNumbers(t *testing.T) {
	text := "SKILLS.RAW: 2 records\n\nNAME  FILE  UNIQUE_GUID\nA  MEDIA/SKILLS/A.DAT  339886767DIE31069\nB  MEDIA/SKILLS/B.DAT  99999999999999999999\n"
	f, warns := mustParse(t, Skills, text)
	if f.Skills[0].GUID != 339886767 || f.Skills[1].GUID != 9223372036854775807 {
		t.Fatalf("%+v", f.Skills)
	}
	if len(warns) != 2 || warns[0].String() != `SKILLS.RAW:4: UNIQUE_GUID: "339886767DIE31069" is not a number as a whole; read as 339886767, the leading number read the C way (as GUTS reads numbers)` ||
		warns[1].Line != 5 || !strings.Contains(warns[1].Msg, "out of range") {
		t.Fatalf("%v", warns)
	}
	u := "CATEGORY  UNIT_GUID  NAME  FILE  EQUIPMENT  SET  LEVEL  MINLEVEL  MAXLEVEL  RARITY  RARITY_HC  UNITTYPE\n" +
		"ITEMS  1  N  F  2  0  12abc  0  0  1  1  T\n"
	f, warns = mustParse(t, UnitData, u)
	if got := f.Units[0][0]; got.Level != 12 || got.Flags != FlagEquipment || len(warns) != 2 || warns[0].Line != 2 {
		t.Fatalf("%+v %v", got, warns)
	}
}

// Errors name the text and the line, and every bad value is reported.
func TestCompileErrors(t *testing.T) {
	hdr := "CATEGORY  UNIT_GUID  NAME  FILE  EQUIPMENT  SET  LEVEL  MINLEVEL  MAXLEVEL  RARITY  RARITY_HC  UNITTYPE\n"
	cases := []struct {
		kind Kind
		text string
		want []string
	}{
		{UnitData, "UNITDATA.RAW: 1 records\n\n" + hdr + "ITEMS  1  N  F  false  false  1  0  0  1  1  T\nMONSTRS  2  N  F  false  false  1  0  0  1  1  T\n",
			[]string{`UNITDATA.RAW:5: CATEGORY: "MONSTRS" is not one of ITEMS, MONSTERS, PLAYERS, PROPS`}},
		{UnitData, hdr + "ITEMS  x1  N  F  maybe  false  1  0  0  1  1  T\n",
			[]string{`UNITDATA.RAW:2: UNIT_GUID: "x1" is not a number`, `UNITDATA.RAW:2: EQUIPMENT: "maybe" is not true or false`}},
		{UnitData, "SKILLS.RAW: 1 records\n" + hdr, []string{"UNITDATA.RAW:1: this is a table of SKILLS.RAW"}},
		{UnitData, "NAME  FILE  UNIQUE_GUID\n", []string{"UNITDATA.RAW:1: these are the columns of SKILLS.RAW, not of UNITDATA.RAW"}},
		{Skills, "\n\nsome text\n", []string{"SKILLS.RAW:3: the header line should name the columns, two spaces apart: NAME  FILE  UNIQUE_GUID"}},
		{Skills, "", []string{"SKILLS.RAW: no table"}},
		{UI, "MENU NAME  FILE  TYPE  GAME STATE  CREATE ON LOAD  MULTIPLAYER ONLY  SINGLEPLAYER ONLY  KEY BINDING\n" +
			"M  F  CHAT MENU (2)  Bogus  300  0  0  K\n",
			[]string{`UI.RAW:2: TYPE: "CHAT MENU (2)": CHAT MENU is 3, not 2`, `UI.RAW:2: GAME STATE: "Bogus" is neither a number nor one of Testing`, `UI.RAW:2: CREATE ON LOAD: 300 does not fit the field (0 to 255)`}},
	}
	for _, c := range cases {
		_, _, err := Compile(c.kind, c.kind.FileName(), []byte(c.text))
		var te *TextError
		if !errors.As(err, &te) || len(te.Findings) != len(c.want) {
			t.Errorf("%q: %v", c.text, err)
			continue
		}
		for i, w := range c.want {
			if !strings.HasPrefix(te.Findings[i].String(), w) {
				t.Errorf("finding %d: %q, want %q…", i, te.Findings[i], w)
			}
		}
	}
}

// A table too long for a u16 count is refused at the first row too many.
func TestCompileTooManyRecords(t *testing.T) {
	var b strings.Builder
	b.WriteString("FILE  NAME\n")
	for i := 0; i <= 65535; i++ {
		b.WriteString("F  N\n")
	}
	_, _, err := Compile(Triggerables, "T.RAW", []byte(b.String()))
	if err == nil || !strings.HasPrefix(err.Error(), "T.RAW:65537: TRIGGERABLES.RAW holds at most 65535 records") {
		t.Fatalf("%v", err)
	}
}

// FuzzCompileText: the first byte picks the kind, the rest is a table. A
// table that compiles prints (Text) to a table that compiles to the same
// bytes: what the compiler reads, the printer writes back. Except where
// the compiler read cells as one value holding a gap (a guess, with its
// warning): the printed value keeps the gap, and a line such as
// "0  0" under FILE and MISSILE NAMES (FILE "0  0", no names) reads as
// two values again, as a line typed so does; such a table need only
// compile again.
func FuzzCompileText(f *testing.F) {
	for _, s := range seedFiles() {
		f.Add(append([]byte{byte(s.Kind)}, Text(s)...))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) == 0 || len(in) > 1<<16 {
			return
		}
		kind := Kind(in[0] % byte(numKinds))
		b, warns, err := Compile(kind, "F.RAW", in[1:])
		if err != nil {
			return
		}
		merged := false
		for _, w := range warns {
			merged = merged || strings.Contains(w.Msg, "holds a gap of two spaces or a tab; read as one value")
		}
		dec, err := Decode(kind, b)
		if err != nil {
			t.Fatalf("compiled bytes do not decode: %v", err)
		}
		text := Text(dec)
		b2, _, err := Compile(kind, "F.RAW", text)
		if err != nil {
			t.Fatalf("printed table does not compile: %v\n%s", err, text)
		}
		if !merged && !bytes.Equal(b, b2) {
			t.Fatalf("text→RAW→text→RAW differs\n%s", text)
		}
	})
}

// TestFixtureTextCompile: every RAW GUTS built in the fixtures, loose and
// inside the two .MODs, prints to a table that compiles back to the same
// bytes.
func TestFixtureTextCompile(t *testing.T) {
	type rawFile struct {
		name string
		b    []byte
	}
	var all []rawFile
	for _, p := range fixtureRAWs(t) {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, rawFile{p, b})
	}
	for _, m := range []string{"xover/EDITORMOD.MOD", "cyber_mod/EDITORMOD_at_90dcf2a.MOD"} {
		p := testfixtures.File(t, "tl2", m)
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		r, err := mod.NewReader(bytes.NewReader(b), int64(len(b)), nil)
		if err != nil {
			t.Fatal(err)
		}
		for i := range r.Entries {
			e := &r.Entries[i]
			if _, ok := KindOf(e.Path); !ok {
				continue
			}
			data, err := r.ReadEntry(e, 64<<20)
			if err != nil {
				t.Fatal(err)
			}
			all = append(all, rawFile{m + ":" + e.Path, data})
		}
	}
	n := 0
	for _, f := range all {
		k, _ := KindOf(f.name)
		dec, err := Decode(k, f.b)
		if err != nil {
			t.Errorf("%s: %v", f.name, err)
			continue
		}
		got, warns, err := Compile(k, k.FileName(), Text(dec))
		if err != nil || len(warns) != 0 {
			t.Errorf("%s: %v %v", f.name, err, warns)
			continue
		}
		if !bytes.Equal(got, f.b) {
			t.Errorf("%s: decompile→compile differs", f.name)
			continue
		}
		n++
	}
	testfixtures.AtLeast(t, n, 14, "RAW files round-tripped through text")
	t.Logf("%d of %d fixture RAW files: decompile→compile byte-identical", n, len(all))
}

// UTF-16 with a BOM (what GUTS and Notepad write) reads as UTF-8 does; the
// header's case and spacing do not matter.
func TestCompileUTF16(t *testing.T) {
	text := "\ufeffname    file  unique_guid\r\nS  MEDIA/SKILLS/S.DAT  5\r\n"
	var b []byte
	for _, u := range utf16.Encode([]rune(text)) {
		b = append(b, byte(u), byte(u>>8))
	}
	f, warns, err := ParseText(Skills, "S.RAW", b)
	if err != nil || len(warns) != 0 || !reflect.DeepEqual(f.Skills, []Skill{{Name: "S", File: "MEDIA/SKILLS/S.DAT", GUID: 5}}) {
		t.Fatalf("%+v %v %v", f, warns, err)
	}
}

// TestCompileOneCellEdits edits one cell at a time of every fixture and
// seed table, as typing in the editor does (the rest of the line moves by
// what was typed; nothing realigns), to a value much longer and one much
// shorter, and checks that exactly that value changed.
func TestCompileOneCellEdits(t *testing.T) {
	files := seedFiles()
	for _, p := range fixtureRAWsOrNone(t) {
		k, _ := KindOf(p)
		b, _ := os.ReadFile(p)
		if f, err := Decode(k, b); err == nil {
			files = append(files, f)
		}
	}
	edits := 0
	for _, f := range files {
		tb := f.Table()
		lines := strings.Split(string(Text(f)), "\n")
		for r, row := range tb.Rows {
			li := 3 + r // summary, blank, header
			for c := range row {
				col := columns[f.Kind][c]
				if col.typ == tCategory || f.Kind == RoomPieces && c == 0 || row[c] == "" {
					continue // these move records; an empty value has no cell
				}
				for _, nv := range replacements(col.typ, row[c]) {
					cells := splitCells(lines[li])
					var at *cell
					for i := range cells {
						if cells[i].text == row[c] && columns[f.Kind][indexOfCell(cells, i, lines[2])].name == col.name {
							at = &cells[i]
						}
					}
					if at == nil {
						t.Fatalf("%s row %d: no cell for %s in %q", f.Kind, r, col.name, lines[li])
					}
					ru := []rune(lines[li])
					edited := append([]string(nil), lines...)
					edited[li] = string(ru[:at.start]) + nv + string(ru[at.end:])
					text := strings.Join(edited, "\n")
					g, _, err := ParseText(f.Kind, "T.RAW", []byte(text))
					if err != nil {
						t.Errorf("%s: %s %q → %q: %v\n%s", f.Kind, col.name, row[c], nv, err, edited[li])
						continue
					}
					want := f.Table()
					want.Rows[r][c] = nv
					if got := g.Table(); !reflect.DeepEqual(got, want) {
						t.Errorf("%s: %s %q → %q read as\n%v\nwant\n%v\n%s", f.Kind, col.name, row[c], nv, got.Rows[r], want.Rows[r], edited[li])
					}
					edits++
				}
			}
		}
	}
	t.Logf("%d one-cell edits read back", edits)
}

// indexOfCell is the column an unedited line's cell i sits under.
func indexOfCell(cells []cell, i int, header string) int {
	hc := splitCells(header)
	for j := len(hc) - 1; j >= 0; j-- {
		if hc[j].start <= cells[i].start {
			return j
		}
	}
	return 0
}

// replacements are a long and a short value of a column's type, in the
// form Table prints, both different from old.
func replacements(t colType, old string) []string {
	var out []string
	add := func(v ...string) {
		for _, x := range v {
			if x != old {
				out = append(out, x)
			}
		}
	}
	switch t {
	case tString:
		add("A_MUCH_LONGER_VALUE_THAN_ANY_COLUMN_WIDTH_HERE", "X")
	case tList:
		add("ONE, TWO, A_THIRD_RATHER_LONG_NAME", "Z")
	case tInt32:
		add("-2147483648", "7")
	case tInt64, tPiece:
		add("-9223372036854775808", "8")
	case tByte:
		add("255", "1")
	case tBool:
		if old == "true" {
			add("false")
		} else {
			add("true")
		}
	case tMenuType:
		add("STANDALONE SERVER MENU (16)", "25")
	case tGameState:
		add("Main Menu Mod (6)", "7")
	}
	return out
}

func fixtureRAWsOrNone(t *testing.T) []string {
	var out []string
	t.Run("fixtures", func(t *testing.T) { out = fixtureRAWs(t) })
	return out
}
