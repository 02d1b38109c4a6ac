package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/tl2/merge"
	"packsmith/backend/tl2/mergepatch"
	"packsmith/backend/tl2/modpack"
	"packsmith/backend/tl2/tl2names"
	"packsmith/formats/tl2/bindat"
	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/layout"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/rghash"
	"packsmith/internal/mergetest"
)

type mgOut struct {
	Output    string            `json:"output"`
	SHA256    string            `json:"sha256"`
	Files     []mergepatch.File `json:"files"`
	Conflicts []merge.Conflict  `json:"conflicts"`
	Deployed  string            `json:"deployed"`
}

func mgRun(t *testing.T, args ...string) mgOut {
	t.Helper()
	out, errs, code := run(t, append([]string{"merge", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("merge %v: exit %d: %s", args, code, errs)
	}
	var r mgOut
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	return r
}

// mgEntries reads the patch: its entries, the text sources decompiled.
func mgEntries(t *testing.T, p string) (map[string][]byte, map[string]*dattext.Node, *mod.Header) {
	t.Helper()
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fi, _ := f.Stat()
	r, err := mod.NewReader(f, fi.Size(), nil)
	if err != nil {
		t.Fatal(err)
	}
	raw := map[string][]byte{}
	trees := map[string]*dattext.Node{}
	for i := range r.Entries {
		e := &r.Entries[i]
		b, err := r.ReadEntry(e, 1<<24)
		if err != nil {
			t.Fatal(err)
		}
		raw[e.Path] = b
		switch filepath.Ext(e.Path) {
		case ".DAT":
			d, err := bindat.Decompile(filepath.Base(e.Path), b, mgDict(t))
			if err != nil {
				t.Fatal(err)
			}
			trees[e.Path] = d.Root
		case ".LAYOUT":
			text, err := layout.Decompile(b, "Layout")
			if err != nil {
				t.Fatal(err)
			}
			n, err := dattext.Parse(e.Path, text)
			if err != nil {
				t.Fatal(err)
			}
			trees[e.Path] = n
		}
	}
	return raw, trees, r.Header
}

func TestMergeCLI(t *testing.T) {
	user, base := mergetest.Setup(t)
	outDir := t.TempDir()
	patch := filepath.Join(outDir, "P.MOD")
	r := mgRun(t, "--dir", user, "--base", base, "-o", patch)

	// Files: the two shared sources, not A's own file.
	if len(r.Files) != 2 || r.Files[0].Path != mergetest.Layout || r.Files[1].Path != mergetest.Dat {
		t.Fatalf("files %+v", r.Files)
	}
	for _, f := range r.Files {
		if f.Status != "conflict" || strings.Join(f.Mods, ",") != "Mod A,Mod B" {
			t.Errorf("%s: status %s mods %v", f.Path, f.Status, f.Mods)
		}
	}
	// Exactly the two conflicts, A (first) winning, with every value.
	if len(r.Conflicts) != 2 {
		t.Fatalf("%d conflicts: %+v", len(r.Conflicts), r.Conflicts)
	}
	cl, cd := r.Conflicts[0], r.Conflicts[1]
	if cl.Path != mergetest.Layout || cl.Property != "RADIUS" || cl.Base != "12" || cl.Winner != "Mod A" ||
		cl.Values[0].Value != "30" || cl.Values[1].Value != "5" || !strings.HasPrefix(cl.Block, "Layout/OBJECTS/BASEOBJECT#ID=") {
		t.Errorf("layout conflict %+v", cl)
	}
	if cd.Key != mergetest.Dat+"|SKILL|COOLDOWNMS" || cd.Base != "1000" || cd.Winner != "Mod A" ||
		cd.Values[0] != (merge.Value{Mod: "Mod A", Present: true, Type: "INTEGER", Value: "5000", Changed: true}) ||
		cd.Values[1] != (merge.Value{Mod: "Mod B", Present: true, Type: "INTEGER", Value: "200", Changed: true}) {
		t.Errorf("dat conflict %+v", cd)
	}

	raw, trees, h := mgEntries(t, patch)
	if _, ok := raw[mergetest.OnlyA]; ok {
		t.Error("the patch holds a file only one mod ships")
	}
	if h.ModID != mergepatch.PatchID || h.Title != mergepatch.Title || !strings.Contains(h.Description, mergetest.Itoa64(mergetest.IDA)+"=") {
		t.Errorf("header %q %d %q", h.Title, h.ModID, h.Description)
	}
	if _, ok := raw["MEDIA/SKILLS.RAW"]; !ok {
		t.Errorf("no SKILLS.RAW for the merged skill; entries %d", len(raw))
	}
	d := trees[mergetest.Dat]
	lv := d.Child("LEVEL1")
	trig := lv.Child("EVENT_TRIGGER")
	var affixes []string
	for _, p := range trig.Child("AFFIXES").Props {
		if p.Key == "AFFIX" {
			affixes = append(affixes, p.Value)
		}
	}
	switch {
	case d.Value("COOLDOWNMS") != "5000":
		t.Errorf("COOLDOWNMS %s, want A's", d.Value("COOLDOWNMS"))
	case trig.Child("AFFIXESREMOVE") != nil:
		t.Error("A's removed block is back")
	case trig.Child("AFFIXES").Value("AFFIXLEVEL") != "3":
		t.Error("B's AFFIXLEVEL lost")
	case strings.Join(affixes, ",") != "X_HEALTHVIAL_CLEAR,FROM_A,FROM_B":
		t.Errorf("AFFIX sequence %v", affixes)
	case lv.Child("EVENT_END") == nil || lv.Child("EVENT_END").Value("FILE") != "media/skills/x_b.layout":
		t.Error("B's added block lost")
	}
	objs := trees[mergetest.Layout].Child("OBJECTS").Children
	radius, timer, added := "", "", false
	for _, o := range objs {
		p := o.Child("PROPERTIES")
		switch p.Value("NAME") {
		case "Sound0":
			radius = p.Value("RADIUS")
		case "Damage Shape1":
			timer = p.Value("TIMER")
		case "FromB":
			added = true
		}
	}
	if radius != "30" || timer != "2" || !added {
		t.Errorf("layout: RADIUS %s TIMER %s added %v", radius, timer, added)
	}

	// Packing the merged sources gives the patch's entries byte for byte.
	rep, err := mergepatch.Build(context.Background(), mergepatch.Options{UserDir: user, BaseDir: base})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range rep.Files {
		c, err := modpack.CompileSource(f.Path, "", f.Source, false)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(c.Data, raw[f.Path]) {
			t.Errorf("%s: compiled merged source differs from the patch's entry", f.Path)
		}
	}

	// The same inputs again: the same bytes.
	patch2 := filepath.Join(outDir, "P2.MOD")
	r2 := mgRun(t, "--dir", user, "--base", base, "-o", patch2)
	b1, _ := os.ReadFile(patch)
	b2, _ := os.ReadFile(patch2)
	if !bytes.Equal(b1, b2) || r2.SHA256 != r.SHA256 || r.SHA256 == "" {
		t.Errorf("rebuild differs: %s vs %s", r.SHA256, r2.SHA256)
	}

	// B wins the skill's conflict; the choice is kept for the next build.
	r3 := mgRun(t, "--dir", user, "--base", base, "-o", patch, "--winner", cd.Key+"=Mod B")
	r4 := mgRun(t, "--dir", user, "--base", base, "-o", patch2)
	for _, rr := range []mgOut{r3, r4} {
		if rr.Conflicts[1].Winner != "Mod B" || !rr.Conflicts[1].Overridden {
			t.Errorf("override not applied: %+v", rr.Conflicts[1])
		}
	}
	_, trees, _ = mgEntries(t, patch2)
	if v := trees[mergetest.Dat].Value("COOLDOWNMS"); v != "200" {
		t.Errorf("COOLDOWNMS %s after choosing B", v)
	}
	if b, err := os.ReadFile(filepath.Join(user, "packsmith-merged-patch.json")); err != nil || !strings.Contains(string(b), "Mod B") {
		t.Errorf("winner choices not kept: %v %s", err, b)
	}

	// Deploy, first in modlauncher.sch; the list does not call it stale
	// until the order changes.
	r5 := mgRun(t, "--dir", user, "--base", base, "-o", patch, "--deploy", "--enable")
	if r5.Deployed == "" {
		t.Fatal("not deployed")
	}
	if ids := schIDs(t, user); len(ids) != 3 || ids[0] != mergepatch.PatchID {
		t.Errorf("modlauncher.sch %v, want the patch first", ids)
	}
	if out, _, _ := lo(t, user, "list", "--json"); strings.Contains(out, mergepatch.StaleCode) {
		t.Error("fresh patch reported stale")
	}
	if _, errs, code := lo(t, user, "move", "Mod B", "--to", "2"); code != 0 {
		t.Fatal(errs)
	}
	if out, _, _ := lo(t, user, "list", "--json"); !strings.Contains(out, mergepatch.StaleCode) {
		t.Error("patch not reported stale after the load order changed")
	}
}

func TestMergeNeedsBase(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	_, errs, code := run(t, "merge", "--dir", t.TempDir())
	if code == 0 || strings.Count(strings.TrimSpace(errs), "\n") != 0 || !strings.Contains(errs, "--game") {
		t.Errorf("exit %d, stderr %q: want one line naming --game/--base", code, errs)
	}
	out, _, _ := run(t, "help")
	if !strings.Contains(out, "merge      Torchlight II merged patch") {
		t.Error("help lacks merge")
	}
	out, _, _ = run(t, "help", "merge")
	if !strings.Contains(out, "usage: packsmith merge [--dir USERDIR]") || !strings.Contains(out, "--winner KEY=MOD") {
		t.Errorf("help merge: %s", out)
	}
}

func mgDict(t *testing.T) *rghash.Dictionary {
	t.Helper()
	d, err := tl2names.Default()
	if err != nil || d == nil {
		t.Fatalf("names: %v", err)
	}
	return d
}

// The base read from the game's DATA.PAK (compiled BINDAT/BINLAYOUT, as
// the game ships it) merges as the text base does: the same patch bytes.
func TestMergeGameBase(t *testing.T) {
	user, base := mergetest.Setup(t)
	game := mergetest.GameInstall(t, base)
	out := t.TempDir()
	rt := mgRun(t, "--dir", user, "--base", base, "-o", filepath.Join(out, "T.MOD"))
	rg := mgRun(t, "--dir", user, "--game", game, "-o", filepath.Join(out, "G.MOD"))
	if rt.SHA256 != rg.SHA256 || len(rg.Conflicts) != 2 || rg.Conflicts[1].Base != "1000" {
		t.Errorf("game base: sha %s vs text base %s; conflicts %+v", rg.SHA256, rt.SHA256, rg.Conflicts)
	}
	// Both bases at once is a usage error.
	if _, errs, code := run(t, "merge", "--dir", user, "--base", base, "--game", game); code == 0 || !strings.Contains(errs, "not both") {
		t.Errorf("exit %d: %s", code, errs)
	}
}

// `loadorder conflicts` with the merged patch deployed first: the mods'
// shared sources and RAW indices read as merged into the patch, none as
// lost; after the order changes, the merges are marked out of date.
func TestMergeLoadOrderConflicts(t *testing.T) {
	user, base := mergetest.Setup(t)
	if r := mgRun(t, "--dir", user, "--base", base, "-o", filepath.Join(t.TempDir(), "P.MOD"), "--deploy", "--enable"); r.Deployed == "" {
		t.Fatal("not deployed")
	}
	out, errs, code := lo(t, user, "conflicts")
	if code != 0 {
		t.Fatal(errs)
	}
	for _, want := range []string{
		"file  winner  losers  merged into the patch",
		// B's change lost the skill's one conflict to A's (issue 43)
		"MEDIA/SKILLS/X_HEALTHVIAL/X_HEALTHVIAL.DAT  1. Merged patch (Packsmith)  -  2. Mod A, 3. Mod B (1 change lost to 2. Mod A)\n",
		"MEDIA/UNITDATA.RAW  1. Merged patch (Packsmith)  -  3. Mod B\n",
		"#  mod  files  wins  loses  merged  unique",
		"3  Mod B  5  0  0  4  1  merged, but changes lost in 2 of those files\n",
	} {
		if !strings.Contains(squeeze(out), want) {
			t.Errorf("conflicts lack %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "out of date") || strings.Contains(out, "fully overridden") {
		t.Errorf("a fresh patch's conflicts:\n%s", out)
	}
	var js struct {
		Conflicts []struct {
			Path   string            `json:"path"`
			Losers []json.RawMessage `json:"losers"`
			Merged []struct {
				Title string `json:"title"`
			} `json:"merged"`
			MergedStale bool            `json:"mergedStale"`
			Lost        json.RawMessage `json:"lost"`
		} `json:"conflicts"`
		MergedPatch struct {
			ID    string `json:"id"`
			Stale string `json:"stale"`
		} `json:"mergedPatch"`
		Mods []struct {
			Title  string `json:"title"`
			Loses  int    `json:"loses"`
			Merged int    `json:"merged"`
			Lost   int    `json:"lostInPatch"`
		} `json:"mods"`
	}
	out, errs, _ = lo(t, user, "conflicts", "--json")
	if err := json.Unmarshal([]byte(out), &js); err != nil {
		t.Fatal(err, errs)
	}
	if len(js.Conflicts) != 5 || js.MergedPatch.ID != mergetest.Itoa64(mergepatch.PatchID) || js.MergedPatch.Stale != "" {
		t.Fatalf("%d conflicts, patch %+v", len(js.Conflicts), js.MergedPatch)
	}
	for _, c := range js.Conflicts {
		if len(c.Losers) != 0 || len(c.Merged) == 0 || c.MergedStale {
			t.Errorf("%s: %d losers, merged %+v, stale %v", c.Path, len(c.Losers), c.Merged, c.MergedStale)
		}
		lost := `[]`
		if c.Path == mergetest.Dat || c.Path == mergetest.Layout {
			lost = `[{"id":"1002","title":"Mod B","place":3,"conflicts":1,"to":[{"id":"1001","title":"Mod A","place":2}]}]`
		}
		var got bytes.Buffer
		if err := json.Compact(&got, c.Lost); err != nil || got.String() != lost {
			t.Errorf("%s: lost %s, want %s (%v)", c.Path, got.String(), lost, err)
		}
	}
	if len(js.Mods) != 3 || js.Mods[1].Loses != 0 || js.Mods[1].Merged != 4 || js.Mods[2].Loses != 0 || js.Mods[2].Merged != 4 || js.Mods[1].Lost != 0 || js.Mods[2].Lost != 2 {
		t.Errorf("mods %+v", js.Mods)
	}

	if _, errs, code := lo(t, user, "move", "Mod B", "--to", "2"); code != 0 {
		t.Fatal(errs)
	}
	out, _, _ = lo(t, user, "conflicts")
	if !strings.HasPrefix(out, "The merged patch is out of date (the load order changed since it was built (place 1 was \"Mod A\", is now \"Mod B\")") ||
		!strings.Contains(squeeze(out), "MEDIA/UNITDATA.RAW  1. Merged patch (Packsmith)  -  2. Mod B *\n") {
		t.Errorf("stale conflicts:\n%s", out)
	}
}

// squeeze folds runs of spaces to two, so a test does not pin column widths.
func squeeze(s string) string {
	var b strings.Builder
	sp := 0
	for _, r := range s {
		if r == ' ' {
			sp++
			continue
		}
		if sp > 0 {
			b.WriteString(strings.Repeat(" ", min(sp, 2)))
			sp = 0
		}
		b.WriteRune(r)
	}
	return b.String()
}

// `merge --json` has the fields issue 32 asks for (files: path, the mods
// it came from, merged|conflict; conflicts: path, block, property, each
// mod's value, the base's, which won) and the README lists; no more.
func TestMergeJSONShape(t *testing.T) {
	user, base := mergetest.Setup(t)
	out, errs, code := run(t, "merge", "--json", "--dir", user, "--base", base, "-o", filepath.Join(t.TempDir(), "P.MOD"))
	if code != 0 {
		t.Fatal(errs)
	}
	pinShape(t, "merge", out, "conflicts", "conflicts[].base", "conflicts[].basePresent", "conflicts[].baseType",
		"conflicts[].block", "conflicts[].key", "conflicts[].label", "conflicts[].losers", "conflicts[].overridden", "conflicts[].path",
		"conflicts[].property", "conflicts[].values", "conflicts[].values[].changed", "conflicts[].values[].mod",
		"conflicts[].values[].present", "conflicts[].values[].type", "conflicts[].values[].value", "conflicts[].winner",
		"deployed", "enabled", "files", "files[].conflicts", "files[].inBase", "files[].mods", "files[].path",
		"files[].status", "indices", "indices[].fromMerged", "indices[].path", "indices[].records", "leftOut", "output", "sha256",
		"shared", "size", "skipped", "sources", "sources[].file", "sources[].hash", "sources[].id", "sources[].title")
	var r struct {
		Files []struct{ Status string } `json:"files"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	for _, f := range r.Files {
		if f.Status != "merged" && f.Status != "conflict" {
			t.Errorf("files[].status %q, want merged or conflict", f.Status)
		}
	}
}
