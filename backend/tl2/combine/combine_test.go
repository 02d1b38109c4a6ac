package combine

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"packsmith/backend/sys/filehash"
	"packsmith/backend/tl2/loadorder"
	"packsmith/backend/tl2/loadorder/loadordertest"
	"packsmith/backend/tl2/mergepatch"
	"packsmith/backend/tl2/modpack"
	"packsmith/backend/tl2/profiles"
	"packsmith/backend/tl2/saves"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/raw"
	"packsmith/formats/tl2/save"
	"packsmith/internal/combinetest"
	"packsmith/internal/mergetest"
	"packsmith/internal/savetest"
	"packsmith/internal/tl2test"
)

func read(t testing.TB, r *mod.Reader, e *mod.Entry) []byte {
	t.Helper()
	b, err := r.ReadEntry(e, 1<<28)
	if err != nil {
		t.Fatalf("%s: %v", e.Path, err)
	}
	return b
}

// firstWins maps every file path the mods ship to the bytes the game
// loads: the first mod in load order shipping it.
func firstWins(t testing.TB, files []string) map[string][]byte {
	t.Helper()
	want := map[string][]byte{}
	for _, p := range files {
		r := tl2test.OpenMod(t, p)
		for i := range r.Entries {
			e := &r.Entries[i]
			up := mod.UpperName(e.Path)
			if _, ok := want[up]; ok || e.Type == mod.TypeFolder || rawIndex(up) {
				continue
			}
			want[up] = read(t, r, e)
		}
	}
	return want
}

