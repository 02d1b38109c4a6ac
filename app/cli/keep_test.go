package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/workspace/backups"
	"packsmith/internal/testfixtures"
)

// keptCopies lists the backups of the file at of, newest first.
func keptCopies(t *testing.T, of string) []backups.Entry {
	t.Helper()
	out, errs, code := run(t, "backups", "list", "--json")
	if code != 0 {
		t.Fatalf("backups list: %d %s", code, errs)
	}
	var l struct {
		Dir     string
		Keep    int
		Bytes   int64
		Backups []backups.Entry
	}
	if err := json.Unmarshal([]byte(out), &l); err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs(of)
	var got []backups.Entry
	for _, e := range l.Backups {
		if e.Of == abs {
			got = append(got, e)
		}
	}
	return got
}

// Issue 34: removing an entry of a .MOD that sits in the mods folder adds
// nothing to that folder (no NAME.mod.<time>.bak the game would scan);
// `backups list` shows the copy and `backups restore` puts it back byte
// for byte.
func TestInPlaceEditInModsFolderLeavesNothingBeside(t *testing.T) {
	isolate(t)
	orig, err := os.ReadFile(testfixtures.File(t, "tl2", "xover/EDITORMOD.MOD"))
	if err != nil {
		t.Fatal(err)
	}
	mods := filepath.Join(t.TempDir(), "mods")
	os.Mkdir(mods, 0o755)
	p := filepath.Join(mods, "EDITORMOD.MOD")
	os.WriteFile(p, orig, 0o644)
	out, errs, code := run(t, "rm", p, "MEDIA/AFFIXES/X_DODGEROLL_BONUS.DAT")
	if code != 0 {
		t.Fatalf("rm: %d %s", code, errs)
	}
	if n := names(t, mods); n != "EDITORMOD.MOD" {
		t.Fatalf("the mods folder holds %v after an in-place edit", n)
	}
	kept := keptCopies(t, p)
	if len(kept) != 1 || kept[0].Kind != backups.KindArchive || kept[0].Size != int64(len(orig)) || !strings.Contains(out, "(backup: "+kept[0].ID+")") {
		t.Fatalf("kept %+v; rm said %q", kept, out)
	}
	if kept[0].Build == nil || kept[0].Build.ModID != -2318989449992446293 {
		t.Errorf("the copy's build %+v", kept[0].Build)
	}
	edited, _ := os.ReadFile(p)
	if bytes.Equal(edited, orig) {
		t.Fatal("rm changed nothing")
	}
	list, _, _ := run(t, "backups", "list")
	if !strings.Contains(list, kept[0].ID) || !strings.Contains(list, "bytes, the last 10 of each file kept") {
		t.Errorf("backups list:\n%s", list)
	}
	out, errs, code = run(t, "backups", "restore", kept[0].ID)
	if code != 0 || !strings.Contains(out, "restored "+p) {
		t.Fatalf("restore: %d %q %s", code, out, errs)
	}
	if got, _ := os.ReadFile(p); !bytes.Equal(got, orig) {
		t.Fatal("restore did not put the original bytes back")
	}
	if n := names(t, mods); n != "EDITORMOD.MOD" {
		t.Fatalf("the mods folder holds %v after the restore", n)
	}
	// The edited build is kept in turn: restoring it is one more command.
	kept = keptCopies(t, p)
	if len(kept) != 2 || kept[0].Size != int64(len(edited)) {
		t.Fatalf("after restore: %+v", kept)
	}
	if got, _ := os.ReadFile(kept[0].Path); !bytes.Equal(got, edited) {
		t.Fatal("the build the restore replaced was not kept")
	}
}

// Deploying a second build of a mod lists the first in `backups list`
// (kind mod, its version), and restoring it puts its bytes back in the
// mods folder.
func TestSecondDeployKeepsTheFirstBuild(t *testing.T) {
	isolate(t)
	mods := filepath.Join(t.TempDir(), "mods")
	os.Mkdir(mods, 0o755)
	var built [][]byte
	for _, gv := range []string{"1.25.9.5", "1.25.9.6"} {
		out := filepath.Join(t.TempDir(), "S.MOD")
		stdout, stderr, code := run(t, "pack", sampleMod, "-o", out, "--gamever", gv, "--deploy", "--mods", mods)
		if code != 0 {
			t.Fatalf("pack %s: %d %s %s", gv, code, stderr, stdout)
		}
		b, _ := os.ReadFile(out)
		built = append(built, b)
		if len(built) == 2 && !strings.Contains(stdout, "previous build") {
			t.Errorf("the second deploy does not say it kept the first:\n%s", stdout)
		}
	}
	if bytes.Equal(built[0], built[1]) {
		t.Fatal("the two builds are the same bytes")
	}
	target := filepath.Join(mods, "S.MOD")
	if n := names(t, mods); n != "S.MOD" {
		t.Fatalf("mods folder %v", n)
	}
	kept := keptCopies(t, target)
	if len(kept) != 1 || kept[0].Kind != backups.KindMod || kept[0].Size != int64(len(built[0])) ||
		kept[0].Build == nil || kept[0].Build.Title != "Packsmith Sample" || kept[0].Build.Version != 1 {
		t.Fatalf("kept %+v", kept)
	}
	// --builds: by mod, only the builds (the load order's copy is left out).
	os.WriteFile(filepath.Join(filepath.Dir(mods), "modlauncher.sch"), []byte("not one"), 0o644)
	if _, err := backups.Default().Copy(filepath.Join(filepath.Dir(mods), "modlauncher.sch"), backups.Options{Kind: backups.KindSch}); err != nil {
		t.Fatal(err)
	}
	out, errs, code := run(t, "backups", "list", "--builds")
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if code != 0 || len(lines) != 3 || !strings.HasPrefix(lines[0], "Packsmith Sample") || !strings.HasSuffix(lines[0], target) ||
		!strings.HasPrefix(strings.TrimSpace(lines[1]), kept[0].ID) || !strings.Contains(lines[1], "version 1") ||
		!strings.Contains(lines[1], "MOD_ID 4155520830174301517") || !strings.HasPrefix(lines[2], "1 build in ") {
		t.Fatalf("backups list --builds: %d %s\n%s", code, errs, out)
	}
	if _, errs, code := run(t, "backups", "restore", kept[0].ID); code != 0 {
		t.Fatalf("restore: %s", errs)
	}
	if got, _ := os.ReadFile(target); !bytes.Equal(got, built[0]) {
		t.Fatal("restore did not put the first build back")
	}
	if n := names(t, mods); n != "S.MOD" {
		t.Fatalf("mods folder after restore %v", n)
	}
}
