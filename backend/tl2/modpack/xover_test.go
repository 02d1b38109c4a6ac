package modpack

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"packsmith/backend/tl2/tl2names"
	"packsmith/formats/tl2/bindat"
	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/raw"
	"packsmith/formats/tl2/rghash"
	"packsmith/internal/testfixtures"
)

// copyTree copies a fixture folder into a temp folder, leaving out what
// skip says (the fixtures themselves are never written).
func copyTree(t testing.TB, src, dst string, skip func(rel string) bool) {
	t.Helper()
	err := filepath.Walk(src, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if info.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if skip != nil && skip(filepath.ToSlash(rel)) {
			return nil
		}
		in, err := os.Open(p)
		if err != nil {
			return err
		}
		defer in.Close()
		out, err := os.Create(filepath.Join(dst, rel))
		if err != nil {
			return err
		}
		if _, err := io.Copy(out, in); err != nil {
			out.Close()
			return err
		}
		if err := out.Close(); err != nil {
			return err
		}
		return os.Chtimes(filepath.Join(dst, rel), info.ModTime(), info.ModTime())
	})
	if err != nil {
		t.Fatal(err)
	}
}

// xoverSources is a temp copy of the XOVER project with every compiled
// sibling, every RAW and the GUTS .MOD removed: only the text and assets.
func xoverSources(t testing.TB) (dir, gutsMod string) {
	fx := testfixtures.Dir(t, "tl2")
	src := filepath.Join(fx, "xover")
	gutsMod = filepath.Join(src, "EDITORMOD.MOD")
	if _, err := os.Stat(gutsMod); err != nil {
		testfixtures.Skipf(t, "fixtures: %v", err)
	}
	dir = filepath.Join(t.TempDir(), "xover")
	removed := 0
	copyTree(t, src, dir, func(rel string) bool {
		up := strings.ToUpper(rel)
		if strings.HasSuffix(up, ".BINDAT") || strings.HasSuffix(up, ".BINLAYOUT") || strings.HasSuffix(up, ".RAW") || up == "EDITORMOD.MOD" {
			removed++
			return true
		}
		return false
	})
	if removed != 1+5+17+2+4 { // the .MOD, 5 RAWs, the compiled siblings of 17 .DAT, 2 .ANIMATION, 4 .LAYOUT
		t.Fatalf("removed %d files from the copy, want 29", removed)
	}
	return dir, gutsMod
}

