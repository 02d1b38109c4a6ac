package cli

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/backend/tl2/loadorder/loadordertest"
)

// The command line round: save the standard setup, move a mod, use the
// profile (modlauncher.sch comes back byte for byte, after a backup),
// list, diff, a changed mod named, rm.
func TestProfileCommands(t *testing.T) {
	dir := loUser(t)
	if out, errOut, code := run(t, "profile", "--dir", dir, "save", "Main"); code != 0 || !strings.Contains(out, `Saved profile "Main": 9 mods`) {
		t.Fatalf("save: %d %s %s", code, out, errOut)
	}
	if _, _, code := lo(t, dir, "move", "Old Library", "--to", "top"); code != 0 {
		t.Fatal("move")
	}
	if _, _, code := run(t, "profile", "--dir", dir, "save", "moved"); code != 0 {
		t.Fatal("save moved")
	}
	// The standard folder lists an id with no file (Ghost): use says it is
	// gone and exits 1, having written the rest.
	out, errOut, code := run(t, "profile", "--dir", dir, "use", "main")
	if code != 1 || !strings.Contains(out, `Profile "Main": 8 mods active. Wrote `) || !strings.Contains(errOut, "gone: ") ||
		!strings.Contains(errOut, "1 of its 9 mods are gone") {
		t.Errorf("use: %d\n%s\n%s", code, out, errOut)
	}
	if got := schIDs(t, dir); len(got) != 8 || got[0] != loadordertest.IDOverhaul {
		t.Errorf("sch ids %v", got)
	}
	if len(schBackups(t, dir)) < 2 {
		t.Errorf("no backup of the replaced list")
	}
	out, _, code = run(t, "profile", "diff", "Main", "moved")
	if code != 1 || !strings.Contains(out, `~ Old Library (id 2024): place 9 in "Main", 1 in "moved"`) {
		t.Errorf("diff: %d\n%s", code, out)
	}
	if out, _, code := run(t, "profile", "diff", "Main", "main"); code != 0 || !strings.Contains(out, "list the same mods") {
		t.Errorf("diff same: %d %s", code, out)
	}
	var l struct {
		Dir      string `json:"dir"`
		Profiles []struct {
			Name string `json:"name"`
			Mods int    `json:"mods"`
		} `json:"profiles"`
	}
	out, _, _ = run(t, "profile", "list", "--json")
	if err := json.Unmarshal([]byte(out), &l); err != nil || len(l.Profiles) != 2 || l.Profiles[0].Name != "Main" || l.Profiles[0].Mods != 9 {
		t.Errorf("list --json: %v %s", err, out)
	}
	// A mod rebuilt since: named, kept.
	spec := loadordertest.Standard()[2] // Faster Pets
	spec.Files = append(spec.Files, "MEDIA/NEW.DAT")
	if err := loadordertest.WriteMod(filepath.Join(dir, filepath.FromSlash(spec.Rel)), spec); err != nil {
		t.Fatal(err)
	}
	_, errOut, _ = run(t, "profile", "--dir", dir, "use", "moved")
	if !strings.Contains(errOut, `changed: "Faster Pets" (id 1234567890123456789) changed: Speed/Speed.MOD has SHA-256 `) {
		t.Errorf("changed mod not named:\n%s", errOut)
	}
	if out, _, code := run(t, "profile", "rm", "MOVED"); code != 0 || !strings.Contains(out, "Removed") {
		t.Errorf("rm: %d %s", code, out)
	}
	if _, errOut, code := run(t, "profile", "use", "moved"); code != 1 || !strings.Contains(errOut, "no such profile") {
		t.Errorf("use removed: %d %s", code, errOut)
	}
	if _, _, code := run(t, "profile", "save", "a/b"); code != 2 {
		t.Errorf("bad name: exit %d", code)
	}
}
