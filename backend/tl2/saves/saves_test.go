package saves

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"packsmith/backend/workspace/backups"
	"packsmith/formats/tl2/save"
	"packsmith/internal/hermetic"
	"packsmith/internal/savetest"
)

func TestMain(m *testing.M) { hermetic.Main(m) }

const (
	idA     = savetest.IDA
	idB     = savetest.IDB
	idC     = savetest.IDC
	idGhost = savetest.IDGhost
)

func userDir(t *testing.T) string {
	t.Helper()
	d := t.TempDir()
	if err := savetest.UserDir(d); err != nil {
		t.Fatal(err)
	}
	return d
}

func TestListCharacters(t *testing.T) {
	d := userDir(t)
	l, err := ListCharacters(context.Background(), Options{UserDir: d})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Character{}
	for _, c := range l.Characters {
		got[c.File] = c
	}
	if len(l.Characters) != 5 {
		t.Fatalf("%d characters: %+v", len(l.Characters), l.Characters)
	}
	hero := got["modsave/7656/HERO_{AB12}.SVB"]
	if hero.Name != "Hero" || hero.Class != "Hum_Berserker_M" || !hero.Hardcore || hero.Version != 0x44 || !hero.Modded ||
		hero.State != StatePlays || hero.Objects != 3 {
		t.Fatalf("hero %+v", hero)
	}
	want := BoundMod{ID: idA, Version: 3, Title: "Alpha", File: filepath.Join(d, "mods", "ALPHA.MOD"), Status: ModActive, Installed: 3}
	if !slices.Equal(hero.Bound, []BoundMod{want}) {
		t.Fatalf("hero bound %+v", hero.Bound)
	}
	wolf := got["modsave/7656/WOLF_{CD34}.SVB"]
	if wolf.State != StateAsks || !wolf.Bound[0].Changed || wolf.Bound[1].Status != ModDisabled || wolf.Bound[1].Title != "Beta" {
		t.Fatalf("wolf %+v", wolf)
	}
	if g := got["modsave/GONE_{EF56}.SVB"]; g.State != StateRefuses || g.Bound[0].Status != ModMissing || g.Bound[0].Title != "" {
		t.Fatalf("gone %+v", g)
	}
	if o := got["save/7656/OLD_{0001}.SVB"]; o.State != StatePlays || o.Version != 0x40 || o.Modded || len(o.Bound) != 0 {
		t.Fatalf("old %+v", o)
	}
	if b := got["save/7656/BAD_{0002}.SVB"]; b.State != StateUnreadable || b.Error == "" {
		t.Fatalf("bad %+v", b)
	}
	if !slices.Equal(l.Stash, []StashFile{{File: "save/7656/sharedstash_v2.bin", Size: 77}}) {
		t.Fatalf("stash %+v", l.Stash)
	}
}

// TestMoveAndRestore: a character moved from A to C reads back with C
// bound, no object holding A, checksum and footer right, listed as
// playing; the backup restores the old bytes exactly.
func TestMoveAndRestore(t *testing.T) {
	d := userDir(t)
	store := &backups.Store{Dir: t.TempDir()}
	p := filepath.Join(d, "modsave", "7656", "HERO_{AB12}.SVB")
	before, _ := os.ReadFile(p)
	res, err := Move(context.Background(), MoveOptions{Options: Options{UserDir: d}, Save: "Hero", From: []string{"101"}, To: "Combined", Backups: store})
	if err != nil {
		t.Fatal(err)
	}
	if res.To != "-303" || res.Objects != 3 || res.IDs != 3 || res.Left != 0 || res.State != StatePlays || res.BackupID == "" {
		t.Fatalf("result %+v", res)
	}
	after, _ := os.ReadFile(p)
	if binary.LittleEndian.Uint32(after[len(after)-4:]) != uint32(len(after)) {
		t.Fatal("footer is not the file's size")
	}
	c, err := save.Decode(after, save.Options{})
	if err != nil {
		t.Fatalf("checksum or envelope: %v", err)
	}
	if binary.LittleEndian.Uint32(after[5:]) != save.Checksum(c.Body) {
		t.Fatal("checksum")
	}
	s, err := save.ParseBody(c, save.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.Bound.Mods, []save.Mod{{ID: idC, Version: 1}}) {
		t.Fatalf("bound %v", s.Bound.Mods)
	}
	for _, o := range s.Objects {
		if slices.Contains(o.IDs, idA) {
			t.Fatalf("%s %s still holds A", o.Kind, o.Name)
		}
	}
	if _, err := store.Restore(context.Background(), res.BackupID); err != nil {
		t.Fatal(err)
	}
	if back, _ := os.ReadFile(p); !bytes.Equal(back, before) {
		t.Fatal("the restored save is not the old bytes")
	}
}

