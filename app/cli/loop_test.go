package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"packsmith/backend/tl2/loadorder/loadordertest"
	"packsmith/backend/tl2/modpack"
	"packsmith/backend/workspace/backups"
	"packsmith/formats/tl2/mod"
)

// noIDMod writes a small mod folder whose MOD.DAT has no MOD_ID.
func noIDMod(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "loop")
	os.MkdirAll(filepath.Join(dir, "MEDIA", "UNITS", "ITEMS"), 0o755)
	os.WriteFile(filepath.Join(dir, "MOD.DAT"), []byte("[MOD]\r\n\t<STRING>NAME:Loop\r\n\t<INTEGER>VERSION:1\r\n[/MOD]\r\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "MEDIA", "UNITS", "ITEMS", "SWORD.DAT"),
		[]byte("[UNIT]\r\n\t<STRING>NAME:LOOP_SWORD\r\n\t<INTEGER64>UNIT_GUID:77\r\n\t<STRING>UNITTYPE:1H SWORD\r\n\t<INTEGER>LEVEL:3\r\n[/UNIT]\r\n"), 0o644)
	return dir
}

func names(t *testing.T, dir string) string {
	t.Helper()
	ents, _ := os.ReadDir(dir)
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return strings.Join(out, " ")
}

var idLine = regexp.MustCompile(`MOD_ID (-?\d+)`)

// The modder's loop through the command line: a folder without MOD_ID
// packed and deployed twice is one mod with one id and one line in
// modlauncher.sch, and the mods folder gains nothing but the .MOD. With
// --no-write-mod-id (today's behaviour) the second build still takes the
// first one's line, and says so. The backups are listed and restorable.
func TestPackDeployTwiceOneMod(t *testing.T) {
	isolate(t)
	user := t.TempDir()
	mods := filepath.Join(user, "mods")
	loadordertest.WriteMod(filepath.Join(mods, "OTHER.MOD"), loadordertest.Spec{Title: "Other", ID: 55, Version: 1, Files: []string{"MEDIA/B.DAT"}})
	loadordertest.WriteSch(filepath.Join(user, "modlauncher.sch"), []int64{55})
	dir := noIDMod(t)
	out := filepath.Join(t.TempDir(), "LOOP.MOD")
	pack := func(extra ...string) (string, int64) {
		t.Helper()
		args := append([]string{"pack", dir, "-o", out, "--deploy", "--mods", mods, "--enable", "--mpp", "none"}, extra...)
		stdout, stderr, code := run(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		m := idLine.FindStringSubmatch(stdout)
		if m == nil {
			t.Fatalf("no MOD_ID in %s", stdout)
		}
		var id int64
		fmt.Sscan(m[1], &id)
		return stdout, id
	}
	s1, id1 := pack()
	if !strings.Contains(s1, "(new, written to MOD.DAT)") {
		t.Fatalf("first pack:\n%s", s1)
	}
	_, id2 := pack()
	if id2 != id1 {
		t.Fatalf("two packs, two ids: %d %d", id1, id2)
	}
	if got := fmt.Sprint(schIDs(t, user)); got != fmt.Sprint([]int64{id1, 55}) {
		t.Fatalf("modlauncher.sch %s", got)
	}
	if got := names(t, mods); got != "LOOP.MOD OTHER.MOD" {
		t.Fatalf("mods folder: %s", got)
	}
	if got := names(t, user); got != "modlauncher.sch mods" {
		t.Fatalf("user folder: %s", got)
	}

	// Without writing the id: each pack a new id, but one line.
	dir2 := noIDMod(t)
	os.Remove(out)
	dir = dir2
	s3, id3 := pack("--no-write-mod-id")
	if !strings.Contains(s3, "not written to MOD.DAT") {
		t.Fatalf("--no-write-mod-id:\n%s", s3)
	}
	if md, _ := modpack.ReadModDat(dir2); md.HasModID {
		t.Fatal("--no-write-mod-id wrote MOD.DAT")
	}
	// The earlier build of the same title: id1's line.
	if got := fmt.Sprint(schIDs(t, user)); got != fmt.Sprint([]int64{id3, 55}) {
		t.Fatalf("modlauncher.sch %s", got)
	}
	s4, id4 := pack("--no-write-mod-id")
	if id4 == id3 {
		t.Fatal("no new id")
	}
	if want := fmt.Sprintf("load order  place 1 of %s named MOD_ID %d, an earlier build of this mod; it names %d now", filepath.Join(user, "modlauncher.sch"), id3, id4); !strings.Contains(s4, want) {
		t.Fatalf("second --no-write-mod-id pack does not say %q:\n%s", want, s4)
	}
	if got := fmt.Sprint(schIDs(t, user)); got != fmt.Sprint([]int64{id4, 55}) {
		t.Fatalf("modlauncher.sch %s", got)
	}
	if got := names(t, mods); got != "LOOP.MOD OTHER.MOD" {
		t.Fatalf("mods folder: %s", got)
	}

	// backups list names them; restore puts the first build back.
	stdout, stderr, code := run(t, "backups", "list")
	if code != 0 {
		t.Fatal(stderr)
	}
	list, _ := backups.Default().List()
	var modBackup *backups.Entry
	for i, e := range list {
		if !strings.Contains(stdout, e.ID) {
			t.Errorf("backups list does not show %s:\n%s", e.ID, stdout)
		}
		if e.Kind == backups.KindMod && modBackup == nil {
			modBackup = &list[i] // the newest: the build with id3
		}
	}
	if modBackup == nil || !strings.Contains(stdout, fmt.Sprintf("%d backups in %s", len(list), backups.Dir())) {
		t.Fatalf("list:\n%s", stdout)
	}
	before, _ := os.ReadFile(filepath.Join(mods, "LOOP.MOD"))
	stdout, stderr, code = run(t, "backups", "restore", modBackup.ID)
	if code != 0 {
		t.Fatal(stderr)
	}
	if !strings.HasPrefix(stdout, "restored "+filepath.Join(mods, "LOOP.MOD")+" from "+modBackup.ID) {
		t.Fatalf("restore: %s", stdout)
	}
	if h, err := readModHeader(filepath.Join(mods, "LOOP.MOD")); err != nil || h != id3 {
		t.Fatalf("restored MOD_ID %d %v, want %d", h, err, id3)
	}
	if got := names(t, mods); got != "LOOP.MOD OTHER.MOD" {
		t.Fatalf("mods folder after restore: %s", got)
	}
	list2, _ := backups.Default().List()
	if b, _ := os.ReadFile(list2[0].Path); string(b) != string(before) || !strings.Contains(list2[0].Why, modBackup.ID) {
		t.Fatalf("the replaced file was not backed up first: %+v", list2[0])
	}
	if _, stderr, code := run(t, "backups", "restore", "nope/x"); code == 0 || !strings.Contains(stderr, "no such backup") {
		t.Fatalf("bad id: exit %d %s", code, stderr)
	}
}

func readModHeader(p string) (int64, error) {
	b, err := os.ReadFile(p)
	if err != nil {
		return 0, err
	}
	h, _, err := mod.ParseHeader(b)
	if err != nil {
		return 0, err
	}
	return h.ModID, nil
}
