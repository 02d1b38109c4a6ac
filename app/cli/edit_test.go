package cli

import (
	"bytes"
	"crypto/sha256"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"packsmith/backend/tl2/tl2names"
	"packsmith/formats/tl2/bindat"
	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/raw"
	"packsmith/internal/testfixtures"
)

// Writing text into a .MOD compiles it as pack does (backend/edit/intake),
// tried on the XOVER .MOD GUTS built.

const humM = "MEDIA/UNITS/PLAYERS/XOVER/HUM_M.DAT"

// xoverCopy is a copy of the fixture .MOD in a temp folder.
func xoverCopy(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(testfixtures.File(t, "tl2", "xover/EDITORMOD.MOD"))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "EDITORMOD.MOD")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// entryBytes reads one entry of a .MOD through the tl2 driver.
func entryBytes(t *testing.T, mod, entry string) []byte {
	t.Helper()
	out, errs, code := run(t, "cat", mod, entry)
	if code != 0 {
		t.Fatalf("cat %s: %s", entry, errs)
	}
	return []byte(out)
}

// decompiledText is the entry's GUTS text (UTF-8 here) with one edit.
func decompiledText(t *testing.T, mod, entry string) string {
	t.Helper()
	out, errs, code := run(t, "decompile", mod, entry)
	if code != 0 {
		t.Fatalf("decompile %s: %s", entry, errs)
	}
	return out
}

func tree(t *testing.T, name string, b []byte) *dattext.Node {
	t.Helper()
	dict, _ := tl2names.Default()
	d, err := bindat.Decompile(name, b, dict)
	if err != nil {
		t.Fatalf("%s does not decompile: %v", name, err)
	}
	return d.Root
}

func setProp(n *dattext.Node, key, value string) bool {
	for i := range n.Props {
		if n.Props[i].Key == key {
			n.Props[i].Value = value
			return true
		}
	}
	return false
}

func sum(t *testing.T, p string) [32]byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(b)
}

func TestReplaceTextCompilesToBINDAT(t *testing.T) {
	mod := xoverCopy(t)
	orig := entryBytes(t, mod, humM)
	rawBefore := entryBytes(t, mod, "MEDIA/UNITDATA.RAW")
	text := decompiledText(t, mod, humM)
	if !regexp.MustCompile(`<INTEGER>STRENGTH:15\r?\n`).MatchString(text) {
		t.Fatalf("the fixture's HUM_M changed: no STRENGTH:15")
	}
	src := filepath.Join(t.TempDir(), "hum_m.dat")
	os.WriteFile(src, []byte(strings.Replace(text, "<INTEGER>STRENGTH:15", "<INTEGER>STRENGTH:99", 1)), 0o644)
	out, errs, code := run(t, "replace", mod, humM, src)
	if code != 0 {
		t.Fatalf("replace: %s", errs)
	}
	if !regexp.MustCompile(`(?m)^  MEDIA/UNITS/PLAYERS/XOVER/HUM_M.DAT: compiled from text to BINDAT \(\d+ → \d+ bytes\)$`).MatchString(out) {
		t.Fatalf("the change list does not say it compiled:\n%s", out)
	}
	got := entryBytes(t, mod, humM)
	if len(got) < 8 || got[0] != 2 || got[1] != 0 || got[2] != 0 || got[3] != 0 {
		t.Fatalf("stored entry is not BINDAT: % x", got[:min(8, len(got))])
	}
	ls, _, _ := run(t, "ls", mod)
	if !regexp.MustCompile(`(?m)\bBINDAT ` + humM + `$`).MatchString(ls) {
		t.Fatalf("ls does not call it BINDAT:\n%s", ls)
	}
	// By meaning: the GUTS-compiled tree with the one edit made is the
	// tree stored, every other section and value as GUTS compiled it.
	want := tree(t, "HUM_M.DAT", orig)
	if !setProp(want, "STRENGTH", "99") {
		t.Fatal("no STRENGTH in the fixture's tree")
	}
	gotTree := tree(t, "HUM_M.DAT", got)
	if !dattext.Equal(want, gotTree) {
		t.Fatalf("stored tree differs from the fixture's beyond the edit:\n%s", dattext.Format(gotTree))
	}
	if dattext.Equal(tree(t, "HUM_M.DAT", orig), gotTree) {
		t.Fatal("the edit is not in the stored tree")
	}
	// STRENGTH is no RAW field: UNITDATA.RAW is left as GUTS built it.
	if !bytes.Equal(entryBytes(t, mod, "MEDIA/UNITDATA.RAW"), rawBefore) || strings.Contains(out, "UNITDATA.RAW") {
		t.Fatalf("UNITDATA.RAW rewritten for a non-indexed field:\n%s", out)
	}
	if vout, _, code := run(t, "verify", mod); code != 0 {
		t.Fatalf("verify after the edit:\n%s", vout)
	}
}