func TestMoveRefusals(t *testing.T) {
	d := userDir(t)
	store := &backups.Store{Dir: t.TempDir()}
	p := filepath.Join(d, "modsave", "7656", "WOLF_{CD34}.SVB")
	before, _ := os.ReadFile(p)
	for _, c := range []struct {
		save, from, to string
		want           error
	}{
		{"Wolf", "101", "31337", ErrUnknownMod},
		{"Wolf", "303", "Combined", save.ErrNotBound},
		{"Nobody", "101", "Combined", ErrNoSuchSave},
		{"OLD_{0001}", "101", "Combined", save.ErrNoModLists},
	} {
		_, err := Move(context.Background(), MoveOptions{Options: Options{UserDir: d}, Save: c.save, From: []string{c.from}, To: c.to, Backups: store})
		if !errors.Is(err, c.want) {
			t.Errorf("%+v: %v", c, err)
		}
	}
	if after, _ := os.ReadFile(p); !bytes.Equal(after, before) {
		t.Fatal("a refused move changed the save")
	}
	if l, _ := store.List(); len(l) != 0 {
		t.Fatalf("a refused move left %d backups", len(l))
	}
}

func TestCancelled(t *testing.T) {
	d := userDir(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ListCharacters(ctx, Options{UserDir: d}); !errors.Is(err, context.Canceled) {
		t.Fatalf("list: %v", err)
	}
	p := filepath.Join(d, "modsave", "7656", "HERO_{AB12}.SVB")
	before, _ := os.ReadFile(p)
	if _, err := Move(ctx, MoveOptions{Options: Options{UserDir: d}, Save: p, From: []string{"101"}, To: "-303"}); !errors.Is(err, context.Canceled) {
		t.Fatalf("move: %v", err)
	}
	if after, _ := os.ReadFile(p); !bytes.Equal(after, before) {
		t.Fatal("a cancelled move changed the save")
	}
}

// readBack refuses bytes that do not keep a move's promises: here, the
// save as it was (A still bound and held) and a save cut short.
func TestReadBackRefuses(t *testing.T) {
	b := savetest.File(savetest.Character("Hero", 0x44, save.Mod{ID: idA, Version: 3}))
	old, err := save.Parse(b, save.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := readBack(old, b, save.Rebind{From: []int64{idA}, To: []save.Mod{{ID: idC}}}); !errors.Is(err, ErrReadBack) {
		t.Fatalf("unmoved: %v", err)
	}
	c, _, err := old.Rebind(save.Rebind{From: []int64{idA}, To: []save.Mod{save.Mod{ID: idC, Version: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	good := c.Encode()
	if err := readBack(old, good, save.Rebind{From: []int64{idA}, To: []save.Mod{{ID: idC}}}); err != nil {
		t.Fatalf("moved: %v", err)
	}
	c.Body = c.Body[:len(c.Body)-len("maps")]
	if err := readBack(old, c.Encode(), save.Rebind{From: []int64{idA}, To: []save.Mod{{ID: idC}}}); !errors.Is(err, ErrReadBack) {
		t.Fatalf("rest cut: %v", err)
	}
}
