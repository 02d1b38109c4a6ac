package app

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"packsmith/backend/drivers/drivertest/fakedrv" // the test-only family: registers ".psfake"
	"packsmith/backend/view/kind"
)

// patternDialogs notes the filters the open dialog was given.
type patternDialogs struct{ got []FilePattern }

func (d *patternDialogs) OpenFile(_ string, p []FilePattern) (string, error) {
	d.got = p
	return "", nil
}
func (d *patternDialogs) OpenFolder(string) (string, error) { return "", nil }

// TestAFamilyAddsItself: the test-only family (backend/drivers/
// drivertest/fakedrv, added with only the files "Adding a game family"
// in backend/archive/doc.go names) reaches the kind map, the open
// dialog's filter, the welcome text's and the unknown-file hint's list
// (Hello's Formats, which the front end joins: lib/families.js) and opens
// in the window, with no edit anywhere else. Breaking archiveFilter or
// formats to list fixed extensions fails it.
func TestAFamilyAddsItself(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	d := &patternDialogs{}
	s := testApp(t, nil, d, nil)

	if k := kind.FromName("MEDIA/X.PSFAKE"); k != kind.Archive {
		t.Errorf("kind of X.PSFAKE = %q, want %q", k, kind.Archive)
	}

	s.PickArchive()
	if len(d.got) == 0 {
		t.Fatal("the open dialog got no filters")
	}
	want := FilePattern{Name: "Archives (*.dat, *.iop, *.mod, *.pak, *.psfake, *.zip)",
		Pattern: "*.dat;*.DAT;*.iop;*.IOP;*.mod;*.MOD;*.pak;*.PAK;*.psfake;*.PSFAKE;*.zip;*.ZIP"}
	if d.got[0] != want {
		t.Errorf("archive filter\n got %+v\nwant %+v", d.got[0], want)
	}
	// The loose files' filter comes from the families too (Family.Files).
	files := FilePattern{Name: "Textures, walk grids, data (*.dds, *.tga, *.png, *.mpp, *.dat, *.layout, *.raw, *.sch)",
		Pattern: "*.dds;*.DDS;*.tga;*.TGA;*.png;*.PNG;*.mpp;*.MPP;*.dat;*.DAT;*.layout;*.LAYOUT;*.raw;*.RAW;*.sch;*.SCH"}
	if len(d.got) < 2 || d.got[1] != files {
		t.Errorf("loose files' filter\n got %+v\nwant %+v", d.got, files)
	}

	var fake *Format
	var hints []string
	for i, f := range s.Hello().Formats {
		hints = append(hints, f.Hint)
		if f.Name == fakedrv.Name {
			fake = &s.Hello().Formats[i]
		}
	}
	if fake == nil {
		t.Fatalf("Hello's formats lack %s: %v", fakedrv.Name, hints)
	}
	if got := strings.Join(hints, " | "); got != "Lost Saga .iop | Packsmith Fake .psfake | Tactics Ogre: Reborn .dat | Torchlight II .MOD | DATA.PAK (with its .MAN) | .zip" {
		t.Errorf("formats' hints, in the order the window lists them: %s", got)
	}
	// The front end's test of the welcome text and the error hint reads the
	// same family as Hello sends it.
	b, err := os.ReadFile("../frontend/src/lib/testdata/fakefamily.json")
	if err != nil {
		t.Fatal(err)
	}
	var js Format
	if err := json.Unmarshal(b, &js); err != nil || !reflect.DeepEqual(js, *fake) {
		t.Errorf("frontend/src/lib/testdata/fakefamily.json = %+v (%v), Hello sends %+v", js, err, *fake)
	}

	// It opens in the window like any family.
	p := filepath.Join(t.TempDir(), "one.psfake")
	if err := fakedrv.Write(p, []string{"a.txt", "b/c.dds"}, map[string][]byte{"a.txt": []byte("hi"), "b/c.dds": []byte("x")}); err != nil {
		t.Fatal(err)
	}
	info, err := openNow(s, p, "")
	if err != nil || info.Family != fakedrv.Name || info.Entries != 2 {
		t.Errorf("open %s: %+v %v", p, info, err)
	}
}

// TestFakeFamilyStaysInTests: no program file imports the test-only
// family, so the real window and command line never list ".psfake".
func TestFakeFamilyStaysInTests(t *testing.T) {
	const imp = `"packsmith/backend/drivers/drivertest/fakedrv"`
	err := filepath.WalkDir("..", func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() && (e.Name() == "node_modules" || e.Name() == ".git") {
			return filepath.SkipDir
		}
		if e.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err == nil && strings.Contains(string(b), imp) {
			t.Errorf("%s imports the test-only family fakedrv", p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}
