package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"packsmith/internal/testfixtures"
)

// The command line on real GUTS-made .MOD files: list, info, verify,
// repack byte-identical, and edits that verify clean.
func TestTL2ModCommands(t *testing.T) {
	src := testfixtures.File(t, "tl2", "xover/EDITORMOD.MOD")
	out, errs, code := run(t, "info", src, "--json")
	if code != 0 {
		t.Fatal(errs)
	}
	var info struct {
		Family string
		Header struct {
			Title       string
			ModID       string `json:"modId"`
			GameVersion string
		}
		Hashes struct {
			RollingHashStored string
			RollingHashOk     bool
		}
		Manifest struct{ Files int }
	}
	if err := json.Unmarshal([]byte(out), &info); err != nil {
		t.Fatal(err)
	}
	if info.Family != "tl2-mod" || info.Header.Title != "EDITOR" || info.Header.ModID != "-2318989449992446293" ||
		info.Header.GameVersion != "1.25.5.6" || info.Hashes.RollingHashStored != "0x3AB197A7" || !info.Hashes.RollingHashOk ||
		info.Manifest.Files != 54 {
		t.Fatalf("info %+v", info)
	}
	if out, _, code := run(t, "verify", src); code != 0 || !strings.Contains(out, "ok: ") {
		t.Fatalf("verify: %d %s", code, out)
	}

	dir := t.TempDir()
	rep := filepath.Join(dir, "REPACK.MOD")
	if _, errs, code := run(t, "repack", src, "-o", rep); code != 0 {
		t.Fatal(errs)
	}
	a, _ := os.ReadFile(src)
	b, _ := os.ReadFile(rep)
	if !bytes.Equal(a, b) {
		t.Fatalf("repack of an unchanged .MOD is not byte-identical (%d vs %d bytes)", len(a), len(b))
	}

	work := filepath.Join(dir, "EDIT.MOD")
	os.WriteFile(work, a, 0o644)
	newDat := filepath.Join(dir, "new.bin")
	os.WriteFile(newDat, []byte("replacement bytes"), 0o644)
	steps := [][]string{
		// Bytes that are no DAT text: stored only --as-is (edit_test.go).
		{"replace", work, `media\affixes\x_healthvial_add1.dat`, newDat, "--as-is"},
		{"add", work, "MEDIA/EXTRA/NEW.BIN", newDat},
		{"rm", work, "MEDIA/AFFIXES/X_DODGEROLL_BONUS.DAT"},
	}
	for _, s := range steps {
		if _, errs, code := run(t, s...); code != 0 {
			t.Fatalf("%v: %s", s, errs)
		}
		if out, _, code := run(t, "verify", work); code != 0 {
			t.Fatalf("after %s: verify failed:\n%s", s[0], out)
		}
	}
	if got, _, _ := run(t, "cat", work, "MEDIA/AFFIXES/X_HEALTHVIAL_ADD1.DAT"); got != "replacement bytes" {
		t.Fatalf("replaced entry: %q", got)
	}
	if got, _, _ := run(t, "cat", work, "MEDIA/EXTRA/NEW.BIN"); got != "replacement bytes" {
		t.Fatalf("added entry: %q", got)
	}
	out, _, _ = run(t, "ls", work, "--json")
	if strings.Contains(out, "X_DODGEROLL_BONUS") || strings.Count(out, `"path"`) != 54 {
		t.Fatalf("after rm: %d entries", strings.Count(out, `"path"`))
	}
	out, _, _ = run(t, "info", work, "--json")
	if !strings.Contains(out, `"modId": "-2318989449992446293"`) || !strings.Contains(out, `"rollingHashOk": true`) {
		t.Fatalf("edits changed the header or broke the hash:\n%s", out)
	}
	// In the backups folder (issue 34), none beside the .MOD.
	if baks := keptCopies(t, work); len(baks) != 3 {
		t.Fatalf("want a backup per in-place edit, got %+v", baks)
	}
	if beside, _ := filepath.Glob(work + "*"); len(beside) != 1 {
		t.Fatalf("files beside the .MOD: %v", beside)
	}
}
