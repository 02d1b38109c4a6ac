package profiles

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"packsmith/backend/tl2/loadorder"
	"packsmith/backend/tl2/loadorder/loadordertest"
)

// threeMods is a user folder with three active mods and a fourth inactive.
func threeMods(t *testing.T) (dir string, specs []loadordertest.Spec) {
	t.Helper()
	dir = t.TempDir()
	specs = []loadordertest.Spec{
		{Rel: "mods/A/ALPHA.MOD", Title: "Alpha", ID: 11, Version: 1, Files: []string{"MEDIA/A.DAT", "MEDIA/SHARED.DAT"}},
		{Rel: "mods/B/BETA.MOD", Title: "Beta", ID: -22, Version: 1, Files: []string{"MEDIA/B.DAT", "MEDIA/SHARED.DAT"}},
		{Rel: "mods/GAMMA.MOD", Title: "Gamma", ID: 3333333333333, Version: 1, Files: []string{"MEDIA/G.DAT"}},
		{Rel: "mods/D/DELTA.MOD", Title: "Delta", ID: 44, Version: 1, Files: []string{"MEDIA/D.DAT"}},
	}
	if err := loadordertest.Write(dir, specs); err != nil {
		t.Fatal(err)
	}
	if err := loadordertest.WriteSch(filepath.Join(dir, "modlauncher.sch"), []int64{-22, 3333333333333, 11}); err != nil {
		t.Fatal(err)
	}
	return dir, specs
}

