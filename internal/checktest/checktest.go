// Package checktest builds, from the fixtures, the inputs of the checks
// between mods (backend/tl2/check) for the command line's and the window's
// tests: a user folder whose modlauncher.sch activates GUTS's own XOVER
// build and a packed mod of the NETHERIM flyer, a target mod folder that
// clashes with them, and a small base MEDIA folder standing in for the
// game's data.
package checktest

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"packsmith/backend/tl2/loadorder/loadordertest"
	"packsmith/backend/tl2/modpack"
	"packsmith/formats/tl2/dattext"
	"packsmith/internal/testfixtures"
)

// What the inputs hold, for the tests' assertions.
const (
	XoverID    = int64(-2318989449992446293) // EDITORMOD.MOD's MOD_ID
	NetherimID = int64(2002)
	TargetID   = int64(3003)
	TargetName = "Check target"

	// The target's copy of XOVER's HUM_F.DAT under another path: the same
	// UNIT_GUID (line 64 of the text), another unit.
	CopyDat   = "MEDIA/UNITS/MONSTERS/COPY/HUM_F.DAT"
	CopyLine  = 64
	XoverUnit = "MEDIA/UNITS/PLAYERS/XOVER/HUM_F.DAT"
	GUID      = "178306522735963159"

	// The target's own flyer: its material names a texture nothing ships
	// (line MissingLine) and one it ships as .DDS.
	FlyerDat    = "MEDIA/UNITS/MONSTERS/TFLYER.DAT"
	Material    = "MEDIA/UNITS/MONSTERS/TFLYER/TFLYER.MATERIAL"
	MissingTex  = "MEDIA/UNITS/MONSTERS/TFLYER/GONE.DDS"
	MissingLine = 7
	// BaseRef is the flyer's BASEFILE: the game's (the base folder has it).
	BaseRef  = "MEDIA/UNITS/MONSTERS/BASEMONSTER.DAT"
	BaseLine = 2

	// NetherimUnit uses the NETHERIM mod's resource folder: resolved
	// through another active mod, no finding.
	NetherimUnit = "MEDIA/UNITS/MONSTERS/TNETHERIM.DAT"
)

// Inputs are the folders Setup made.
type Inputs struct {
	User   string // holds modlauncher.sch and mods/
	Mods   string // user/mods
	Target string // the target mod folder (MOD.DAT + MEDIA/)
	Base   string // a MEDIA folder standing in for the game's data
}

func write(t testing.TB, root, rel string, b []byte) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func copyFile(t testing.TB, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func modDat(t testing.TB, dir, name string, id int64) {
	t.Helper()
	md := &dattext.Node{Name: "MOD"}
	md.Add("STRING", "NAME", name).Add("INTEGER64", "MOD_ID", itoa(id))
	write(t, dir, "MOD.DAT", dattext.Encode(md))
}

// Setup writes the inputs into temporary folders.
func Setup(t testing.TB) Inputs {
	t.Helper()
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	fx := testfixtures.Dir(t, "tl2")
	in := Inputs{User: t.TempDir(), Target: t.TempDir(), Base: filepath.Join(t.TempDir(), "MEDIA")}
	in.Mods = filepath.Join(in.User, "mods")

	// Active mod 1: GUTS's XOVER build as players have it.
	copyFile(t, filepath.Join(fx, "xover", "EDITORMOD.MOD"), filepath.Join(in.Mods, "XOVER.MOD"))

	// Active mod 2: the NETHERIM flyer's folder (mesh, material, textures,
	// animations), packed.
	src := t.TempDir()
	modDat(t, src, "Netherim", NetherimID)
	fdir := filepath.Join(fx, "monster", "MEDIA", "UNITS", "MONSTERS", "NETHERIM", "NETHERIM_FLYERA")
	ents, err := os.ReadDir(fdir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		copyFile(t, filepath.Join(fdir, e.Name()), filepath.Join(src, "MEDIA", "UNITS", "MONSTERS", "NETHERIM", "NETHERIM_FLYERA", e.Name()))
	}
	if _, err := modpack.Pack(context.Background(), src, modpack.Options{Output: filepath.Join(in.Mods, "NETHERIM.MOD"), MPP: modpack.MPPNone}); err != nil {
		t.Fatal(err)
	}
	if err := loadordertest.WriteSch(filepath.Join(in.User, "modlauncher.sch"), []int64{XoverID, NetherimID}); err != nil {
		t.Fatal(err)
	}

	// The target.
	modDat(t, in.Target, TargetName, TargetID)
	hum, err := os.ReadFile(filepath.Join(fx, "xover", filepath.FromSlash(XoverUnit)))
	if err != nil {
		t.Fatal(err)
	}
	write(t, in.Target, CopyDat, hum)
	write(t, in.Target, FlyerDat, []byte("[UNIT]\r\n\t<STRING>BASEFILE:media/units/monsters/basemonster.dat\r\n\t<STRING>NAME:TFlyer\r\n"+
		"\t<INTEGER64>UNIT_GUID:4242\r\n\t<STRING>RESOURCEDIRECTORY:media/units/monsters/tflyer\r\n\t<STRING>MESHFILE:tflyer\r\n[/UNIT]\r\n"))
	write(t, in.Target, "MEDIA/UNITS/MONSTERS/TFLYER/TFLYER.MESH", []byte("mesh"))
	write(t, in.Target, "MEDIA/UNITS/MONSTERS/TFLYER/TFLYER.DDS", []byte("DDS "))
	write(t, in.Target, Material, []byte("material tflyer\n{\n\ttechnique\n\t{\n\t\ttexture_unit\n\t\t{\n\t\t\ttexture gone.tga\n\t\t\ttexture tflyer.png\n\t\t}\n\t}\n}\n"))
	write(t, in.Target, NetherimUnit, []byte("[UNIT]\r\n\t<STRING>NAME:TNetherim\r\n\t<INTEGER64>UNIT_GUID:4343\r\n"+
		"\t<STRING>RESOURCEDIRECTORY:media/units/monsters/netherim/netherim_flyera\r\n\t<STRING>MESHFILE:netherim_flyer\r\n[/UNIT]\r\n"))

	// The game's data, as far as the target needs it.
	for _, rel := range []string{"UNITS/MONSTERS/BASEMONSTER.DAT", "MODELS/PCS/HUM_F/HUM_F.MESH"} {
		write(t, in.Base, rel, []byte("x"))
	}
	return in
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }
