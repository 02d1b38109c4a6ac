package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/internal/crafted"
)

// The disk-filling zip of issue 15 (entries sharing one block) is refused
// in one line naming the archive and the entry, with nothing written.
func TestExtractRefusesOverlap(t *testing.T) {
	dir := t.TempDir()
	zp := filepath.Join(dir, "bomb.zip")
	if err := crafted.OverlapZip(zp, 500, 8<<20); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	_, errs, code := run(t, "extract", zp, "-o", out)
	if code != ExitFailure || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, zp+": e0") || !strings.Contains(errs, "overlap") {
		t.Fatalf("code %d: %q", code, errs)
	}
	if ents, _ := os.ReadDir(out); len(ents) != 0 {
		t.Fatalf("wrote %d entries", len(ents))
	}
}

func TestExtractOverwrite(t *testing.T) {
	out := t.TempDir()
	if _, errs, code := run(t, "extract", demo, "-o", out, "README.txt"); code != 0 {
		t.Fatalf("first: %d %s", code, errs)
	}
	p := filepath.Join(out, "README.txt")
	os.WriteFile(p, []byte("mine"), 0o644)
	_, errs, code := run(t, "extract", demo, "-o", out, "README.txt")
	if code != ExitFailure || !strings.Contains(errs, "README.txt already exists") || !strings.Contains(errs, "--overwrite") {
		t.Fatalf("second: %d %q", code, errs)
	}
	if b, _ := os.ReadFile(p); string(b) != "mine" {
		t.Fatalf("replaced without --overwrite: %q", b)
	}
	if _, errs, code := run(t, "extract", demo, "-o", out, "README.txt", "--overwrite"); code != 0 {
		t.Fatalf("--overwrite: %d %s", code, errs)
	}
	if b, _ := os.ReadFile(p); string(b) == "mine" {
		t.Fatal("--overwrite kept the old file")
	}
}