func view(t *testing.T, dir string) *loadorder.View {
	t.Helper()
	s, err := loadorder.Open(context.Background(), loadorder.Options{UserDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	return s.View()
}

// use opens dir's load order locked and uses p.
func use(t *testing.T, dir string, p *Profile) *UseResult {
	t.Helper()
	s, err := loadorder.OpenLocked(context.Background(), loadorder.Options{UserDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	res, err := Use(context.Background(), p, s)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// Save the setup of three mods, change the load order, use the profile:
// modlauncher.sch's three lines come back byte for byte (after a backup
// of the changed file).
func TestSaveChangeUseGivesBackTheFile(t *testing.T) {
	dir, _ := threeMods(t)
	schPath := filepath.Join(dir, "modlauncher.sch")
	want, _ := os.ReadFile(schPath)
	st := Store{Dir: filepath.Join(t.TempDir(), "profiles")}
	p, err := Snapshot(context.Background(), "Main run", view(t, dir))
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Put(p); err != nil {
		t.Fatal(err)
	}
	if len(p.Mods) != 3 || p.Mods[0].ID != -22 || p.Mods[1].File != "GAMMA.MOD" || len(p.Mods[2].SHA256) != 64 {
		t.Fatalf("snapshot %+v", p.Mods)
	}

	// Another setup: Delta on, Beta off, the rest reordered.
	s, err := loadorder.OpenLocked(context.Background(), loadorder.Options{UserDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetOrder([]int64{44, 11, 3333333333333}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Save(); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if b, _ := os.ReadFile(schPath); bytes.Equal(b, want) {
		t.Fatal("the load order did not change")
	}

	got, err := st.Get("main RUN")
	if err != nil {
		t.Fatal(err)
	}
	res := use(t, dir, got)
	b, _ := os.ReadFile(schPath)
	if !bytes.Equal(b, want) {
		t.Errorf("modlauncher.sch after use:\n%q\nwant\n%q", b, want)
	}
	if !res.Save.Written || res.Save.BackupID == "" || len(res.Needs) != 0 || strings.Join(res.Order, " ") != "-22 3333333333333 11" {
		t.Errorf("use: %+v", res)
	}
	// Used again, nothing changes and nothing is written.
	if res := use(t, dir, got); res.Save.Written {
		t.Errorf("second use wrote the file: %+v", res)
	}
}

// A profile whose mod file changed says which (file and hashes) and keeps
// the mod; one whose mod is gone says so and leaves it out.
func TestUseSaysWhatChangedAndWhatIsGone(t *testing.T) {
	dir, specs := threeMods(t)
	p, err := Snapshot(context.Background(), "x", view(t, dir))
	if err != nil {
		t.Fatal(err)
	}
	// Beta rebuilt (another file list, same id); Gamma deleted.
	beta := specs[1]
	beta.Files = append(beta.Files, "MEDIA/NEW.DAT")
	if err := loadordertest.WriteMod(filepath.Join(dir, "mods/B/BETA.MOD"), beta); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "mods/GAMMA.MOD")); err != nil {
		t.Fatal(err)
	}
	res := use(t, dir, p)
	if len(res.Needs) != 2 {
		t.Fatalf("needs %+v", res.Needs)
	}
	ch, gone := res.Needs[0], res.Needs[1]
	if ch.Kind != NeedChanged || ch.ID != -22 || ch.File != "B/BETA.MOD" || !strings.Contains(ch.Message, `"Beta" (id -22) changed: B/BETA.MOD has SHA-256 `) ||
		!strings.Contains(ch.Message, p.Mods[0].SHA256[:12]) {
		t.Errorf("changed: %+v", ch)
	}
	if gone.Kind != NeedGone || gone.ID != 3333333333333 || gone.Saved != "GAMMA.MOD" || !strings.Contains(gone.Message, "is gone") {
		t.Errorf("gone: %+v", gone)
	}
	if strings.Join(res.Order, " ") != "-22 11" {
		t.Errorf("order %v", res.Order)
	}
	// Moved: the same bytes under another path.
	if err := os.Rename(filepath.Join(dir, "mods/A/ALPHA.MOD"), filepath.Join(dir, "mods/ALPHA2.MOD")); err != nil {
		t.Fatal(err)
	}
	needs, err := Needs(context.Background(), p, view(t, dir))
	if err != nil {
		t.Fatal(err)
	}
	var moved *Need
	for i := range needs {
		if needs[i].Kind == NeedMoved {
			moved = &needs[i]
		}
	}
	if moved == nil || moved.ID != 11 || moved.File != "ALPHA2.MOD" || moved.Saved != "A/ALPHA.MOD" {
		t.Errorf("moved: %+v", needs)
	}
}

func TestStoreNamesListRemove(t *testing.T) {
	st := Store{Dir: filepath.Join(t.TempDir(), "p")}
	for _, bad := range []string{"", " ", "a/b", `a\b`, "..", "x:y", "tab\there", strings.Repeat("x", 65), " lead", "dot."} {
		if err := st.Put(&Profile{Name: bad}); !errors.Is(err, ErrBadName) {
			t.Errorf("%q: %v", bad, err)
		}
	}
	if err := st.Put(&Profile{Name: "Coop"}); err != nil {
		t.Fatal(err)
	}
	if err := st.Put(&Profile{Name: "coop", Mods: []Mod{{ID: 1}}}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(st.Dir, "broken.json"), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := st.List()
	if err != nil {
		t.Fatal(err)
	}
	if len(l) != 2 || l[0].Name != "broken" || l[0].Error == "" || l[1].Name != "coop" || l[1].Mods != 1 {
		t.Errorf("list %+v", l)
	}
	if _, err := st.Get("nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("get nope: %v", err)
	}
	if err := st.Remove("COOP"); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Get("coop"); !errors.Is(err, ErrNotFound) {
		t.Errorf("after remove: %v", err)
	}
	if l, _ := (Store{Dir: filepath.Join(st.Dir, "none")}).List(); l == nil || len(l) != 0 {
		t.Errorf("empty store: %v", l)
	}
}

func TestDiff(t *testing.T) {
	m := func(id int64, sha string) Mod { return Mod{ID: id, Title: "m", File: "F.MOD", SHA256: sha} }
	a := &Profile{Name: "a", Mods: []Mod{m(1, "x"), m(2, "x"), m(3, "x"), m(4, "x")}}
	b := &Profile{Name: "b", Mods: []Mod{m(9, "x"), m(1, "x"), m(3, "y"), m(2, "x")}}
	d := Diff(a, b)
	if len(d.OnlyA) != 1 || d.OnlyA[0].ID != 4 || len(d.OnlyB) != 1 || d.OnlyB[0].ID != 9 {
		t.Errorf("only: %+v %+v", d.OnlyA, d.OnlyB)
	}
	if len(d.Moved) != 2 || d.Moved[0].ID != 3 || d.Moved[0].From != 3 || d.Moved[0].To != 3 || d.Moved[1].ID != 2 || d.Moved[1].To != 4 {
		t.Errorf("moved: %+v", d.Moved)
	}
	if len(d.Changed) != 1 || d.Changed[0].ID != 3 || d.Changed[0].A.SHA256 != "x" || d.Changed[0].B.SHA256 != "y" {
		t.Errorf("changed: %+v", d.Changed)
	}
	if d.Same() || !Diff(a, a).Same() {
		t.Error("Same")
	}
}

// CombinedSourcesOf reads the ids a combined mod's header records, and
// nothing from an ordinary mod, a file cut inside its header or garbage.
func TestCombinedSourcesOf(t *testing.T) {
	dir := t.TempDir()
	desc := loadorder.CombinedDescription([]loadorder.PatchSource{{ID: 7, Hash: "00"}, {ID: -8, Hash: "11"}})
	specs := []loadordertest.Spec{
		{Rel: "C.MOD", Title: "All", ID: 99, Files: []string{"MEDIA/C.DAT"}, Description: desc},
		{Rel: "P.MOD", Title: "Plain", ID: 5, Files: []string{"MEDIA/P.DAT"}},
	}
	if err := loadordertest.Write(dir, specs); err != nil {
		t.Fatal(err)
	}
	if ids, ok := CombinedSourcesOf(filepath.Join(dir, "C.MOD")); !ok || len(ids) != 2 || ids[0] != 7 || ids[1] != -8 {
		t.Errorf("combined: %v %v", ids, ok)
	}
	if _, ok := CombinedSourcesOf(filepath.Join(dir, "P.MOD")); ok {
		t.Error("an ordinary mod read as combined")
	}
	b, _ := os.ReadFile(filepath.Join(dir, "C.MOD"))
	for name, data := range map[string][]byte{"cut": b[:60], "garbage": bytes.Repeat([]byte{0xFF}, 64)} {
		p := filepath.Join(dir, name)
		os.WriteFile(p, data, 0o644)
		if _, ok := CombinedSourcesOf(p); ok {
			t.Errorf("%s read as combined", name)
		}
	}
}

// A combined mod whose header is an older version (3: no game version, so
// offData at byte 4) reads as combined too: the header length comes from
// where the version puts it (mod.ReadHeader), not from byte 12, which here
// holds the title's first bytes.
func TestCombinedSourcesOfOlderHeader(t *testing.T) {
	desc := loadorder.CombinedDescription([]loadorder.PatchSource{{ID: 7, Hash: "00"}, {ID: -8, Hash: "11"}})
	le := binary.LittleEndian
	ss := func(b []byte, s string) []byte {
		u := utf16.Encode([]rune(s))
		b = le.AppendUint16(b, uint16(len(u)))
		for _, c := range u {
			b = le.AppendUint16(b, c)
		}
		return b
	}
	h := le.AppendUint16(nil, 3) // version
	h = le.AppendUint16(h, 1)    // modver
	h = append(h, make([]byte, 8)...)
	for _, s := range []string{"All of them", "me", desc, "", ""} {
		h = ss(h, s)
	}
	h = le.AppendUint64(h, 99)            // mod id
	h = append(h, make([]byte, 4+8)...)   // flags, reqHash
	h = append(h, 0, 0, 0, 0)             // no REQUIRED_MODS, no REMOVE_FILES
	le.PutUint32(h[4:], uint32(len(h)))   // offData
	le.PutUint32(h[8:], uint32(len(h)+8)) // offMan: an empty data section's head, no manifest
	p := filepath.Join(t.TempDir(), "C3.MOD")
	os.WriteFile(p, append(h, make([]byte, 8)...), 0o644)
	if ids, ok := CombinedSourcesOf(p); !ok || len(ids) != 2 || ids[0] != 7 || ids[1] != -8 {
		t.Errorf("a version-3 combined mod: %v %v", ids, ok)
	}
}