// Without the game's data, a combined mod of the three real mods holds,
// entry by entry, the bytes the game loads from them (the first in load
// order), says once that the shared text is the winner's, and records its
// constituents and their hashes in its header.
func TestCombineThreeFixtures(t *testing.T) {
	user, files := combinetest.UserFolder(t, combinetest.Three)
	out := filepath.Join(t.TempDir(), "C.MOD")
	rep, err := Build(context.Background(), Options{UserDir: user, Output: out})
	if err != nil {
		t.Fatal(err)
	}
	want := firstWins(t, files)
	c := tl2test.OpenMod(t, out)
	fs, err := c.Verify(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fs {
		if f.Severity != mod.SevInfo {
			t.Errorf("verify: %+v", f)
		}
	}
	got := map[string]bool{}
	for i := range c.Entries {
		e := &c.Entries[i]
		up := mod.UpperName(e.Path)
		if e.Type == mod.TypeFolder || rawIndex(up) {
			continue
		}
		if got[up] {
			t.Errorf("%s listed twice", up)
		}
		got[up] = true
		w, ok := want[up]
		if !ok {
			t.Errorf("%s: in the combined mod, in none of the three", up)
		} else if b := read(t, c, e); !bytes.Equal(b, w) {
			t.Errorf("%s: %d bytes, the game loads %d other bytes", up, len(b), len(w))
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d files, the three give the game %d", len(got), len(want))
	}
	if rep.Shared == 0 || rep.Unmerged == "" || len(rep.Files) != 0 {
		t.Errorf("shared %d, unmerged %q, merged %d: want the winner's text, said once", rep.Shared, rep.Unmerged, len(rep.Files))
	}
	if h, err := loadorder.FileHash(out); err != nil || h != rep.SHA256 {
		t.Errorf("report's hash %s, the file's %s (%v)", rep.SHA256, h, err)
	}
	if c.Header.ModID != rep.ID || c.Header.Title != DefaultTitle {
		t.Errorf("header id %d title %q, want %d %q", c.Header.ModID, c.Header.Title, rep.ID, DefaultTitle)
	}
	srcs, ok := Recorded(c.Header.Description)
	if !ok || len(srcs) != 3 {
		t.Fatalf("description %q records %v", c.Header.Description, srcs)
	}
	for i, s := range srcs {
		if s.ID != combinetest.Three[i].ID || s.Hash != rep.Sources[i].Hash || len(s.Hash) != 16 {
			t.Errorf("source %d recorded %+v, want id %d hash %s", i, s, combinetest.Three[i].ID, rep.Sources[i].Hash)
		}
	}
	if rep.Copied != len(want) || rep.Entries <= rep.Copied {
		t.Errorf("copied %d of %d entries, want the %d files the mods give", rep.Copied, rep.Entries, len(want))
	}
}

// The combined mod's RAW indices hold each file's records once, from the
// mod the game reads it from.
func TestCombinedIndicesOnce(t *testing.T) {
	user, files := combinetest.UserFolder(t, combinetest.Three)
	out := filepath.Join(t.TempDir(), "C.MOD")
	if _, err := Build(context.Background(), Options{UserDir: user, Output: out}); err != nil {
		t.Fatal(err)
	}
	c := tl2test.OpenMod(t, out)
	owner := map[string]int{}
	for i, p := range files {
		for _, e := range tl2test.OpenMod(t, p).Entries {
			if _, ok := owner[mod.UpperName(e.Path)]; !ok {
				owner[mod.UpperName(e.Path)] = i
			}
		}
	}
	checked := 0
	for _, k := range raw.Kinds {
		got := index(t, c, k)
		if got == nil {
			continue
		}
		// What each mod's own index lists per file.
		own := make([]map[string]int, len(files))
		for i, p := range files {
			own[i] = map[string]int{}
			if f := index(t, tl2test.OpenMod(t, p), k); f != nil {
				for _, fp := range recordFiles(f) {
					own[i][mod.UpperName(fp)]++
				}
			}
		}
		seen := map[string]int{}
		for _, fp := range recordFiles(got) {
			seen[mod.UpperName(fp)]++
		}
		for fp, n := range seen {
			i, shipped := owner[fp]
			if !shipped {
				continue
			}
			if n != own[i][fp] {
				t.Errorf("%s: %s listed %d times, its winner (%s) lists it %d times", k.FileName(), fp, n, combinetest.Three[i].Title, own[i][fp])
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no RAW record checked")
	}
}

func index(t testing.TB, r *mod.Reader, k raw.Kind) *raw.File {
	t.Helper()
	e, ok := r.Lookup("MEDIA/" + k.FileName())
	if !ok {
		return nil
	}
	f, err := raw.Decode(k, read(t, r, e))
	if err != nil {
		t.Fatalf("%s: %v", k.FileName(), err)
	}
	return f
}

func recordFiles(f *raw.File) []string {
	var out []string
	modpack.AppendRecords(&raw.File{}, f, func(p string) bool { out = append(out, p); return false })
	return out
}

// Deploying the combined mod of the three real mods: modlauncher.sch
// lists its one line instead of three; the profile saved before gives the
// three lines back byte for byte; a character bound to two of them is
// named, moved, and reads back bound to the combined mod alone.
func TestDeployThreeAndBack(t *testing.T) {
	user, files := combinetest.UserFolder(t, combinetest.Three)
	schPath := filepath.Join(user, "modlauncher.sch")
	before, err := os.ReadFile(schPath)
	if err != nil {
		t.Fatal(err)
	}
	hero := filepath.Join(user, "modsave", "7656", "HERO_{AB12}.SVB")
	if err := os.MkdirAll(filepath.Dir(hero), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(hero, savetest.File(savetest.Character("Hero", 0x44, save.Mod{ID: combinetest.Three[0].ID, Version: 1}, save.Mod{ID: combinetest.Three[2].ID, Version: 1})), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	d, err := Deploy(ctx, Options{UserDir: user}, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Characters) != 1 || d.Characters[0].Name != "Hero" || !slices.Equal(d.Characters[0].Mods, []string{"9001", "9003"}) || !d.Characters[0].Moved {
		t.Errorf("characters %+v, want Hero bound to 9001 and 9003, moved", d.Characters)
	}
	st, err := loadorder.Open(ctx, loadorder.Options{UserDir: user})
	if err != nil {
		t.Fatal(err)
	}
	if got := st.Order(); !slices.Equal(got, []int64{d.ID}) {
		t.Errorf("modlauncher.sch lists %v, want the combined mod %d alone", got, d.ID)
	}
	if !slices.Equal(d.Replaced, []string{"9001", "9002", "9003"}) || d.Place != 1 {
		t.Errorf("replaced %v at %d", d.Replaced, d.Place)
	}
	if stale, err := Stale(d.Deployed, st.View()); err != nil || stale != "" {
		t.Errorf("stale %q %v right after the deploy", stale, err)
	}
	st.Close()
	l, err := saves.ListCharacters(ctx, saves.Options{UserDir: user})
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Characters) != 1 || len(l.Characters[0].Bound) != 1 || l.Characters[0].Bound[0].ID != d.ID || l.Characters[0].State != saves.StatePlays {
		t.Errorf("Hero after the move: %+v", l.Characters)
	}
	p, err := profiles.Default().Get(d.Profile)
	if err != nil {
		t.Fatal(err)
	}
	if full, _ := filehash.SHA256(d.Deployed); p.Combined == nil || p.Combined.ID != d.ID || p.Combined.File != filepath.Base(d.Deployed) || p.Combined.SHA256 != full {
		t.Errorf("the profile's combined build %+v, want %s %s %d", p.Combined, filepath.Base(d.Deployed), full, d.ID)
	}
	ls, err := loadorder.OpenLocked(ctx, loadorder.Options{UserDir: user})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := profiles.Use(ctx, p, ls); err != nil {
		t.Fatal(err)
	}
	ls.Close()
	after, _ := os.ReadFile(schPath)
	if !bytes.Equal(after, before) {
		t.Errorf("modlauncher.sch after profile use:\n%q\nwant\n%q", after, before)
	}
	// A constituent rebuilt since: the combined mod's row says it is stale.
	combinetest.ReID(t, combinetest.FixturePath(t, combinetest.Three[1]), files[1], combinetest.Three[1].ID, "Xover 2")
	st, err = loadorder.Open(ctx, loadorder.Options{UserDir: user})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if stale, err := Stale(d.Deployed, st.View()); err != nil || !strings.Contains(stale, `"Xover 2" changed since the combine`) {
		t.Errorf("stale %q %v after a constituent changed", stale, err)
	}
}

// With the game's data, the text two mods ship is merged as merge merges
// it: each merged entry of the combined mod is, byte for byte, the merged
// patch's; each file one mod alone ships is that mod's; the merged patch
// itself is no constituent.
func TestCombineMergesAsMerge(t *testing.T) {
	user, base := mergetest.Setup(t)
	ctx := context.Background()
	patch := filepath.Join(t.TempDir(), mergepatch.FileName)
	if _, err := mergepatch.Build(ctx, mergepatch.Options{UserDir: user, BaseDir: base, Output: patch}); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "C.MOD")
	rep, err := Build(ctx, Options{UserDir: user, BaseDir: base, Output: out})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Files) != 2 || rep.Unmerged != "" || len(rep.Conflicts) == 0 {
		t.Fatalf("merged %d files, unmerged %q, %d conflicts", len(rep.Files), rep.Unmerged, len(rep.Conflicts))
	}
	c, p := tl2test.OpenMod(t, out), tl2test.OpenMod(t, patch)
	for _, f := range []string{mergetest.Dat, mergetest.Layout} {
		ce, ok1 := c.Lookup(f)
		pe, ok2 := p.Lookup(f)
		if !ok1 || !ok2 {
			t.Fatalf("%s: in the combined mod %v, in the patch %v", f, ok1, ok2)
		}
		if !bytes.Equal(read(t, c, ce), read(t, p, pe)) {
			t.Errorf("%s: the combined mod's merge differs from merge's", f)
		}
	}
	for _, f := range []string{mergetest.OnlyA, mergetest.OnlyB} {
		if _, ok := c.Lookup(f); !ok {
			t.Errorf("%s (one mod's alone) is not in the combined mod", f)
		}
	}
	units := index(t, c, raw.UnitData).Units[0]
	if len(units) != 1 || units[0].GUID != mergetest.OnlyBGUID {
		t.Errorf("UNITDATA.RAW items %+v, want B's unit once", units)
	}
}

// -o over a constituent is refused and the mod is left as it was; a
// cancel, before or during the copy, leaves no output and no temporary
// file beside it.
func TestRefusalsAndCancel(t *testing.T) {
	user, files := combinetest.UserFolder(t, combinetest.Three)
	before, _ := os.ReadFile(files[1])
	_, err := Build(context.Background(), Options{UserDir: user, Output: files[1]})
	if !errors.Is(err, ErrOverConstituent) {
		t.Errorf("err %v, want ErrOverConstituent", err)
	}
	if after, _ := os.ReadFile(files[1]); !bytes.Equal(after, before) {
		t.Error("the constituent changed")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "C.MOD")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Build(ctx, Options{UserDir: user, Output: out}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled before: %v", err)
	}
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	copied := 0
	_, err = Build(ctx, Options{UserDir: user, Output: out, Progress: func(p modpack.Progress) {
		if p.Stage == StageCopy {
			if copied++; copied == 10 {
				cancel()
			}
		}
	}})
	if !errors.Is(err, context.Canceled) || copied < 10 {
		t.Errorf("cancelled during the copy (%d copied): %v", copied, err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("left behind: %v", ents)
	}
	if _, err := Build(context.Background(), Options{UserDir: user, Mods: []string{"9002"}, Output: out}); !errors.Is(err, ErrNoMods) {
		t.Errorf("one mod named: %v", err)
	}
}

// REQUIRED_MODS and REMOVE_FILES of the constituents are carried, each
// once: a requirement another constituent satisfies is left out.
func TestCarriesRequiredAndRemove(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	user := t.TempDir()
	outside := mod.Dependency{Name: "Outside", ID: 77, Version: 2}
	specs := []loadordertest.Spec{
		{Rel: "mods/A.MOD", Title: "A", ID: 1, Files: []string{"MEDIA/A.DAT"}, Requires: []mod.Dependency{{Name: "B", ID: 2}, outside}},
		{Rel: "mods/B.MOD", Title: "B", ID: 2, Files: []string{"MEDIA/B.DAT"}, Requires: []mod.Dependency{outside}},
	}
	if err := loadordertest.Write(user, specs); err != nil {
		t.Fatal(err)
	}
	if err := loadordertest.WriteSch(filepath.Join(user, "modlauncher.sch"), []int64{1, 2}); err != nil {
		t.Fatal(err)
	}
	// B removes two of the game's files, one in another spelling than A's.
	for _, f := range []struct {
		rel    string
		remove []string
	}{{"mods/A.MOD", []string{"MEDIA/X.DAT"}}, {"mods/B.MOD", []string{"media/x.dat", "MEDIA/Y.DAT"}}} {
		p := filepath.Join(user, filepath.FromSlash(f.rel))
		// Opened here, not with tl2test.OpenMod (closed at the test's end):
		// Windows refuses to rename over a file that is still open.
		in, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		fi, err := in.Stat()
		if err != nil {
			t.Fatal(err)
		}
		r, err := mod.NewReader(in, fi.Size(), nil)
		if err != nil {
			t.Fatal(err)
		}
		tmp := p + ".tmp"
		h := *r.Header
		h.Remove = f.remove
		out, err := os.Create(tmp)
		if err != nil {
			t.Fatal(err)
		}
		w, _ := mod.NewWriter(out, &h, nil)
		for i := range r.Entries {
			if e := &r.Entries[i]; e.Type != mod.TypeFolder {
				if err := w.CopyRaw(r, e, mod.FileHeader{Name: e.Path, FileTime: e.FileTime}); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		out.Close()
		in.Close()
		if err := os.Rename(tmp, p); err != nil {
			t.Fatal(err)
		}
	}
	outPath := filepath.Join(t.TempDir(), "C.MOD")
	rep, err := Build(context.Background(), Options{UserDir: user, Output: outPath})
	if err != nil {
		t.Fatal(err)
	}
	h := tl2test.OpenMod(t, outPath).Header
	if len(h.Required) != 1 || h.Required[0].ID != 77 || h.Required[0].Version != 2 || rep.Required != 1 {
		t.Errorf("REQUIRED_MODS %+v, want Outside alone", h.Required)
	}
	if !slices.Equal(h.Remove, []string{"MEDIA/X.DAT", "MEDIA/Y.DAT"}) || rep.Remove != 2 {
		t.Errorf("REMOVE_FILES %v, want X and Y once each", h.Remove)
	}
}

// Combining again with the combined mod active rebuilds it from the mods
// it records, as their files are now: the same id at the same place, no
// longer stale.
func TestRebuildWhenStale(t *testing.T) {
	user, files := combinetest.UserFolder(t, combinetest.Three)
	ctx := context.Background()
	d, err := Deploy(ctx, Options{UserDir: user}, false)
	if err != nil {
		t.Fatal(err)
	}
	combinetest.ReID(t, combinetest.FixturePath(t, combinetest.Three[1]), files[1], combinetest.Three[1].ID, "Xover 2")
	d2, err := Deploy(ctx, Options{UserDir: user}, false)
	if err != nil {
		t.Fatal(err)
	}
	if d2.ID != d.ID || len(d2.Sources) != 3 || d2.Sources[1].Title != "Xover 2" || d2.Place != 1 || len(d2.Replaced) != 0 {
		t.Fatalf("rebuild: id %d (was %d), sources %+v, place %d, replaced %v", d2.ID, d.ID, d2.Sources, d2.Place, d2.Replaced)
	}
	st, err := loadorder.Open(ctx, loadorder.Options{UserDir: user})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if got := st.Order(); !slices.Equal(got, []int64{d.ID}) {
		t.Errorf("modlauncher.sch lists %v, want %d alone", got, d.ID)
	}
	if stale, err := Stale(d2.Deployed, st.View()); err != nil || stale != "" {
		t.Errorf("stale %q %v after the rebuild", stale, err)
	}
	// Another mod enabled beside the combined one: combining again takes
	// the three and it, under a new id, in one line.
	extra := filepath.Join(user, "mods", "EXTRA.MOD")
	if err := loadordertest.WriteMod(extra, loadordertest.Spec{Title: "Extra", ID: 9004, Files: []string{"MEDIA/EXTRA.DAT"}}); err != nil {
		t.Fatal(err)
	}
	if err := loadordertest.WriteSch(filepath.Join(user, "modlauncher.sch"), []int64{d.ID, 9004}); err != nil {
		t.Fatal(err)
	}
	d3, err := Deploy(ctx, Options{UserDir: user}, false)
	if err != nil {
		t.Fatal(err)
	}
	st2, err := loadorder.Open(ctx, loadorder.Options{UserDir: user})
	if err != nil {
		t.Fatal(err)
	}
	defer st2.Close()
	if got := st2.Order(); len(d3.Sources) != 4 || d3.ID == d.ID || !slices.Equal(got, []int64{d3.ID}) {
		t.Errorf("4 mods combined: sources %d, id %d, modlauncher.sch %v", len(d3.Sources), d3.ID, got)
	}
}
