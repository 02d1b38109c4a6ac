package app

import (
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"packsmith/backend/view/meshview"
	"packsmith/formats/tl2/mpp"
	"packsmith/internal/modelgen"
)

// TestLooseLevelAPI: a .LAYOUT opened on its own by path inside a mod
// folder (issue 45) finds that mod through modfiles, as a loose .MESH does
// (TestLooseMeshAPI): every piece placed with its meshes, the walk grid
// baked from the mod's collision meshes, then read from the .MPP saved
// beside it once there is one.
func TestLooseLevelAPI(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	f, err := modelgen.Mod(3, 2, false)
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(t.TempDir(), "MYMOD")
	if err := f.Write(root); err != nil {
		t.Fatal(err)
	}
	layout := filepath.Join(root, filepath.FromSlash(modelgen.LevelFile))
	s := testApp(t, &events{}, nil, nil)
	info, err := openNow(s, layout, "")
	if err != nil {
		t.Fatal(err)
	}
	level := func() *meshview.PackHeader {
		t.Helper()
		rec := get(t, s.APIHandler(), "/api/level", url.Values{"s": {info.ID}, "p": {modelgen.LevelFile}})
		hd, _, err := meshview.ParsePack(rec.Body.Bytes())
		if rec.Code != 200 || err != nil {
			t.Fatalf("%d %v %s", rec.Code, err, rec.Body.String())
		}
		return hd
	}
	hd := level()
	if len(hd.Pieces) != modelgen.Pieces(3, 2) || len(hd.Meshes) != 2 || hd.Missing != "" || len(hd.MissingVisual) != 0 || hd.Grid == nil || hd.Grid.Source != "baked" {
		t.Fatalf("%d pieces, %d meshes, missing %q %v, grid %+v", len(hd.Pieces), len(hd.Meshes), hd.Missing, hd.MissingVisual, hd.Grid)
	}
	if p := hd.Pieces[2]; p.Name != "floor tile" || p.Source != "MEDIA/LEVELSETS/ROOM.DAT" || p.MeshIndex != 0 {
		t.Fatalf("piece %+v", p)
	}
	if hd.Grid.Width != 100 || hd.Grid.Height != 75 {
		t.Errorf("grid %d×%d", hd.Grid.Width, hd.Grid.Height)
	}

	// A walk grid saved beside the layout is shown as it is.
	g := &mpp.Grid{Width: 20, Height: 10, ExtentX: 20, ExtentZ: 10, Cells: make([]mpp.Class, 200)}
	b, err := mpp.Encode(g)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(filepath.Dir(layout), "ROOM.MPP"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	if hd = level(); hd.Grid == nil || hd.Grid.Source != "MEDIA/LAYOUTS/ROOM/ROOM.MPP" || hd.Grid.Width != 20 || hd.Grid.Height != 10 {
		t.Fatalf("saved grid: %+v", hd.Grid)
	}
}
