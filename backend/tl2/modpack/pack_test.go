package modpack

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"
	"testing"

	"packsmith/backend/tl2/deploy"
	"packsmith/backend/workspace/backups"
	"packsmith/formats/tl2/dattext"
	"packsmith/formats/tl2/mod"
	"packsmith/formats/tl2/raw"
	"packsmith/formats/tl2/sch"
	"packsmith/internal/testfixtures"
)

// makeMod writes a mod folder: MOD.DAT (UTF-16LE, as GUTS writes it) and
// the given files (text as UTF-8).
func makeMod(t testing.TB, modDat string, files map[string]string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "mod")
	os.MkdirAll(dir, 0o755)
	writeModDat(t, dir, modDat, dattext.UTF16LEBOM)
	for rel, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const simpleModDat = "[MOD]\r\n\t<STRING>NAME:Test\r\n\t<INTEGER64>MOD_ID:1234567\r\n\t<INTEGER>VERSION:2\r\n[/MOD]\r\n"

func sampleDir(t testing.TB) string {
	root, ok := testfixtures.RepoRoot()
	if !ok {
		t.Skip("no repository root")
	}
	return filepath.Join(root, "testdata", "demo", "sample_mod")
}

// listDir returns the names in dir (to prove nothing was left behind).
func listDir(t testing.TB, dir string) []string {
	t.Helper()
	var out []string
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}

func TestSampleModPacks(t *testing.T) {
	dir := sampleDir(t)
	before := snapshot(t, dir)
	out := filepath.Join(t.TempDir(), "out", "SAMPLE.MOD")
	var stages []Stage
	res, err := Pack(context.Background(), dir, Options{Output: out, SHA256: true, Progress: func(p Progress) {
		if len(stages) == 0 || stages[len(stages)-1] != p.Stage {
			stages = append(stages, p.Stage)
		}
	}})
	if err != nil {
		t.Fatalf("%v\n%v", err, res.Findings)
	}
	if len(res.Findings) != 0 {
		t.Errorf("the sample should pack cleanly: %v", res.Findings)
	}
	if res.Entries != 12 || res.Compiled != 7 || res.Assets != 1 || strings.Join(res.RAWs, ",") != "MEDIA/AFFIXES.RAW,MEDIA/SKILLS.RAW,MEDIA/UNITDATA.RAW,MEDIA/UI.RAW" {
		t.Errorf("entries %d compiled %d assets %d raws %v", res.Entries, res.Compiled, res.Assets, res.RAWs)
	}
	if strings.Join(stagesStr(stages), ",") != "read,collect,compile,raw,grids,write,verify" {
		t.Errorf("stages reported: %v", stages)
	}
	r := openMod(t, out)
	if fs, err := r.Verify(context.Background(), nil); err != nil {
		t.Fatal(err)
	} else {
		for _, f := range fs {
			if f.Severity != mod.SevInfo {
				t.Errorf("verify: %+v", f)
			}
		}
	}
	h := r.Header
	if h.Title != "Packsmith Sample" || h.ModID != 4155520830174301517 || h.ModVersion != 1 || h.GameVersion != DefaultGameVersion || res.ModIDNew {
		t.Errorf("header %+v", h)
	}
	e, ok := r.Lookup("MEDIA/UNITDATA.RAW")
	if !ok {
		t.Fatal("no UNITDATA.RAW")
	}
	b, _ := r.ReadEntry(e, 1<<20)
	f, err := raw.Decode(raw.UnitData, b)
	if err != nil {
		t.Fatal(err)
	}
	items := f.Units[0]
	if len(items) != 1 || items[0].Name != "SAMPLE_SWORD" || items[0].UnitType != "1H SWORD" || items[0].Flags != raw.FlagEquipment ||
		items[0].Level != 10 || items[0].MaxLevel != 100 || items[0].Rarity != 100 {
		t.Errorf("UNITDATA items (the sword inherits from SAMPLE_BASE, which is DONTCREATE): %+v", items)
	}
	if after := snapshot(t, dir); after != before {
		t.Error("packing changed the sample folder")
	}
	if out, err := os.ReadFile(res.Output); err != nil || res.Hashes.SHA256 != fmt.Sprintf("%x", sha256.Sum256(out)) {
		t.Errorf("the summary's SHA-256 %s is not the file's (%v)", res.Hashes.SHA256, err)
	}
	t.Logf("sample: %d entries, %d bytes, rollingHash %s, %d ms", res.Entries, res.Size, res.Hashes.RollingHash, res.Millis)
}

