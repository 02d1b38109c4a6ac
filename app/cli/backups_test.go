package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/tl2/loadorder/loadordertest"
	"packsmith/backend/workspace/backups"
	"packsmith/formats/tl2/sch"
)

// The case through the command: a backup's record edited to name
// another file makes `backups restore` fail (not exit 0) and leaves that
// file alone; a "why" with a newline lists on one line.
func TestBackupsRestoreRefusesEditedRecord(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	work := t.TempDir()
	p := filepath.Join(work, "modlauncher.sch")
	os.WriteFile(p, sch.New([]int64{7}).Bytes(), 0o644)
	e, err := backups.Default().Copy(p, backups.Options{Kind: backups.KindSch, Lock: p, Why: "test"})
	if err != nil {
		t.Fatal(err)
	}
	victim := filepath.Join(work, "victim.txt")
	os.WriteFile(victim, []byte("precious"), 0o644)
	b, _ := os.ReadFile(e.Path + ".json")
	var m map[string]any
	json.Unmarshal(b, &m)
	m["of"] = victim
	m["why"] = "x\n" + e.ID + "  2026-01-01 00:00:00  mod  1  C:\\fake  fake row"
	b, _ = json.Marshal(m)
	os.WriteFile(e.Path+".json", b, 0o644)

	out, errs, code := run(t, "backups", "restore", e.ID)
	if code == 0 || !strings.Contains(errs, "was changed since Packsmith wrote it") || !strings.Contains(errs, "not restoring") {
		t.Fatalf("restore of an edited record: code %d, out %q, err %q", code, out, errs)
	}
	if got, _ := os.ReadFile(victim); string(got) != "precious" {
		t.Fatalf("victim now holds %q", got)
	}
	out, errs, code = run(t, "backups", "list")
	if code != 0 {
		t.Fatalf("list: %d %s", code, errs)
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	// The edited "why" is marked as not sealed (issue 44: it was listed
	// like Packsmith's own words).
	if len(lines) != 3 || !strings.Contains(lines[1], `[record edited, not sealed: restore refuses it] x\n`) || !strings.HasPrefix(lines[2], "1 backup in ") {
		t.Fatalf("list printed %d lines:\n%s", len(lines), out)
	}
}

// A .MOD's title and author are the file's text: a newline or an escape
// sequence in one lists escaped, on its row (issue 30: every listing).
func TestLoadOrderListEscapesControls(t *testing.T) {
	user := t.TempDir()
	err := loadordertest.Write(user, []loadordertest.Spec{{Rel: "mods/EVIL.MOD", Title: "Evil\n1  x  Fake row", Author: "\x1b[31mred", ID: 42, Files: []string{"MEDIA/A.DAT"}}})
	if err != nil {
		t.Fatal(err)
	}
	out, errs, code := run(t, "loadorder", "list", "--dir", user)
	if code != 0 {
		t.Fatalf("%d %s", code, errs)
	}
	if !strings.Contains(out, `Evil\n1  x  Fake row`) || !strings.Contains(out, `\x1b[31mred`) || strings.Contains(out, "\x1b") {
		t.Fatalf("list:\n%s", out)
	}
}
