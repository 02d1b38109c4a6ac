package check

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/tl2/loadorder/loadordertest"
)

// Six .DAT files that do not parse (pack refuses them): each is an
// error, in any folder, where the check passed them as "0 errors".
func TestUnparsableDatsAreErrors(t *testing.T) {
	dir := t.TempDir()
	bad := []string{"MEDIA/UNITS/ITEMS/A.DAT", "MEDIA/UNITS/MONSTERS/B.DAT", "MEDIA/SKILLS/C/C.DAT", "MEDIA/AFFIXES/D.DAT", "MEDIA/SETS/E.DAT", "MEDIA/X/F.DAT"}
	for i, p := range bad {
		f := filepath.Join(dir, filepath.FromSlash(p))
		os.MkdirAll(filepath.Dir(f), 0o755)
		text := []string{"[UNIT]\r\nno property here\r\n", "[UNIT]\r\n<INTEGER>LEVEL:1\r\n", "[/SKILL]\r\n", "<STRING>NAME:x\r\n", "[A]\r\n[/B]\r\n", "[X]\r\n<STRING NAME:y\r\n[/X]\r\n"}[i]
		if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(dir, "MOD.DAT"), []byte("[MOD]\r\n<STRING>NAME:Broken\r\n<INTEGER64>MOD_ID:5\r\n[/MOD]\r\n"), 0o644)
	rep, err := Run(context.Background(), RunOptions{Target: dir})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Errors != 6 || len(rep.Findings) != 6 {
		t.Fatalf("%d errors: %s", rep.Errors, lines(rep.Findings))
	}
	for i, f := range rep.Findings {
		if f.Kind != Unreadable || f.Severity != SevError || f.Mod != "Broken" || !strings.Contains(f.Message, "cannot be read, so it was not checked") {
			t.Errorf("finding %d: %+v", i, f)
		}
	}
}

// A .MOD whose .DAT is garbage (128 bytes, and 128 bytes behind the
// BINDAT version, so that they go to the decompiler): errors, naming the
// entry; a duplicate spelling of one is reported once.
func TestGarbageDatInModIsError(t *testing.T) {
	garbage := make([]byte, 128)
	for i := range garbage {
		garbage[i] = byte(i*37 + 11)
	}
	bin := append([]byte{2, 0, 0, 0}, garbage...) // bindat.Version, then junk
	p := filepath.Join(t.TempDir(), "G.MOD")
	err := loadordertest.WriteMod(p, loadordertest.Spec{Title: "Garbage", ID: 9, Files: []string{"MEDIA/UNITS/ITEMS/G.DAT", "MEDIA/AFFIXES/H.DAT"},
		Data: map[string][]byte{"MEDIA/UNITS/ITEMS/G.DAT": garbage, "MEDIA/AFFIXES/H.DAT": bin}})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Run(context.Background(), RunOptions{Target: p})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Errors != 2 || rep.Findings[0].Kind != Unreadable || rep.Findings[0].File != "MEDIA/AFFIXES/H.DAT" ||
		!strings.Contains(rep.Findings[0].Message, "MEDIA/AFFIXES/H.DAT: ") || rep.Findings[1].File != "MEDIA/UNITS/ITEMS/G.DAT" {
		t.Fatalf("%d errors: %s", rep.Errors, lines(rep.Findings))
	}
}

// A mod whose title is 10 MB is named by its first 200 bytes: check
// printed the whole title twice (20 MB of output) and in every finding.
func TestLongTitleCut(t *testing.T) {
	dir := t.TempDir()
	title := strings.Repeat("é", 5<<20) // 10 MB
	os.WriteFile(filepath.Join(dir, "MOD.DAT"), []byte("[MOD]\r\n<STRING>NAME:"+title+"\r\n<INTEGER64>MOD_ID:5\r\n[/MOD]\r\n"), 0o644)
	os.MkdirAll(filepath.Join(dir, "MEDIA", "X"), 0o755)
	os.WriteFile(filepath.Join(dir, "MEDIA", "X", "A.DAT"), []byte("[A]\r\n"), 0o644)
	rep, err := Run(context.Background(), RunOptions{Target: dir})
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Repeat("é", 100) + "… (10485760 bytes)"
	if rep.Target != want || rep.Mods[0].Name != want || len(rep.Findings) != 1 || rep.Findings[0].Mod != want {
		t.Fatalf("target %.80q, %d findings", rep.Target, len(rep.Findings))
	}
}