func stagesStr(s []Stage) []string {
	var out []string
	for _, x := range s {
		out = append(out, string(x))
	}
	return out
}

// snapshot lists a folder's files with sizes and times.
func snapshot(t testing.TB, dir string) string {
	var b strings.Builder
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil {
			fmt.Fprintf(&b, "%s %d %d\n", p, info.Size(), info.ModTime().UnixNano())
		}
		return nil
	})
	return b.String()
}

func TestCollectRules(t *testing.T) {
	dir := makeMod(t, simpleModDat, map[string]string{
		"media/units/items/a.dat":          "[UNIT]\n<STRING>NAME:a\n<INTEGER64>UNIT_GUID:5\n[/UNIT]\n",
		"media/units/items/a.dat.BINDAT":   "stale garbage that must not be packed",
		"media/units/items/b.DAT.BINDAT":   "orphan",
		"media/models/X.SKELETON":          "skel",
		"media/models/X.SKELETON.xml":      "<xml/>",
		"media/models/X.max":               "max",
		"media/models/thumb.thumbnail.png": "png",
		"media/ui/icon.png":                "png",
		"media/ui/ICON.dds":                "dds",
		"media/ui/other.png":               "png",
		"media/AFFIXES.RAW":                "stale",
		"media/DEEP/KEEP.RAW":              "not an index",
		"media/Thumbs.db":                  "x",
		"media/.git/config":                "x",
		"media/art/source.psd":             "psd",
		"media/ÄRGER/ümlaut.ogg":           "ogg",
		"media/layouts/l/level.layout":     "[Layout]\n<INTEGER>VERSION:4\n<UNSIGNED INT>COUNT:0\n[OBJECTS]\n[/OBJECTS]\n[/Layout]\n",
		"media/layouts/l/level.MPP":        string(make([]byte, 24)),
		"EDITORMOD.MOD":                    "outside MEDIA: never packed",
	})
	res, err := Pack(context.Background(), dir, Options{Output: filepath.Join(t.TempDir(), "o.mod")})
	if err != nil {
		t.Fatalf("%v %v", err, res.Findings)
	}
	r := openMod(t, res.Output)
	var got []string
	for _, e := range r.Entries {
		got = append(got, fmt.Sprintf("%s %v", e.Path, e.Type))
	}
	sort.Strings(got)
	want := []string{
		"MEDIA/ART/SOURCE.PSD OTHER",
		"MEDIA/DEEP/KEEP.RAW RAW",
		"MEDIA/LAYOUTS/L/LEVEL.LAYOUT LAYOUT",
		"MEDIA/LAYOUTS/L/LEVEL.MPP MPP",
		"MEDIA/MODELS/X.SKELETON SKELETON",
		"MEDIA/UI/ICON.DDS DDS",
		"MEDIA/UI/OTHER.PNG PNG",
		"MEDIA/UNITDATA.RAW RAW",
		"MEDIA/UNITS/ITEMS/A.DAT DAT",
		"MEDIA/ÄRGER/üMLAUT.OGG SOUND",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("entries:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var msgs []string
	for _, f := range res.Findings {
		msgs = append(msgs, string(f.Severity)+" "+f.String())
	}
	all := strings.Join(msgs, "\n")
	for _, w := range []string{
		"b.DAT.BINDAT: compiled file without its text source",
		"not packed: .XML",
		"not packed: .MAX",
		"not packed: .THUMBNAIL.PNG",
		"media/ui/icon.png: not packed: .PNG beside a same-named .DDS",
		"media/AFFIXES.RAW: not packed: RAW index",
		"hidden or system file",
		"hidden folder",
		"not packed: 2 files, .BINDAT",
	} {
		if !strings.Contains(all, w) {
			t.Errorf("no finding %q in:\n%s", w, all)
		}
	}
	// The stale .BINDAT beside a.dat was ignored: the entry is a fresh compile.
	e, _ := r.Lookup("MEDIA/UNITS/ITEMS/A.DAT")
	b, _ := r.ReadEntry(e, 1<<20)
	if string(b) == "stale garbage that must not be packed" || len(b) < 12 {
		t.Errorf("A.DAT holds %q", b)
	}
}

func TestCompileErrorsNameFileAndLine(t *testing.T) {
	dir := makeMod(t, simpleModDat, map[string]string{
		"MEDIA/UNITS/ITEMS/BROKEN.DAT": "[UNIT]\n<STRING>NAME:x\n[/ITEM]\n",
		"MEDIA/UI/MENUS/BAD.LAYOUT":    "[UI]\n<INTEGER>VERSION:4\n<UNSIGNED INT>COUNT:1\n[OBJECTS]\n[BASEOBJECT]\n[PROPERTIES]\n<STRING>DESCRIPTOR:No Such Thing\n<INTEGER64>ID:1\n[/PROPERTIES]\n[/BASEOBJECT]\n[/OBJECTS]\n[/UI]\n",
		"MEDIA/UNITS/ITEMS/GOOD.DAT":   "[UNIT]\n<STRING>NAME:GOOD\n[/UNIT]\n",
		"MEDIA/SOUNDS/BIG.WAV":         strings.Repeat("x", 100000),
	})
	outDir := t.TempDir()
	res, err := Pack(context.Background(), dir, Options{Output: filepath.Join(outDir, "o.MOD")})
	var pe *PackError
	if !errors.As(err, &pe) {
		t.Fatalf("err %v, want *PackError", err)
	}
	msg := err.Error()
	for _, w := range []string{"MEDIA/UNITS/ITEMS/BROKEN.DAT:3:", "MEDIA/UI/MENUS/BAD.LAYOUT:7:"} {
		if !strings.Contains(msg, w) {
			t.Errorf("error %q does not name %s", msg, w)
		}
	}
	if Count(res.Findings, SevError) != 2 {
		t.Errorf("findings %v", res.Findings)
	}
	if l := listDir(t, outDir); len(l) != 0 {
		t.Errorf("left behind: %v", l)
	}
	t.Logf("%v", err)
}

func TestLintAndGrids(t *testing.T) {
	stub := make([]byte, mod.MPPStubSize)
	copy(stub, []byte{50, 0, 0, 0, 50, 0, 0, 0, 0, 0, 0x20, 0x41, 0, 0, 0x20, 0x41, 0, 0, 0xA0, 0x41, 0, 0, 0xA0, 0x41})
	for i := 24; i < len(stub); i++ {
		stub[i] = 0xFF
	}
	// A level: it places a room piece (whose GUID no levelset defines).
	level := "[Layout]\n<INTEGER>VERSION:4\n<UNSIGNED INT>COUNT:2\n[OBJECTS]\n[BASEOBJECT]\n[PROPERTIES]\n<STRING>DESCRIPTOR:Group\n<INTEGER64>ID:1\n<INTEGER64>PARENTID:-1\n<STRING>COLOUR:red\n<STRING>VISIBLE:true\n[/PROPERTIES]\n[/BASEOBJECT]\n" +
		"[BASEOBJECT]\n[PROPERTIES]\n<STRING>DESCRIPTOR:Room Piece\n<INTEGER64>ID:2\n<INTEGER64>PARENTID:-1\n<STRING>GUID:7\n[/PROPERTIES]\n[/BASEOBJECT]\n[/OBJECTS]\n[/Layout]\n"
	dir := makeMod(t, simpleModDat, map[string]string{
		"MEDIA/SKILLS/S/S.DAT":           "[SKILL]\n<STRING>NAME:S\n<INTEGER>level:3\n[/SKILL]\n",
		"MEDIA/LAYOUTS/A/NOGRID.LAYOUT":  level,
		"MEDIA/LAYOUTS/A/STUBBED.LAYOUT": level,
		"MEDIA/LAYOUTS/A/STUBBED.MPP":    string(stub),
	})
	res, err := Pack(context.Background(), dir, Options{Output: filepath.Join(t.TempDir(), "o.MOD")})
	if err != nil {
		t.Fatalf("%v %v", err, res.Findings)
	}
	var all []string
	for _, f := range res.Findings {
		all = append(all, f.String())
	}
	s := strings.Join(all, "\n")
	for _, w := range []string{
		"MEDIA/SKILLS/S/S.DAT:3: key name \"level\" has lower-case letters",
		"MEDIA/LAYOUTS/A/NOGRID.LAYOUT:10:", // unknown property COLOUR
		"MEDIA/LAYOUTS/A/NOGRID.LAYOUT:11:", // VISIBLE typed STRING, schema says BOOL
		"MEDIA/LAYOUTS/A/NOGRID.LAYOUT: NO WALK GRID",
		"MEDIA/LAYOUTS/A/STUBBED.MPP: STUB WALK GRID",
	} {
		if !strings.Contains(s, w) {
			t.Errorf("no finding %q in\n%s", w, s)
		}
	}
	t.Logf("\n%s", s)
}

func TestModIDWriteBack(t *testing.T) {
	noID := "[MOD]\r\n\t<STRING>NAME:NoID\r\n[/MOD]\r\n"
	files := map[string]string{"MEDIA/X.DAT": "[X]\n[/X]\n"}
	dir := makeMod(t, noID, files)
	res, err := Pack(context.Background(), dir, Options{Output: filepath.Join(t.TempDir(), "a.MOD")})
	if err != nil {
		t.Fatal(err)
	}
	if !res.ModIDNew || res.ModIDWritten || Count(res.Findings, SevWarning) != 1 {
		t.Errorf("without consent: %+v", res)
	}
	if md, _ := ReadModDat(dir); md.HasModID {
		t.Error("MOD.DAT changed without consent")
	}
	res, err = Pack(context.Background(), dir, Options{Output: filepath.Join(t.TempDir(), "b.MOD"), WriteModID: true})
	if err != nil {
		t.Fatal(err)
	}
	md, _ := ReadModDat(dir)
	if !res.ModIDWritten || md.ModID != res.ModID || openMod(t, res.Output).Header.ModID != res.ModID {
		t.Errorf("written %v: MOD.DAT %d, result %d", res.ModIDWritten, md.ModID, res.ModID)
	}
	res2, _ := Pack(context.Background(), dir, Options{Output: filepath.Join(t.TempDir(), "c.MOD")})
	if res2.ModID != res.ModID || res2.ModIDNew {
		t.Error("the written id is not used on the next pack")
	}
}

func genMod(t testing.TB, n int, assetBytes int) string {
	files := map[string]string{}
	for i := 0; i < n; i++ {
		var b strings.Builder
		fmt.Fprintf(&b, "[UNIT]\r\n\t<STRING>NAME:GEN_%05d\r\n\t<INTEGER64>UNIT_GUID:%d\r\n\t<STRING>UNITTYPE:1H SWORD\r\n\t<INTEGER>LEVEL:%d\r\n", i, 1000+i, i%100)
		for k := 0; k < 20; k++ {
			fmt.Fprintf(&b, "\t<FLOAT>VALUE%d:%d.%d\r\n\t<STRING>TEXT%d:Generated text %d for item %d\r\n", k, k, i, k, k, i)
		}
		b.WriteString("[/UNIT]\r\n")
		files[fmt.Sprintf("MEDIA/UNITS/ITEMS/G%02d/GEN_%05d.DAT", i%40, i)] = b.String()
	}
	if assetBytes > 0 {
		buf := make([]byte, assetBytes)
		for i := range buf {
			buf[i] = byte(i*7 + i/1000)
		}
		files["MEDIA/MODELS/BIG.MESH"] = string(buf)
	}
	return makeMod(t, simpleModDat, files)
}

// TestCancel cancels in each stage: Pack returns context.Canceled and
// leaves nothing in the output folder.
func TestCancel(t *testing.T) {
	dir := genMod(t, 300, 4<<20)
	for _, at := range []Stage{StageCompile, StageWrite, StageVerify} {
		outDir := t.TempDir()
		ctx, cancel := context.WithCancel(context.Background())
		var fired atomic.Bool
		_, err := Pack(ctx, dir, Options{Output: filepath.Join(outDir, "o.MOD"), Progress: func(p Progress) {
			if p.Stage == at && !fired.Load() {
				fired.Store(true)
				cancel()
			}
		}})
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Errorf("cancel in %s: %v", at, err)
		}
		if l := listDir(t, outDir); len(l) != 0 {
			t.Errorf("cancel in %s left %v", at, l)
		}
	}
}

// buildMod writes a tiny .MOD with the given id (a stand-in for another
// mod in the mods folder).
func buildMod(t testing.TB, p string, id int64) {
	t.Helper()
	os.MkdirAll(filepath.Dir(p), 0o755)
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w, err := mod.NewWriter(f, &mod.Header{Version: 4, ModID: id, Title: "other"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	w.Add(mod.FileHeader{Name: "MEDIA/A.TXT"}, strings.NewReader("a"))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestPackAndDeploy(t *testing.T) {
	dir := sampleDir(t)
	user := t.TempDir() // the game's user folder
	mods := filepath.Join(user, "mods")
	const id = 4155520830174301517
	buildMod(t, filepath.Join(mods, "Old", "OLD_NAME.MOD"), id)   // an older copy of the sample, elsewhere
	buildMod(t, filepath.Join(mods, "PACKSMITH_SAMPLE.MOD"), 999) // another mod under the sample's name
	buildMod(t, filepath.Join(mods, "KEEP.mod"), 555)             // an unrelated mod stays
	os.WriteFile(filepath.Join(user, deploy.SchName), sch.New([]int64{555, 999}).Bytes(), 0o644)

	out := filepath.Join(t.TempDir(), "PACKSMITH_SAMPLE.MOD")
	res, err := Pack(context.Background(), dir, Options{Output: out, Deploy: true, ModsDir: mods, Enable: true})
	if err != nil {
		t.Fatalf("%v %v", err, res.Findings)
	}
	d := res.Deploy
	deployed, _ := os.ReadFile(filepath.Join(mods, "PACKSMITH_SAMPLE.MOD"))
	packed, _ := os.ReadFile(out)
	if string(deployed) != string(packed) || d.Path != filepath.Join(mods, "PACKSMITH_SAMPLE.MOD") {
		t.Error("the deployed file is not the packed one")
	}
	if len(d.Replaced) != 2 {
		t.Fatalf("replaced %+v", d.Replaced)
	}
	for _, r := range d.Replaced {
		if _, err := os.Stat(r.Path); r.Path != d.Path && err == nil {
			t.Errorf("%s still there", r.Path)
		}
		if _, err := os.Stat(r.Backup); err != nil || !strings.HasPrefix(r.Backup, backups.Dir()+string(filepath.Separator)) || r.BackupID == "" {
			t.Errorf("backup %q: %v", r.Backup, err)
		}
	}
	// Nothing but .MODs in the mods folder: the copies moved out went to
	// the backups in the user's cache.
	if got := listDir(t, mods); fmt.Sprint(got) != "[KEEP.mod Old PACKSMITH_SAMPLE.MOD]" {
		t.Errorf("mods folder holds %v", got)
	}
	if got := listDir(t, user); fmt.Sprint(got) != "[modlauncher.sch mods]" {
		t.Errorf("user folder holds %v", got)
	}
	if _, err := os.Stat(filepath.Join(mods, "KEEP.mod")); err != nil {
		t.Error("an unrelated mod was touched")
	}
	b, _ := os.ReadFile(filepath.Join(user, deploy.SchName))
	f, err := sch.Parse(b)
	if err != nil || fmt.Sprint(f.IDs()) != fmt.Sprint([]int64{id, 555, 999}) || !d.Enabled || d.SchBackup == "" {
		t.Errorf("sch %v %v, result %+v", f, err, d)
	}
	// Again: the same-named copy is ours now, so it is simply replaced.
	res, err = Pack(context.Background(), dir, Options{Output: out, Deploy: true, ModsDir: mods, Enable: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Deploy.Replaced) != 0 || !res.Deploy.AlreadyEnabled {
		t.Errorf("second deploy %+v", res.Deploy)
	}
}

func TestDeployNeedsFolder(t *testing.T) {
	p := filepath.Join(t.TempDir(), "A.MOD")
	buildMod(t, p, 1)
	if _, err := deploy.Mod(context.Background(), p, 1, filepath.Join(t.TempDir(), "no", "such", "mods"), false); err == nil {
		t.Error("a mods folder whose parent is missing must be refused")
	}
	bad := t.TempDir()
	os.WriteFile(filepath.Join(bad, deploy.SchName), []byte("not UTF-16"), 0o644)
	_, err := deploy.Mod(context.Background(), p, 1, filepath.Join(bad, "mods"), true)
	if err == nil || !strings.Contains(err.Error(), "left unchanged") {
		t.Errorf("a broken modlauncher.sch: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(bad, deploy.SchName)); string(b) != "not UTF-16" {
		t.Error("a broken modlauncher.sch was overwritten")
	}
}

func TestInspect(t *testing.T) {
	in, err := Inspect(context.Background(), sampleDir(t), "")
	if err != nil {
		t.Fatal(err)
	}
	if in.Mod.Name != "Packsmith Sample" || in.Sources != 7 || in.Assets != 1 || len(in.Findings) != 0 || in.OutputName != "PACKSMITH_SAMPLE.MOD" {
		t.Errorf("%+v", in)
	}
	if _, err := Inspect(context.Background(), t.TempDir(), ""); err == nil || !strings.Contains(err.Error(), "MOD.DAT") {
		t.Errorf("empty folder: %v", err)
	}
}
