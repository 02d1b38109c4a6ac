package levelbake

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/formats/ogre/mesh"
	"packsmith/formats/tl2/bindat"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/mpp"
)

// floorMesh is a size×size floor at y 0 centred on the origin, with an
// optional nocollide post (a vertical quad at x 0, head high).
func floorMesh(t *testing.T, size float32, post bool) []byte {
	h := size / 2
	m := &mesh.Mesh{
		Submeshes: []mesh.Submesh{{Material: "floor_collision", Indices: []uint32{0, 1, 2, 0, 2, 3},
			Geometry: &mesh.Geometry{VertexCount: 4, Positions: []float32{-h, 0, -h, h, 0, -h, h, 0, h, -h, 0, h}}}},
		HasBounds: true, Min: [3]float32{-h, 0, -h}, Max: [3]float32{h, 0, h},
	}
	if post {
		m.Submeshes = append(m.Submeshes, mesh.Submesh{Material: "Multi_Collision/NoCollide", Indices: []uint32{0, 1, 2, 0, 2, 3},
			Geometry: &mesh.Geometry{VertexCount: 4, Positions: []float32{0, -1, -1, 0, -1, 1, 0, 4, 1, 0, 4, -1}}})
	}
	b, err := mesh.Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func write(t *testing.T, root string, files map[string][]byte) {
	for p, b := range files {
		f := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

const piecesDat = `[TILESET]
<STRING>NAME:T
[PIECE]
<STRING>NAME:floor
<INTEGER64>GUID:11
<STRING>FILE:media/levelsets/t/floor.mesh
<STRING>COLLISIONFILE:media/levelsets/t/floor_collision.mesh
[/PIECE]
[PIECE]
<STRING>NAME:variants
<INTEGER64>GUID:12
<STRING>FILE:media/levelsets/t/a.mesh
<STRING>FILE:media/levelsets/t/b.mesh
<STRING>COLLISIONFILE:media/levelsets/t/floor_collision.mesh
<STRING>COLLISIONFILE:media/levelsets/t/post_collision.mesh
[/PIECE]
[PIECE]
<STRING>NAME:nopath slab
<INTEGER64>GUID:13
<BOOL>NOPATH:true
<STRING>COLLISIONFILE:media/levelsets/t/floor_collision.mesh
[/PIECE]
[/TILESET]
`

func layoutText(pieces ...string) []byte {
	s := "[Layout]\n<INTEGER>VERSION:4\n<UNSIGNED INT>COUNT:1\n[OBJECTS]\n"
	for i, p := range pieces {
		f := strings.SplitN(p, " ", 2)
		s += "[BASEOBJECT]\n[PROPERTIES]\n<STRING>DESCRIPTOR:Room Piece\n<INTEGER64>ID:" + string(rune('1'+i)) + "\n<STRING>GUID:" + f[0] + "\n"
		if len(f) > 1 {
			s += strings.ReplaceAll(f[1], ";", "\n") + "\n"
		}
		s += "[/PROPERTIES]\n[/BASEOBJECT]\n"
	}
	return []byte(s + "[/OBJECTS]\n[/Layout]\n")
}

func modWith(t *testing.T) string {
	dir := t.TempDir()
	write(t, dir, map[string][]byte{
		"MEDIA/LEVELSETS/T.DAT":                    []byte(piecesDat),
		"MEDIA/LEVELSETS/T/FLOOR_COLLISION.MESH":   floorMesh(t, 16, false),
		"MEDIA/LevelSets/t/Post_Collision.mesh":    floorMesh(t, 16, true),
		"MEDIA/LAYOUTS/L/L.LAYOUT":                 layoutText("11"),
		"MEDIA/LEVELSETS/T/UNUSED_COLLISION.MESH":  []byte("not a mesh"),
		"MEDIA/LEVELSETS/OTHER.DAT.BINDAT":         nil,
		"MEDIA/LEVELSETS/T/FLOOR.MESH":             nil,
		"MEDIA/LEVELSETS/T/FLOOR_COLLISION.MESH.X": nil,
	})
	os.Remove(filepath.Join(dir, "MEDIA/LEVELSETS/OTHER.DAT.BINDAT"))
	return dir
}

func bakeText(t *testing.T, b *Baker, text []byte) (*Report, error) {
	t.Helper()
	return b.BakeLayout(context.Background(), "L.LAYOUT", text, Options{})
}

func TestPiecesAndVisuals(t *testing.T) {
	b, err := New(modWith(t), "")
	if err != nil {
		t.Fatal(err)
	}
	if b.Pieces() != 3 {
		t.Fatalf("%d pieces", b.Pieces())
	}
	// A plain floor: 16×16 units, 40×40 cells, all walkable.
	r, err := bakeText(t, b, layoutText("11"))
	if err != nil {
		t.Fatal(err)
	}
	if r.Stats.Walkable.Count != 1600 || r.Stats.Wall.Count != 0 {
		t.Fatalf("floor %+v", r.Stats)
	}
	// VISUAL 1 picks the second collision mesh (found whatever its case),
	// whose nocollide post (2 units long) walls 5 cells each side of x 0.
	r, err = bakeText(t, b, layoutText("12 <STRING>VISUAL:1"))
	if err != nil {
		t.Fatal(err)
	}
	if r.Stats.Wall.Count != 10 || r.Stats.Walkable.Count != 1590 {
		t.Fatalf("visual 1: %+v", r.Stats)
	}
	// VISUAL 0 (and an index out of range) takes the first.
	for _, v := range []string{"0", "7"} {
		r, err = bakeText(t, b, layoutText("12 <STRING>VISUAL:"+v))
		if err != nil || r.Stats.Wall.Count != 0 {
			t.Fatalf("visual %s: %v %+v", v, err, r)
		}
	}
	// NOPATH from the DAT and from the placement.
	for _, txt := range [][]byte{layoutText("13"), layoutText("11 <BOOL>NOPATH:true")} {
		r, err = bakeText(t, b, txt)
		if err != nil || r.Stats.Wall.Count != 1600 {
			t.Fatalf("NOPATH: %v %+v", err, r)
		}
	}
	// COLLISION ENABLED false: nothing to bake.
	if _, err = bakeText(t, b, layoutText("11 <BOOL>COLLISION ENABLED:false")); err == nil {
		t.Fatal("no geometry baked")
	}
	// BAKE false leaves the triangles out, the box stays: all void.
	r, err = bakeText(t, b, layoutText("11 <BOOL>BAKE:false"))
	if err != nil || r.Stats.Walkable.Count != 0 || r.Gated != 1 || r.Width != 50 {
		t.Fatalf("BAKE false: %v %+v", err, r)
	}
	// The same grid from BINLAYOUT bytes.
	r1, _ := bakeText(t, b, layoutText("12 <STRING>VISUAL:1"))
	bin := compileLayout(t, layoutText("12 <STRING>VISUAL:1"))
	r2, err := b.BakeLayout(context.Background(), "L.LAYOUT", bin, Options{})
	if err != nil {
		t.Fatal(err)
	}
	e1, _ := mpp.Encode(r1.Grid)
	e2, _ := mpp.Encode(r2.Grid)
	if string(e1) != string(e2) {
		t.Fatal("BINLAYOUT bakes another grid")
	}
}

func TestMissing(t *testing.T) {
	dir := modWith(t)
	b, err := New(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	write(t, dir, nil)
	_, err = bakeText(t, b, layoutText("11", "99", "98", "99"))
	var me *MissingError
	if !errors.As(err, &me) || strings.Join(me.Pieces, ",") != "98,99" || len(me.Meshes) != 0 {
		t.Fatalf("unknown pieces: %v", err)
	}
	os.Remove(filepath.Join(dir, "MEDIA/LEVELSETS/T/FLOOR_COLLISION.MESH"))
	b, _ = New(dir, "")
	_, err = bakeText(t, b, layoutText("11", "13"))
	if !errors.As(err, &me) || strings.Join(me.Meshes, ",") != "MEDIA/LEVELSETS/T/FLOOR_COLLISION.MESH" {
		t.Fatalf("missing mesh: %v", err)
	}
	if !strings.Contains(err.Error(), "L.LAYOUT cannot be baked: 1 collision mesh(es) missing: MEDIA/LEVELSETS/T/FLOOR_COLLISION.MESH") {
		t.Fatalf("message %q", err)
	}
}

// TestGamePak: pieces and meshes the mod lacks come from the game's
// DATA.PAK (BINDAT levelsets), read in place.
func TestGamePak(t *testing.T) {
	mdir := t.TempDir()
	write(t, mdir, map[string][]byte{"MEDIA/LAYOUTS/L/L.LAYOUT": layoutText("12 <STRING>VISUAL:1")})
	gdir := t.TempDir()
	dat, err := bindat.CompileText("T.DAT", []byte(piecesDat), nil)
	if err != nil {
		t.Fatal(err)
	}
	pak, err := os.Create(filepath.Join(gdir, "DATA.PAK"))
	if err != nil {
		t.Fatal(err)
	}
	man, err := os.Create(filepath.Join(gdir, "DATA.PAK.MAN"))
	if err != nil {
		t.Fatal(err)
	}
	w, err := mod.NewPakWriter(pak, man, nil)
	if err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string][]byte{
		"MEDIA/LEVELSETS/T.DAT":                  dat,
		"MEDIA/LEVELSETS/T/FLOOR_COLLISION.MESH": floorMesh(t, 16, false),
		"MEDIA/LEVELSETS/T/POST_COLLISION.MESH":  floorMesh(t, 16, true),
	} {
		if err := w.Add(mod.FileHeader{Name: name}, strings.NewReader(string(b))); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	pak.Close()
	man.Close()
	b, err := New(mdir, "")
	if err != nil {
		t.Fatal(err)
	}
	var me *MissingError
	if _, err := bakeText(t, b, layoutText("12 <STRING>VISUAL:1")); !errors.As(err, &me) || len(me.Pieces) != 1 {
		t.Fatalf("without the game: %v", err)
	}
	b, err = New(mdir, gdir)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	r, err := bakeText(t, b, layoutText("12 <STRING>VISUAL:1"))
	if err != nil {
		t.Fatal(err)
	}
	if r.Stats.Wall.Count != 10 || r.Stats.Walkable.Count != 1590 {
		t.Fatalf("from the game: %+v", r.Stats)
	}
	if !HasPak(gdir) || HasPak(mdir) {
		t.Fatal("HasPak")
	}
	if _, err := New(mdir, t.TempDir()); err == nil || !strings.Contains(err.Error(), "neither DATA.PAK") {
		t.Fatalf("empty game folder: %v", err)
	}
}

func compileLayout(t *testing.T, text []byte) []byte {
	t.Helper()
	l, err := DecodeLayout("L.LAYOUT", text)
	if err != nil {
		t.Fatal(err)
	}
	b, err := layoutEncode(l)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
