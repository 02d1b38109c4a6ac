package loadorder

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"

	"packsmith/backend/tl2/loadorder/loadordertest"
	"packsmith/backend/workspace/backups"
	"packsmith/formats/tl2/mod"
)

const (
	idOverhaul  = loadordertest.IDOverhaul
	idSpeed     = loadordertest.IDSpeed
	idPortraits = loadordertest.IDPortraits
	idBroken    = loadordertest.IDBroken
	idAddon     = loadordertest.IDAddon
	idLower     = loadordertest.IDLower
	idGhost     = loadordertest.IDGhost
	idCopy      = loadordertest.IDCopyA
	idOld       = loadordertest.IDOld
	idTextures  = loadordertest.IDTextures
	idNested    = loadordertest.IDNested
)

func standard(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	if err := loadordertest.WriteStandard(dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

func open(t testing.TB, o Options) *State {
	t.Helper()
	s, err := Open(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// official is modlauncher.sch as the official launcher writes it for ids,
// built from the format facts (tl2-notes §6): UTF-16LE with the BOM FF FE,
// CRLF after every line, [MODS], a tab + <INTEGER64>MODGUID:<signed
// decimal> line per mod, [/MODS].
func official(ids ...int64) []byte {
	text := "[MODS]\r\n"
	for _, id := range ids {
		text += "\t<INTEGER64>MODGUID:" + strconv.FormatInt(id, 10) + "\r\n"
	}
	text += "[/MODS]\r\n"
	b := []byte{0xFF, 0xFE}
	for _, u := range utf16.Encode([]rune(text)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return b
}

func utf16File(text string) []byte {
	b := []byte{0xFF, 0xFE}
	for _, u := range utf16.Encode([]rune(text)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return b
}

func rowByTitle(t *testing.T, v *View, title string) *Mod {
	t.Helper()
	for i := range v.Mods {
		if v.Mods[i].Title == title {
			return &v.Mods[i]
		}
	}
	t.Fatalf("no row %q", title)
	return nil
}

func codes(m *Mod) []string {
	var out []string
	for _, p := range m.Problems {
		out = append(out, p.Code)
	}
	return out
}

func problem(t *testing.T, m *Mod, code string) Problem {
	t.Helper()
	for _, p := range m.Problems {
		if p.Code == code {
			return p
		}
	}
	t.Fatalf("%q: no %s problem; has %v", m.Title, code, codes(m))
	return Problem{}
}

func TestStandardFolder(t *testing.T) {
	dir := standard(t)
	s := open(t, Options{UserDir: dir})
	v := s.View()

	// The order is the file's; then the inactive mods by title.
	var titles []string
	for _, m := range v.Mods {
		p := "-"
		if m.Active {
			p = strconv.Itoa(m.Place)
		}
		titles = append(titles, p+" "+m.Title)
	}
	want := []string{
		"1 Grand Overhaul", "2 Faster Pets", "3 HD Portraits", "4 Broken Hash", "5 Overhaul Addon",
		"6 Lowercase Icons", "7 (no mod file)", "8 Copy Cat", "9 Old Library",
		"- Copy Cat (old download)", "- Nested Too Deep", "- Shared Textures", "- Stray In User Folder",
	}
	if strings.Join(titles, "|") != strings.Join(want, "|") {
		t.Fatalf("rows:\n got %q\nwant %q", titles, want)
	}
	if v.Limit != 10 || len(v.Order) != 9 || v.Order[0] != strconv.FormatInt(idOverhaul, 10) || v.Dirty || v.CanUndo {
		t.Fatalf("view head: %+v", v)
	}

	// Header fields.
	o := rowByTitle(t, v, "Grand Overhaul")
	if o.ID != idOverhaul || o.Author != "Runa" || o.Version != 5 || o.Files != 4 || o.Rel != "Overhaul/OVERHAUL.MOD" ||
		o.Where != WhereMods || !o.Loaded || o.Size <= 0 || len(o.Problems) != 0 {
		t.Fatalf("overhaul row: %+v", o)
	}
	if fi, err := os.Stat(o.File); err != nil || fi.Size() != o.Size {
		t.Fatalf("size %d vs %v %v", o.Size, fi, err)
	}

	// Every problem, on its row, in words.
	checks := []struct {
		title, code, sev string
		msg              string // regexp
	}{
		{"Broken Hash", ProbRollingHash, SevError, `rollingHash \(stored 0x[0-9A-F]{8}, computed 0x[0-9A-F]{8}\): the game silently drops the whole mod`},
		{"Lowercase Icons", ProbLowerCase, SevError, `MEDIA/UI/ICONS/qljx_f\.dds has lower-case letters: the game looks files up in upper case and never finds it \(a texture`},
		{"(no mod file)", ProbMissingFile, SevError, `place 7, id 31337\), but no \.MOD in the mods folder has this id: the game skips it`},
		{"Copy Cat", ProbDuplicateID, SevError, `same mod id 555 \(CopyB/COPY \(1\)\.MOD\): the game loads only one`},
		{"Copy Cat (old download)", ProbDuplicateID, SevError, `same mod id 555 \(CopyA/COPY\.MOD\)`},
		{"Overhaul Addon", ProbReqMissing, SevError, `Needs "Missing Library" \(id 999\), which is not in the mods folder`},
		{"Overhaul Addon", ProbReqTooOld, SevError, `Needs "Old Library" version 3 or newer; the installed one is version 2`},
		{"Overhaul Addon", ProbReqBelow, SevError, `Needs "Old Library", which is listed lower \(place 9, this mod is at 5\)`},
		{"Overhaul Addon", ProbReqInactive, SevError, `Needs "Shared Textures", which is installed but not enabled`},
		{"Nested Too Deep", ProbMisplaced, SevError, `In mods.mods., a folder the game never looks in`},
		{"Stray In User Folder", ProbMisplaced, SevError, `In the user folder beside modlauncher\.sch, where the game never looks`},
		{"Faster Pets", ProbFullyOverriden, SevWarning, `Every file of this mod is also shipped by a mod listed above it`},
	}
	for _, c := range checks {
		p := problem(t, rowByTitle(t, v, c.title), c.code)
		if p.Severity != c.sev || !regexp.MustCompile(c.msg).MatchString(p.Message) {
			t.Errorf("%s %s: %+v", c.title, c.code, p)
		}
	}
	// Requirements that are met raise nothing: Overhaul is version 5 ≥ 4
	// and listed above the Addon.
	for _, p := range rowByTitle(t, v, "Overhaul Addon").Problems {
		if strings.Contains(p.Message, "Grand Overhaul") {
			t.Errorf("met requirement reported: %+v", p)
		}
	}
	for _, title := range []string{"Grand Overhaul", "HD Portraits", "Old Library", "Shared Textures"} {
		if m := rowByTitle(t, v, title); len(m.Problems) != 0 {
			t.Errorf("%s: unexpected problems %+v", title, m.Problems)
		}
	}
	if v.Problems != 8 {
		t.Errorf("rows with errors: %d, want 8", v.Problems)
	}

	// Conflicts: first listed wins; the broken mod (dropped by the game)
	// and the ghost id take no part; the lower-case name is never found.
	type cf struct {
		path   string
		winner int64
		losers []int64
	}
	wantC := []cf{
		{"MEDIA/SKILLS/FIREBALL.DAT", idOverhaul, []int64{idAddon}},
		{"MEDIA/UI/HUD.LAYOUT", idOverhaul, []int64{idPortraits}},
		{"MEDIA/UNITS/ITEMS/AXE.DAT", idOverhaul, []int64{idSpeed}},
		{"MEDIA/UNITS/ITEMS/SWORD.DAT", idOverhaul, []int64{idSpeed}},
	}
	if len(v.Conflicts) != len(wantC) {
		t.Fatalf("conflicts: %+v", v.Conflicts)
	}
	for i, c := range v.Conflicts {
		w := wantC[i]
		if c.Path != w.path || c.Winner.ID != w.winner || len(c.Losers) != len(w.losers) || c.Losers[0].ID != w.losers[0] {
			t.Errorf("conflict %d: %+v, want %+v", i, c, w)
		}
	}
	if c := v.Conflicts[1]; c.Winner.Title != "Grand Overhaul" || c.Winner.Place != 1 || c.Losers[0].Place != 3 {
		t.Errorf("conflict refs: %+v", c)
	}
	counts := map[string][4]int{ // wins, loses, unique, overridden
		"Grand Overhaul": {4, 0, 0, 0}, "Faster Pets": {0, 2, 0, 1}, "HD Portraits": {0, 1, 1, 0},
		"Overhaul Addon": {0, 1, 1, 0}, "Lowercase Icons": {0, 0, 1, 0}, "Old Library": {0, 0, 1, 0},
		"Broken Hash": {0, 0, 0, 0},
	}
	for title, w := range counts {
		m := rowByTitle(t, v, title)
		ov := 0
		if m.Overridden {
			ov = 1
		}
		if got := [4]int{m.Wins, m.Loses, m.Unique, ov}; got != w {
			t.Errorf("%s: wins/loses/unique/overridden %v, want %v", title, got, w)
		}
	}
	if rowByTitle(t, v, "Broken Hash").Loaded || rowByTitle(t, v, "(no mod file)").Loaded {
		t.Error("a mod the game drops counted as loaded")
	}
}

func TestReorderChangesWinners(t *testing.T) {
	s := open(t, Options{UserDir: standard(t)})
	if err := s.MoveTop(idSpeed); err != nil {
		t.Fatal(err)
	}
	v := s.View()
	for _, c := range v.Conflicts {
		if strings.HasPrefix(c.Path, "MEDIA/UNITS/ITEMS/") && c.Winner.ID != idSpeed {
			t.Errorf("%s won by %d after moving Faster Pets to the top", c.Path, c.Winner.ID)
		}
	}
	if m := rowByTitle(t, v, "Faster Pets"); m.Wins != 2 || m.Overridden || m.Place != 1 {
		t.Errorf("faster pets: %+v", m)
	}
	// Old Library above the Addon: no longer "lower in the order".
	if err := s.Move(idOld, 5); err != nil {
		t.Fatal(err)
	}
	for _, p := range rowByTitle(t, s.View(), "Overhaul Addon").Problems {
		if p.Code == ProbReqBelow {
			t.Errorf("still below: %+v", p)
		}
	}
	// The fixed broken hash would win HUD.LAYOUT if it were loaded; it is not.
	for _, c := range s.View().Conflicts {
		for _, l := range append([]ModRef{c.Winner}, c.Losers...) {
			if l.ID == idBroken {
				t.Errorf("dropped mod in conflict %+v", c)
			}
		}
	}
}

func TestEditing(t *testing.T) {
	s := open(t, Options{UserDir: standard(t)})
	orig := s.Order()
	steps := []struct {
		name string
		do   func() error
		want []int64
	}{
		{"enable", func() error { return s.Enable(idTextures) }, append(append([]int64{}, orig...), idTextures)},
		{"enable again is nothing", func() error { return s.Enable(idTextures) }, nil},
		{"move to 2", func() error { return s.Move(idTextures, 2) }, []int64{idOverhaul, idTextures, idSpeed, idPortraits, idBroken, idAddon, idLower, idGhost, idCopy, idOld}},
		{"move top", func() error { return s.MoveTop(idOld) }, []int64{idOld, idOverhaul, idTextures, idSpeed, idPortraits, idBroken, idAddon, idLower, idGhost, idCopy}},
		{"move bottom", func() error { return s.MoveBottom(idOld) }, []int64{idOverhaul, idTextures, idSpeed, idPortraits, idBroken, idAddon, idLower, idGhost, idCopy, idOld}},
		{"move past the end clamps", func() error { return s.Move(idOverhaul, 99) }, []int64{idTextures, idSpeed, idPortraits, idBroken, idAddon, idLower, idGhost, idCopy, idOld, idOverhaul}},
		{"disable", func() error { return s.Disable(idGhost) }, []int64{idTextures, idSpeed, idPortraits, idBroken, idAddon, idLower, idCopy, idOld, idOverhaul}},
		{"move an inactive mod enables it", func() error { return s.Move(idNested, 1) }, []int64{idNested, idTextures, idSpeed, idPortraits, idBroken, idAddon, idLower, idCopy, idOld, idOverhaul}},
		{"set order", func() error { return s.SetOrder([]int64{idSpeed, idOverhaul}) }, []int64{idSpeed, idOverhaul}},
	}
	var history [][]int64
	prev := orig
	for _, st := range steps {
		if err := st.do(); err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		want := st.want
		if want == nil {
			want = prev
		} else {
			history = append(history, prev)
		}
		if got := s.Order(); !equalIDs(got, want) {
			t.Fatalf("%s: order %v, want %v", st.name, got, want)
		}
		prev = want
	}
	if !s.Dirty() || !s.View().CanUndo || s.View().UndoWhat != "reorder" {
		t.Fatalf("dirty %v view %+v", s.Dirty(), s.View())
	}
	// Undo walks back every change, one at a time.
	for i := len(history) - 1; i >= 0; i-- {
		if _, err := s.Undo(); err != nil {
			t.Fatal(err)
		}
		if got := s.Order(); !equalIDs(got, history[i]) {
			t.Fatalf("undo %d: %v, want %v", i, got, history[i])
		}
	}
	if _, err := s.Undo(); !errors.Is(err, ErrNothingToUndo) {
		t.Fatalf("undo past the start: %v", err)
	}
	if s.Dirty() {
		t.Fatal("dirty after undoing everything")
	}

	// Errors name the mod, never panic.
	for name, err := range map[string]error{
		"enable unknown":  s.Enable(123),
		"disable unknown": s.Disable(123),
		"move unknown":    s.Move(123, 1),
		"set twice":       s.SetOrder([]int64{idSpeed, idSpeed}),
		"set unknown":     s.SetOrder([]int64{123}),
	} {
		if err == nil || !strings.Contains(err.Error(), "123") && !strings.Contains(err.Error(), "twice") {
			t.Errorf("%s: %v", name, err)
		}
	}
	if s.Dirty() {
		t.Fatal("a failed edit changed the order")
	}
}

func TestFind(t *testing.T) {
	s := open(t, Options{UserDir: standard(t)})
	ok := map[string]int64{
		"42":                      idAddon,
		"-4629700416936869888":    idOverhaul,
		"ADDON.MOD":               idAddon,
		"addon.mod":               idAddon,
		"Addon":                   idAddon,
		`Addon\ADDON.MOD`:         idAddon,
		"addon/addon.mod":         idAddon,
		"grand overhaul":          idOverhaul,
		"  Faster Pets ":          idSpeed,
		"Portraits.MOD":           idPortraits,
		"31337":                   idGhost, // listed, no file
		"Copy Cat":                idCopy,
		"copy (1).mod":            idCopy,
		"Copy Cat (old download)": idCopy,
	}
	for q, want := range ok {
		got, err := s.Find(q)
		if err != nil || got != want {
			t.Errorf("Find(%q) = %d, %v; want %d", q, got, err, want)
		}
	}
	if _, err := s.Find("no such thing"); !errors.Is(err, ErrNotFound) {
		t.Errorf("unknown: %v", err)
	}
	if _, err := s.Find("123"); !errors.Is(err, ErrNotFound) {
		t.Errorf("unknown id: %v", err)
	}
	if _, err := s.Find(""); !errors.Is(err, ErrNotFound) {
		t.Errorf("empty: %v", err)
	}
}

func TestFindAmbiguous(t *testing.T) {
	dir := t.TempDir()
	err := loadordertest.Write(dir, []loadordertest.Spec{
		{Rel: "mods/a/SAME.MOD", Title: "Same Title", ID: 1, Files: []string{"MEDIA/A.DAT"}},
		{Rel: "mods/b/SAME.MOD", Title: "Same Title", ID: 2, Files: []string{"MEDIA/B.DAT"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	s := open(t, Options{UserDir: dir})
	for _, q := range []string{"same.mod", "Same Title"} {
		if _, err := s.Find(q); !errors.Is(err, ErrAmbiguous) || !strings.Contains(err.Error(), "a/SAME.MOD (id 1)") {
			t.Errorf("Find(%q): %v", q, err)
		}
	}
	if id, err := s.Find("b/same.mod"); err != nil || id != 2 {
		t.Errorf("by relative path: %d %v", id, err)
	}
}

func TestSaveNewFileIsOfficial(t *testing.T) {
	dir := t.TempDir()
	if err := loadordertest.Write(dir, loadordertest.Standard()); err != nil {
		t.Fatal(err)
	}
	s := open(t, Options{UserDir: dir})
	if v := s.View(); v.SchExists || len(v.Order) != 0 {
		t.Fatalf("no file yet: %+v", v)
	}
	for _, id := range []int64{idOverhaul, idBroken, idSpeed} {
		if err := s.Enable(id); err != nil {
			t.Fatal(err)
		}
	}
	res, err := s.Save()
	if err != nil {
		t.Fatal(err)
	}
	if !res.Written || res.Backup != "" || res.Path != filepath.Join(dir, SchName) {
		t.Fatalf("result %+v", res)
	}
	got, _ := os.ReadFile(res.Path)
	if want := official(idOverhaul, idBroken, idSpeed); !bytes.Equal(got, want) {
		t.Fatalf("written:\n% X\nwant\n% X", got, want)
	}
	// An empty list is the two section lines.
	if err := s.SetOrder(nil); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Save(); err != nil {
		t.Fatal(err)
	}
	got, _ = os.ReadFile(res.Path)
	if want := official(); !bytes.Equal(got, want) {
		t.Fatalf("empty list written as\n% X\nwant\n% X", got, want)
	}
}

func TestSaveEditedOfficialFileIsOfficial(t *testing.T) {
	dir := standard(t)
	path := filepath.Join(dir, SchName)
	if b, _ := os.ReadFile(path); !bytes.Equal(b, official(loadordertest.StandardOrder()...)) {
		t.Fatal("the generator does not write the official form")
	}
	s := open(t, Options{UserDir: dir})
	s.MoveTop(idSpeed)
	s.Disable(idGhost)
	s.Enable(idTextures)
	res, err := s.Save()
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	if want := official(s.Order()...); !bytes.Equal(got, want) {
		t.Fatalf("edited file is not what the launcher writes:\n% X\nwant\n% X", got, want)
	}
	// The backup holds the old bytes, in the backups folder of the
	// user's cache; nothing but modlauncher.sch is left in the user folder.
	if !strings.HasPrefix(res.Backup, backups.Dir()+string(filepath.Separator)) || res.BackupID == "" ||
		!regexp.MustCompile(`^modlauncher\.sch-[0-9a-f]{8}/\d{8}-\d{6}\.\d{6}-\d+\.modlauncher\.sch$`).MatchString(res.BackupID) {
		t.Fatalf("backup %q, id %q", res.Backup, res.BackupID)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 3 { // STRAY.MOD, mods/ and modlauncher.sch
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		t.Fatalf("user folder holds %v", names)
	}
	old, _ := os.ReadFile(res.Backup)
	if !bytes.Equal(old, official(loadordertest.StandardOrder()...)) {
		t.Fatal("backup does not hold the old file")
	}
	// Read back: the order is what was saved.
	s2 := open(t, Options{UserDir: dir})
	if !equalIDs(s2.Order(), s.Order()) || s2.Dirty() {
		t.Fatalf("read back %v, saved %v", s2.Order(), s.Order())
	}
}

// A file written by hand or another launcher: comments, other sections,
// LF endings, lower-case tags, no final newline.
const oddSch = "; my list\n[SETTINGS]\r\nFOO=1\r\n[/SETTINGS]\r\n[mods]\r\n" +
	"  <integer64>modguid:42\n" +
	"\t<INTEGER64>MODGUID:-4629700416936869888\r\n" +
	"\t; a comment inside\r\n" +
	"\t<INTEGER64>MODGUID:42\r\n" + // listed twice
	"[/MODS]\r\n" +
	"trailing line without newline"

func TestUnchangedFileRoundTrips(t *testing.T) {
	for name, content := range map[string][]byte{
		"official": official(loadordertest.StandardOrder()...),
		"odd":      utf16File(oddSch),
		"empty":    official(),
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			if err := loadordertest.Write(dir, loadordertest.Standard()); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, SchName)
			os.WriteFile(path, content, 0o644)
			s := open(t, Options{UserDir: dir})
			// no edit, and an edit that is undone by another
			for round := 0; round < 2; round++ {
				if round == 1 {
					s.MoveBottom(idAddon)
					s.Disable(idAddon)
					s.Undo()
					s.Undo()
				}
				if s.Dirty() {
					t.Fatalf("round %d: dirty %v", round, s.Order())
				}
				res, err := s.Save()
				if err != nil {
					t.Fatal(err)
				}
				if res.Written || res.Backup != "" {
					t.Fatalf("round %d: an unchanged list was written: %+v", round, res)
				}
				got, _ := os.ReadFile(path)
				if !bytes.Equal(got, content) {
					t.Fatalf("round %d: file changed", round)
				}
			}
			if baks, _ := filepath.Glob(filepath.Join(dir, "*.bak")); len(baks) != 0 {
				t.Fatalf("backups made: %v", baks)
			}
		})
	}
}

func TestSaveKeepsUnknownLines(t *testing.T) {
	dir := t.TempDir()
	if err := loadordertest.Write(dir, loadordertest.Standard()); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, SchName)
	os.WriteFile(path, utf16File(oddSch), 0o644)
	s := open(t, Options{UserDir: dir})
	if got := s.Order(); !equalIDs(got, []int64{idAddon, idOverhaul}) {
		t.Fatalf("order %v", got)
	}
	if p := problem(t, rowByTitle(t, s.View(), "Overhaul Addon"), ProbListedTwice); !strings.Contains(p.Message, "places 1, 3") {
		t.Errorf("listed twice: %+v", p)
	}
	s.MoveTop(idOverhaul)
	s.Enable(idSpeed)
	if _, err := s.Save(); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	want := utf16File("; my list\n[SETTINGS]\r\nFOO=1\r\n[/SETTINGS]\r\n[mods]\r\n" +
		"\t<INTEGER64>MODGUID:-4629700416936869888\r\n" +
		"\t<INTEGER64>MODGUID:42\r\n" +
		"\t; a comment inside\r\n" +
		"\t<INTEGER64>MODGUID:1234567890123456789\r\n" +
		"[/MODS]\r\n" +
		"trailing line without newline")
	if !bytes.Equal(got, want) {
		t.Fatalf("got\n%q\nwant\n%q", decode(got), decode(want))
	}
}

func decode(b []byte) string {
	u := make([]uint16, (len(b)-2)/2)
	for i := range u {
		u[i] = uint16(b[2+2*i]) | uint16(b[3+2*i])<<8
	}
	return string(utf16.Decode(u))
}

func TestSaveRefusesChangedOrBrokenFile(t *testing.T) {
	dir := standard(t)
	path := filepath.Join(dir, SchName)
	s := open(t, Options{UserDir: dir})
	s.MoveTop(idSpeed)
	os.WriteFile(path, official(idAddon), 0o644) // the official launcher saved meanwhile
	if _, err := s.Save(); !errors.Is(err, ErrChangedOnDisk) {
		t.Fatalf("save over a changed file: %v", err)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, official(idAddon)) {
		t.Fatal("the other program's file was overwritten")
	}

	// A file that does not parse: shown, never overwritten.
	bad := utf16File("[MODS]\r\n\t<INTEGER64>MODGUID:12x\r\n[/MODS]\r\n")
	os.WriteFile(path, bad, 0o644)
	s = open(t, Options{UserDir: dir})
	v := s.View()
	if !strings.Contains(v.SchError, "modlauncher.sch: sch: line 2 (offset 18)") || !strings.Contains(v.SchError, `"12x"`) {
		t.Fatalf("sch error %q", v.SchError)
	}
	s.Enable(idSpeed)
	if _, err := s.Save(); err == nil || !strings.Contains(err.Error(), "could not be read") {
		t.Fatalf("save over an unreadable file: %v", err)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, bad) {
		t.Fatal("unreadable file overwritten")
	}
}

func TestLimit(t *testing.T) {
	dir := t.TempDir()
	specs := loadordertest.Many(13, 4)
	if err := loadordertest.Write(dir, specs); err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for _, sp := range specs[:12] {
		ids = append(ids, sp.ID)
	}
	// A ghost id does not count against the limit: the game finds no mod.
	ids = append(ids[:3], append([]int64{31337}, ids[3:]...)...)
	if err := loadordertest.WriteSch(filepath.Join(dir, SchName), ids); err != nil {
		t.Fatal(err)
	}
	s := open(t, Options{UserDir: dir})
	v := s.View()
	var over []int
	for _, m := range v.Mods {
		for _, p := range m.Problems {
			if p.Code == ProbOverLimit {
				over = append(over, m.Place)
				if !strings.Contains(p.Message, "active mod number") || !strings.Contains(p.Message, "at most 10 mods") {
					t.Errorf("message %q", p.Message)
				}
			}
		}
		if m.Active && m.Where == WhereMods && m.Loaded != (m.Place <= 11) {
			t.Errorf("place %d loaded=%v", m.Place, m.Loaded)
		}
	}
	if len(over) != 2 || over[0] != 12 || over[1] != 13 {
		t.Fatalf("over the limit at places %v, want [12 13]", over)
	}
	// Neighbouring bulk mods share files: the first listed wins them.
	if len(v.Conflicts) == 0 {
		t.Fatal("no conflicts among bulk mods")
	}
	for _, c := range v.Conflicts {
		if c.Winner.Place >= c.Losers[0].Place {
			t.Errorf("winner below loser: %+v", c)
		}
	}
	// Limit is an option.
	if v := open(t, Options{UserDir: dir, Limit: 100}).View(); v.Problems != 1 { // only the ghost
		t.Errorf("limit 100: %d rows with errors", v.Problems)
	}
}

func TestInstallFolderAndCaseInsensitiveNames(t *testing.T) {
	root := t.TempDir()
	user := filepath.Join(root, "Torchlight 2")
	install := filepath.Join(root, "Torchlight II")
	err := loadordertest.Write(root, []loadordertest.Spec{
		{Rel: "Torchlight 2/MODS/One/one.Mod", Title: "One", ID: 1, Files: []string{"MEDIA/A.DAT"}},
		{Rel: "Torchlight II/mods/MyProject/EDITORMOD.MOD", Title: "EDITOR", ID: 2, Files: []string{"MEDIA/B.DAT"}},
		{Rel: "Torchlight II/LOOSE.MOD", Title: "Loose", ID: 3, Files: []string{"MEDIA/C.DAT"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(user, "ModLauncher.SCH"), official(2, 1), 0o644)
	os.WriteFile(filepath.Join(user, "MODS", "notes.txt"), []byte("not a mod"), 0o644)
	s := open(t, Options{UserDir: user, InstallDir: install})
	v := s.View()
	if filepath.Base(v.SchPath) != "ModLauncher.SCH" || filepath.Base(v.ModsDir) != "MODS" {
		t.Fatalf("paths %s %s", v.SchPath, v.ModsDir)
	}
	if len(v.Mods) != 4 {
		t.Fatalf("rows %+v", v.Mods)
	}
	ed := v.Mods[0] // id 2 is listed first; its only file is in the install folder
	if ed.Where != WhereNone || !strings.Contains(problem(t, &ed, ProbMissingFile).Message, "EDITORMOD.MOD, where the game never looks") {
		t.Errorf("editor build row %+v", ed)
	}
	if m := &v.Mods[2]; m.Title != "EDITOR" || m.Where != WhereInstall || !strings.Contains(problem(t, m, ProbMisplaced).Message, "install folder") {
		t.Errorf("install row %+v", m)
	}
	if m := rowByTitle(t, v, "Loose"); m.Where != WhereInstall || m.Rel != "LOOSE.MOD" {
		t.Errorf("loose row %+v", m)
	}
	if m := rowByTitle(t, v, "One"); !m.Active || m.Place != 2 || m.Rel != "One/one.Mod" || len(m.Problems) != 0 {
		t.Errorf("one %+v", m)
	}
	// Saving keeps the file's own name.
	s.MoveTop(1)
	if res, err := s.Save(); err != nil || filepath.Base(res.Path) != "ModLauncher.SCH" {
		t.Fatalf("%+v %v", res, err)
	}
	if _, err := os.Stat(filepath.Join(user, SchName)); err == nil && !sameFile(filepath.Join(user, SchName), filepath.Join(user, "ModLauncher.SCH")) {
		t.Fatal("a second modlauncher.sch was made beside ModLauncher.SCH")
	}
}

func sameFile(a, b string) bool {
	x, err1 := os.Stat(a)
	y, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(x, y)
}

func TestUnreadableMods(t *testing.T) {
	dir := standard(t)
	mods := filepath.Join(dir, "mods")
	os.WriteFile(filepath.Join(mods, "EMPTY.MOD"), nil, 0o644)
	os.WriteFile(filepath.Join(mods, "JUNK.MOD"), bytes.Repeat([]byte{0xFF}, 300), 0o644)
	// a real mod cut short inside its manifest
	good, _ := os.ReadFile(filepath.Join(mods, "Overhaul", "OVERHAUL.MOD"))
	os.WriteFile(filepath.Join(mods, "CUT.MOD"), good[:len(good)-20], 0o644)
	// and a header claiming a huge manifest offset
	if _, _, err := mod.ParseHeader(good); err != nil {
		t.Fatal(err)
	}
	lying := append([]byte(nil), good...)
	lying[16], lying[17], lying[18], lying[19] = 0xFF, 0xFF, 0xFF, 0x7F
	os.WriteFile(filepath.Join(mods, "LYING.MOD"), lying, 0o644)

	s := open(t, Options{UserDir: dir})
	v := s.View()
	for _, name := range []string{"EMPTY.MOD", "JUNK.MOD", "CUT.MOD", "LYING.MOD"} {
		m := rowByTitle(t, v, name)
		p := problem(t, m, ProbUnreadable)
		if m.Active || m.ID != 0 || !strings.HasPrefix(p.Message, "The game cannot read this file: ") {
			t.Errorf("%s: %+v", name, m)
		}
		t.Logf("%s: %s", name, p.Message)
	}
	if p := problem(t, rowByTitle(t, v, "CUT.MOD"), ProbUnreadable); !strings.Contains(p.Message, "offset") {
		t.Errorf("cut mod error names no offset: %s", p.Message)
	}
	// The rest of the folder is unaffected.
	if len(rowByTitle(t, v, "Grand Overhaul").Problems) != 0 || len(v.Conflicts) != 4 {
		t.Error("an unreadable file disturbed the others")
	}
}

func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := Open(context.Background(), Options{UserDir: filepath.Join(dir, "nope")}); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("missing user folder: %v", err)
	}
	f := filepath.Join(dir, "file")
	os.WriteFile(f, nil, 0o644)
	if _, err := Open(context.Background(), Options{UserDir: f}); err == nil || !strings.Contains(err.Error(), "is a file") {
		t.Errorf("user folder is a file: %v", err)
	}
	if _, err := Open(context.Background(), Options{UserDir: dir, ModsDir: filepath.Join(dir, "nomods")}); err == nil || !strings.Contains(err.Error(), "mods folder") {
		t.Errorf("missing mods folder given: %v", err)
	}
	// No mods folder yet (a fresh install): an empty list and a note.
	s := open(t, Options{UserDir: `"` + dir + `"`})
	if v := s.View(); len(v.Mods) != 0 || len(v.Notes) != 1 || v.UserDir != dir {
		t.Errorf("fresh folder: %+v", v)
	}
}

func TestModsDirElsewhere(t *testing.T) {
	root := t.TempDir()
	if err := loadordertest.Write(root, []loadordertest.Spec{
		{Rel: "elsewhere/A.MOD", Title: "A", ID: 10, Files: []string{"MEDIA/A.DAT"}},
	}); err != nil {
		t.Fatal(err)
	}
	user := filepath.Join(root, "user")
	os.MkdirAll(user, 0o755)
	s := open(t, Options{UserDir: user, ModsDir: filepath.Join(root, "elsewhere")})
	if v := s.View(); len(v.Mods) != 1 || v.Mods[0].Where != WhereMods || v.Mods[0].Rel != "A.MOD" {
		t.Fatalf("%+v", v.Mods)
	}
}

func TestDefaultUserDir(t *testing.T) {
	d, err := DefaultUserDir()
	if err != nil {
		if !errors.Is(err, ErrNoUserDir) {
			t.Fatal(err)
		}
		return
	}
	if !strings.HasSuffix(strings.ToLower(filepath.ToSlash(d)), "runic games/torchlight 2") {
		t.Errorf("default %q", d)
	}
}

// dupPathFolder: EDITOR, at place 3, lists MEDIA/UI/HUD.LAYOUT twice and
// MEDIA/SKILLS/X.DAT three times; ABOVE (place 1) ships MEDIA/SKILLS/X.DAT
// too, OTHER (place 2) shares nothing.
func dupPathFolder(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	specs := []loadordertest.Spec{
		{Rel: "mods/ABOVE.MOD", Title: "ABOVE", ID: 11, Files: []string{"MEDIA/SKILLS/X.DAT", "MEDIA/A.DAT"}},
		{Rel: "mods/OTHER.MOD", Title: "OTHER", ID: 22, Files: []string{"MEDIA/B.DAT"}},
		{Rel: "mods/EDITOR.MOD", Title: "EDITOR", ID: 33, Files: []string{
			"MEDIA/UI/HUD.LAYOUT", "MEDIA/SKILLS/X.DAT", "MEDIA/UI/HUD.LAYOUT", "MEDIA/C.DAT", "MEDIA/SKILLS/X.DAT", "MEDIA/SKILLS/X.DAT"}},
		{Rel: "mods/ONCE.MOD", Title: "ONCE", ID: 44, Files: []string{"MEDIA/UI/HUD.LAYOUT", "MEDIA/UI/HUD.LAYOUT", "MEDIA/D.DAT"}},
	}
	if err := loadordertest.Write(dir, specs); err != nil {
		t.Fatal(err)
	}
	if err := loadordertest.WriteSch(filepath.Join(dir, "modlauncher.sch"), []int64{11, 22, 33}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// A path a mod lists twice is that mod's own finding, never a conflict of
// the mod with itself.
func TestDuplicatePathIsTheModsOwnFinding(t *testing.T) {
	v := open(t, Options{UserDir: dupPathFolder(t)}).View()
	var got []string
	for _, c := range v.Conflicts {
		w := fmt.Sprintf("%s: %d. %s wins", c.Path, c.Winner.Place, c.Winner.Title)
		for _, l := range c.Losers {
			w += fmt.Sprintf(", %d. %s loses", l.Place, l.Title)
		}
		got = append(got, w)
	}
	if want := "MEDIA/SKILLS/X.DAT: 1. ABOVE wins, 3. EDITOR loses"; strings.Join(got, "; ") != want {
		t.Errorf("conflicts:\n got %q\nwant %q", got, want)
	}
	rows := map[string]Mod{}
	for _, m := range v.Mods {
		rows[m.Title] = m
	}
	ed := rows["EDITOR"]
	if ed.Files != 6 || ed.Wins != 0 || ed.Loses != 1 || ed.Unique != 2 || ed.Overridden {
		t.Errorf("EDITOR: files %d, wins %d, loses %d, unique %d, overridden %v", ed.Files, ed.Wins, ed.Loses, ed.Unique, ed.Overridden)
	}
	if len(ed.Problems) != 1 || ed.Problems[0].Code != ProbDuplicatePath || ed.Problems[0].Severity != SevWarning ||
		!strings.HasPrefix(ed.Problems[0].Message, "This .MOD lists 2 paths more than once (MEDIA/SKILLS/X.DAT 3 times, MEDIA/UI/HUD.LAYOUT twice): the game reads one copy") {
		t.Errorf("EDITOR problems: %+v", ed.Problems)
	}
	if a := rows["ABOVE"]; a.Wins != 1 || a.Loses != 0 || a.Unique != 1 || len(a.Problems) != 0 {
		t.Errorf("ABOVE: %+v", a)
	}
	// Not active: still its own finding, in the singular.
	on := rows["ONCE"]
	if len(on.Problems) != 1 || on.Problems[0].Message != "This .MOD lists MEDIA/UI/HUD.LAYOUT twice: the game reads one copy (which one is not documented) and the others only take space; `packsmith repack MOD --drop-shadowed -o OUT` keeps the copy a lookup finds." {
		t.Errorf("ONCE problems: %+v", on.Problems)
	}
	if v.Problems != 0 {
		t.Errorf("%d rows with errors", v.Problems)
	}
}
