package levelbake

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"packsmith/formats/gametext"
	"packsmith/formats/tl2/layout"
	"packsmith/formats/tl2/mpp"
	"packsmith/internal/testfixtures"
)

// TestSceneCity04B: the scene places the layout's 99 pieces with the
// bake's frame (the .MPP's own), and each piece's line is the text line
// stating its ID, in the .LAYOUT and in the BINLAYOUT's decompiled text.
func TestSceneCity04B(t *testing.T) {
	dir := testfixtures.Dir(t, "tl2/cyber_mod")
	b, err := New(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	gb, _ := os.ReadFile(filepath.Join(dir, filepath.FromSlash(city04b+".MPP")))
	g, err := mpp.Decode(gb)
	if err != nil {
		t.Fatal(err)
	}
	for _, ext := range []string{".LAYOUT", ".LAYOUT.BINLAYOUT"} {
		src, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(city04b+ext)))
		if err != nil {
			t.Fatal(err)
		}
		sc, err := b.Scene("CITY_04B"+ext, src, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(sc.Pieces) != 99 || sc.Missing != nil || len(sc.MissingVisual) != 3 || sc.Decompiled != (ext != ".LAYOUT") {
			t.Fatalf("%s: %d pieces, missing %v, visual %v, decompiled %v", ext, len(sc.Pieces), sc.Missing, sc.MissingVisual, sc.Decompiled)
		}
		if f, want := *sc.Frame, FrameOfGrid(g); f != want {
			t.Errorf("%s: frame %+v, the .MPP's %+v", ext, f, want)
		}
		text := src
		if sc.Decompiled {
			text, _ = layout.Decompile(src, "")
		}
		tx, _ := gametext.Decode(text)
		lines := strings.Split(tx.Text, "\n")
		for _, p := range sc.Pieces {
			if p.Line < 1 || p.Line > len(lines) || strings.TrimSpace(lines[p.Line-1]) != "<INTEGER64>ID:"+strconv.FormatInt(p.ID, 10) {
				t.Fatalf("%s: piece %d at line %d", ext, p.ID, p.Line)
			}
			if p.Name == "" || p.Source != "MEDIA/LEVELSETS/CITY04.DAT" || p.Shape == nil || p.Geometry != nil || p.Problem != "visual mesh missing" {
				t.Fatalf("%s: piece %+v", ext, p)
			}
		}
	}
}