func openMod(t testing.TB, p string) *mod.Reader {
	t.Helper()
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	st, _ := f.Stat()
	r, err := mod.NewReader(f, st.Size(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func entries(t testing.TB, r *mod.Reader) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for i := range r.Entries {
		e := &r.Entries[i]
		b, err := r.ReadEntry(e, 64<<20)
		if err != nil {
			t.Fatalf("%s: %v", e.Path, err)
		}
		out[e.Path] = b
	}
	return out
}

// gutsXoverIDs replays the XOVER build's string numbering: one counter from
// 230 over the sources in path order, .ANIMATION last (bindat's
// TestXoverBuildOrder). XOVER_SOUNDS.DAT took its turn in that counter
// (ids 319..335), but the BINDAT GUTS packed was rebuilt alone later,
// numbering from 0: the replay spends its ids and then numbers from 0.
func gutsXoverIDs(opt *Options) {
	opt.ReplayGUTS(230)
	session := opt.StringIDs("")
	opt.StringIDs = func(name string) bindat.StringIDs {
		if name == "MEDIA/SOUNDS/XOVER_SOUNDS.DAT" {
			return rebuiltFromZero{session}
		}
		return session
	}
}

type rebuiltFromZero struct{ s bindat.StringIDs }

func (r rebuiltFromZero) Assign(strs []string) ([]uint32, error) {
	if _, err := r.s.Assign(strs); err != nil {
		return nil, err
	}
	ids := make([]uint32, len(strs))
	for i := range ids {
		ids[i] = uint32(i)
	}
	return ids, nil
}

// TestXoverMatchesGUTS is the end-to-end test: packing the XOVER
// text sources yields EDITORMOD.MOD's entry set with byte-identical
// contents, except UNITDATA.RAW, whose only difference is the values the
// three player units inherit from the base game's
// MEDIA/UNITS/PLAYERS/BASE.DAT (LEVEL, RARITY, RARITY_HC: 1 in GUTS's, 0
// without base data). With a stand-in base file carrying those values,
// every entry is byte-identical.
func TestXoverMatchesGUTS(t *testing.T) {
	dir, gutsPath := xoverSources(t)
	guts := entries(t, openMod(t, gutsPath))
	gutsR := openMod(t, gutsPath)

	opt := Options{Output: filepath.Join(t.TempDir(), "XOVER.MOD")}
	gutsXoverIDs(&opt)
	res, err := Pack(context.Background(), dir, opt)
	if err != nil {
		t.Fatalf("pack: %v\n%v", err, res.Findings)
	}
	ours := entries(t, openMod(t, res.Output))
	oursR := openMod(t, res.Output)
	if len(ours) != len(guts) || res.Entries != len(guts) {
		t.Errorf("%d entries (result says %d), GUTS has %d", len(ours), res.Entries, len(guts))
	}
	types := map[string]mod.FileType{}
	for _, e := range gutsR.Entries {
		types[e.Path] = e.Type
	}
	for _, e := range oursR.Entries {
		if gt, ok := types[e.Path]; !ok {
			t.Errorf("%s: not in the GUTS .MOD", e.Path)
		} else if gt != e.Type {
			t.Errorf("%s: type %v, GUTS %v", e.Path, e.Type, gt)
		}
	}
	same := 0
	var names []string
	for p := range guts {
		names = append(names, p)
	}
	sort.Strings(names)
	for _, p := range names {
		b, ok := ours[p]
		switch {
		case !ok:
			t.Errorf("%s: missing", p)
		case bytes.Equal(b, guts[p]):
			same++
		case p == "MEDIA/UNITDATA.RAW":
			diffs := unitDataDiffs(t, guts[p], b)
			want := []string{
				"PLAYERS HUM_XOVER_F: LEVEL 1→0 RARITY 1→0 RARITY_HC 1→0",
				"PLAYERS HUM_XOVER_M: LEVEL 1→0 RARITY 1→0 RARITY_HC 1→0",
				"PLAYERS HUM_XOVER_BASE: LEVEL 1→0 RARITY 1→0 RARITY_HC 1→0",
			}
			if strings.Join(diffs, "\n") != strings.Join(want, "\n") {
				t.Errorf("UNITDATA.RAW differs beyond the inherited values:\n%s", strings.Join(diffs, "\n"))
			}
		default:
			t.Errorf("%s: %d bytes differ from GUTS's %d", p, len(b), len(guts[p]))
		}
	}
	if len(res.Unresolved) != 3 {
		t.Errorf("unresolved: %+v", res.Unresolved)
	}
	// Inspect says so before packing, naming each unit's file.
	in, err := Inspect(context.Background(), dir, "")
	if err != nil {
		t.Fatal(err)
	}
	if n := Count(in.Findings, SevWarning); n != 3 || !strings.HasPrefix(in.Findings[0].File, "MEDIA/UNITS/PLAYERS/XOVER/") {
		t.Errorf("inspect: %v", in.Findings)
	}
	t.Logf("without base data: %d of %d entries byte-identical to EDITORMOD.MOD; UNITDATA.RAW differs only in the 3 players' inherited LEVEL/RARITY/RARITY_HC", same, len(guts))

	// With base data standing in for the game's PLAYERS/BASE.DAT.
	base := filepath.Join(t.TempDir(), "base")
	os.MkdirAll(filepath.Join(base, "MEDIA", "UNITS", "PLAYERS"), 0o755)
	baseDat := "[UNIT]\r\n\t<INTEGER>LEVEL:1\r\n\t<INTEGER>RARITY:1\r\n\t<INTEGER>RARITY_HC:1\r\n[/UNIT]\r\n"
	os.WriteFile(filepath.Join(base, "MEDIA", "UNITS", "PLAYERS", "base.dat"), dattext.EncodeText(baseDat, dattext.UTF16LEBOM), 0o644)
	opt2 := Options{Output: filepath.Join(t.TempDir(), "XOVER.MOD"), BaseDir: base}
	gutsXoverIDs(&opt2)
	res2, err := Pack(context.Background(), dir, opt2)
	if err != nil {
		t.Fatal(err)
	}
	ours2 := entries(t, openMod(t, res2.Output))
	same2 := 0
	for _, p := range names {
		if bytes.Equal(ours2[p], guts[p]) {
			same2++
		} else {
			t.Errorf("with base data: %s differs", p)
		}
	}
	if len(res2.Unresolved) != 0 {
		t.Errorf("with base data, unresolved: %+v", res2.Unresolved)
	}
	t.Logf("with base data: %d of %d entries byte-identical", same2, len(guts))
}

// TestXoverDefaultIDs packs XOVER with the default per-file hash string
// ids: every entry is byte-identical except the BINDATs (string ids only:
// they decompile to the same text as GUTS's) and UNITDATA.RAW.
func TestXoverDefaultIDs(t *testing.T) {
	dir, gutsPath := xoverSources(t)
	guts := entries(t, openMod(t, gutsPath))
	res, err := Pack(context.Background(), dir, Options{Output: filepath.Join(t.TempDir(), "X.MOD")})
	if err != nil {
		t.Fatal(err)
	}
	ours := entries(t, openMod(t, res.Output))
	dict, _ := tl2names.Default()
	if dict == nil {
		dict = rghash.NewDictionary()
	}
	byteSame, textSame := 0, 0
	for p, g := range guts {
		b := ours[p]
		if bytes.Equal(b, g) {
			byteSame++
			continue
		}
		if p == "MEDIA/UNITDATA.RAW" {
			continue
		}
		typ := mod.TypeFromName(p)
		if typ != mod.TypeDAT && typ != mod.TypeAnimation {
			t.Errorf("%s differs", p)
			continue
		}
		dg, err1 := bindat.Decompile(p, g, dict)
		do, err2 := bindat.Decompile(p, b, dict)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %v %v", p, err1, err2)
		}
		if dattext.Format(dg.Root) == dattext.Format(do.Root) {
			textSame++
		} else {
			t.Errorf("%s: decompiles to different text", p)
		}
	}
	t.Logf("default hash ids: %d of %d entries byte-identical, %d BINDATs differ only in string ids (same decompiled text), UNITDATA.RAW needs base data", byteSame, len(guts), textSame)
}

// unitDataDiffs lists per-unit field differences between two UNITDATA.RAWs.
func unitDataDiffs(t testing.TB, want, got []byte) []string {
	wf, err := raw.Decode(raw.UnitData, want)
	if err != nil {
		t.Fatal(err)
	}
	gf, err := raw.Decode(raw.UnitData, got)
	if err != nil {
		t.Fatal(err)
	}
	return raw.UnitDiffs(wf, gf)
}

// TestCyberModLevels packs the CYBER_MOD level sources: the two level
// layouts compile byte-identical to GUTS's BINLAYOUTs, the LEVELSETS give
// GUTS's ROOMPIECES.RAW byte for byte, the .DAT/.TEMPLATE BINDATs decompile
// to GUTS's text (their string ids come from GUTS's build counter), the
// .MPPs are packed as they are, and the 2,524-byte stub grid of CITY05 is
// reported loudly.
func TestCyberModLevels(t *testing.T) {
	fx := testfixtures.Dir(t, "tl2")
	src := filepath.Join(fx, "cyber_mod")
	dir := filepath.Join(t.TempDir(), "cyber")
	copyTree(t, filepath.Join(src, "MEDIA"), filepath.Join(dir, "MEDIA"), nil)
	writeModDat(t, dir, "[MOD]\r\n\t<STRING>NAME:CYBER\r\n\t<INTEGER64>MOD_ID:1\r\n[/MOD]\r\n", dattext.UTF16LEBOM)
	res, err := Pack(context.Background(), dir, Options{Output: filepath.Join(t.TempDir(), "C.MOD")})
	if err != nil {
		t.Fatalf("%v %v", err, res.Findings)
	}
	ours := entries(t, openMod(t, res.Output))
	dict, _ := tl2names.Default()
	if dict == nil {
		dict = rghash.NewDictionary()
	}
	var layouts, bindats, mpps int
	for p, b := range ours {
		disk := filepath.Join(src, filepath.FromSlash(p))
		switch mod.TypeFromName(p) {
		case mod.TypeLayout:
			want, err := os.ReadFile(disk + ".BINLAYOUT")
			if err != nil || !bytes.Equal(b, want) {
				t.Errorf("%s: differs from GUTS's BINLAYOUT (%v)", p, err)
			}
			layouts++
		case mod.TypeDAT:
			want, err := os.ReadFile(disk + ".BINDAT")
			if err != nil {
				t.Fatal(err)
			}
			dg, err1 := bindat.Decompile(p, want, dict)
			do, err2 := bindat.Decompile(p, b, dict)
			if err1 != nil || err2 != nil || dattext.Format(dg.Root) != dattext.Format(do.Root) {
				t.Errorf("%s: decompiles to different text (%v %v)", p, err1, err2)
			}
			bindats++
		case mod.TypeMPP:
			want, _ := os.ReadFile(disk)
			if !bytes.Equal(b, want) {
				t.Errorf("%s: not packed as it is", p)
			}
			mpps++
		case mod.TypeRAW:
			want, _ := os.ReadFile(disk)
			if p != "MEDIA/ROOMPIECES.RAW" || !bytes.Equal(b, want) {
				t.Errorf("%s: differs from the fixture", p)
			}
		}
	}
	if layouts != 2 || bindats != 4 || mpps != 2 {
		t.Errorf("%d entries: %d layouts, %d BINDATs, %d grids", len(ours), layouts, bindats, mpps)
	}
	// Every file of the fixture but the compiled siblings GUTS left beside
	// their sources: the collision meshes and the material are assets.
	var got []string
	for p := range ours {
		got = append(got, p)
	}
	sort.Strings(got)
	want := []string{
		"MEDIA/DUNGEONS/CITY_04B.DAT",
		"MEDIA/LAYOUTS/CITY04/1X1SINGLE_ROOM/CITY_04B.LAYOUT",
		"MEDIA/LAYOUTS/CITY04/1X1SINGLE_ROOM/CITY_04B.MPP",
		"MEDIA/LAYOUTS/CITY04/CITY_04B_RULES.TEMPLATE",
		"MEDIA/LAYOUTS/CITY05/CITY05.LAYOUT",
		"MEDIA/LAYOUTS/CITY05/CITY05.MPP",
		"MEDIA/LEVELSETS/CITY04.DAT",
		"MEDIA/LEVELSETS/CITY04/CITY04.MATERIAL",
		"MEDIA/LEVELSETS/CITY04/FAKE_BLDG_1_COLLISION.MESH",
		"MEDIA/LEVELSETS/CITY04/TRUSS_NO_TOP2_COLLISION.MESH",
		"MEDIA/LEVELSETS/CITY04/TRUSS_NO_TOP_COLLISION.MESH",
		"MEDIA/LEVELSETS/CITY04/TRUSS_STAIRS_COLLISION.MESH",
		"MEDIA/LEVELSETS/CITY04/TRUSS_TOP2_COLLISION.MESH",
		"MEDIA/LEVELSETS/CITY04/TRUSS_TOP_COLLISION.MESH",
		"MEDIA/LEVELSETS/CITY05.DAT",
		"MEDIA/ROOMPIECES.RAW",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") || res.Entries != len(want) {
		t.Errorf("entries (%d):\n%s\nwant:\n%s", res.Entries, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// CITY_04B's grid is current and kept; CITY05's is the stub, which the
	// pack tries to bake again, but its meshes are not in the mod.
	if len(res.Grids) != 2 || res.Grids[1].Layout != "MEDIA/LAYOUTS/CITY05/CITY05.LAYOUT" || res.Grids[1].Action != "failed" ||
		res.Grids[1].Reason != "stub" || len(res.Grids[1].Missing) != 5 || res.Grids[0].Action != "kept" {
		t.Errorf("grids %+v", res.Grids)
	}
	notBaked := false
	for _, f := range res.Findings {
		if f.File == "MEDIA/LAYOUTS/CITY05/CITY05.LAYOUT" && strings.Contains(f.Message, "WALK GRID NOT BAKED") &&
			strings.Contains(f.Message, "BLDG1_CORNER_COLLISION.MESH") && strings.Contains(f.Message, "packed as it is") {
			notBaked = true
		}
	}
	if !notBaked {
		t.Errorf("no bake warning for CITY05: %v", res.Findings)
	}
	stub := false
	for _, f := range res.Findings {
		if f.File == "MEDIA/LAYOUTS/CITY05/CITY05.MPP" && f.Severity == SevWarning && strings.Contains(f.Message, "STUB WALK GRID") {
			stub = true
		}
	}
	if !stub {
		t.Errorf("no stub warning: %v", res.Findings)
	}
	t.Logf("cyber_mod: %d layouts byte-identical, ROOMPIECES.RAW byte-identical, %d BINDATs same text, %d walk grids as they are", layouts, bindats, mpps)
}
