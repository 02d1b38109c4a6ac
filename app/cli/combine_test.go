package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/internal/combinetest"
)

// TestCombineJSON: the command combines the three real mods, -o over a
// file Packsmith did not make keeps that file as a backup, and --json
// gives the fields the README documents.
func TestCombineJSON(t *testing.T) {
	user, _ := combinetest.UserFolder(t, combinetest.Three)
	out := filepath.Join(t.TempDir(), "C.MOD")
	if err := os.WriteFile(out, []byte("my notes"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, errs, code := run(t, "combine", "--dir", user, "-o", out, "--name", "All three", "--json")
	if code != 0 {
		t.Fatalf("code %d: %s", code, errs)
	}
	var got struct {
		ID       string           `json:"id"`
		Title    string           `json:"title"`
		Sources  []map[string]any `json:"sources"`
		Shared   int              `json:"shared"`
		Unmerged string           `json:"unmerged"`
		Entries  int              `json:"entries"`
		Copied   int              `json:"copied"`
		Output   string           `json:"output"`
		SHA256   string           `json:"sha256"`
		Backup   string           `json:"backup"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("%v: %s", err, stdout)
	}
	if got.ID == "" || got.Title != "All three" || len(got.Sources) != 3 || got.Shared == 0 || got.Unmerged == "" ||
		got.Copied == 0 || got.Entries <= got.Copied || got.Output != out || len(got.SHA256) != 16 || got.Backup == "" {
		t.Errorf("%s", stdout)
	}
	// A rebuild writes over its own output without a backup.
	stdout, errs, code = run(t, "combine", "--dir", user, "-o", out)
	if code != 0 || strings.Contains(stdout, "kept as backup") || !strings.Contains(stdout, "combined 3 mods") {
		t.Errorf("code %d: %s%s", code, stdout, errs)
	}
	if _, errs, code := run(t, "combine", "--dir", user, "--move-characters"); code == 0 || !strings.Contains(errs, "--move-characters goes with --deploy") {
		t.Errorf("code %d: %s", code, errs)
	}
}
