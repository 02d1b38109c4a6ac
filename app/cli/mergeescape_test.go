package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"packsmith/internal/mergetest"
)

// merge prints mod titles with their control characters escaped, as check
// and loadorder do: a title holding ESC [2J cleared the terminal.
func TestMergeEscapesTitles(t *testing.T) {
	t.Setenv("PACKSMITH_CONFIG_DIR", t.TempDir())
	user, base := t.TempDir(), t.TempDir()
	const p = "MEDIA/UNITS/ITEMS/SAMPLE_SWORD.DAT"
	if err := mergetest.WriteShared(user, base,
		mergetest.Shared{Files: map[string][]byte{p: mergetest.Item("Sword", 3)}, Title: "Evil\x1b[2J\x1b]0;pwned\x07"},
		mergetest.Shared{Files: map[string][]byte{p: mergetest.ItemValue("Sword", 7, 9)}}); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := run(t, "merge", "--dir", user, "--base", base, "-o", filepath.Join(t.TempDir(), "P.MOD"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if strings.ContainsAny(stdout, "\x1b\x07") || !strings.Contains(stdout, `(Evil\x1b[2J\x1b]0;pwned\a, M1)`) ||
		!strings.Contains(stdout, `winner Evil\x1b[2J\x1b]0;pwned\a  lost by M1`) {
		t.Fatalf("output:\n%q", stdout)
	}
}