func TestReplaceBrokenSourceRefused(t *testing.T) {
	mod := xoverCopy(t)
	before := sum(t, mod)
	text := decompiledText(t, mod, humM)
	// Line 5 loses its type's closing '>'.
	lines := strings.SplitAfter(text, "\n")
	if !strings.HasPrefix(lines[4], "\t<STRING>") {
		t.Fatalf("line 5 is %q", lines[4])
	}
	lines[4] = strings.Replace(lines[4], "<STRING>", "<STRING", 1)
	src := filepath.Join(t.TempDir(), "broken.dat")
	os.WriteFile(src, []byte(strings.Join(lines, "")), 0o644)
	_, errs, code := run(t, "replace", mod, humM, src)
	if code == 0 {
		t.Fatal("a broken source was written")
	}
	if !strings.Contains(errs, "broken.dat:5: ") || !strings.Contains(errs, humM) || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
		t.Fatalf("error does not name broken.dat:5 and the entry on one line: %q", errs)
	}
	if sum(t, mod) != before {
		t.Fatal("the archive changed")
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(mod), "*")); len(left) != 1 {
		t.Fatalf("files left beside the archive: %v", left)
	}
	// The same for add: nothing written.
	if _, errs, code := run(t, "add", mod, "MEDIA/UNITS/PLAYERS/XOVER/NEW.DAT", src); code == 0 || !strings.Contains(errs, "broken.dat:5: ") {
		t.Fatalf("add of a broken source: exit %d %q", code, errs)
	}
	if sum(t, mod) != before {
		t.Fatal("the archive changed on add")
	}
}

func TestAddUnitRebuildsUNITDATA(t *testing.T) {
	mod := xoverCopy(t)
	old, err := raw.Decode(raw.UnitData, entryBytes(t, mod, "MEDIA/UNITDATA.RAW"))
	if err != nil {
		t.Fatal(err)
	}
	text := decompiledText(t, mod, humM)
	text = strings.Replace(text, "<STRING>NAME:Hum_XOVER_M", "<STRING>NAME:Hum_XOVER_NEW", 1)
	text = regexp.MustCompile(`<INTEGER64>UNIT_GUID:-?\d+|<STRING>UNIT_GUID:-?\d+`).ReplaceAllStringFunc(text, func(s string) string {
		return s[:strings.IndexByte(s, ':')+1] + "123456789"
	})
	if !strings.Contains(text, "UNIT_GUID:123456789") {
		t.Fatal("no UNIT_GUID to change")
	}
	src := filepath.Join(t.TempDir(), "hum_new.dat")
	os.WriteFile(src, []byte(text), 0o644)
	const entry = "MEDIA/UNITS/PLAYERS/XOVER/HUM_NEW.DAT"
	out, errs, code := run(t, "add", mod, entry, src)
	if code != 0 {
		t.Fatalf("add: %s", errs)
	}
	if !strings.Contains(out, "MEDIA/UNITDATA.RAW: rebuilt: 3 → 4 records") {
		t.Fatalf("no RAW rebuild reported:\n%s", out)
	}
	// Its chain leaves the mod (the game's PLAYERS/BASE.DAT): said, not hidden.
	if !strings.Contains(out, "warning: "+entry+": BASEFILE MEDIA/UNITS/PLAYERS/BASE.DAT is not in the archive: ") {
		t.Fatalf("no warning for the defaults taken:\n%s", out)
	}
	now, err := raw.Decode(raw.UnitData, entryBytes(t, mod, "MEDIA/UNITDATA.RAW"))
	if err != nil {
		t.Fatal(err)
	}
	players := now.Units[2]
	var found *raw.Unit
	for i := range players {
		if players[i].File == entry {
			found = &players[i]
		}
	}
	if found == nil || found.GUID != 123456789 || found.Name != "HUM_XOVER_NEW" || found.UnitType != "RAILMAN_MALE" {
		t.Fatalf("new unit in UNITDATA.RAW: %+v (all: %+v)", found, players)
	}
	// Every record GUTS wrote is still there, the same.
	for _, u := range old.Units[2] {
		ok := false
		for _, v := range players {
			ok = ok || v == u
		}
		if !ok {
			t.Errorf("GUTS's record for %s lost or changed", u.File)
		}
	}
	// Removing it takes it out again: the index is GUTS's bytes once more.
	if _, errs, code := run(t, "rm", mod, entry); code != 0 {
		t.Fatalf("rm: %s", errs)
	}
	orig := entryBytes(t, testfixtures.File(t, "tl2", "xover/EDITORMOD.MOD"), "MEDIA/UNITDATA.RAW")
	if !bytes.Equal(entryBytes(t, mod, "MEDIA/UNITDATA.RAW"), orig) {
		t.Fatal("after rm, UNITDATA.RAW is not GUTS's again")
	}
}

