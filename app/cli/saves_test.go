package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"packsmith/formats/tl2/save"
	"packsmith/internal/savetest"
)

// TestSavesListJSON pins the fields the README documents.
func TestSavesListJSON(t *testing.T) {
	d := t.TempDir()
	if err := savetest.UserDir(d); err != nil {
		t.Fatal(err)
	}
	out, errs, code := run(t, "saves", "--dir", d, "list", "--json")
	if code != 0 {
		t.Fatalf("code %d: %s", code, errs)
	}
	var got struct {
		Characters []map[string]any `json:"characters"`
		Stash      []map[string]any `json:"stash"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Characters) != 5 || len(got.Stash) != 1 {
		t.Fatalf("%s", out)
	}
	var wolf map[string]any
	for _, c := range got.Characters {
		if c["name"] == "Wolf" {
			wolf = c
		}
	}
	b := wolf["bound"].([]any)[1].(map[string]any)
	if wolf["file"] != "modsave/7656/WOLF_{CD34}.SVB" || wolf["class"] != "Hum_Berserker_M" || wolf["hardcore"] != false ||
		wolf["version"] != 68.0 || wolf["state"] != "asks for mods" ||
		b["id"] != "202" || b["version"] != 4.0 || b["title"] != "Beta" || b["file"] != filepath.Join(d, "mods", "BETA.MOD") || b["status"] != "disabled" {
		t.Fatalf("wolf %v", wolf)
	}
	text, _, _ := run(t, "saves", "--dir", d, "list")
	for _, w := range []string{"Gone", "refuses", "999 v1 (missing)", "Alpha v2 (active, installed v3)", "shared stash: save/7656/sharedstash_v2.bin (77 bytes, not read)"} {
		if !strings.Contains(text, w) {
			t.Errorf("list lacks %q:\n%s", w, text)
		}
	}
}

// TestSavesMoveAndRestore: `saves move` rebinds Wolf from Alpha and Beta
// to Combined, the listing says it plays, and `backups restore` puts the
// old bytes back.
func TestSavesMoveAndRestore(t *testing.T) {
	d := t.TempDir()
	if err := savetest.UserDir(d); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(d, "modsave", "7656", "WOLF_{CD34}.SVB")
	before, _ := os.ReadFile(p)
	out, errs, code := run(t, "saves", "--dir", d, "move", "Wolf", "--from", "Alpha,202", "--to", "-303", "--json")
	if code != 0 {
		t.Fatalf("code %d: %s", code, errs)
	}
	var r struct {
		State    string   `json:"state"`
		From     []string `json:"from"`
		BackupID string   `json:"backupId"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || r.State != "plays" || !slices.Equal(r.From, []string{"101", "202"}) {
		t.Fatalf("%v %s", err, out)
	}
	after, _ := os.ReadFile(p)
	s, err := save.Parse(after, save.Options{})
	if err != nil || !slices.Equal(s.Bound.Mods, []save.Mod{{ID: savetest.IDC, Version: 1}}) {
		t.Fatalf("%v %v", err, s.Bound.Mods)
	}
	if _, errs, code := run(t, "backups", "restore", r.BackupID); code != 0 {
		t.Fatalf("restore: %s", errs)
	}
	if back, _ := os.ReadFile(p); !bytes.Equal(back, before) {
		t.Fatal("restore did not give the old bytes back")
	}
}

func TestSavesUsage(t *testing.T) {
	for _, args := range [][]string{{"saves"}, {"saves", "list", "x"}, {"saves", "move", "Wolf", "--to", "1"}, {"saves", "fly"}} {
		if _, _, code := run(t, args...); code != 2 {
			t.Errorf("%v: code %d, want 2", args, code)
		}
	}
}
