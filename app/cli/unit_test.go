package cli

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/formats/tl2/bindat"
	"packsmith/formats/tl2/mod"
	"packsmith/internal/modelgen"
	"packsmith/internal/testfixtures"
)

const flyerDir = "MEDIA/UNITS/MONSTERS/NETHERIM/NETHERIM_FLYERA"

// skeletonWalk counts bones, animations, tracks and keyframes by a flat
// walk over the chunk headers, independent of formats/ogre/skeleton.
func skeletonWalk(b []byte) (bones, anims, tracks, keys int) {
	p := bytes.IndexByte(b, '\n') + 1
	line := func() { p += bytes.IndexByte(b[p:], '\n') + 1 }
	for p+6 <= len(b) {
		id, n := binary.LittleEndian.Uint16(b[p:]), binary.LittleEndian.Uint32(b[p+2:])
		p += 6
		switch id {
		case 0x2000:
			bones++
			line()
			p += 30 + 12*b2i(n > 36)
		case 0x3000:
			p += 4
		case 0x4000:
			anims++
			line()
			p += 4
		case 0x4100:
			tracks++
			p += 2
		case 0x4110:
			keys++
			p += 32 + 12*b2i(n > 38)
		default:
			return -1, -1, -1, -1
		}
	}
	return
}

func b2i(v bool) int {
	if v {
		return 1
	}
	return 0
}

// TestInfoSkeletons: `info --json` on every fixture skeleton gives the
// counts of the independent walk.
func TestInfoSkeletons(t *testing.T) {
	var files []string
	filepath.WalkDir(testfixtures.Dir(t, "tl2"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.EqualFold(filepath.Ext(p), ".skeleton") {
			files = append(files, p)
		}
		return nil
	})
	testfixtures.AtLeast(t, len(files), 22, "fixture skeletons")
	for _, f := range files {
		b, _ := os.ReadFile(f)
		bones, anims, tracks, keys := skeletonWalk(b)
		var got SkeletonInfo
		if err := json.Unmarshal([]byte(mustRun(t, 0, "info", f, "--json")), &got); err != nil {
			t.Fatal(err)
		}
		gt, gk := 0, 0
		for _, a := range got.Animations {
			gt += a.Tracks
			gk += a.Keyframes
			if a.Name == "" {
				t.Errorf("%s: an animation without a name", f)
			}
		}
		if got.Bones != bones || len(got.Animations) != anims || gt != tracks || gk != keys || len(got.Roots) != 1 {
			t.Errorf("%s: info %d bones %d animations %d tracks %d keyframes roots %v; walk %d %d %d %d",
				filepath.Base(f), got.Bones, len(got.Animations), gt, gk, got.Roots, bones, anims, tracks, keys)
		}
	}
	out := mustRun(t, 0, "info", testfixtures.File(t, "tl2/monster", flyerDir+"/IDLE.SKELETON"))
	if !strings.Contains(out, "37 bones, roots root, 1 animations") || !strings.Contains(out, `animation "Idle": 3.33333 s, 34 tracks, 2682 keyframes`) {
		t.Errorf("text info:\n%s", out)
	}
}

// flyerMod copies the monster into a mod folder and packs it into a
// .MOD (the .ANIMATION compiled to BINDAT on the way).
func flyerMod(t *testing.T) (folder, packed string) {
	src := testfixtures.Dir(t, "tl2/monster/"+flyerDir)
	folder = filepath.Join(t.TempDir(), "M")
	dst := filepath.Join(folder, filepath.FromSlash(flyerDir))
	os.MkdirAll(dst, 0o755)
	ents, _ := os.ReadDir(src)
	for _, e := range ents {
		b, _ := os.ReadFile(filepath.Join(src, e.Name()))
		os.WriteFile(filepath.Join(dst, e.Name()), b, 0o644)
	}
	os.WriteFile(filepath.Join(folder, "MOD.DAT"), []byte("[MOD]\n<STRING>NAME:M\n<INTEGER64>MOD_ID:7\n[/MOD]\n"), 0o644)
	packed = filepath.Join(t.TempDir(), "M.MOD")
	if _, errs, code := run(t, "pack", folder, "-o", packed); code != 0 {
		t.Fatal(errs)
	}
	return folder, packed
}

