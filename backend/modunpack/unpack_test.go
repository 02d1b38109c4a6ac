package modunpack

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"packsmith/backend/modpack"
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
	t.Logf("XOVER: %d of 54 entries byte-identical; differ: %v", same, differ)
	if same != 54 || len(differ) != 0 {
		t.Errorf("%d of 54 byte-identical; differ: %v", same, differ)
	}
}

func TestUnpackCyberRoundTrip(t *testing.T) {
	fx := testfixtures.Dir(t, "tl2")
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	same, differ, res, pres := roundTrip(t, filepath.Join(fx, "cyber_mod", "EDITORMOD_at_90dcf2a.MOD"), modpack.Options{})
	t.Logf("CYBER: %d of %d entries byte-identical; differ: %v; unpack %+v", same, res.Entries, differ, res)
	if same+len(differ) < 277 {
		t.Errorf("%d + %d entries", same, len(differ))
	}
	if strings.Join(differ, " ") != "MEDIA/UNITDATA.RAW" {
		t.Fatalf("differ: %v", differ)
	}
	// The one difference needs base data: HUM_CYBER_BASE inherits its
	// UNITTYPE from the game's PLAYERS/BASE.DAT.
	_, o := readMod(t, filepath.Join(fx, "cyber_mod", "EDITORMOD_at_90dcf2a.MOD"))
	_, g := readMod(t, pres.Output)
	wf, err1 := raw.Decode(raw.UnitData, o["MEDIA/UNITDATA.RAW"][0])
	gf, err2 := raw.Decode(raw.UnitData, g["MEDIA/UNITDATA.RAW"][0])
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if d := raw.UnitDiffs(wf, gf); strings.Join(d, "; ") != "PLAYERS HUM_CYBER_BASE: UNITTYPE PLAYER→" {
		t.Errorf("UNITDATA differences: %v", d)
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
	t.Logf("CYBER with a DATA.PAK: %d of %d byte-identical; %d units still take defaults (their base files are not in this DATA.PAK)", same, res.Entries, len(pres.Unresolved))
}