func TestAsIsStoresBytes(t *testing.T) {
	mod := xoverCopy(t)
	rawBefore := entryBytes(t, mod, "MEDIA/UNITDATA.RAW")
	text := []byte(decompiledText(t, mod, humM))
	src := filepath.Join(t.TempDir(), "hum_m.dat")
	os.WriteFile(src, text, 0o644)
	out, errs, code := run(t, "replace", mod, humM, src, "--as-is")
	if code != 0 {
		t.Fatalf("replace --as-is: %s", errs)
	}
	if strings.Contains(out, "compiled") {
		t.Fatalf("--as-is compiled:\n%s", out)
	}
	if got := entryBytes(t, mod, humM); !bytes.Equal(got, text) {
		t.Fatalf("--as-is stored %d bytes, not the %d given", len(got), len(text))
	}
	if !bytes.Equal(entryBytes(t, mod, "MEDIA/UNITDATA.RAW"), rawBefore) {
		t.Fatal("--as-is rebuilt UNITDATA.RAW")
	}
	// Compiled bytes given without --as-is are stored as they are.
	bin := filepath.Join(t.TempDir(), "hum_m.bin")
	orig := entryBytes(t, testfixtures.File(t, "tl2", "xover/EDITORMOD.MOD"), humM)
	os.WriteFile(bin, orig, 0o644)
	if out, errs, code := run(t, "replace", mod, humM, bin); code != 0 || strings.Contains(out, "compiled") {
		t.Fatalf("replace with BINDAT: exit %d %q %q", code, out, errs)
	}
	if !bytes.Equal(entryBytes(t, mod, humM), orig) {
		t.Fatal("BINDAT bytes were not stored as given")
	}
}

// A unit whose BASEFILE chain leaves the archive (XOVER's players inherit
// from the game's MEDIA/UNITS/PLAYERS/BASE.DAT) keeps the record the index
// had when another unit's edit rebuilds it: GUTS built that record with the
// base data this rebuild cannot read. Here the stored records say LEVEL 7,
// which no source in the .MOD gives.
func TestRebuildKeepsUnresolvedRecords(t *testing.T) {
	mod := xoverCopy(t)
	f, err := raw.Decode(raw.UnitData, entryBytes(t, mod, "MEDIA/UNITDATA.RAW"))
	if err != nil {
		t.Fatal(err)
	}
	for i := range f.Units[2] {
		f.Units[2][i].Level = 7
	}
	b, err := raw.Encode(f)
	if err != nil {
		t.Fatal(err)
	}
	rawSrc := filepath.Join(t.TempDir(), "UNITDATA.RAW")
	os.WriteFile(rawSrc, b, 0o644)
	if _, errs, code := run(t, "replace", mod, "MEDIA/UNITDATA.RAW", rawSrc, "--as-is"); code != 0 {
		t.Fatal(errs)
	}
	text := decompiledText(t, mod, humM)
	text = strings.Replace(text, "<STRING>NAME:Hum_XOVER_M", "<STRING>NAME:Hum_XOVER_NEW", 1)
	text = regexp.MustCompile(`UNIT_GUID:-?\d+`).ReplaceAllString(text, "UNIT_GUID:42")
	src := filepath.Join(t.TempDir(), "new.dat")
	os.WriteFile(src, []byte(text), 0o644)
	if _, errs, code := run(t, "add", mod, "MEDIA/UNITS/PLAYERS/XOVER/NEW.DAT", src); code != 0 {
		t.Fatal(errs)
	}
	now, err := raw.Decode(raw.UnitData, entryBytes(t, mod, "MEDIA/UNITDATA.RAW"))
	if err != nil {
		t.Fatal(err)
	}
	levels := map[string]int32{}
	for _, u := range now.Units[2] {
		levels[u.File] = u.Level
	}
	for _, u := range f.Units[2] {
		if levels[u.File] != 7 {
			t.Errorf("%s: level %d after the rebuild, the index had 7", u.File, levels[u.File])
		}
	}
	// The new unit is rebuilt from its source: its chain leaves the mod
	// too, so it gets GUTS's default, LEVEL 1.
	if levels["MEDIA/UNITS/PLAYERS/XOVER/NEW.DAT"] != 1 || len(levels) != 4 {
		t.Errorf("levels %v", levels)
	}
}
