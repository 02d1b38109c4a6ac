package cli

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pack reads C-style numbers with a warning; --strict (or the setting)
// refuses them with exit 1.
func TestPackStrictNumbers(t *testing.T) {
	cfg := t.TempDir()
	t.Setenv("PACKSMITH_CONFIG_DIR", cfg)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "MOD.DAT"), []byte("[MOD]\n<STRING>NAME:N\n<INTEGER64>MOD_ID:5\n[/MOD]\n"), 0o644)
	os.MkdirAll(filepath.Join(dir, "MEDIA", "UNITS"), 0o755)
	os.WriteFile(filepath.Join(dir, "MEDIA", "UNITS", "U.DAT"), []byte("[UNIT]\n<INTEGER64>UNIQUE_GUID:339886767DIE31069\n[/UNIT]\n"), 0o644)
	out := filepath.Join(t.TempDir(), "N.MOD")
	stdout, stderr, code := run(t, "pack", dir, "-o", out)
	if code != 0 || !strings.Contains(stdout, `MEDIA/UNITS/U.DAT:2: UNIQUE_GUID: <INTEGER64> value "339886767DIE31069" is not a number as a whole; packed as 339886767`) {
		t.Fatalf("code %d\n%s\n%s", code, stdout, stderr)
	}
	_, stderr, code = run(t, "pack", dir, "-o", out, "--strict")
	if code != 1 || !strings.Contains(stderr, "U.DAT:2: UNIQUE_GUID: INTEGER64 value") || !strings.Contains(stderr, "not packed (1 error)") {
		t.Fatalf("--strict: code %d\n%s", code, stderr)
	}
	os.WriteFile(filepath.Join(cfg, "settings.json"), []byte(`{"packStrictNumbers":true}`), 0o644)
	if _, stderr, code = run(t, "pack", dir, "-o", out); code != 1 {
		t.Fatalf("setting: code %d\n%s", code, stderr)
	}
}

// A second pack to the same output reuses what did not change; --full
// compiles everything; both give the same bytes.
func TestPackIncrementalSummary(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	out := filepath.Join(t.TempDir(), "S.MOD")
	stdout, stderr, code := run(t, "pack", sampleMod, "-o", out)
	if code != 0 || !strings.Contains(strings.Join(strings.Fields(stdout), " "), "reused 0 reused, 7 compiled") {
		t.Fatalf("code %d\n%s%s", code, stdout, stderr)
	}
	first, _ := os.ReadFile(out)
	stdout, _, _ = run(t, "pack", sampleMod, "-o", out)
	if !strings.Contains(strings.Join(strings.Fields(stdout), " "), "reused 8 reused, 0 compiled") {
		t.Errorf("second pack:\n%s", stdout)
	}
	if !strings.Contains(strings.Join(strings.Fields(stdout), " "), "sha256 not taken (--sha256 takes it)") {
		t.Errorf("second pack, SHA-256:\n%s", stdout)
	}
	sum := fmt.Sprintf("sha256 %x", sha256.Sum256(first))
	stdout, _, _ = run(t, "pack", sampleMod, "-o", out, "--sha256")
	if !strings.Contains(strings.Join(strings.Fields(stdout), " "), "reused 8 reused, 0 compiled") || !strings.Contains(strings.Join(strings.Fields(stdout), " "), sum) {
		t.Errorf("--sha256, want %s:\n%s", sum, stdout)
	}
	stdout, _, _ = run(t, "pack", sampleMod, "-o", out, "--full", "--sha256")
	if !strings.Contains(strings.Join(strings.Fields(stdout), " "), "reused 0 reused, 7 compiled") || !strings.Contains(strings.Join(strings.Fields(stdout), " "), sum) {
		t.Errorf("--full, want %s:\n%s", sum, stdout)
	}
	if again, _ := os.ReadFile(out); string(again) != string(first) {
		t.Error("the packs differ")
	}
}
