// Package combinetest puts real Torchlight II mods (../shared/fixtures,
// read in place) into a user folder for combine's tests: each under a
// MOD_ID and title of its own (the two CYBER builds share an id; the game
// would load only one), listed in modlauncher.sch in order.
package combinetest

import (
	"os"
	"path/filepath"
	"testing"

	"packsmith/backend/tl2/loadorder/loadordertest"
	"packsmith/formats/tl2/mod"
	"packsmith/internal/testfixtures"
	"packsmith/internal/tl2test"
)

// Fixture is one real .MOD put in a user folder under another MOD_ID and
// title (the two CYBER builds share an id; the game would load one).
type Fixture struct {
	Rel, Title string
	ID         int64
}

// Three are the three real mods in load order: the newer CYBER build first, XOVER,
// then the older CYBER build (which loses every file the newer ships).
var Three = []Fixture{
	{"cyber_mod/EDITORMOD_at_06dc44f.MOD", "Cyber new", 9001},
	{"xover/EDITORMOD.MOD", "Xover", 9002},
	{"cyber_mod/EDITORMOD_at_90dcf2a.MOD", "Cyber old", 9003},
}

// UserFolder writes the fixtures into user/mods (blocks copied as
// stored, the header given the fixture's id and title) and lists them in
// modlauncher.sch in order.
func UserFolder(t testing.TB, fx []Fixture) (user string, files []string) {
	t.Helper()
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	user = t.TempDir()
	var ids []int64
	for i, f := range fx {
		src := FixturePath(t, f)
		dst := filepath.Join(user, "mods", filepath.Base(filepath.Dir(f.Rel))+"_"+string(rune('A'+i))+".MOD")
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		ReID(t, src, dst, f.ID, f.Title)
		files = append(files, dst)
		ids = append(ids, f.ID)
	}
	if err := loadordertest.WriteSch(filepath.Join(user, "modlauncher.sch"), ids); err != nil {
		t.Fatal(err)
	}
	return user, files
}

// ReID copies src to dst with another MOD_ID and title, every block as stored.
func ReID(t testing.TB, src, dst string, id int64, title string) {
	t.Helper()
	r := tl2test.OpenMod(t, src)
	h := *r.Header
	h.ModID, h.Title = id, title
	out, err := os.Create(dst)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	w, err := mod.NewWriter(out, &h, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range r.BlockOrder() {
		e := &r.Entries[i]
		if e.Type == mod.TypeFolder {
			continue
		}
		if err := w.CopyRaw(r, e, mod.FileHeader{Name: e.Path, Type: e.Type, ExplicitType: true, FileTime: e.FileTime, Duplicate: true}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// FixturePath is f's file in the fixtures folder (the test skips without it).
func FixturePath(t testing.TB, f Fixture) string {
	t.Helper()
	return testfixtures.File(t, "tl2", f.Rel)
}
