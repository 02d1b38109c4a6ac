package app

import (
	"encoding/binary"
	"image/png"
	"math"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/view/meshview"
	"packsmith/internal/modelgen"
)

func modelSession(t *testing.T, ghost bool) (*App, string) {
	t.Helper()
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	dir := t.TempDir()
	f, err := modelgen.Mod(3, 2, ghost)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Write(dir); err != nil {
		t.Fatal(err)
	}
	s := testApp(t, &events{}, nil, nil)
	info, err := openNow(s, dir, "")
	if err != nil {
		t.Fatal(err)
	}
	return s, info.ID
}

// TestMeshAPI: /api/mesh sends the box in the body: its submeshes with
// names and materials, the lid's texture found through BOX.MATERIAL, the
// body's named as missing, the bones of its skeleton, and arrays that
// hold the mesh's numbers.
func TestMeshAPI(t *testing.T) {
	s, id := modelSession(t, false)
	h := s.APIHandler()
	rec := get(t, h, "/api/mesh", url.Values{"s": {id}, "p": {strings.ToLower(modelgen.BoxMesh)}})
	if rec.Code != 200 || len(rec.Header()) > 2 {
		t.Fatalf("%d %v %s", rec.Code, rec.Header(), rec.Body.String())
	}
	hd, blob, err := meshview.ParsePack(rec.Body.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	m := hd.Meshes[0]
	if hd.Kind != "mesh" || len(m.Submeshes) != 2 || m.Submeshes[0].Name != "lid" || m.Submeshes[1].Material != "box/body" {
		t.Fatalf("%+v", hd)
	}
	if m.Submeshes[0].Texture != "MEDIA/MODELS/BOX/LID.PNG" || m.Submeshes[0].Problem != "" {
		t.Errorf("lid: %+v", m.Submeshes[0])
	}
	if want := `texture body.dds of material "box/body" (MEDIA/MODELS/BOX/BOX.MATERIAL) not found`; m.Submeshes[1].Problem != want {
		t.Errorf("body: %q, want %q", m.Submeshes[1].Problem, want)
	}
	if m.Bones != 3 || m.Skeleton != "MEDIA/MODELS/BOX/BOX.SKELETON" || m.Info.Triangles != 10 || m.Info.Bounds.Size != [3]float32{2, 3, 2} {
		t.Errorf("bones %d (%s), %d triangles, size %v", m.Bones, m.Skeleton, m.Info.Triangles, m.Info.Bounds.Size)
	}
	g := m.Geometries[0]
	if g.Vertices != 20 || m.Submeshes[0].Count != 6 || m.Submeshes[1].Count != 24 {
		t.Fatalf("geometry %+v, counts %d %d", g, m.Submeshes[0].Count, m.Submeshes[1].Count)
	}
	f := func(off, i int) float32 { return math.Float32frombits(binary.LittleEndian.Uint32(blob[off+4*i:])) }
	// Vertex 0 is the lid's (x0, h, z0) corner, normal up; the body's first index is vertex 4.
	if f(g.Pos, 0) != -1 || f(g.Pos, 1) != 3 || f(g.Nrm, 1) != 1 || binary.LittleEndian.Uint32(blob[m.Submeshes[1].Index:]) != 4 {
		t.Fatalf("arrays: pos %v %v, normal y %v", f(g.Pos, 0), f(g.Pos, 1), f(g.Nrm, 1))
	}
	// The lid's list as the file holds it, winding kept.
	for i, want := range []uint32{0, 1, 2, 0, 2, 3} {
		if got := binary.LittleEndian.Uint32(blob[m.Submeshes[0].Index+4*i:]); got != want {
			t.Fatalf("lid index %d: %d, want %d", i, got, want)
		}
	}
	rec = get(t, h, "/api/modeltex", url.Values{"s": {id}, "p": {modelgen.BoxMesh}, "t": {m.Submeshes[0].Texture}})
	img, err := png.Decode(rec.Body)
	if rec.Code != 200 || err != nil || img.Bounds().Dx() != 64 {
		t.Fatalf("texture: %d %v", rec.Code, err)
	}
	rec = get(t, h, "/api/modeltex", url.Values{"s": {id}, "p": {modelgen.BoxMesh}, "t": {"MEDIA/MODELS/BOX/BODY.DDS"}})
	if rec.Code != 422 || !strings.Contains(rec.Body.String(), "texture MEDIA/MODELS/BOX/BODY.DDS: not in the mod or the game's data") {
		t.Fatalf("missing texture: %d %s", rec.Code, rec.Body.String())
	}
}

// TestLevelAPI: /api/level sends the pieces placed as the bake places
// them, each distinct mesh once, the walk grid (baked: the mod has no
// .MPP) and, with a piece whose meshes are missing, the bake's words.
func TestLevelAPI(t *testing.T) {
	s, id := modelSession(t, false)
	rec := get(t, s.APIHandler(), "/api/level", url.Values{"s": {id}, "p": {modelgen.LevelFile}})
	hd, _, err := meshview.ParsePack(rec.Body.Bytes())
	if rec.Code != 200 || err != nil {
		t.Fatalf("%d %v %s", rec.Code, err, rec.Body.String())
	}
	if len(hd.Pieces) != modelgen.Pieces(3, 2) || len(hd.Meshes) != 2 || hd.Grid == nil || hd.Grid.Source != "baked" {
		t.Fatalf("%d pieces, %d meshes, grid %+v", len(hd.Pieces), len(hd.Meshes), hd.Grid)
	}
	p := hd.Pieces[2] // the second tile (the box of the first is 1)
	if p.Name != "floor tile" || p.Source != "MEDIA/LEVELSETS/ROOM.DAT" || p.World[3] != 8 || p.World[7] != -0.5 || p.Line == 0 || p.MeshIndex != 0 {
		t.Fatalf("piece %+v", p)
	}
	// 3 × 2 tiles of 8 units, padded and snapped to 10: the grid's frame.
	if hd.Grid.Width != 100 || hd.Grid.Height != 75 {
		t.Errorf("grid %d×%d", hd.Grid.Width, hd.Grid.Height)
	}

	s, id = modelSession(t, true)
	rec = get(t, s.APIHandler(), "/api/level", url.Values{"s": {id}, "p": {modelgen.LevelFile}})
	hd, _, err = meshview.ParsePack(rec.Body.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	ghost := hd.Pieces[len(hd.Pieces)-1]
	if hd.Missing != "ROOM.LAYOUT cannot be baked: 1 collision mesh(es) missing: MEDIA/LEVELSETS/ROOM/GHOST_COLLISION.MESH" ||
		len(hd.MissingVisual) != 1 || hd.MissingVisual[0] != "MEDIA/LEVELSETS/ROOM/GHOST.MESH" || ghost.MeshIndex != -1 || ghost.Problem != "collision mesh missing" || hd.Grid != nil {
		t.Fatalf("missing %q %v, ghost %+v, grid %v", hd.Missing, hd.MissingVisual, ghost, hd.Grid)
	}
}

// TestLooseMeshAPI: a .MESH opened on its own (issue 46) finds its
// material, texture, skeleton and animation list as `packsmith info`
// does (both ask meshview.Model): beside it when it lies under no MEDIA
// folder, in the mod around it when it lies under one.
func TestLooseMeshAPI(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	f, err := modelgen.Unit()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ sub, dir string }{{"", "MEDIA/"}, {"MEDIA/MONSTERS/BOX/", "MEDIA/MONSTERS/BOX/"}} {
		root := filepath.Join(t.TempDir(), "unzipped")
		if err := f.Under(c.sub).Write(root); err != nil {
			t.Fatal(err)
		}
		s := testApp(t, &events{}, nil, nil)
		info, err := openNow(s, filepath.Join(root, filepath.FromSlash(c.sub), "BOX.MESH"), "")
		if err != nil {
			t.Fatal(err)
		}
		h := s.APIHandler()
		entry := c.sub + "BOX.MESH"
		rec := get(t, h, "/api/mesh", url.Values{"s": {info.ID}, "p": {entry}})
		if rec.Code != 200 {
			t.Fatalf("%s: %d %s", entry, rec.Code, rec.Body.String())
		}
		hd, _, err := meshview.ParsePack(rec.Body.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		m := hd.Meshes[0]
		if m.Submeshes[0].Texture != c.dir+"LID.DDS" || m.Submeshes[0].Problem != "" || m.Skeleton != c.dir+"BOX.SKELETON" || m.Bones != 2 {
			t.Errorf("%s: lid %+v, skeleton %q (%d bones)", entry, m.Submeshes[0], m.Skeleton, m.Bones)
		}
		if sk := m.Skin; sk == nil || sk.AnimationList != c.dir+"BOX.ANIMATION" || len(sk.Animations) != 1 || sk.Animations[0].Name != "Idle" || len(sk.Problems) != 0 {
			t.Errorf("%s: skin %+v", entry, sk)
		}
		rec = get(t, h, "/api/modeltex", url.Values{"s": {info.ID}, "p": {entry}, "t": {c.dir + "LID.DDS"}})
		if img, err := png.Decode(rec.Body); rec.Code != 200 || err != nil || img.Bounds().Dx() != 8 {
			t.Errorf("%s: texture %d %v", entry, rec.Code, err)
		}
	}
}
