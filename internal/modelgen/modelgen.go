// Package modelgen writes small Torchlight II mods with meshes for the 3D
// view's tests, benchmarks and browser tests: a textured box with a
// skeleton link, a level of placed pieces, a mesh of any triangle count.
// Everything is generated, so the tests need no game files.
package modelgen

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"

	"packsmith/formats/dds"
	"packsmith/formats/ogre/mesh"
	"packsmith/formats/ogre/skeleton"
	"packsmith/internal/crafted"
)

// Box is a w × h × d box standing on y = 0, centred on x and z: its top in
// a submesh "lid" of material "box/lid", the sides in "body" of material
// "box/body", with normals and UVs, linked to BOX.SKELETON.
func Box(w, h, d float32) *mesh.Mesh {
	type face struct {
		n       [3]float32
		corners [4][3]float32
	}
	x0, x1, z0, z1 := -w/2, w/2, -d/2, d/2
	faces := []face{
		{[3]float32{0, 1, 0}, [4][3]float32{{x0, h, z0}, {x0, h, z1}, {x1, h, z1}, {x1, h, z0}}},
		{[3]float32{0, 0, 1}, [4][3]float32{{x0, 0, z1}, {x1, 0, z1}, {x1, h, z1}, {x0, h, z1}}},
		{[3]float32{0, 0, -1}, [4][3]float32{{x1, 0, z0}, {x0, 0, z0}, {x0, h, z0}, {x1, h, z0}}},
		{[3]float32{1, 0, 0}, [4][3]float32{{x1, 0, z1}, {x1, 0, z0}, {x1, h, z0}, {x1, h, z1}}},
		{[3]float32{-1, 0, 0}, [4][3]float32{{x0, 0, z0}, {x0, 0, z1}, {x0, h, z1}, {x0, h, z0}}},
	}
	g := &mesh.Geometry{}
	var lid, body []uint32
	for fi, f := range faces {
		base := uint32(g.VertexCount)
		for k, c := range f.corners {
			g.Positions = append(g.Positions, c[0], c[1], c[2])
			g.Normals = append(g.Normals, f.n[0], f.n[1], f.n[2])
			g.UVs = append(g.UVs, float32(k/2), float32((k+1)/2%2))
			g.VertexCount++
		}
		q := []uint32{base, base + 1, base + 2, base, base + 2, base + 3}
		if fi == 0 {
			lid = append(lid, q...)
		} else {
			body = append(body, q...)
		}
	}
	return &mesh.Mesh{
		Animated: true, Skeleton: "BOX.SKELETON", Shared: g,
		Submeshes: []mesh.Submesh{
			{Name: "lid", Material: "box/lid", UseShared: true, Indices: lid, Operation: mesh.OpTriangleList},
			{Name: "body", Material: "box/body", UseShared: true, Indices: body, Operation: mesh.OpTriangleList},
		},
		HasBounds: true, Min: [3]float32{x0, 0, z0}, Max: [3]float32{x1, h, z1},
	}
}

// Grid is a rippled square sheet of n×n quads (2n² triangles), size units
// across, with normals and UVs: a mesh of any size for benchmarks.
func Grid(n int, size float32) *mesh.Mesh {
	g := &mesh.Geometry{VertexCount: (n + 1) * (n + 1)}
	for j := 0; j <= n; j++ {
		for i := 0; i <= n; i++ {
			u, v := float32(i)/float32(n), float32(j)/float32(n)
			y := float32(math.Sin(float64(u)*12)*math.Cos(float64(v)*9)) * size / 20
			g.Positions = append(g.Positions, (u-0.5)*size, y, (v-0.5)*size)
			g.Normals = append(g.Normals, 0, 1, 0)
			g.UVs = append(g.UVs, u, v)
		}
	}
	idx := make([]uint32, 0, 6*n*n)
	for j := 0; j < n; j++ {
		for i := 0; i < n; i++ {
			a := uint32(j*(n+1) + i)
			b, c, d := a+1, a+uint32(n+1), a+uint32(n+2)
			idx = append(idx, a, c, b, b, c, d)
		}
	}
	lo, hi, _ := (&mesh.Mesh{Shared: g}).VertexBounds()
	return &mesh.Mesh{Shared: g, Submeshes: []mesh.Submesh{{Name: "sheet", Material: "sheet", UseShared: true, Indices: idx, Operation: mesh.OpTriangleList}},
		HasBounds: true, Min: lo, Max: hi}
}

