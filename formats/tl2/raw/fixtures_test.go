package raw

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"packsmith/formats/tl2/dattext"
	"packsmith/internal/testfixtures"
)

func fixtureRAWs(t testing.TB) []string {
	dir := testfixtures.Dir(t, "tl2")
	var out []string
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(strings.ToUpper(p), ".RAW") {
			out = append(out, p)
		}
		return nil
	})
	sort.Strings(out)
	testfixtures.AtLeast(t, len(out), 7, "RAW files")
	return out
}

func TestFixtureDecodeEncodeIdentity(t *testing.T) {
	n := 0
	for _, p := range fixtureRAWs(t) {
		kind, ok := KindOf(p)
		if !ok {
			t.Errorf("%s: unknown RAW", p)
			continue
		}
		b, _ := os.ReadFile(p)
		f, err := Decode(kind, b)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		out, err := Encode(f)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		if !bytes.Equal(out, b) {
			t.Errorf("%s: re-encoded bytes differ", p)
			continue
		}
		if tb := f.Table(); len(tb.Rows) == 0 || len(tb.Rows[0]) != len(tb.Columns) {
			t.Errorf("%s: table %v", p, tb)
		}
		n++
	}
	t.Logf("%d RAW fixtures decode→encode byte-identical", n)
}

// generateFixture runs Generate over a fixture mod folder read in place.
func generateFixture(t *testing.T, mod string, opt Options) (*Result, string) {
	dir := filepath.Join(testfixtures.Dir(t, "tl2"), mod)
	res, err := Generate(&FSSource{FS: os.DirFS(dir)}, opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range res.Warnings {
		t.Logf("warning: %s", w)
	}
	return res, dir
}

func output(res *Result, k Kind) *Output {
	for i := range res.Outputs {
		if res.Outputs[i].File.Kind == k {
			return &res.Outputs[i]
		}
	}
	return nil
}

func TestFixtureGenerateXover(t *testing.T) {
	res, dir := generateFixture(t, "xover", Options{})
	same := 0
	for _, k := range []Kind{Affixes, Skills, Triggerables, UI} {
		want, err := os.ReadFile(filepath.Join(dir, "MEDIA", k.FileName()))
		if err != nil {
			t.Fatal(err)
		}
		out := output(res, k)
		if out == nil {
			t.Errorf("%s not generated", k.FileName())
			continue
		}
		if !bytes.Equal(out.Data, want) {
			t.Errorf("%s: generated %d bytes differ from GUTS's %d", k.FileName(), len(out.Data), len(want))
			continue
		}
		same++
	}
	for _, k := range []Kind{Missiles, RoomPieces} {
		if output(res, k) != nil {
			t.Errorf("%s generated for a mod without sources for it", k.FileName())
		}
	}
	t.Logf("xover: %d of 4 base-data-free RAWs regenerate byte-identical", same)

	// UNITDATA without base data: the three XOVER players inherit from
	// MEDIA/UNITS/PLAYERS/BASE.DAT, which is not in the mod; GUTS's
	// defaults (LEVEL 1, RARITY 1, RARITY_HC = RARITY) give its bytes.
	want, _ := os.ReadFile(filepath.Join(dir, "MEDIA", "UNITDATA.RAW"))
	out := output(res, UnitData)
	if out == nil {
		t.Fatal("UNITDATA.RAW not generated")
	}
	wf, err := Decode(UnitData, want)
	if err != nil {
		t.Fatal(err)
	}
	if diffs := UnitDiffs(wf, out.File); len(diffs) != 0 || !bytes.Equal(out.Data, want) {
		t.Errorf("UNITDATA without base data differs: %v", diffs)
	}
	if len(res.Unresolved) != 3 {
		t.Errorf("unresolved units: %+v", res.Unresolved)
	}
	for _, u := range res.Unresolved {
		t.Logf("unresolved (defaults used): %s → %s lacks %v", u.File, u.BaseFile, u.Missing)
	}

	// With base data the chain resolves and the bytes match. The stand-in
	// BASE.DAT carries only the values GUTS's UNITDATA.RAW shows it read.
	base := dattext.Node{Name: "UNIT"}
	base.Add("INTEGER", "LEVEL", "1").Add("INTEGER", "RARITY", "1").Add("INTEGER", "RARITY_HC", "1")
	res2, _ := generateFixture(t, "xover", Options{Base: mapBase{"MEDIA/UNITS/PLAYERS/BASE.DAT": &base}})
	if out := output(res2, UnitData); out == nil || !bytes.Equal(out.Data, want) {
		t.Errorf("UNITDATA with base data differs")
	}
	if len(res2.Unresolved) != 0 {
		t.Errorf("unresolved with base data: %+v", res2.Unresolved)
	}
}

type mapBase map[string]*dattext.Node

func (m mapBase) Dat(p string) (*dattext.Node, error) {
	if n, ok := m[p]; ok {
		return n, nil
	}
	return nil, fmt.Errorf("%s: %w", p, fs.ErrNotExist)
}

func TestFixtureGenerateCyberRoomPieces(t *testing.T) {
	res, dir := generateFixture(t, "cyber_mod", Options{})
	want, _ := os.ReadFile(filepath.Join(dir, "MEDIA", "ROOMPIECES.RAW"))
	out := output(res, RoomPieces)
	if out == nil || !bytes.Equal(out.Data, want) {
		t.Fatalf("ROOMPIECES.RAW differs from GUTS's")
	}
	t.Logf("cyber_mod ROOMPIECES.RAW regenerates byte-identical (%d files)", len(out.File.RoomPieces))
}
