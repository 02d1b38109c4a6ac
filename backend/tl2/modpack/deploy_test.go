package modpack

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"packsmith/backend/tl2/deploy"
	"packsmith/backend/workspace/backups"
	"packsmith/formats/tl2/sch"
	"packsmith/internal/hermetic"
)

func schIDs(t *testing.T, p string) []int64 {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	f, err := sch.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	return f.IDs()
}

// A mod folder without MOD_ID packed twice without writing the id back
// (today's behaviour, --no-write-mod-id): the second deploy finds the
// first build under its file name with the same title and another id, and
// the line of modlauncher.sch that named it names the new id, in its
// place. The mods folder keeps only .MODs; the old build is in the backups.
func TestDeployEarlierBuildTakesItsLine(t *testing.T) {
	hermetic.OwnCache(t)
	noID := "[MOD]\r\n\t<STRING>NAME:Loop\r\n[/MOD]\r\n"
	dir := makeMod(t, noID, map[string]string{"MEDIA/X.DAT": "[X]\n\t<INTEGER>V:1\n[/X]\n"})
	user := t.TempDir()
	mods := filepath.Join(user, "mods")
	os.MkdirAll(mods, 0o755)
	buildMod(t, filepath.Join(mods, "OTHER.MOD"), 555)
	schPath := filepath.Join(user, deploy.SchName)
	os.WriteFile(schPath, sch.New([]int64{555}).Bytes(), 0o644)
	out := filepath.Join(t.TempDir(), "Loop.MOD")

	opt := Options{Output: out, Deploy: true, ModsDir: mods, Enable: true}
	r1, err := Pack(context.Background(), dir, opt)
	if err != nil {
		t.Fatal(err)
	}
	if got := schIDs(t, schPath); fmt.Sprint(got) != fmt.Sprint([]int64{r1.ModID, 555}) || r1.Deploy.SchReplaced != nil {
		t.Fatalf("first deploy: sch %v, %+v", got, r1.Deploy.SchReplaced)
	}
	// The user moves it below the other mod; the next build keeps the place.
	os.WriteFile(schPath, sch.New([]int64{555, r1.ModID}).Bytes(), 0o644)
	for _, enable := range []bool{true, false} {
		opt.Enable = enable
		prev := schIDs(t, schPath)[1]
		r2, err := Pack(context.Background(), dir, opt)
		if err != nil {
			t.Fatal(err)
		}
		if r2.ModID == prev {
			t.Fatal("the id was not new")
		}
		d := r2.Deploy
		if got := schIDs(t, schPath); fmt.Sprint(got) != fmt.Sprint([]int64{555, r2.ModID}) {
			t.Fatalf("enable %v: sch %v, want [555 %d]", enable, got, r2.ModID)
		}
		if d.SchReplaced == nil || d.SchReplaced.OldID != prev || d.SchReplaced.NewID != r2.ModID || d.SchReplaced.Place != 2 || !d.Enabled {
			t.Fatalf("enable %v: %+v", enable, d.SchReplaced)
		}
		if len(d.Replaced) != 1 || d.Replaced[0].ModID != prev || !strings.HasPrefix(d.Replaced[0].Backup, backups.Dir()) {
			t.Fatalf("replaced %+v", d.Replaced)
		}
		for _, w := range d.Warnings {
			if strings.Contains(w, "different mod") {
				t.Errorf("an earlier build is not a different mod: %q", w)
			}
		}
		if got := listDir(t, mods); fmt.Sprint(got) != "[Loop.MOD OTHER.MOD]" {
			t.Fatalf("mods folder holds %v", got)
		}
		if got := listDir(t, user); fmt.Sprint(got) != "[modlauncher.sch mods]" {
			t.Fatalf("user folder holds %v", got)
		}
	}
	// Another mod that happens to hold the file name (another title) is not
	// an earlier build: its line stays, the new id is added first.
	buildMod(t, filepath.Join(mods, "Loop.MOD"), 999) // title "other"
	os.WriteFile(schPath, sch.New([]int64{999}).Bytes(), 0o644)
	opt.Enable = true
	r3, err := Pack(context.Background(), dir, opt)
	if err != nil {
		t.Fatal(err)
	}
	if got := schIDs(t, schPath); fmt.Sprint(got) != fmt.Sprint([]int64{r3.ModID, 999}) || r3.Deploy.SchReplaced != nil {
		t.Fatalf("a different mod's line was taken: %v %+v", got, r3.Deploy.SchReplaced)
	}
}

// Written back (the command line's and the window's default now): two
// packs, one id, one line.
func TestDeployTwiceWithWrittenID(t *testing.T) {
	hermetic.OwnCache(t)
	// UTF-16LE with a BOM, as GUTS writes it (makeMod), and a comment.
	utf16le := func(s string) string {
		b := []byte{0xFF, 0xFE}
		for _, u := range utf16.Encode([]rune(s)) {
			b = append(b, byte(u), byte(u>>8))
		}
		return string(b)
	}
	noIDText := "[MOD]\r\n// mine\r\n\t<STRING>NAME:Loop\r\n[/MOD]\r\n"
	noID := utf16le(noIDText)
	dir := makeMod(t, noIDText, map[string]string{"MEDIA/X.DAT": "[X]\n\t<INTEGER>V:1\n[/X]\n"})
	user := t.TempDir()
	mods := filepath.Join(user, "mods")
	os.MkdirAll(mods, 0o755)
	opt := Options{Output: filepath.Join(t.TempDir(), "Loop.MOD"), Deploy: true, ModsDir: mods, Enable: true, WriteModID: true}
	var ids []int64
	for i := 0; i < 2; i++ {
		r, err := Pack(context.Background(), dir, opt)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, r.ModID)
		if i == 0 && (!r.ModIDWritten || !strings.HasPrefix(r.ModDatBackup, backups.Dir())) {
			t.Fatalf("first pack: written %v, backup %q", r.ModIDWritten, r.ModDatBackup)
		}
	}
	if ids[0] != ids[1] {
		t.Fatalf("two packs, two ids: %v", ids)
	}
	if got := schIDs(t, filepath.Join(user, deploy.SchName)); fmt.Sprint(got) != fmt.Sprint(ids[:1]) {
		t.Fatalf("sch %v", got)
	}
	if got := listDir(t, mods); fmt.Sprint(got) != "[Loop.MOD]" {
		t.Fatalf("mods folder holds %v", got)
	}
	// MOD.DAT: the one line inserted, everything else byte for byte
	// (UTF-16LE, CRLF, the comment), and the backup holds the old bytes.
	b, _ := os.ReadFile(filepath.Join(dir, "MOD.DAT"))
	want := utf16le(fmt.Sprintf("[MOD]\r\n\t<INTEGER64>MOD_ID:%d\r\n// mine\r\n\t<STRING>NAME:Loop\r\n[/MOD]\r\n", ids[0]))
	if string(b) != want {
		t.Fatalf("MOD.DAT\n%q\nwant\n%q", b, want)
	}
	list, _ := backups.Default().List()
	var datBackups int
	for _, e := range list {
		if e.Kind == backups.KindModDat {
			datBackups++
			if old, _ := os.ReadFile(e.Path); string(old) != noID {
				t.Fatalf("MOD.DAT backup holds %q", old)
			}
		}
	}
	if datBackups != 1 {
		t.Fatalf("%d MOD.DAT backups", datBackups)
	}
}