// Skeleton is an Ogre binary .SKELETON of n bones (no animations), with
// the chunk lengths Ogre writes (a bone chunk says 36 bytes whatever its
// name: formats/ogre/skeleton), as real files have them.
func Skeleton(n int) []byte {
	sk := &skeleton.Skeleton{Version: "[Serializer_v1.10]", Bones: bones(n)}
	b, err := skeleton.Encode(sk)
	if err != nil {
		panic(err) // names and version are fixed and valid
	}
	return b
}

// Checker is a PNG texture: an 8×8 checkerboard of two colours, 64 px.
func Checker(a, b color.RGBA) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 64, 64))
	for y := range 64 {
		for x := range 64 {
			c := a
			if (x/8+y/8)%2 == 1 {
				c = b
			}
			img.SetRGBA(x, y, c)
		}
	}
	var buf bytes.Buffer
	png.Encode(&buf, img)
	return buf.Bytes()
}

// Files of the generated mod, by slash path under the mod folder.
type Files map[string][]byte

// Write puts the files under dir.
func (f Files) Write(dir string) error {
	for p, b := range f {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(full, b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// Level paths of Mod.
const (
	BoxMesh   = "MEDIA/MODELS/BOX/BOX.MESH"
	LevelFile = "MEDIA/LAYOUTS/ROOM/ROOM.LAYOUT"
)

// Mod is a mod with the box (its lid textured by LID.PNG, its body's
// texture missing) and a level placing pieces: a floor tile (visual
// FLOOR.MESH, collision FLOOR_COLLISION.MESH) in a cols × rows grid of
// 8-unit tiles, a box on every third tile, and, with ghost, one piece
// whose meshes are missing ("ghost").
func Mod(cols, rows int, ghost bool) (Files, error) {
	f := Files{}
	enc := func(p string, m *mesh.Mesh) error {
		b, err := mesh.Encode(m)
		f[p] = b
		return err
	}
	if err := enc(BoxMesh, Box(2, 3, 2)); err != nil {
		return nil, err
	}
	floor := Box(8, 0.5, 8)
	floor.Skeleton, floor.Animated = "", false
	floor.Submeshes[0].Material, floor.Submeshes[1].Material = "floor", "floor"
	floor.Submeshes[0].Name, floor.Submeshes[1].Name = "top", "edge"
	if err := enc("MEDIA/LEVELSETS/ROOM/FLOOR.MESH", floor); err != nil {
		return nil, err
	}
	coll := Box(8, 0.5, 8)
	coll.Skeleton, coll.Animated = "", false
	for i := range coll.Submeshes {
		coll.Submeshes[i].Material, coll.Submeshes[i].Name = "floor_collision", ""
	}
	coll.Shared.Normals, coll.Shared.UVs = nil, nil
	if err := enc("MEDIA/LEVELSETS/ROOM/FLOOR_COLLISION.MESH", coll); err != nil {
		return nil, err
	}
	f["MEDIA/MODELS/BOX/BOX.SKELETON"] = Skeleton(3)
	f["MEDIA/MODELS/BOX/BOX.MATERIAL"] = []byte("material box/lid\n{\n technique\n {\n  pass\n  {\n   texture_unit\n   {\n    texture lid.png\n   }\n  }\n }\n}\n" +
		"material box/body\n{\n technique { pass { texture_unit { texture body.dds } } }\n}\n")
	f["MEDIA/MODELS/BOX/LID.PNG"] = Checker(color.RGBA{0xE0, 0x60, 0x20, 0xFF}, color.RGBA{0x20, 0x60, 0xE0, 0xFF})
	f["MEDIA/LEVELSETS/ROOM/ROOM.MATERIAL"] = []byte("material floor\n{\n technique { pass { texture_unit { texture floor.png } } }\n}\n")
	f["MEDIA/LEVELSETS/ROOM/FLOOR.PNG"] = Checker(color.RGBA{0x90, 0x90, 0x90, 0xFF}, color.RGBA{0x60, 0x60, 0x60, 0xFF})
	f["MEDIA/LEVELSETS/ROOM.DAT"] = []byte("[TILESET]\n<STRING>NAME:ROOM\n" +
		"[PIECE]\n<STRING>NAME:floor tile\n<INTEGER64>GUID:101\n<STRING>FILE:media/levelsets/room/floor.mesh\n<STRING>COLLISIONFILE:media/levelsets/room/floor_collision.mesh\n[/PIECE]\n" +
		"[PIECE]\n<STRING>NAME:box\n<INTEGER64>GUID:102\n<STRING>FILE:media/models/box/box.mesh\n[/PIECE]\n" +
		"[PIECE]\n<STRING>NAME:ghost\n<INTEGER64>GUID:103\n<STRING>FILE:media/levelsets/room/ghost.mesh\n<STRING>COLLISIONFILE:media/levelsets/room/ghost_collision.mesh\n[/PIECE]\n" +
		"[/TILESET]\n")
	var s strings.Builder
	s.WriteString("[Layout]\n<INTEGER>VERSION:4\n<UNSIGNED INT>COUNT:1\n[OBJECTS]\n")
	id := 1000
	piece := func(guid int, x, y, z float32) {
		id++
		fmt.Fprintf(&s, "[BASEOBJECT]\n[PROPERTIES]\n<STRING>DESCRIPTOR:Room Piece\n<INTEGER64>ID:%d\n<STRING>GUID:%d\n<FLOAT>POSITIONX:%g\n<FLOAT>POSITIONY:%g\n<FLOAT>POSITIONZ:%g\n[/PROPERTIES]\n[/BASEOBJECT]\n", id, guid, x, y, z)
	}
	n := 0
	for j := range rows {
		for i := range cols {
			piece(101, float32(i*8), -0.5, float32(j*8))
			if n%3 == 0 {
				piece(102, float32(i*8), 0, float32(j*8))
			}
			n++
		}
	}
	if ghost {
		piece(103, -8, 0, -8)
	}
	s.WriteString("[/OBJECTS]\n[/Layout]\n")
	f[LevelFile] = []byte(s.String())
	return f, nil
}

// Pieces is how many pieces Mod(cols, rows, false) places.
func Pieces(cols, rows int) int { return cols*rows + (cols*rows+2)/3 }

// Unit is a small skinned unit as a modder unzips one, by file name (write
// it into any folder, under a mod's MEDIA/ or on its own): BOX.MESH (Box,
// every vertex bound to bone 0), BOX.SKELETON (2 bones, no animation of
// its own), IDLE.SKELETON holding animation "Idle" (1 s: bone 0 raised 1
// unit at 0.5 s), BOX.ANIMATION listing it as Idle, BOX.MATERIAL (box/lid
// textured lid.png, which the game loads as LID.DDS; box/body untextured)
// and LID.DDS (a black 8×8 DXT1).
func Unit() (Files, error) {
	m := Box(2, 3, 2)
	for v := range m.Shared.VertexCount {
		m.SharedBones = append(m.SharedBones, mesh.BoneAssignment{Vertex: uint32(v), Bone: 0, Weight: 1})
	}
	mb, err := mesh.Encode(m)
	if err != nil {
		return nil, err
	}
	idle := &skeleton.Skeleton{Version: "[Serializer_v1.10]"}
	for i := range 2 {
		idle.Bones = append(idle.Bones, skeleton.Bone{Name: fmt.Sprintf("bone%d", i), Handle: uint16(i),
			Orientation: [4]float32{0, 0, 0, 1}, Scale: [3]float32{1, 1, 1}})
	}
	key := func(t float32, y float32) skeleton.Keyframe {
		return skeleton.Keyframe{Time: t, Rotation: [4]float32{0, 0, 0, 1}, Translation: [3]float32{0, y, 0}, Scale: [3]float32{1, 1, 1}}
	}
	idle.Animations = []skeleton.Animation{{Name: "Idle", Length: 1, Tracks: []skeleton.Track{{Bone: 0, Keyframes: []skeleton.Keyframe{key(0, 0), key(0.5, 1), key(1, 0)}}}}}
	ib, err := skeleton.Encode(idle)
	if err != nil {
		return nil, err
	}
	var dds bytes.Buffer
	dds.Write(crafted.DXT1Header(8, 8))
	dds.Write(make([]byte, 8/4*8/4*8))
	return Files{
		"BOX.MESH":      mb,
		"BOX.SKELETON":  Skeleton(2),
		"IDLE.SKELETON": ib,
		"BOX.ANIMATION": []byte("[ANIMATIONS]\r\n[ANIMATION]\r\n<STRING>FILE:idle.skeleton\r\n<STRING>NAME:Idle\r\n<FLOAT>DURATION:1\r\n[/ANIMATION]\r\n[/ANIMATIONS]\r\n"),
		"BOX.MATERIAL": []byte("material box/lid\n{\n technique { pass { texture_unit { texture lid.png } } }\n}\n" +
			"material box/body\n{\n technique { pass { } }\n}\n"),
		"LID.DDS": dds.Bytes(),
	}, nil
}

// Under returns the files with dir ("MEDIA/MODELS/BOX/") before each name.
func (f Files) Under(dir string) Files {
	out := Files{}
	for p, b := range f {
		out[dir+p] = b
	}
	return out
}

// bones is a chain of n bones, one unit apart up Y.
func bones(n int) []skeleton.Bone {
	var out []skeleton.Bone
	for i := range n {
		out = append(out, skeleton.Bone{Name: fmt.Sprintf("bone%d", i), Handle: uint16(i),
			Position: [3]float32{0, float32(i), 0}, Orientation: [4]float32{0, 0, 0, 1}, Scale: [3]float32{1, 1, 1}})
	}
	return out
}

// Animations adds n animations to the box's unit, as a player model has
// them: one .SKELETON each (the unit's bones and a one-second turn of the
// root bone) listed in BOX.ANIMATION, every tenth without a NAME (the
// window then names it by its file), the first with a HIT event at frame 15.
func (f Files) Animations(n int) error {
	var list strings.Builder
	list.WriteString("[ANIMATIONS]\n")
	for i := range n {
		file := fmt.Sprintf("anim_%03d.skeleton", i)
		sk := &skeleton.Skeleton{Version: "[Serializer_v1.10]", Bones: bones(3), Animations: []skeleton.Animation{{
			Name: fmt.Sprintf("anim_%03d", i), Length: 1,
			Tracks: []skeleton.Track{{Bone: 0, Keyframes: []skeleton.Keyframe{
				{Time: 0, Rotation: [4]float32{0, 0, 0, 1}, Scale: [3]float32{1, 1, 1}},
				{Time: 1, Rotation: [4]float32{0, 0.7071, 0, 0.7071}, Scale: [3]float32{1, 1, 1}},
			}}},
		}}}
		b, err := skeleton.Encode(sk)
		if err != nil {
			return err
		}
		f["MEDIA/MODELS/BOX/"+strings.ToUpper(file)] = b
		list.WriteString("[ANIMATION]\n<STRING>FILE:" + file + "\n")
		if i%10 != 9 {
			fmt.Fprintf(&list, "<STRING>NAME:Move %03d\n", i)
		}
		if i == 0 {
			list.WriteString("[KEY]\n<STRING>NAME:HIT\n<FLOAT>FRAME:15\n[/KEY]\n")
		}
		list.WriteString("[/ANIMATION]\n")
	}
	list.WriteString("[/ANIMATIONS]\n")
	f["MEDIA/MODELS/BOX/BOX.ANIMATION"] = []byte(list.String())
	return nil
}

// Alpha paths: two 4-unit sheets sharing LEAF.DDS, a BC1 whose left half
// is transparent (1-bit alpha, black there) and right half opaque green;
// CUT.MESH's material cuts (alpha_rejection), GLASS.MESH's blends
// (scene_blend alpha_blend).
const (
	CutMesh   = "MEDIA/MODELS/LEAF/CUT.MESH"
	GlassMesh = "MEDIA/MODELS/LEAF/GLASS.MESH"
)

// Alpha adds the sheets of CutMesh and GlassMesh with their material and
// texture.
func (f Files) Alpha() error {
	img := image.NewNRGBA(image.Rect(0, 0, 64, 64))
	for y := range 64 {
		for x := 32; x < 64; x++ {
			img.SetNRGBA(x, y, color.NRGBA{0x30, 0xC0, 0x40, 0xFF})
		}
	}
	tex, err := dds.EncodeContext(context.Background(), img, dds.EncodeOptions{Format: "BC1", Mips: 1})
	if err != nil {
		return err
	}
	f["MEDIA/MODELS/LEAF/LEAF.DDS"] = tex
	f["MEDIA/MODELS/LEAF/LEAF.MATERIAL"] = []byte("material leaf/cut\n{\n technique { pass {\n  alpha_rejection greater_equal 128\n  texture_unit { texture leaf.dds }\n } }\n}\n" +
		"material leaf/glass\n{\n technique { pass {\n  scene_blend alpha_blend\n  depth_write off\n  texture_unit { texture leaf.dds }\n } }\n}\n")
	for p, mat := range map[string]string{CutMesh: "leaf/cut", GlassMesh: "leaf/glass"} {
		m := Grid(1, 4)
		m.Submeshes[0].Name, m.Submeshes[0].Material = "leaf", mat
		if f[p], err = mesh.Encode(m); err != nil {
			return err
		}
	}
	return nil
}