// TestInfoSkinnedMesh: the monster's material loads NETHERIM_FLYER.DDS
// for "netherim_flyer.png", its skeleton and its 11 animations are found,
// loose, in the mod folder and in the packed .MOD alike.
func TestInfoSkinnedMesh(t *testing.T) {
	loose := testfixtures.File(t, "tl2/monster", flyerDir+"/NETHERIM_FLYER.MESH")
	folder, packed := flyerMod(t)
	entry := flyerDir + "/NETHERIM_FLYER.MESH"
	for _, args := range [][]string{{loose}, {folder, entry}, {packed, strings.ToLower(entry)}} {
		var got MeshInfo
		if err := json.Unmarshal([]byte(mustRun(t, 0, append(append([]string{"info"}, args...), "--json")...)), &got); err != nil {
			t.Fatal(err)
		}
		if len(got.Materials) != 1 || got.Materials[0].Texture != "netherim_flyer.png" || got.Materials[0].File != flyerDir+"/NETHERIM_FLYER.DDS" {
			t.Errorf("%v: materials %+v", args, got.Materials)
		}
		u := got.Unit
		if u == nil || u.SkeletonFile != flyerDir+"/NETHERIM_FLYER.SKELETON" || u.Bones != 37 || len(u.Animations) != 11 || len(u.Problems) != 0 {
			t.Fatalf("%v: unit %+v", args, u)
		}
		a := u.Animations[0]
		if a.Name != "Attack1" || a.Key != flyerDir+"/ATTACK1.SKELETON" || a.Length != 1 || a.Tracks == 0 || len(a.Events) != 4 || a.Events[0].Name != "HIT" || a.Events[0].Frame != 20 {
			t.Errorf("%v: Attack1 %+v", args, a)
		}
		for _, x := range u.Animations {
			if x.Problem != "" || x.Length <= 0 && x.Name != "Bind" {
				t.Errorf("%v: %s: %q length %g", args, x.Name, x.Problem, x.Length)
			}
		}
	}
}

func decodePNG(t *testing.T, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(bytes.NewReader(b)); err != nil {
		t.Fatal(err)
	}
	return b
}

// TestRenderPosed: the monster drawn textured; two times of Idle give two
// pictures, time 0 of Bind the static picture, the same bytes each time.
func TestRenderPosed(t *testing.T) {
	m := testfixtures.File(t, "tl2/monster", flyerDir+"/NETHERIM_FLYER.MESH")
	dir := t.TempDir()
	p := func(n string) string { return filepath.Join(dir, n) }
	out := mustRun(t, 0, "render", m, "-o", p("static.png"), "--size", "256")
	if !strings.Contains(out, "816 triangles, textured with "+flyerDir+"/NETHERIM_FLYER.DDS") {
		t.Errorf("out %q", out)
	}
	mustRun(t, 0, "render", m, "-o", p("bind.png"), "--size", "256", "--anim", "bind", "--time", "0")
	out = mustRun(t, 0, "render", m, "-o", p("a.png"), "--size", "256", "--anim", "Idle", "--time", "0.4")
	if !strings.Contains(out, "Idle at 0.4 s of 3.33333") {
		t.Errorf("out %q", out)
	}
	mustRun(t, 0, "render", m, "-o", p("b.png"), "--size", "256", "--anim", "Idle", "--time", "1.5")
	mustRun(t, 0, "render", m, "-o", p("a2.png"), "--size", "256", "--anim", "Idle", "--time", "0.4")
	static, bind, a, b, a2 := decodePNG(t, p("static.png")), decodePNG(t, p("bind.png")), decodePNG(t, p("a.png")), decodePNG(t, p("b.png")), decodePNG(t, p("a2.png"))
	if !bytes.Equal(static, bind) {
		t.Error("time 0 of Bind differs from the static picture")
	}
	if bytes.Equal(a, b) {
		t.Error("Idle at 0.4 s and 1.5 s drew the same picture")
	}
	if !bytes.Equal(a, a2) {
		t.Error("two renders of Idle at 0.4 s differ")
	}
	// Textured: the picture has many colours, not the flat palette's
	// few shades; and it is not the untextured picture.
	img, _ := png.Decode(bytes.NewReader(static))
	colours := map[[3]uint32]bool{}
	for y := 0; y < 256; y++ {
		for x := 0; x < 256; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			colours[[3]uint32{r, g, bl}] = true
		}
	}
	if len(colours) < 500 {
		t.Errorf("%d colours: not textured", len(colours))
	}
	if _, errs, code := run(t, "render", m, "-o", p("x.png"), "--anim", "Fly"); code != 1 || !strings.Contains(errs, `no animation "Fly"; the unit has: Attack1, Attack2`) {
		t.Errorf("unknown animation: %d %s", code, errs)
	}
}

