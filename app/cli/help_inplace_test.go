package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/workspace/backups"
)

// `help` says per family what an edit without -o does, and it is what
// happens (issue 46: help said every archive edited in place is backed
// up, while a Lost Saga .iop is appended to with none): an in-place
// replace in a .zip adds one backup, in an .iop none.
func TestHelpSaysWhatInPlaceEditsKeep(t *testing.T) {
	out, _, code := run(t, "help")
	if code != 0 || !strings.Contains(out, "a Lost Saga .iop is appended\nto with no backup") ||
		!strings.Contains(out, "Reborn .dat is copied to the backups folder first") {
		t.Fatalf("help (exit %d) does not say what in-place edits keep:\n%s", code, out)
	}
	for _, cmd := range []string{"replace", "add", "rm"} {
		out, _, _ := run(t, "help", cmd)
		if !strings.Contains(out, "Lost Saga .iop (a pack or its game folder)   appended to, as the game's patcher does, with NO backup") ||
			!strings.Contains(out, ".MOD, DATA.PAK (with its .MAN), .zip, Reborn .dat   copied to the backups folder") {
			t.Errorf("help %s:\n%s", cmd, out)
		}
	}

	dir := t.TempDir()
	count := func() int {
		list, err := backups.Default().List()
		if err != nil {
			t.Fatal(err)
		}
		return len(list)
	}
	src := filepath.Join(dir, "src")
	os.MkdirAll(src, 0o755)
	os.WriteFile(filepath.Join(src, "a.txt"), []byte("one"), 0o644)
	pack := filepath.Join(dir, "p.iop")
	if _, errs, code := run(t, "create", pack, src); code != 0 {
		t.Fatalf("create: %s", errs)
	}
	zipped := filepath.Join(dir, "demo.zip")
	b, _ := os.ReadFile(demo)
	os.WriteFile(zipped, b, 0o644)
	newer := filepath.Join(dir, "new.txt")
	os.WriteFile(newer, []byte("two"), 0o644)

	before := count()
	if _, errs, code := run(t, "replace", pack, "a.txt", newer); code != 0 {
		t.Fatalf("replace in .iop: %s", errs)
	}
	if got := count(); got != before {
		t.Fatalf(".iop in place: %d backups, was %d (help says none)", got, before)
	}
	if _, errs, code := run(t, "replace", zipped, "README.txt", newer); code != 0 {
		t.Fatalf("replace in .zip: %s", errs)
	}
	if got := count(); got != before+1 {
		t.Fatalf(".zip in place: %d backups, was %d (help says one)", got, before)
	}
}
