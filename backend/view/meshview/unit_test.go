package meshview

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/tl2/levelbake"
	"packsmith/formats/ogre/mesh"
	"packsmith/internal/testfixtures"
)

const flyer = "MEDIA/UNITS/MONSTERS/NETHERIM/NETHERIM_FLYERA"

// flyerCopy copies the monster into a mod folder, leaving out the files
// drop names and replacing those in swap; it answers the resolver, the
// mesh and its key.
func flyerCopy(t *testing.T, drop []string, swap map[string][]byte) (*Resolver, *mesh.Mesh, string) {
	src := testfixtures.Dir(t, "tl2/monster/"+flyer)
	root := t.TempDir()
	dst := filepath.Join(root, filepath.FromSlash(flyer))
	os.MkdirAll(dst, 0o755)
	ents, _ := os.ReadDir(src)
next:
	for _, e := range ents {
		for _, d := range drop {
			if e.Name() == d {
				continue next
			}
		}
		b, _ := os.ReadFile(filepath.Join(src, e.Name()))
		if s, ok := swap[e.Name()]; ok {
			b = s
		}
		os.WriteFile(filepath.Join(dst, e.Name()), b, 0o644)
	}
	bk, err := levelbake.New(root, "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { bk.Close() })
	key := flyer + "/NETHERIM_FLYER.MESH"
	data, _, _ := bk.Mod().ReadFile(key)
	m, err := mesh.Decode(data, nil)
	if err != nil {
		t.Fatal(err)
	}
	return NewResolver(bk.Mod()), m, key
}

// TestUnitWithoutList: with no .ANIMATION the bind skeleton's own
// animations are the unit's; a listed file that is missing or broken is
// named with the animation, the others still load.
func TestUnitWithoutList(t *testing.T) {
	res, m, key := flyerCopy(t, []string{"NETHERIM_FLYER.ANIMATION"}, nil)
	u := res.Unit(key, m)
	if u == nil || u.AnimationList != "" || len(u.Animations) != 1 || u.Animations[0].Name != "Bind" || u.Animations[0].Key != flyer+"/NETHERIM_FLYER.SKELETON" {
		t.Fatalf("unit %+v", u)
	}
	res, m, key = flyerCopy(t, []string{"IDLE.SKELETON"}, map[string][]byte{"RUN.SKELETON": []byte("\x00\x10[Serializer_v1.10]\n\x00\x20\x24\x00\x00\x00Bip01\n")})
	u = res.Unit(key, m)
	problems := map[string]string{}
	for _, a := range u.Animations {
		if a.Problem != "" {
			problems[a.Name] = a.Problem
		}
	}
	if len(u.Animations) != 11 || len(problems) != 2 || problems["Idle"] != "skeleton idle.skeleton not found" ||
		!strings.Contains(problems["Run"], flyer+"/RUN.SKELETON: bone 0: skeleton: offset 33: bone handle: needs 2 bytes, 0 left") {
		t.Errorf("%d animations, problems %v", len(u.Animations), problems)
	}
	if _, err := u.Find("idle"); err == nil || !strings.Contains(err.Error(), "animation Idle: skeleton idle.skeleton not found") {
		t.Errorf("Find idle: %v", err)
	}
	if a, err := u.Find("WALK"); err != nil || a.Length <= 0 {
		t.Errorf("Find WALK: %v", err)
	}
}
