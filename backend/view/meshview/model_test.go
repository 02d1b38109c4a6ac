package meshview

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/archive"
	_ "packsmith/backend/drivers/all"
	"packsmith/formats/ogre/mesh"
	"packsmith/internal/crafted"
	"packsmith/internal/modelgen"
)

// unitAt writes modelgen.Unit's files into dir/sub and answers the mesh.
func unitAt(t *testing.T, dir, sub string) *mesh.Mesh {
	t.Helper()
	f, err := modelgen.Unit()
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Under(sub).Write(dir); err != nil {
		t.Fatal(err)
	}
	m, err := mesh.Decode(f["BOX.MESH"], nil)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// posed renders the model posed at Idle's 0.5 s and checks what was found:
// the key, the lid's texture (lid.png loaded as its .DDS), the body's
// problem, the unit's one listed animation; it answers the picture.
func posed(t *testing.T, md *Model, m *mesh.Mesh, key, dir string) []byte {
	t.Helper()
	defer md.Close()
	if md.Res == nil || md.Key != key {
		t.Fatalf("key %q (want %q), resolver %v: %s", md.Key, key, md.Res != nil, md.Why)
	}
	mm, _ := md.Materials(context.Background(), nil, m)
	if len(mm.Materials) != 2 || mm.Materials[0].File != dir+"LID.DDS" || mm.Materials[1].Problem != `material "box/body" (`+dir+`BOX.MATERIAL) names no texture` {
		t.Errorf("materials %+v", mm.Materials)
	}
	if u := mm.Unit; u == nil || u.SkeletonFile != dir+"BOX.SKELETON" || u.Bones != 2 || u.AnimationList != dir+"BOX.ANIMATION" ||
		len(u.Animations) != 1 || u.Animations[0].Name != "Idle" || u.Animations[0].Key != dir+"IDLE.SKELETON" || u.Animations[0].Length != 1 {
		t.Fatalf("unit %+v", u)
	}
	img, note, err := md.Render(context.Background(), m, Pose{Size: 256, Anim: "idle", T: 0.5})
	if err != nil {
		t.Fatal(err)
	}
	if want := ", Idle at 0.5 s of 1, textured with " + dir + "LID.DDS"; note != want {
		t.Errorf("note %q, want %q", note, want)
	}
	bind, _, err := md.Render(context.Background(), m, Pose{Size: 256})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(img.Pix, bind.Pix) {
		t.Error("posed at Idle 0.5 s draws the bind pose")
	}
	return img.Pix
}

// A mesh in a mod folder finds its skeleton, animation list and texture
// from a relative path as from an absolute one (issue 44: the relative
// path's key was lost, and with it every animation).
func TestModelRelativePath(t *testing.T) {
	root := t.TempDir()
	const dir = "MEDIA/MODELS/BOX/"
	m := unitAt(t, filepath.Join(root, "MyMod"), dir)
	abs := posed(t, OpenModelFile(filepath.Join(root, "MyMod", dir, "BOX.MESH"), ""), m, dir+"BOX.MESH", dir)
	t.Chdir(filepath.Join(root, "MyMod", "MEDIA"))
	rel := posed(t, OpenModelFile(filepath.Join("MODELS", "BOX", "BOX.MESH"), ""), m, dir+"BOX.MESH", dir)
	if !bytes.Equal(abs, rel) {
		t.Error("the relative path draws another picture")
	}
}

// A mesh unzipped on its own, under no MEDIA folder, finds what lies
// beside it (issue 46): its folder stands for the mod's MEDIA/. The
// window's archives (the loose file opened by itself, its folder opened)
// resolve it the same way as the path does.
func TestModelLoose(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "wolf")
	m := unitAt(t, dir, "")
	want := posed(t, OpenModelFile(filepath.Join(dir, "BOX.MESH"), ""), m, "MEDIA/BOX.MESH", "MEDIA/")
	for _, p := range []string{filepath.Join(dir, "BOX.MESH"), dir} {
		a, err := archive.Open(p, archive.OpenOptions{})
		if err != nil {
			t.Fatal(err)
		}
		e, ok := archive.Find(a, "BOX.MESH")
		if !ok {
			t.Fatalf("%s: no entry BOX.MESH in %+v", p, a.Entries())
		}
		if got := posed(t, OpenModelEntry(a, e.Path, ""), m, "MEDIA/BOX.MESH", "MEDIA/"); !bytes.Equal(got, want) {
			t.Errorf("%s: another picture than the path's", p)
		}
		a.Close()
	}
}

// A loose mesh under a mod's MEDIA/, opened by itself in the window, finds
// the mod around it, not only the one file its archive holds.
func TestModelLooseInMod(t *testing.T) {
	root := t.TempDir()
	const dir = "MEDIA/MODELS/BOX/"
	m := unitAt(t, root, dir)
	a, err := archive.Open(filepath.Join(root, dir, "BOX.MESH"), archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if es := a.Entries(); len(es) != 1 || es[0].Path != dir+"BOX.MESH" {
		t.Fatalf("entries %+v", es)
	}
	posed(t, OpenModelEntry(a, dir+"BOX.MESH", ""), m, dir+"BOX.MESH", dir)
}

// Without a mod to look in (an entry under no MEDIA folder of an archive
// that is not files on disk), --anim is refused as ErrNoUnit and the bind
// pose still draws, untextured.
func TestModelNoMod(t *testing.T) {
	dir := t.TempDir()
	m := unitAt(t, dir, "")
	zip := filepath.Join(dir, "unit.zip")
	zipOf(t, zip, map[string]string{"BOX.MESH": filepath.Join(dir, "BOX.MESH")})
	a, err := archive.Open(zip, archive.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	md := OpenModelEntry(a, "BOX.MESH", "")
	defer md.Close()
	if md.Res != nil || md.Why != "BOX.MESH is under no MEDIA folder" {
		t.Fatalf("resolver %v, why %q", md.Res != nil, md.Why)
	}
	if _, _, err := md.Render(context.Background(), m, Pose{Size: 256, Anim: "Idle"}); !errors.Is(err, ErrNoUnit) || !strings.Contains(err.Error(), "under no MEDIA folder") {
		t.Errorf("--anim without a mod: %v", err)
	}
	if _, note, err := md.Render(context.Background(), m, Pose{Size: 256}); err != nil || note != "" {
		t.Errorf("bind pose: note %q, %v", note, err)
	}
	if mm, _ := md.Materials(context.Background(), nil, m); mm.Resolve != md.Why || mm.Materials[0].Problem != "not looked up: "+md.Why {
		t.Errorf("materials %+v", mm)
	}
}

func zipOf(t *testing.T, zip string, files map[string]string) {
	t.Helper()
	var entries []any
	for name, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		entries = append(entries, name, b)
	}
	if err := crafted.ZipOf(zip, entries...); err != nil {
		t.Fatal(err)
	}
}
