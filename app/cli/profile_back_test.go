package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"packsmith/backend/tl2/deploy"
	"packsmith/backend/tl2/loadorder"
	"packsmith/backend/tl2/mergepatch"
	"packsmith/backend/tl2/profiles"
	"packsmith/formats/tl2/save"
	"packsmith/internal/combinetest"
	"packsmith/internal/savetest"
)

// backFixture is three real mods, a character bound to them whose
// objects are units each of them provides, and the figures to check.
type backFixture struct {
	user, hero, sch string
	units           map[int64]int64 // object GUID → the mod providing it (0: none)
	hero0, sch0     []byte
}

func newBackFixture(t *testing.T) *backFixture {
	t.Helper()
	user, files := combinetest.UserFolder(t, combinetest.Three)
	var srcs []mergepatch.Source
	for i, f := range combinetest.Three {
		srcs = append(srcs, mergepatch.Source{ID: f.ID, File: files[i]})
	}
	prov, err := profiles.Providers(context.Background(), srcs)
	if err != nil {
		t.Fatal(err)
	}
	// One unit GUID per providing mod (the smallest, so the test is stable).
	pick := map[int64]int64{}
	for g, id := range prov {
		gi, _ := strconv.ParseInt(g, 10, 64)
		mi, _ := strconv.ParseInt(id, 10, 64)
		if cur, ok := pick[mi]; !ok || gi < cur {
			pick[mi] = gi
		}
	}
	if len(pick) < 2 {
		t.Fatalf("the fixtures provide units from %d mods; the test needs two", len(pick))
	}
	a, b := pick[9001], pick[9002]
	if a == 0 || b == 0 {
		t.Fatalf("no unit of Cyber new or Xover: %v", pick)
	}
	ids := []int64{9001, 9002, 9003}
	sp := savetest.Character("Hero", 0x44, save.Mod{ID: 9001, Version: 1}, save.Mod{ID: 9002, Version: 1}, save.Mod{ID: 9003, Version: 1})
	sp.Player.GUID, sp.Player.ModIDs = a, []int64{9001}
	sp.Player.Items = []savetest.Item{{Name: "Xover blade", GUID: b, ModIDs: []int64{9002}}, {Name: "Cyber cap", GUID: a, ModIDs: []int64{9001, 9003}}, {Name: "Plain boots"}}
	sp.Pets = []savetest.Unit{{Name: "Unknown beast", GUID: 77, ModIDs: ids}}
	fx := &backFixture{user: user, hero: filepath.Join(user, "modsave", "HERO_{AB12}.SVB"), sch: filepath.Join(user, "modlauncher.sch"),
		units: map[int64]int64{a: 9001, b: 9002, 77: 0}}
	fx.hero0 = savetest.File(sp)
	if err := os.MkdirAll(filepath.Dir(fx.hero), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(fx.hero, fx.hero0, 0o644); err != nil {
		t.Fatal(err)
	}
	fx.sch0, _ = os.ReadFile(fx.sch)
	return fx
}

func (fx *backFixture) read(t *testing.T) (*save.Save, []byte) {
	t.Helper()
	b, err := os.ReadFile(fx.hero)
	if err != nil {
		t.Fatal(err)
	}
	s, err := save.Parse(b, save.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s, b
}

func boundIDs(s *save.Save) []int64 {
	var out []int64
	for _, m := range s.Bound.Mods {
		out = append(out, m.ID)
	}
	return out
}

// Issue 48: three mods, a character bound to them, combine --deploy
// --move-characters, profile use back: the plain use names the
// character and leaves it; with --move-characters, nothing having been
// played, the save is byte for byte what it was. Forward again (a saved
// profile of the combined setup) restores the combined-bound bytes; then
// "played" (its bytes changed), the way back moves each object to the
// mod that provides its unit.
func TestProfileUseMovesCharactersBack(t *testing.T) {
	fx := newBackFixture(t)
	stdout, errs, code := run(t, "combine", "--dir", fx.user, "--deploy", "--move-characters", "--json")
	if code != 0 {
		t.Fatalf("combine: code %d: %s", code, errs)
	}
	var d struct {
		ID      string `json:"id"`
		Profile string `json:"profile"`
	}
	if err := json.Unmarshal([]byte(stdout), &d); err != nil {
		t.Fatalf("%v: %s", err, stdout)
	}
	x, _ := strconv.ParseInt(d.ID, 10, 64)
	s, moved := fx.read(t)
	if !slices.Equal(boundIDs(s), []int64{x}) {
		t.Fatalf("after combine: bound %v, want %d", boundIDs(s), x)
	}
	if _, errs, code := run(t, "profile", "--dir", fx.user, "save", "Combined"); code != 0 {
		t.Fatalf("profile save: %s", errs)
	}

	// Plain use: the character is named, not moved.
	_, errs, code = run(t, "profile", "--dir", fx.user, "use", d.Profile)
	if code != 0 || !strings.Contains(errs, "Hero (modsave/HERO_{AB12}.SVB): bound to "+d.ID+", now replaced by 9001, 9002, 9003") {
		t.Fatalf("plain use: code %d: %s", code, errs)
	}
	if _, b := fx.read(t); !bytes.Equal(b, moved) {
		t.Fatal("the plain use changed the save")
	}
	if b, _ := os.ReadFile(fx.sch); !bytes.Equal(b, fx.sch0) {
		t.Errorf("modlauncher.sch %q, want %q", b, fx.sch0)
	}
	// Used again with --move-characters: restored, byte for byte.
	stdout, errs, code = run(t, "profile", "--dir", fx.user, "use", d.Profile, "--move-characters")
	if code != 0 || !strings.Contains(stdout, "Hero (modsave/HERO_{AB12}.SVB): restored as it was before its move") {
		t.Fatalf("use --move-characters: code %d: %s%s", code, stdout, errs)
	}
	if _, b := fx.read(t); !bytes.Equal(b, fx.hero0) {
		t.Fatal("the character is not byte for byte what it was before the combine")
	}

	// Forward to the combined setup: restored as the combine moved it.
	if stdout, errs, code = run(t, "profile", "--dir", fx.user, "use", "Combined", "--move-characters"); code != 0 || !strings.Contains(stdout, "restored") {
		t.Fatalf("use Combined: code %d: %s%s", code, stdout, errs)
	}
	if _, b := fx.read(t); !bytes.Equal(b, moved) {
		t.Fatal("forward again: not the bytes the combine wrote")
	}
	fx.played(t)
	if stdout, errs, code = run(t, "profile", "--dir", fx.user, "use", d.Profile, "--move-characters"); code != 0 || !strings.Contains(stdout, "moved from mod "+d.ID+" to 9001, 9002, 9003") {
		t.Fatalf("use back after play: code %d: %s%s", code, stdout, errs)
	}
	fx.checkPerObject(t, x)
}

// played changes the save as a game played would (its unparsed part).
func (fx *backFixture) played(t *testing.T) {
	t.Helper()
	s, _ := fx.read(t)
	c := *s.Container
	c.Body = append(append([]byte(nil), c.Body...), 'P')
	if err := os.WriteFile(fx.hero, c.Encode(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// checkPerObject: bound to the three, each object holding the mod that
// provides its unit (the first of the three when none does), none x.
func (fx *backFixture) checkPerObject(t *testing.T, x int64) {
	t.Helper()
	s, _ := fx.read(t)
	if !slices.Equal(boundIDs(s), []int64{9001, 9002, 9003}) {
		t.Errorf("bound %v, want the three", boundIDs(s))
	}
	for _, o := range s.Objects {
		if slices.Contains(o.IDs, x) {
			t.Errorf("%s %q still holds the combined mod's id", o.Kind, o.Name)
		}
		if len(o.IDs) == 0 {
			continue
		}
		want := fx.units[o.GUID]
		if want == 0 {
			want = 9001
		}
		if o.IDs[0] != want || len(o.IDs) != 1 {
			t.Errorf("%s %q (GUID %d) holds %v, want [%d]", o.Kind, o.Name, o.GUID, o.IDs, want)
		}
	}
}

// A profile of the combined setup puts its build back when the mods
// folder lost it, from the copy the profile keeps.
func TestProfileUseRedeploysCombinedBuild(t *testing.T) {
	fx := newBackFixture(t)
	stdout, errs, code := run(t, "combine", "--dir", fx.user, "--deploy", "--json")
	if code != 0 {
		t.Fatalf("combine: code %d: %s", code, errs)
	}
	var d struct {
		Deployed string `json:"deployed"`
		Profile  string `json:"profile"`
	}
	if err := json.Unmarshal([]byte(stdout), &d); err != nil {
		t.Fatal(err)
	}
	want, _ := os.ReadFile(d.Deployed)
	if _, errs, code := run(t, "profile", "--dir", fx.user, "save", "Combined"); code != 0 {
		t.Fatalf("profile save: %s", errs)
	}
	if _, errs, code := run(t, "profile", "--dir", fx.user, "use", d.Profile); code != 0 {
		t.Fatalf("use back: %s", errs)
	}
	if err := os.Remove(d.Deployed); err != nil {
		t.Fatal(err)
	}
	stdout, errs, code = run(t, "profile", "--dir", fx.user, "use", "Combined")
	if code != 0 || !strings.Contains(stdout, "Put the profile's combined build back: "+d.Deployed) {
		t.Fatalf("use Combined: code %d: %s%s", code, stdout, errs)
	}
	if got, _ := os.ReadFile(d.Deployed); !bytes.Equal(got, want) {
		t.Errorf("the combined build put back is not the one saved (%d bytes, want %d)", len(got), len(want))
	}
	st, err := loadorder.Open(context.Background(), loadorder.Options{UserDir: fx.user})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if h, err := deploy.ReadHeader(d.Deployed); err != nil || !slices.Equal(st.Order(), []int64{h.ModID}) {
		t.Errorf("modlauncher.sch lists %v, want the combined mod alone (%v)", st.Order(), err)
	}
}

// The combine's text names the way back for a moved character: the
// profile the setup before was kept as, with --move-characters (not a
// backup id alone, which restores the save but not the load order).
func TestCombineTextNamesTheWayBack(t *testing.T) {
	fx := newBackFixture(t)
	stdout, errs, code := run(t, "combine", "--dir", fx.user, "--deploy", "--move-characters")
	if code != 0 {
		t.Fatalf("combine: code %d: %s", code, errs)
	}
	if !strings.Contains(stdout, "character Hero (modsave/HERO_{AB12}.SVB) moved from ") ||
		!strings.Contains(stdout, "going back, packsmith profile use \"") || !strings.Contains(stdout, "\" --move-characters moves it back (backup ") {
		t.Fatalf("combine's text:\n%s", stdout)
	}
}
