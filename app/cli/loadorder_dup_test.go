package cli

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"packsmith/backend/tl2/loadorder/loadordertest"
)

// dupUser: ABOVE (place 1) and EDITOR (place 2), whose .MOD lists
// MEDIA/UI/HUD.LAYOUT twice and shares no file with ABOVE.
func dupUser(t *testing.T) string {
	t.Helper()
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	dir := t.TempDir()
	if err := loadordertest.Write(dir, []loadordertest.Spec{
		{Rel: "mods/ABOVE.MOD", Title: "ABOVE", ID: 11, Files: []string{"MEDIA/A.DAT"}},
		{Rel: "mods/EDITOR.MOD", Title: "EDITOR", ID: 33, Files: []string{"MEDIA/UI/HUD.LAYOUT", "MEDIA/UI/HUD.LAYOUT", "MEDIA/C.DAT"}},
	}); err != nil {
		t.Fatal(err)
	}
	if err := loadordertest.WriteSch(filepath.Join(dir, "modlauncher.sch"), []int64{11, 33}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// A mod listing a path twice does not conflict with itself: `loadorder
// conflicts` finds nothing shared, and `loadorder list` shows one finding
// on its row naming the path.
func TestLoadOrderDuplicatePathNoSelfConflict(t *testing.T) {
	dir := dupUser(t)
	out, stderr, code := lo(t, dir, "conflicts")
	if code != 0 || !strings.HasPrefix(out, "No file is shipped by more than one loaded mod.") ||
		!regexp.MustCompile(`(?m)^2 +EDITOR +3 +0 +0 +2\b`).MatchString(out) {
		t.Errorf("conflicts: code %d\n%s\n%s", code, out, stderr)
	}
	out, _, code = lo(t, dir, "list")
	finding := "~ duplicate-path: This .MOD lists MEDIA/UI/HUD.LAYOUT twice: the game reads one copy"
	if code != 0 || strings.Count(out, finding) != 1 || strings.Count(out, "duplicate-path") != 1 ||
		!regexp.MustCompile(`EDITOR.*\n +`+regexp.QuoteMeta(finding)).MatchString(out) || !strings.Contains(out, "0 files shared by loaded mods") {
		t.Errorf("list: code %d\n%s", code, out)
	}
	out, _, code = lo(t, dir, "list", "--json")
	var v struct {
		Conflicts []any `json:"conflicts"`
		Mods      []struct {
			Title    string `json:"title"`
			Wins     int    `json:"wins"`
			Loses    int    `json:"loses"`
			Unique   int    `json:"unique"`
			Problems []struct{ Code, Severity, Message string }
		} `json:"mods"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil || code != 0 {
		t.Fatalf("list --json: %v\n%s", err, out)
	}
	if len(v.Conflicts) != 0 || len(v.Mods) != 2 {
		t.Fatalf("list --json: %s", out)
	}
	ed := v.Mods[1]
	if ed.Title != "EDITOR" || ed.Wins != 0 || ed.Loses != 0 || ed.Unique != 2 || len(ed.Problems) != 1 ||
		ed.Problems[0].Code != "duplicate-path" || ed.Problems[0].Severity != "warning" || !strings.Contains(ed.Problems[0].Message, "MEDIA/UI/HUD.LAYOUT twice") {
		t.Errorf("EDITOR row: %+v", ed)
	}
}