// TestInfoSkinnedMeshInPak: the monster inside a DATA.PAK (its
// .ANIMATION compiled to BINDAT, as the game ships it) resolves alike.
func TestInfoSkinnedMeshInPak(t *testing.T) {
	src := testfixtures.Dir(t, "tl2/monster/"+flyerDir)
	gdir := t.TempDir()
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
	ents, _ := os.ReadDir(src)
	for _, e := range ents {
		b, _ := os.ReadFile(filepath.Join(src, e.Name()))
		if strings.HasSuffix(e.Name(), ".ANIMATION") {
			if b, err = bindat.CompileText(e.Name(), b, nil); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Add(mod.FileHeader{Name: flyerDir + "/" + e.Name()}, bytes.NewReader(b)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	pak.Close()
	man.Close()
	var got MeshInfo
	out := mustRun(t, 0, "info", filepath.Join(gdir, "DATA.PAK"), strings.ToLower(flyerDir+"/NETHERIM_FLYER.MESH"), "--json")
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Materials) != 1 || got.Materials[0].File != flyerDir+"/NETHERIM_FLYER.DDS" {
		t.Errorf("materials %+v", got.Materials)
	}
	if u := got.Unit; u == nil || u.Bones != 37 || len(u.Animations) != 11 || u.Animations[0].Name != "Attack1" || len(u.Animations[0].Events) != 4 || u.Animations[0].Length != 1 {
		t.Errorf("unit %+v", got.Unit)
	}
	o := filepath.Join(t.TempDir(), "p.png")
	if out := mustRun(t, 0, "render", filepath.Join(gdir, "DATA.PAK"), flyerDir+"/NETHERIM_FLYER.MESH", "--anim", "Walk", "--time", "0.5", "--size", "256", "-o", o); !strings.Contains(out, "Walk at 0.5 s") {
		t.Errorf("render: %s", out)
	}
}

// TestRenderPosedRelative: `render` of a mesh given by a relative path
// poses it as the absolute path does (issue 44: the relative path lost
// every animation), and `info` finds the unit's list.
func TestRenderPosedRelative(t *testing.T) {
	f, err := modelgen.Unit()
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	const dir = "MEDIA/MONSTERS/BOX/"
	if err := f.Under(dir).Write(filepath.Join(root, "Mod")); err != nil {
		t.Fatal(err)
	}
	abs := filepath.Join(root, "Mod", filepath.FromSlash(dir), "BOX.MESH")
	a := mustRun(t, 0, "render", abs, "-o", filepath.Join(root, "abs.png"), "--size", "256", "--anim", "Idle", "--time", "0.5")
	t.Chdir(filepath.Join(root, "Mod"))
	r := mustRun(t, 0, "render", filepath.FromSlash(dir+"BOX.MESH"), "-o", filepath.Join(root, "rel.png"), "--size", "256", "--anim", "Idle", "--time", "0.5")
	if !strings.Contains(r, ", Idle at 0.5 s of 1, textured with "+dir+"LID.DDS") || strings.TrimPrefix(a, "wrote "+filepath.Join(root, "abs.png")) != strings.TrimPrefix(r, "wrote "+filepath.Join(root, "rel.png")) {
		t.Errorf("absolute: %q\nrelative: %q", a, r)
	}
	if !bytes.Equal(decodePNG(t, filepath.Join(root, "abs.png")), decodePNG(t, filepath.Join(root, "rel.png"))) {
		t.Error("the relative path draws another picture")
	}
	if out := mustRun(t, 0, "info", filepath.FromSlash(dir+"BOX.MESH")); !strings.Contains(out, "1 animations listed in "+dir+"BOX.ANIMATION") {
		t.Errorf("info: %s", out)
	}
}
